"""Every problem the worked-example vectors and the packs' example lists raise, at any
severity, carries the rule it enforces: its game, the digest section, and a line of that
game's digest, so the pages and the API can show it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster
from tests.conftest import REPO_ROOT, require_shared
from tests.engine.packs import (
    RULES,
    compiled_for_spec,
    list_spec_files,
    misplaced_rule_refs,
    pack_for,
)

SPEC_FILES = list_spec_files()


@pytest.mark.parametrize(
    "path", SPEC_FILES, ids=[str(p.relative_to(REPO_ROOT)) for p in SPEC_FILES]
)
def test_every_problem_cites_a_line_of_its_games_digest(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    game = pack_for(spec["gameSystemId"])
    problems = evaluate(build_roster(compiled_for_spec(spec), spec)).problems

    uncited = [
        (problem.code, problem.severity)
        for problem in problems
        if not problem.rule
        or problem.rule.get("game") != game
        or problem.rule.get("digest") != f"{game}.md"
        or not problem.rule.get("section")
        or not isinstance(problem.rule.get("line"), int)
    ]
    assert uncited == []
    # Hooks may build a reference while checking: its line must exist in the digest too.
    rules_folder = require_shared(RULES)
    assert misplaced_rule_refs([p.rule for p in problems if p.rule], rules_folder) == []
