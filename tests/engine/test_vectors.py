"""Every worked example of the rules digests, and every example list shipped in a game pack,
built through the engine's edit operations and checked against its expected outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster, outcome
from tests.engine.packs import (
    REPO_ROOT,
    VECTORS,
    compiled_pack_for,
    list_spec_files,
    pack_folders,
)

SPEC_FILES = list_spec_files()


@pytest.mark.parametrize("folder", pack_folders(), ids=lambda p: p.name)
def test_every_pack_ships_a_legal_example_an_illegal_one_and_vectors(folder: Path) -> None:
    examples = [json.loads(p.read_text()) for p in sorted(folder.glob("examples/*.json"))]
    assert any(not e["expected"].get("codes") for e in examples), "no legal example list"
    assert any(e["expected"].get("codes") for e in examples), "no illegal example list"
    assert list((VECTORS / folder.name).glob("*.json")), "no worked-example vectors"


@pytest.mark.parametrize(
    "path", SPEC_FILES, ids=[str(p.relative_to(REPO_ROOT)) for p in SPEC_FILES]
)
def test_list_spec_has_its_expected_outcome(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    compiled = compiled_pack_for(spec["gameSystemId"])

    actual = outcome(evaluate(build_roster(compiled, spec)))

    expected = spec["expected"]
    assert actual["codes"] == sorted(expected.get("codes", []))
    for type_id, total in expected.get("totals", {}).items():
        assert actual["totals"].get(type_id) == pytest.approx(total), type_id
