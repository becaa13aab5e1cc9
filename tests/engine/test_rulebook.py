"""The rules registry (``armybuilder.engine.rulebook``) has an entry for every code the
validator can raise for a shipped game, and each entry names the sources its problems cite:
the hooks' codes (read from the hook modules' source), the packs' codes (every constraint,
modifier, cost type and entry citing a rule) and every problem the worked examples and example
lists raise."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import rulebook
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.explain import MAX_REACHED, explain
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.model import selectable
from armybuilder.engine.rulebook import Game, Source
from armybuilder.engine.systems import HOOKS
from armybuilder.engine.systems.common import COST_NOT_ENTERED
from tests.conftest import REPO_ROOT
from tests.engine.packs import (
    PACKS,
    compiled_for_spec,
    compiled_pack,
    list_spec_files,
    pack_names,
    pack_nodes,
)

SPEC_FILES = list_spec_files()
HOOK_MODULES = sorted(set(HOOKS.values()))
# The problem codes of generic checks, by the kind of object whose rule they cite.
GENERIC_CODES = {"costTypes": "cost_limit.exceeded", "entries": "selection.hidden"}


def _game(key: str) -> Game:
    found = rulebook.game(key)
    assert found is not None, f"no rules registered for {key}"
    return found


def _hook_codes(module_name: str) -> tuple[set[str], set[str]]:
    """The codes a hook module writes out, and the prefixes of those it builds (f-strings): a
    code is a dotted string starting with the game's prefix, that of its invalid-option code."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module_name)))
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    shape = re.compile(r"[a-z0-9]+(\.[a-z0-9_]+)+")
    codes = {s for s in strings if isinstance(s, str) and shape.fullmatch(s)}
    prefix = next(c for c in codes if c.endswith(".option.invalid")).split(".")[0] + "."
    codes = {c for c in codes if c.startswith(prefix)}
    built = {
        part.value
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values[:1]
        if isinstance(part, ast.Constant) and str(part.value).startswith(prefix)
    }
    # costs_not_entered(roster, "<prefix>", ...) raises "<prefix>.cost.not_entered"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "costs_not_entered":
            first = node.args[1]
            assert isinstance(first, ast.Constant)
            codes.add(f"{first.value}{COST_NOT_ENTERED}")
    return codes, {str(b) for b in built}


@pytest.mark.parametrize("module_name", HOOK_MODULES)
def test_every_code_a_hook_raises_is_registered(module_name: str) -> None:
    game = _game(importlib.import_module(module_name).DIGEST.game)
    registered = {rule.code for rule in game.rules}
    codes, built = _hook_codes(module_name)

    assert codes, "no codes found in the hook"
    assert sorted(codes - registered) == []
    assert [p for p in built if not any(c.startswith(p) for c in registered)] == []


def _citations(game: str) -> list[tuple[str, dict[str, Any]]]:
    """(code, rule) for every object of a pack whose rule a problem cites."""
    found = []
    for node in pack_nodes(game):
        rule = node.get("rule")
        if not isinstance(rule, dict):
            continue
        code = node.get("code")
        if node.get("$tag") == "costType" or "defaultCostLimit" in node:
            code = GENERIC_CODES["costTypes"]
        elif node.get("type") in ("unit", "model", "upgrade") and "code" not in node:
            code = GENERIC_CODES["entries"]
        elif node.get("type") in ("min", "max") and "field" in node and not code:
            code = f"constraint.{node['type']}"
        if code:
            found.append((str(code), rule))
    return found


@pytest.mark.parametrize("game", pack_names())
def test_every_rule_a_pack_cites_is_registered_with_that_source(game: str) -> None:
    registry = _game(game)
    citations = _citations(game)

    assert citations, "the pack cites no rule"
    unregistered = sorted({code for code, _ in citations if registry.entry(code) is None})
    assert unregistered == []
    unsourced = [
        (code, rule["section"], rule["line"])
        for code, rule in citations
        if not any(s.matches(rule) for s in _sources(registry, code))
    ]
    assert unsourced == []


def _sources(game: Game, code: str) -> tuple[Source, ...]:
    entry = game.entry(code)
    return () if entry is None else entry.sources


@pytest.mark.parametrize(
    "path", SPEC_FILES, ids=[str(p.relative_to(REPO_ROOT)) for p in SPEC_FILES]
)
def test_every_problem_of_the_examples_links_to_a_registered_source(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    problems = evaluate(build_roster(compiled_for_spec(spec), spec)).problems

    unlinked = [
        (p.code, p.rule and p.rule.get("line"))
        for p in problems
        if (entry := rulebook.entry_for(p.rule, p.code)) is None
        or not any(s.matches(p.rule or {}) for s in entry.sources)
    ]
    assert unlinked == []


def test_every_limit_reached_in_the_example_lists_links_to_a_registered_source() -> None:
    reasons = []
    for path in sorted(PACKS.glob("*/examples/*.json")):
        roster = build_roster(compiled_pack(path.parent.parent.name), json.loads(path.read_text()))
        for force in roster.all_forces():
            for parent in [None, *force.all_selections()]:
                nodes = (
                    parent.node.children
                    if parent
                    else roster.compiled.root_entries(force.catalogue_id)
                )
                reasons += [
                    reason
                    for node in selectable(nodes)
                    for reason in explain(roster, force, node.path_id, parent)
                    if reason.code == MAX_REACHED and reason.rule
                ]

    assert len({r.rule_code for r in reasons}) > 5
    unlinked = {
        (r.rule_code, (r.rule or {}).get("line"))
        for r in reasons
        if (entry := rulebook.entry_for(r.rule, r.rule_code)) is None
        or not any(s.matches(r.rule or {}) for s in entry.sources)
    }
    assert unlinked == set()


@pytest.mark.parametrize("game", sorted(rulebook.GAMES))
def test_a_games_entries_are_unique_summarised_and_sourced(game: str) -> None:
    registry = _game(game)
    codes = [rule.code for rule in registry.rules]

    assert len(codes) == len(set(codes))
    assert [r.code for r in registry.rules if not r.summary or not r.sources] == []
    assert {s.digest for r in registry.rules for s in r.sources} == {f"{game}.md"}


@pytest.mark.parametrize("game", sorted(rulebook.GAMES))
def test_every_summary_is_marked_for_the_translation_catalogues(game: str) -> None:
    # makemessages extracts only the literal text of a gettext_noop call
    tree = ast.parse(inspect.getsource(importlib.import_module(rulebook.GAMES[game])))
    entries = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "rule"
    ]
    unmarked = [
        ast.unparse(node.args[0])
        for node in entries
        if not (
            isinstance(node.args[1], ast.Call)
            and getattr(node.args[1].func, "id", "") == "gettext_noop"
            and isinstance(node.args[1].args[0], ast.Constant)
        )
    ]

    assert len(entries) == len(_game(game).rules)
    assert unmarked == []


def test_a_game_system_finds_its_games_rules_through_its_hook() -> None:
    found = rulebook.game_for_system("8c9a-3026-84b4-cf16")  # T9A 3rd, community data

    assert found is not None
    assert found.key == "the-9th-age-3rd"
    assert rulebook.game_for_system("no-such-system") is None
    assert rulebook.entry_for({"game": "no-such-game"}, "constraint.max") is None
