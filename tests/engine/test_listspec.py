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
                    {
                        "id": "sword",
                        "name": "Sword",
                        "type": "upgrade",
                        "costs": [{"name": "pts", "typeId": "pts", "value": 5}],
                        "constraints": [
                            {
                                "id": "sword-min",
                                "type": "min",
                                "value": 1,
                                "field": "selections",
                                "scope": "parent",
                            }
                        ],
                    },
                    {
                        "id": "charm",
                        "name": "Charm",
                        "type": "upgrade",
                        "costs": [{"name": "pts", "typeId": "pts", "value": 3}],
                    },
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
    assert result == {"codes": [], "totals": {"pts": 55}}


def test_an_option_named_twice_under_one_parent_adds_up() -> None:
    result = build(
        [{"entryId": "captain", "selections": [{"entryId": "charm"}, {"entryId": "charm"}]}]
    )
    assert result["totals"] == {"pts": 61}


def test_going_over_the_limit_is_reported_with_the_totals() -> None:
    result = build([{"entryId": "captain", "number": 2}])
    assert result == {"codes": ["cost_limit.exceeded"], "totals": {"pts": 110}}


@pytest.mark.parametrize(
    "selections",
    [
        [{"entryId": "nobody"}],
        [{"entryId": "captain", "number": 0}],
        [{"entryId": "captain", "selections": [{"entryId": "captain"}]}],
    ],
    ids=["unknown entry", "impossible count", "entry not offered there"],
)
def test_a_spec_naming_what_is_not_offered_is_refused(selections: list[dict[str, Any]]) -> None:
    compiled = compile_documents(GAME_SYSTEM, [CATALOGUE])
    with pytest.raises(ListSpecError):
        build_roster(compiled, spec(selections))
