from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.nrexport import newrecruit_ros
from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY
from armybuilder.engine.roster import Roster, RosterError
from tests.engine.builders import compiled_with

WEAPON = {
    "id": "w",
    "name": "Weapon",
    "type": "upgrade",
    "collective": True,
    "costs": [{"typeId": "pts", "value": 2}],
    "rules": [{"id": "r", "name": "Sharp", "description": "Cuts."}],
}
UNIT = {
    "id": "u",
    "name": "Unit",
    "type": "unit",
    "costs": [{"typeId": "pts", "value": 7}],
    "selectionEntries": [
        {"id": "m", "name": "Model", "type": "model", "selectionEntries": [WEAPON]}
    ],
}


def _roster() -> Roster:
    roster = Roster(compiled_with([UNIT]), name="Mine")
    roster.set_cost_limit("pts", 100)
    force, _ = edit.add_force(roster, "fe", "cat")
    unit, _ = edit.select_entry(roster, force, "u")
    model, _ = edit.select_entry(roster, force, "m", unit)
    edit.select_entry(roster, force, "w", model)
    edit.set_count(model, 3)
    unit.custom_name = "Bob"
    return roster


def _document(roster: Roster) -> dict[str, Any]:
    return roster_document(evaluate(roster).view)


def test_roster_document_writes_as_ros_xml_and_reads_back() -> None:
    document = _document(_roster())
    back = parse_xml(write_xml(document))["roster"]
    [unit] = back["forces"][0]["selections"]
    assert (unit["entryId"], unit["number"], unit["customName"]) == ("u", 1, "Bob")
    [weapon] = unit["selections"][0]["selections"]
    assert (weapon["number"], weapon["rules"][0]["name"]) == (3, "Sharp")
    assert back["costs"] == [{"name": "pts", "typeId": "pts", "value": 13}]
    assert back["costLimits"] == [{"name": "pts", "typeId": "pts", "value": 100}]


def test_loading_a_saved_roster_gives_the_same_roster() -> None:
    roster = _roster()
    document = _document(roster)
    loaded = load_roster(roster.compiled, parse_xml(write_xml(document)))
    assert _document(loaded) == document
    # new selections never reuse a loaded id
    force = loaded.forces[0]
    added, _ = edit.select_entry(loaded, force, "u")
    assert added.id not in {s["id"] for s in document["roster"]["forces"][0]["selections"]}


def test_an_entry_the_data_lost_is_left_out_and_reported_with_what_it_held() -> None:
    roster = _roster()
    document = _document(roster)
    document["roster"]["forces"][0]["selections"][0]["entryId"] = "nowhere"
    loaded = load_roster(roster.compiled, document)
    assert loaded.forces[0].selections == []
    evaluation = evaluate(loaded)
    problems = evaluation.problems
    assert [(p.code, p.owner_type, p.entry_id) for p in problems] == [
        (SELECTION_UNKNOWN_ENTRY, "force", "nowhere"),
        (SELECTION_UNKNOWN_ENTRY, "force", "m"),
        (SELECTION_UNKNOWN_ENTRY, "force", "w"),
    ]
    assert "Bob / Model / Weapon" in problems[2].message
    assert problems[2].params == {
        "path": "Bob / Model / Weapon",
        "entry_id": "w",
        "under": "Bob / Model",
        "costs": "6 pts",
        "form": "under_cost",
    }
    # the 7 + 6 points the file records stay in the total, and the view says which part
    assert evaluation.view.total_cost("pts") == 13
    assert evaluation.view.unlinked_costs == {"pts": 13}


def test_loading_an_unknown_force_entry_is_refused() -> None:
    roster = _roster()
    document = _document(roster)
    document["roster"]["forces"][0]["entryId"] = "nowhere"
    with pytest.raises(RosterError):
        load_roster(roster.compiled, document)


def test_new_recruit_export_reads_back_into_the_same_roster() -> None:
    roster = _roster()
    text = newrecruit_ros(evaluate(roster).view)
    assert 'generatedBy="https://newrecruit.eu"' in text
    assert '<cost name="pts" typeId="pts" value="13" />' in text
    loaded = load_roster(roster.compiled, parse_xml(text.encode("utf-8")))
    assert [(s.node.id, s.number) for s in loaded.all_selections()] == [
        (s.node.id, s.number) for s in roster.all_selections()
    ]
