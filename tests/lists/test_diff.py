"""The diff between two versions of a list: stable kinds, keyed by selection id, in words."""

from __future__ import annotations

import copy
from typing import Any

from django.utils import translation

from armybuilder.engine import edit
from armybuilder.engine.document import roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.report import ERROR, Problem
from lists.diff import ChangeKind, diff, format_number, snapshot
from tests.engine.builders import make_roster


def _selection(sid: str, name: str, pts: float, number: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "id": sid,
        "name": name,
        "entryId": f"e-{sid}",
        "number": number,
        "type": "unit",
        "costs": [{"name": "pts", "typeId": "pts", "value": pts}],
        **extra,
    }


def _document() -> dict[str, Any]:
    return {
        "roster": {
            "id": "r",
            "name": "My army",
            "costs": [{"name": "pts", "typeId": "pts", "value": 230}],
            "costLimits": [{"name": "pts", "typeId": "pts", "value": 2000}],
            "forces": [
                {
                    "id": "f1",
                    "name": "Battalion",
                    "catalogueName": "Ultramarines",
                    "selections": [
                        _selection(
                            "s1",
                            "Captain",
                            80,
                            selections=[_selection("s1a", "Power sword", 5)],
                        ),
                        _selection("s2", "Intercessors", 100, number=5),
                        _selection("s3", "Scouts", 45),
                    ],
                }
            ],
        }
    }


def _problem(code: str, owner_id: str, message: str = "too many") -> Problem:
    return Problem(code, ERROR, "selection", owner_id, "e", "e", "c", message)


def _kinds(changes: list[Any]) -> list[tuple[str, str]]:
    return [(c.kind, c.subject_id) for c in changes]


def test_identical_versions_have_no_changes() -> None:
    doc = _document()
    assert diff(snapshot(doc, []), snapshot(copy.deepcopy(doc), [])) == []


def test_units_added_and_removed_are_keyed_by_selection_id() -> None:
    old = _document()
    new = copy.deepcopy(old)
    units = new["roster"]["forces"][0]["selections"]
    units.remove(units[2])  # Scouts out
    units.append(_selection("s9", "Scouts", 45))  # same name, new selection
    new["roster"]["costs"][0]["value"] = 230

    changes = diff(snapshot(old, []), snapshot(new, []))

    assert _kinds(changes) == [(ChangeKind.UNIT_ADDED, "s9"), (ChangeKind.UNIT_REMOVED, "s3")]
    assert changes[0].describe() == "Added Scouts to Battalion (45 pts)"
    assert changes[1].describe() == "Removed Scouts from Battalion (45 pts)"


def test_a_removed_unit_does_not_list_its_options_again() -> None:
    old = _document()
    new = copy.deepcopy(old)
    del new["roster"]["forces"][0]["selections"][0]

    kinds = _kinds(diff(snapshot(old, []), snapshot(new, [])))

    assert (ChangeKind.UNIT_REMOVED, "s1") in kinds
    assert not any(subject == "s1a" for _, subject in kinds)


def test_counts_options_names_notes_and_unit_costs() -> None:
    old = _document()
    new = copy.deepcopy(old)
    captain, intercessors, _scouts = new["roster"]["forces"][0]["selections"]
    captain["selections"] = [_selection("s1b", "Thunder hammer", 20)]
    captain["customName"] = "Brother Cato"
    captain["customNotes"] = "Warlord"
    intercessors["number"] = 10
    intercessors["costs"][0]["value"] = 200

    changes = diff(snapshot(old, []), snapshot(new, []))
    by_kind = {(c.kind, c.subject_id): c for c in changes}

    assert set(by_kind) == {
        (ChangeKind.OPTION_ADDED, "s1b"),
        (ChangeKind.OPTION_REMOVED, "s1a"),
        (ChangeKind.NAME_CHANGED, "s1"),
        (ChangeKind.NOTES_CHANGED, "s1"),
        (ChangeKind.COUNT_CHANGED, "s2"),
        (ChangeKind.UNIT_COST_CHANGED, "s1"),
        (ChangeKind.UNIT_COST_CHANGED, "s2"),
    }
    assert by_kind[ChangeKind.COUNT_CHANGED, "s2"].params == {
        "label": "Intercessors",
        "before": 5,
        "after": 10,
        "where": "Battalion",
    }
    assert by_kind[ChangeKind.UNIT_COST_CHANGED, "s1"].params["before"] == 85
    assert by_kind[ChangeKind.UNIT_COST_CHANGED, "s1"].params["after"] == 100
    assert by_kind[ChangeKind.OPTION_ADDED, "s1b"].describe() == (
        "Brother Cato: took Thunder hammer"
    )
    assert by_kind[ChangeKind.NAME_CHANGED, "s1"].describe() == ("Renamed Captain to Brother Cato")


def test_totals_limits_list_name_options_and_forces() -> None:
    old = _document()
    new = copy.deepcopy(old)
    body = new["roster"]
    body["name"] = "Tournament army"
    body["costs"][0]["value"] = 1995
    body["costLimits"][0]["value"] = 1500
    body["tags"] = [{"id": "list-option:size", "name": "strike"}]
    body["forces"].append({"id": "f2", "name": "Patrol", "catalogueName": "Ultramarines"})

    changes = diff(snapshot(old, []), snapshot(new, []))

    assert [c.kind for c in changes] == [
        ChangeKind.NAME_CHANGED,
        ChangeKind.LIST_OPTION_CHANGED,
        ChangeKind.FORCE_ADDED,
        ChangeKind.COST_CHANGED,
        ChangeKind.LIMIT_CHANGED,
    ]
    assert changes[3].describe() == "Total pts: 230 → 1,995"
    assert changes[4].describe() == "Limit of pts: 2,000 → 1,500"
    assert diff(snapshot(new, []), snapshot(old, []))[2].kind == ChangeKind.FORCE_REMOVED


def test_problems_appear_and_resolve_by_code_and_owner() -> None:
    doc = _document()
    kept = _problem("constraint.max", "s2")
    gone = _problem("constraint.min", "s1", "needs a weapon")
    moved = _problem("constraint.max", "s3")  # same code, other owner: a different problem

    changes = diff(snapshot(doc, [kept, gone]), snapshot(doc, [kept, moved]))

    assert _kinds(changes) == [
        (ChangeKind.PROBLEM_APPEARED, "s3"),
        (ChangeKind.PROBLEM_RESOLVED, "s1"),
    ]
    assert changes[0].params["code"] == "constraint.max"
    assert changes[1].describe() == "Resolved error on Captain: needs a weapon"


def test_a_problem_whose_message_changes_is_still_the_same_problem() -> None:
    doc = _document()
    before = _problem("constraint.max", "s2", "3 of at most 2")
    after = _problem("constraint.max", "s2", "4 of at most 2")

    assert diff(snapshot(doc, [before]), snapshot(doc, [after])) == []


def test_engine_evaluated_versions() -> None:
    entries = [
        {
            "id": "u",
            "name": "Warrior",
            "type": "unit",
            "costs": [{"typeId": "pts", "value": 10}],
            "constraints": [
                {
                    "id": "max1",
                    "type": "max",
                    "value": 1,
                    "field": "selections",
                    "scope": "roster",
                    "shared": True,
                }
            ],
        }
    ]
    roster, force = make_roster(entries)
    first = evaluate(roster)
    before = snapshot(roster_document(first.view), first.problems)
    edit.select_entry(roster, force, "u")
    edit.select_entry(roster, force, "u")
    second = evaluate(roster)
    after = snapshot(roster_document(second.view), second.problems)

    changes = diff(before, after)

    kinds = [c.kind for c in changes]
    assert kinds.count(ChangeKind.UNIT_ADDED) == 2
    assert ChangeKind.COST_CHANGED in kinds
    assert [c.params["code"] for c in changes if c.kind == ChangeKind.PROBLEM_APPEARED] == [
        "constraint.max"
    ]
    assert all(c.describe() for c in changes)


def test_numbers_are_written_as_players_write_them() -> None:
    assert format_number(1500.0) == "1,500"
    assert format_number(12.5) == "12.5"
    assert format_number(None) == "none"
    with translation.override("it"):
        assert format_number(1500.0) == "1.500"
        assert format_number(12.5) == "12,5"
