"""What one pick of an entry brings: the costs of what auto-selection adds under it, the same
whether its force is worked out anew or copied."""

from __future__ import annotations

import pytest

from armybuilder.engine import edit
from armybuilder.engine.compile import Compiled
from armybuilder.engine.model import selectable
from armybuilder.engine.offer import Pick, one_pick, pick_in
from armybuilder.engine.roster import Roster
from tests.engine.builders import compiled_with
from tests.engine.packs import compiled_pack

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


def _picked_in_a_fresh_force(
    compiled: Compiled, force_entry_id: str, catalogue_id: str, path_id: str
) -> Pick:
    """What ``one_pick`` answers, worked out the long way: the force added anew for the pick."""
    roster = Roster.new(compiled)
    force, _created = edit.add_force(roster, force_entry_id, catalogue_id)
    return pick_in(compiled, roster, force, path_id)


@pytest.mark.parametrize(
    ("game", "force_entry_id", "catalogue_id"),
    [
        # a 40k detachment auto-selects its command cost and battle size entries
        ("warhammer-40k-9th", "w40k9-fe-battalion", "w40k9-sm"),
        ("warmachine-mk2", "wmk2-force-skirmish", "wmk2-cygnar"),
    ],
)
def test_a_pick_in_a_copy_of_the_new_force_brings_what_it_brings_in_a_force_added_anew(
    game: str, force_entry_id: str, catalogue_id: str
) -> None:
    compiled = compiled_pack(game)
    entries = selectable(compiled.root_entries(catalogue_id))
    assert entries

    for node in entries:
        assert one_pick(compiled, force_entry_id, catalogue_id, node.path_id) == (
            _picked_in_a_fresh_force(compiled, force_entry_id, catalogue_id, node.path_id)
        ), node.name
