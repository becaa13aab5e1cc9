from armybuilder.engine import edit
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.roster import Roster


def test_roster_document_writes_as_ros_xml_and_reads_back() -> None:
    game_system = {
        "id": "gs",
        "name": "Game",
        "costTypes": [{"id": "pts", "name": "pts"}],
        "forceEntries": [{"id": "fe", "name": "Army"}],
    }
    unit = {"id": "u", "name": "Unit", "type": "unit", "costs": [{"typeId": "pts", "value": 7}]}
    roster = Roster(compile_documents(game_system, [{"id": "cat", "selectionEntries": [unit]}]))
    force, _ = edit.add_force(roster, "fe", "cat")
    selection, _ = edit.select_entry(roster, force, "u")
    selection.custom_name = "Bob"
    document = roster_document(evaluate(roster).view)
    back = parse_xml(write_xml(document))["roster"]
    [sel] = back["forces"][0]["selections"]
    assert (sel["entryId"], sel["number"], sel["customName"]) == ("u", 1, "Bob")
    assert back["costs"] == [{"name": "pts", "typeId": "pts", "value": 7}]
