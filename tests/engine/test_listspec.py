"""List specs are applied through the player's edit operations."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine.compile import compile_documents
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import ListSpecError, build_roster, outcome

GAME_SYSTEM = {
    "gameSystem": {
        "id": "gs",
        "name": "Spec Test",
        "costTypes": [{"id": "pts", "name": "pts", "defaultCostLimit": -1}],
        "forceEntries": [{"id": "army", "name": "Army"}],
    }
}


def upgrade(entry_id: str, cost: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": entry_id,
        "name": entry_id.title(),
        "type": "upgrade",
        "costs": [{"name": "pts", "typeId": "pts", "value": cost}],
        **extra,
    }


def parent_bound(kind: str, value: int, name: str) -> dict[str, Any]:
    return {"id": name, "type": kind, "value": value, "field": "selections", "scope": "parent"}


CATALOGUE = {
    "catalogue": {
        "id": "cat",
        "name": "Faction",
        "gameSystemId": "gs",
        "selectionEntries": [
            {
                "id": "captain",
                "name": "Captain",
                "type": "model",
                "costs": [{"name": "pts", "typeId": "pts", "value": 50}],
                "selectionEntries": [
                    upgrade("sword", 5, constraints=[parent_bound("min", 1, "sword-min")]),
                    upgrade("charm", 3),
                ],
                "selectionEntryGroups": [
                    {
                        "id": "weapon",
                        "name": "Weapon",
                        "defaultSelectionEntryId": "axe",
                        "constraints": [
                            parent_bound("min", 1, "weapon-min"),
                            parent_bound("max", 1, "weapon-max"),
                        ],
                        "selectionEntries": [upgrade("axe", 2), upgrade("bow", 4)],
                    }
                ],
            }
        ],
    }
}


def spec(selections: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "gameSystemId": "gs",
        "costLimits": {"pts": 100},
        "forces": [{"forceEntryId": "army", "catalogueId": "cat", "selections": selections}],
    }


def build(selections: list[dict[str, Any]]) -> dict[str, Any]:
    compiled = compile_documents(GAME_SYSTEM, [CATALOGUE])
    return outcome(evaluate(build_roster(compiled, spec(selections))))


def test_an_auto_selected_minimum_is_taken_over_not_added_twice() -> None:
    result = build([{"entryId": "captain", "selections": [{"entryId": "sword"}]}])
    assert result == {"codes": [], "totals": {"pts": 57}}


def test_an_option_named_twice_under_one_parent_adds_up() -> None:
    result = build(
        [{"entryId": "captain", "selections": [{"entryId": "charm"}, {"entryId": "charm"}]}]
    )
    assert result["totals"] == {"pts": 63}


def test_picking_an_option_of_a_group_replaces_its_default() -> None:
    result = build([{"entryId": "captain", "selections": [{"entryId": "bow"}]}])
    assert result == {"codes": [], "totals": {"pts": 59}}


def test_going_over_the_limit_is_reported_with_the_totals() -> None:
    result = build([{"entryId": "captain", "number": 2}])
    assert result == {"codes": ["cost_limit.exceeded"], "totals": {"pts": 114}}


@pytest.mark.parametrize(
    "selections",
    [
        [{"entryId": "nobody"}],
        [{"entryId": "captain", "selections": [{"entryId": "captain"}]}],
    ],
    ids=["unknown entry", "entry not offered there"],
)
def test_a_spec_naming_what_is_not_offered_is_refused(selections: list[dict[str, Any]]) -> None:
    compiled = compile_documents(GAME_SYSTEM, [CATALOGUE])
    with pytest.raises(ListSpecError):
        build_roster(compiled, spec(selections))
