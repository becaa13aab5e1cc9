"""Auto-select gives a unit that is legal on its own: its members' own minimums before a
group's default fills the rest, BSData's default markers, and never more than a maximum
allows, the unit's own or one over the force or the roster (one Warlord per army)."""

from __future__ import annotations

from typing import Any

from armybuilder.engine import edit
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.report import ERROR
from armybuilder.engine.roster import Roster, Selection
from tests.engine.builders import make_roster
from tests.engine.realdata import WH40K, compiled_for


def _min(cid: str, value: int, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "type": "min",
        "value": value,
        "field": "selections",
        "scope": "parent",
        **more,
    }


def _max(cid: str, value: int, **more: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "type": "max",
        "value": value,
        "field": "selections",
        "scope": "parent",
        **more,
    }


def _counts(selection: Selection) -> dict[str, int]:
    return {s.node.name: s.amount for s in selection.children}


def _errors(roster: Roster) -> list[str]:
    return [p.code for p in evaluate(roster).problems if p.severity == ERROR]


SQUAD = {
    "id": "squad",
    "name": "Squad",
    "type": "unit",
    "selectionEntryGroups": [
        {
            "id": "models",
            "name": "Models",
            "defaultSelectionEntryId": "trooper",
            "constraints": [_min("models-min", 5), _max("models-max", 5)],
            "selectionEntries": [
                {"id": "trooper", "name": "Trooper", "type": "model"},
                {
                    "id": "sergeant",
                    "name": "Sergeant",
                    "type": "model",
                    "constraints": [_min("sergeant-min", 1), _max("sergeant-max", 1)],
                },
            ],
        }
    ],
}


def test_a_group_default_fills_what_its_members_own_minimums_leave() -> None:
    roster, force = make_roster([SQUAD])

    squad, _ = edit.select_entry(roster, force, "squad")

    assert _counts(squad) == {"Sergeant": 1, "Trooper": 4}
    assert _errors(roster) == []


def test_a_minimum_set_to_zero_without_conditions_marks_a_default_the_player_may_remove() -> None:
    bolter = {
        "id": "bolter",
        "name": "Bolter",
        "type": "upgrade",
        "constraints": [_min("bolter-min", 1), _max("bolter-max", 1)],
        "modifiers": [{"type": "set", "field": "bolter-min", "value": "0"}],
    }
    knife = {
        "id": "knife",
        "name": "Knife",
        "type": "upgrade",
        "constraints": [_min("knife-min", 1)],
        # a conditional lowering is no default marker
        "modifiers": [
            {
                "type": "set",
                "field": "knife-min",
                "value": "0",
                "conditions": [
                    {
                        "type": "atLeast",
                        "value": 1,
                        "field": "selections",
                        "scope": "parent",
                        "childId": "bolter",
                    }
                ],
            }
        ],
    }
    unit = {"id": "u", "name": "Unit", "type": "unit", "selectionEntries": [bolter, knife]}
    roster, force = make_roster([unit])

    selected, _ = edit.select_entry(roster, force, "u")

    assert _counts(selected) == {"Bolter": 1}
    assert _errors(roster) == []
    # the bolter itself may go; then the knife, whose minimum only the bolter lowered, is due
    edit.deselect(roster, selected.children[0])
    problems = [p for p in evaluate(roster).problems if p.severity == ERROR]
    assert [(p.code, p.constraint_id) for p in problems] == [("constraint.min", "knife-min")]


def test_auto_select_respects_a_roster_wide_maximum() -> None:
    warlord = {
        "id": "warlord",
        "name": "Warlord",
        "type": "upgrade",
        "constraints": [
            _min("warlord-min", 1),
            _max("warlord-per-army", 1, scope="roster", shared=True),
        ],
    }
    hero = {"id": "hero", "name": "Hero", "type": "model", "selectionEntries": [warlord]}
    roster, force = make_roster([hero])

    first, _ = edit.select_entry(roster, force, "hero")
    second, _ = edit.select_entry(roster, force, "hero")

    assert _counts(first) == {"Warlord": 1}
    assert _counts(second) == {}
    # the second hero lacks what its data requires; no second Warlord breaks the army's limit
    assert _errors(roster) == ["constraint.min"]


def test_a_minimum_that_depends_on_what_was_auto_selected_after_it_is_met() -> None:
    """One Spanner per five models: the count is known only once the group is filled."""
    spanner = {
        "id": "spanner",
        "name": "Spanner",
        "type": "model",
        "constraints": [_min("spanner-min", 0), _max("spanner-max", 3)],
        "modifiers": [
            {
                "type": "increment",
                "field": "spanner-min",
                "value": "1",
                "repeats": [
                    {
                        "value": 5,
                        "repeats": 1,
                        "field": "selections",
                        "scope": "parent",
                        "childId": "boy",
                        "shared": True,
                        "roundUp": False,
                    }
                ],
            }
        ],
    }
    mob = {
        "id": "mob",
        "name": "Mob",
        "type": "unit",
        "selectionEntryGroups": [
            {
                "id": "boyz",
                "name": "Boyz",
                "defaultSelectionEntryId": "boy",
                "constraints": [_min("boyz-min", 5), _max("boyz-max", 15)],
                "selectionEntries": [{"id": "boy", "name": "Boy", "type": "model"}, spanner],
            }
        ],
    }
    roster, force = make_roster([mob])

    selected, _ = edit.select_entry(roster, force, "mob")

    assert _counts(selected) == {"Boy": 5, "Spanner": 1}
    assert _errors(roster) == []


# ------------------------------------------------------------------ the 9th-edition data

ULTRAMARINES = "28e2-d179-3d66-a272"
STRIKE_FORCE = "564e-55d5-79bc-a4d7"  # Battalion Detachment
MATCHED = "4bcc-b0f4-b425-f38e::3c81-e10f-e867-7bb5"


def _matched_battalion() -> tuple[Roster, Any]:
    roster = Roster(compiled_for(WH40K))
    force, _ = edit.add_force(roster, STRIKE_FORCE, ULTRAMARINES)
    game_type = next(s for s in force.selections if s.node.name == "Game Type")
    edit.select_entry(roster, force, MATCHED, game_type)
    return roster, force


def _root(name: str) -> Any:
    return next(n for n in compiled_for(WH40K).root_entries(ULTRAMARINES) if n.name == name)


def test_a_fresh_intercessor_squad_is_five_models_and_five_power() -> None:
    roster, force = _matched_battalion()

    squad, _ = edit.select_node(roster, force, _root("Intercessor Squad"), None)

    assert {k: v for k, v in _counts(squad).items() if "Intercessor" in k} == {
        "Intercessor": 4,
        "Intercessor Sergeant": 1,
    }
    view = evaluate(roster).view
    (unit,) = [s for s in view.all_selections() if s.id == squad.id]
    assert {c.name.strip(): c.value for c in unit.costs}["PL"] == 5
    assert not [p for p in evaluate(roster).problems if p.owner_id in {s.id for s in squad.walk()}]


def test_a_second_character_that_must_lead_gets_no_second_warlord() -> None:
    roster, force = _matched_battalion()

    lion, _ = edit.select_node(roster, force, _root("Lion El'Jonson"), None)
    guilliman, _ = edit.select_node(roster, force, _root("Roboute Guilliman"), None)

    def warlords(selection: Selection) -> int:
        return sum(s.amount for s in selection.walk() if s.node.name == "Warlord")

    assert (warlords(lion), warlords(guilliman)) == (1, 0)
    # Lion's own Warlord Trait follows his Warlord selection (a minimum set by it)
    assert "Warlord Trait: No Hiding from the Watchers" in {s.node.name for s in lion.walk()}
    over = [p for p in evaluate(roster).problems if p.code == "constraint.max"]
    assert over == []


def test_a_negative_maximum_limits_nothing() -> None:
    """BattleScribe 1.x data writes "no maximum" as ``max -1``."""
    crew = {
        "id": "crew",
        "name": "Crew",
        "type": "model",
        "constraints": [_min("crew-min", 2), _max("crew-max", -1)],
    }
    roster, force = make_roster(
        [{"id": "gun", "name": "Gun", "type": "unit", "selectionEntries": [crew]}]
    )

    gun, _ = edit.select_entry(roster, force, "gun")

    assert _counts(gun) == {"Crew": 2}
    assert _errors(roster) == []
