"""Semantics of the BattleScribe format that every game's data relies on, beyond 40k (issue
19), each on the smallest data that shows it: ``import="false"`` root entries, scopes naming
an entry or force that is not there, ``selections`` counted by force entry, root entries a
force has no slot for, hidden groups, a new force's required entries, a roster file's
selection the data offers only under a parent. ``test_real_data_aos.py`` shows the same on
the Age of Sigmar data."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.report import CONSTRAINT_MIN, SELECTION_HIDDEN, SELECTION_MISPLACED
from armybuilder.engine.roster import Roster, RosterError
from tests.engine.builders import make_roster

ROSTER_MIN_1 = {
    "id": "needs-one",
    "type": "min",
    "value": 1,
    "field": "selections",
    "scope": "roster",
    "shared": True,
    "includeChildSelections": True,
}


def codes(roster: Roster) -> list[tuple[str, str]]:
    return sorted((p.code, p.constraint_id) for p in evaluate(roster).problems)


# ------------------------------------------------------------------------ import="false"


def _library_closure(import_flag: bool | None, import_root_entries: bool = True) -> Any:
    """A faction catalogue importing a library's root entries; the library's "Relic" has a
    roster-wide minimum of one and the given ``import`` flag (None: no attribute)."""
    relic: dict[str, Any] = {
        "id": "relic",
        "name": "Relic",
        "type": "upgrade",
        "constraints": [ROSTER_MIN_1],
    }
    if import_flag is not None:
        relic["import"] = import_flag
    library = {
        "id": "lib",
        "name": "Library",
        "library": True,
        "gameSystemId": "gs",
        "selectionEntries": [relic, {"id": "grunt", "name": "Grunt", "type": "unit"}],
    }
    faction = {
        "id": "faction",
        "name": "Faction",
        "gameSystemId": "gs",
        "catalogueLinks": [
            {"id": "cl", "targetId": "lib", "importRootEntries": import_root_entries}
        ],
        "selectionEntries": [{"id": "hero", "name": "Hero", "type": "unit"}],
    }
    gst = {"id": "gs", "name": "Game", "forceEntries": [{"id": "fe", "name": "Army"}]}
    return compile_documents({"gameSystem": gst}, [{"catalogue": library}, {"catalogue": faction}])


def test_a_root_entry_marked_import_false_stays_in_its_library() -> None:
    compiled = _library_closure(import_flag=False)
    offered = [node.id for node in compiled.root_entries("faction")]
    assert offered == ["hero", "grunt"]
    roster = Roster.new(compiled)
    force, created = edit.add_force(roster, "fe", "faction")
    # not auto-selected, and its roster-wide minimum does not apply to this force
    assert created == {}
    assert codes(roster) == []
    with pytest.raises(RosterError):
        edit.select_entry(roster, force, "relic")


@pytest.mark.parametrize("import_flag", [True, None])
def test_a_root_entry_marked_import_true_or_unmarked_is_imported(import_flag: bool | None) -> None:
    compiled = _library_closure(import_flag)
    assert [node.id for node in compiled.root_entries("faction")] == ["hero", "relic", "grunt"]
    roster = Roster.new(compiled)
    _, created = edit.add_force(roster, "fe", "faction")
    assert list(created) == ["relic"]  # its minimum auto-selects it
    assert codes(roster) == []


def test_import_root_entries_false_imports_no_root_entry_whatever_import_says() -> None:
    compiled = _library_closure(import_flag=True, import_root_entries=False)
    assert [node.id for node in compiled.root_entries("faction")] == ["hero"]


def test_import_false_entries_are_offered_in_their_own_catalogues_forces() -> None:
    compiled = _library_closure(import_flag=False)
    assert [node.id for node in compiled.root_entries("lib")] == ["relic", "grunt"]
    roster = Roster.new(compiled)
    _, created = edit.add_force(roster, "fe", "lib")
    assert list(created) == ["relic"]


# ------------------------------------------------------------ scopes that name a force


def _two_force_game(
    narrative: dict[str, Any] | None = None, pitched: dict[str, Any] | None = None
) -> Roster:
    """Forces "Pitched" and "Narrative", each linking category "slot" (their links extended
    by ``pitched`` and ``narrative``), and a catalogue with a "Unit" filed under it."""
    gst = {
        "id": "gs",
        "name": "Game",
        "categoryEntries": [{"id": "slot", "name": "Slot"}],
        "forceEntries": [
            {
                "id": "pitched",
                "name": "Pitched",
                "categoryLinks": [{"id": "l1", "targetId": "slot", **(pitched or {})}],
            },
            {
                "id": "narrative",
                "name": "Narrative",
                "categoryLinks": [{"id": "l2", "targetId": "slot", **(narrative or {})}],
            },
        ],
    }
    catalogue = {
        "id": "cat",
        "name": "Cat",
        "gameSystemId": "gs",
        "selectionEntries": [
            {
                "id": "unit",
                "name": "Unit",
                "type": "unit",
                "categoryLinks": [{"id": "ul", "targetId": "slot", "primary": True}],
            }
        ],
    }
    return Roster.new(compile_documents({"gameSystem": gst}, [{"catalogue": catalogue}]))


def test_a_constraint_scoped_to_a_force_entry_that_is_not_there_is_not_checked() -> None:
    minimum = {"id": "slot-min", "type": "min", "value": 1, "field": "selections"}
    roster = _two_force_game({"constraints": [{**minimum, "scope": "pitched"}]})
    edit.add_force(roster, "narrative", "cat")
    assert codes(roster) == []


def test_a_constraint_scoped_to_its_own_force_entry_counts_that_force() -> None:
    minimum = {"id": "slot-min", "type": "min", "value": 1, "field": "selections"}
    roster = _two_force_game({"constraints": [{**minimum, "scope": "narrative"}]})
    force, _ = edit.add_force(roster, "narrative", "cat")
    assert codes(roster) == [(CONSTRAINT_MIN, "slot-min")]
    edit.select_entry(roster, force, "unit")
    assert codes(roster) == []


def test_an_entry_constraint_scoped_to_an_entry_that_is_not_its_parent_is_not_checked() -> None:
    roster, _ = make_roster(
        [
            {"id": "other", "name": "Other", "type": "unit"},
            {
                "id": "wanted",
                "name": "Wanted",
                "type": "unit",
                "constraints": [{**ROSTER_MIN_1, "scope": "other"}],
            },
        ]
    )
    assert codes(roster) == []


def test_a_selections_count_of_a_force_entry_counts_what_its_forces_hold() -> None:
    """BattleScribe/Release#19: "a Narrative force is taken" reads as selections in it."""
    taken = {
        "type": "atLeast",
        "value": 1,
        "field": "selections",
        "scope": "roster",
        "childId": "narrative",
        "includeChildSelections": True,
    }
    minimum = {"id": "slot-min", "type": "min", "value": 1, "field": "selections"}
    roster = _two_force_game(
        pitched={
            "constraints": [{**minimum, "scope": "force"}],
            "modifiers": [{"type": "set", "field": "slot-min", "value": 0, "conditions": [taken]}],
        }
    )
    edit.add_force(roster, "pitched", "cat")
    assert codes(roster) == [(CONSTRAINT_MIN, "slot-min")]
    narrative, _ = edit.add_force(roster, "narrative", "cat")
    assert codes(roster) == [(CONSTRAINT_MIN, "slot-min")]  # nothing in it yet
    edit.select_entry(roster, narrative, "unit")
    assert codes(roster) == []


# ------------------------------------------------- root entries a force has no slot for


def test_a_force_neither_offers_nor_requires_an_entry_filed_under_a_slot_it_lacks() -> None:
    gst = {
        "id": "gs",
        "name": "Game",
        "categoryEntries": [{"id": "options", "name": "Game Options"}],
        "forceEntries": [
            {
                "id": "main",
                "name": "Main",
                "categoryLinks": [{"id": "l1", "targetId": "options"}],
                "forceEntries": [{"id": "allies", "name": "Allies"}],
            }
        ],
        "selectionEntries": [
            {
                "id": "game-type",
                "name": "Game Type",
                "type": "upgrade",
                "constraints": [{**ROSTER_MIN_1, "includeChildSelections": False}],
                "categoryLinks": [{"id": "gl", "targetId": "options", "primary": True}],
            }
        ],
    }
    catalogue = {"id": "cat", "name": "Cat", "gameSystemId": "gs"}
    roster = Roster.new(compile_documents({"gameSystem": gst}, [{"catalogue": catalogue}]))
    main, created = edit.add_force(roster, "main", "cat")
    assert list(created) == ["game-type"]
    allies, created = edit.add_force(roster, "allies", "cat", parent=main)
    assert created == {}
    assert allies.selections == []
    assert codes(roster) == []
    roster.remove_selection(main.selections[0])
    # the minimum is the main force's, reported once
    assert codes(roster) == [(CONSTRAINT_MIN, "needs-one")]


# ---------------------------------------------------------------------- hidden groups


HIDE_WHEN_BIG = {
    "type": "set",
    "field": "hidden",
    "value": True,
    "conditions": [
        {"type": "atLeast", "value": 1, "field": "selections", "scope": "roster", "childId": "big"}
    ],
}


@pytest.mark.parametrize("hidden_on", ["group", "link"])
def test_a_selection_in_a_group_a_modifier_hides_is_reported_hidden(hidden_on: str) -> None:
    group: dict[str, Any] = {
        "id": "wargear",
        "name": "Wargear",
        "selectionEntries": [{"id": "sword", "name": "Sword", "type": "upgrade"}],
    }
    unit: dict[str, Any] = {"id": "unit", "name": "Unit", "type": "unit"}
    if hidden_on == "group":
        unit["selectionEntryGroups"] = [{**group, "modifiers": [HIDE_WHEN_BIG]}]
        shared = {}
    else:
        unit["entryLinks"] = [
            {
                "id": "wargear-link",
                "targetId": "wargear",
                "type": "selectionEntryGroup",
                "modifiers": [HIDE_WHEN_BIG],
            }
        ]
        shared = {"sharedSelectionEntryGroups": [group]}
    roster, force = make_roster([unit, {"id": "big", "name": "Big", "type": "unit"}], **shared)
    selected, _ = edit.select_entry(roster, force, "unit")
    sword, _ = edit.select_entry(roster, force, "sword", selected)
    assert codes(roster) == []
    edit.select_entry(roster, force, "big")
    hidden = [(p.code, p.owner_id) for p in evaluate(roster).problems]
    assert hidden == [(SELECTION_HIDDEN, sword.id)]


# ------------------------------------------------------ required entries of a new force


def test_a_new_force_takes_its_required_entries_once_per_scope_they_are_required_in() -> None:
    per_force = {**ROSTER_MIN_1, "id": "one-per-force", "scope": "force"}
    once = {**ROSTER_MIN_1, "id": "one-per-army"}
    roster = Roster.new(
        compile_documents(
            {"gameSystem": {"id": "gs", "name": "G", "forceEntries": [{"id": "fe", "name": "A"}]}},
            [
                {
                    "catalogue": {
                        "id": "cat",
                        "name": "Cat",
                        "gameSystemId": "gs",
                        "selectionEntries": [
                            {"id": "banner", "name": "Banner", "constraints": [per_force]},
                            {"id": "size", "name": "Size", "constraints": [once]},
                        ],
                    }
                }
            ],
        )
    )
    first, created = edit.add_force(roster, "fe", "cat")
    assert sorted(created) == ["banner", "size"]
    second, created = edit.add_force(roster, "fe", "cat")
    # the army's one Size serves both forces (no maximum needed to stop a second)
    assert list(created) == ["banner"]
    assert codes(roster) == []
    assert [s.node.id for s in first.selections + second.selections] == [
        "banner",
        "size",
        "banner",
    ]


# ------------------------------------------ a roster file's selection out of its place


def test_a_file_selection_the_data_offers_only_under_a_parent_is_kept_and_reported() -> None:
    jack = {"id": "jack", "name": "Jack", "type": "model", "costs": [{"typeId": "pts", "value": 7}]}
    caster = {"id": "caster", "name": "Caster", "type": "model", "selectionEntries": [jack]}
    roster, force = make_roster([caster])
    selected, _ = edit.select_entry(roster, force, "caster")
    edit.select_entry(roster, force, "jack", selected)
    document = roster_document(evaluate(roster).view)
    [caster_doc] = document["roster"]["forces"][0]["selections"]
    document["roster"]["forces"][0]["selections"].append(caster_doc.pop("selections")[0])

    loaded = load_roster(roster.compiled, document)
    evaluation = evaluate(loaded)

    assert loaded.load_problems == []
    assert loaded.unlinked_costs == {}
    [kept] = [s for s in loaded.forces[0].selections if s.node.id == "jack"]
    assert [(p.code, p.owner_id) for p in evaluation.problems] == [(SELECTION_MISPLACED, kept.id)]
    assert evaluation.view.total_cost("pts") == 7


# ----------------------------------- minimums over the force of entries nested in units


def _warlord_army(**warlord: Any) -> tuple[Roster, Any]:
    """A "Hero" unit offering a "Warlord" upgrade that the force needs once (``warlord``
    extends the upgrade)."""
    needed = {**ROSTER_MIN_1, "id": "one-warlord", "scope": "force"}
    upgrade = {"id": "warlord", "name": "Warlord", "type": "upgrade", "constraints": [needed]}
    hero = {
        "id": "hero",
        "name": "Hero",
        "type": "unit",
        "selectionEntries": [{**upgrade, **warlord}],
    }
    return make_roster([hero, {"id": "grunt", "name": "Grunt", "type": "unit"}])


def test_a_force_minimum_of_an_entry_inside_a_unit_holds_with_no_such_unit_selected() -> None:
    roster, force = _warlord_army()
    assert codes(roster) == [(CONSTRAINT_MIN, "one-warlord")]
    edit.select_entry(roster, force, "grunt")
    assert codes(roster) == [(CONSTRAINT_MIN, "one-warlord")]  # reported once
    hero, _ = edit.select_entry(roster, force, "hero")
    assert [s.node.id for s in hero.children] == ["warlord"]  # auto-selected in the hero
    assert codes(roster) == []


def test_a_hidden_nested_entry_requires_nothing() -> None:
    roster, _ = _warlord_army(hidden=True)
    assert codes(roster) == []
