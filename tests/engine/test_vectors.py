"""Every worked example of the rules digests, and every example list shipped in a game pack,
built through the engine's edit operations and checked against its expected outcome."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster, outcome
from tests.engine.packs import (
    REPO_ROOT,
    VECTORS,
    compiled_for_spec,
    compiled_pack_for,
    list_spec_files,
    pack_documents,
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
    compiled = compiled_for_spec(spec)

    actual = outcome(evaluate(build_roster(compiled, spec)))

    expected = spec["expected"]
    assert actual["codes"] == sorted(expected.get("codes", []))
    for type_id, total in expected.get("totals", {}).items():
        assert actual["totals"].get(type_id) == pytest.approx(total), type_id


def _fixture_spec(catalogue_id: str) -> dict[str, Any]:
    """A list spec of one fixture unit costing 7 of the first pack's first cost type."""
    game_system = pack_documents(pack_folders()[0].name)[0]["gameSystem"]
    cost_type = game_system["costTypes"][0]["id"]
    unit = {
        "id": "fixture-unit",
        "name": "Fixture unit",
        "type": "unit",
        "costs": [{"name": "pts", "typeId": cost_type, "value": 7}],
    }
    fixture = {
        "catalogue": {
            "id": catalogue_id,
            "name": "Fixture",
            "revision": 1,
            "battleScribeVersion": "2.03",
            "gameSystemId": game_system["id"],
            "forceEntries": [{"id": "fixture-force", "name": "Fixture force"}],
            "selectionEntries": [unit],
        }
    }
    force = {"forceEntryId": "fixture-force", "catalogueId": catalogue_id}
    return {
        "gameSystemId": game_system["id"],
        "fixtureCatalogues": [fixture],
        "forces": [{**force, "selections": [{"entryId": "fixture-unit"}]}],
        "cost_type": cost_type,
    }


def test_a_vector_may_add_a_fixture_catalogue_beside_the_shipped_pack() -> None:
    spec = _fixture_spec("fixture-catalogue")

    actual = outcome(evaluate(build_roster(compiled_for_spec(spec), spec)))

    assert actual["totals"][spec["cost_type"]] == 7
    assert "fixture-catalogue" not in compiled_pack_for(spec["gameSystemId"]).catalogues


def test_a_fixture_catalogue_may_not_stand_in_for_a_shipped_one() -> None:
    _, catalogues = pack_documents(pack_folders()[0].name)
    with pytest.raises(AssertionError, match="shipped catalogue ids"):
        compiled_for_spec(_fixture_spec(catalogues[0]["catalogue"]["id"]))
