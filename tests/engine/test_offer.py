"""What one pick of an entry brings: the costs of what auto-selection adds under it."""

from __future__ import annotations

from armybuilder.engine.offer import one_pick
from tests.engine.builders import compiled_with

SQUAD = {
    "id": "squad",
    "name": "Squad",
    "type": "unit",
    "costs": [{"name": "pts", "typeId": "pts", "value": 10}],
    "selectionEntries": [
        {
            "id": "trooper",
            "name": "Trooper",
            "type": "model",
            "costs": [{"name": "pts", "typeId": "pts", "value": 20}],
            "constraints": [
                {"id": "min5", "type": "min", "value": 5, "field": "selections", "scope": "parent"}
            ],
        },
        {
            "id": "banner",
            "name": "Banner",
            "type": "upgrade",
            "costs": [{"name": "pts", "typeId": "pts", "value": 15}],
        },
    ],
}
HERO = {"id": "hero", "name": "Hero", "type": "model", "costs": [{"typeId": "pts", "value": 50}]}


def test_a_pick_costs_its_minimum_models_but_not_its_optional_upgrades() -> None:
    compiled = compiled_with([SQUAD, HERO])

    assert one_pick(compiled, "fe", "cat", "squad").added == (("pts", 100),)
    assert one_pick(compiled, "fe", "cat", "hero").added == ()


def test_an_entry_that_cannot_be_picked_adds_nothing() -> None:
    assert one_pick(compiled_with([HERO]), "fe", "cat", "no-such-entry").added == ()
