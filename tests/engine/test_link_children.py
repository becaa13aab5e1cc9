"""Children declared on an entry link: they come from the catalogue declaring the link, and
their entry-id paths follow BattleScribe's rule (the declaring link's id is left out).

The fixture: a library ``lib`` with a unit and an option, and an army ``army`` linking the
library. The army's root link ``L`` to the library's unit declares children of its own: an
entry ``y`` and a link ``C`` to the army's group ``G``. The same id ``dup`` names an entry
in both catalogues, so a lookup in the wrong catalogue shows.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.closure import UnresolvedLink, unresolved_links
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY
from armybuilder.engine.roster import Roster

GAME = {"gameSystem": {"id": "gs", "name": "Game", "forceEntries": [{"id": "fe", "name": "Army"}]}}


def _entry(eid: str, name: str, **more: Any) -> dict[str, Any]:
    return {"id": eid, "name": name, "type": "upgrade", **more}


LIB = {
    "catalogue": {
        "id": "lib",
        "name": "Library",
        "gameSystemId": "gs",
        "library": True,
        "sharedSelectionEntries": [
            _entry(
                "A",
                "Unit",
                type="unit",
                selectionEntries=[_entry("x", "Own option")],
                # a link inside the target: ``A::L2`` in the path, its own children not
                entryLinks=[
                    {
                        "id": "L2",
                        "targetId": "B",
                        "type": "selectionEntry",
                        "entryLinks": [{"id": "C2", "targetId": "dup", "type": "selectionEntry"}],
                    }
                ],
            ),
            _entry("B", "Sub-unit"),
            _entry("dup", "Library duplicate"),
        ],
    }
}
ARMY = {
    "catalogue": {
        "id": "army",
        "name": "Army",
        "gameSystemId": "gs",
        "catalogueLinks": [{"id": "cl", "targetId": "lib", "type": "catalogue"}],
        "entryLinks": [
            {
                "id": "L",
                "targetId": "A",
                "type": "selectionEntry",
                "selectionEntries": [_entry("y", "Army option")],
                "entryLinks": [
                    {"id": "C", "targetId": "G", "type": "selectionEntryGroup"},
                    {"id": "D", "targetId": "dup", "type": "selectionEntry"},
                ],
            }
        ],
        "sharedSelectionEntryGroups": [
            {"id": "G", "name": "Army choices", "selectionEntries": [_entry("t", "Trait")]}
        ],
        "sharedSelectionEntries": [_entry("dup", "Army duplicate")],
    }
}


def _compiled(army: dict[str, Any] = ARMY) -> Compiled:
    return compile_documents(GAME, [LIB, army])


def _unit(compiled: Compiled) -> Any:
    (unit,) = compiled.root_entries("army")
    return unit


def test_children_declared_on_a_link_come_from_the_declaring_catalogue() -> None:
    unit = _unit(_compiled())

    names = {node.name: node for node in unit.children}
    assert set(names) == {"Own option", "Sub-unit", "Army option", "Army choices", "Army duplicate"}
    # ``dup`` resolves in the army (the link's catalogue), not in the library (the target's)
    assert names["Army duplicate"].doc_id == "army"


def test_their_paths_leave_the_declaring_link_out() -> None:
    unit = _unit(_compiled())
    paths = {node.name: node.path_id for node in unit.children}

    assert unit.path_id == "L::A"
    assert paths == {
        "Own option": "L::x",  # a child of the target keeps the link on the way
        "Sub-unit": "L::L2::B",
        "Army option": "y",  # declared on L: L is left out
        "Army choices": "C::G",
        "Army duplicate": "D::dup",
    }
    sub_unit = next(n for n in unit.children if n.name == "Sub-unit")
    # declared on L2, a link inside the target: ``A::C::D`` where every link gives ``A::L::C::D``
    assert [n.path_id for n in sub_unit.children] == ["L::C2::dup"]
    assert [n.full_path_id for n in sub_unit.children] == ["L::L2::C2::dup"]
    (trait,) = next(n for n in unit.children if n.name == "Army choices").children
    assert (trait.path_id, trait.full_path_id) == ("C::t", "L::C::t")


def _roster_with_trait() -> Roster:
    compiled = _compiled()
    roster = Roster(compiled)
    force, _ = edit.add_force(roster, "fe", "army")
    unit, _ = edit.select_entry(roster, force, "L")
    edit.select_entry(roster, force, "C::t", unit)
    sub_unit, _ = edit.select_entry(roster, force, "L::L2::B", unit)
    edit.select_entry(roster, force, "L::C2::dup", sub_unit)
    return roster


def test_a_roster_file_writes_battlescribe_paths_and_reads_both_forms() -> None:
    roster = _roster_with_trait()
    document = roster_document(evaluate(roster).view)
    xml = write_xml(document).decode("utf-8")
    assert 'entryId="C::t"' in xml
    assert 'entryId="L::C2::dup"' in xml

    ours_before = copy.deepcopy(document)
    for selection in ours_before["roster"]["forces"][0]["selections"][0]["selections"]:
        selection["entryId"] = {"C::t": "L::C::t", "L::L2::B": "L::L2::B"}[selection["entryId"]]
        for child in selection.get("selections", []):
            child["entryId"] = "L::L2::C2::dup"

    for source in (parse_xml(xml.encode("utf-8")), ours_before):
        loaded = load_roster(roster.compiled, source)
        assert loaded.load_problems == []
        assert roster_document(evaluate(loaded).view) == document


def test_an_unknown_path_is_still_reported() -> None:
    roster = _roster_with_trait()
    document = roster_document(evaluate(roster).view)
    (trait,) = [
        s
        for s in document["roster"]["forces"][0]["selections"][0]["selections"]
        if s["entryId"] == "C::t"
    ]
    trait["entryId"] = "L::Z::t"

    loaded = load_roster(roster.compiled, document)

    assert [(p.code, p.entry_id) for p in loaded.load_problems] == [
        (SELECTION_UNKNOWN_ENTRY, "L::Z::t")
    ]


@pytest.mark.parametrize("missing", ["G", "dup"])
def test_a_link_the_declaring_catalogue_cannot_resolve_is_reported(missing: str) -> None:
    army = copy.deepcopy(ARMY)
    body = army["catalogue"]
    body["sharedSelectionEntryGroups"] = [
        g for g in body["sharedSelectionEntryGroups"] if g["id"] != missing
    ]
    body["sharedSelectionEntries"] = [
        e for e in body["sharedSelectionEntries"] if e["id"] != missing
    ]

    problems = unresolved_links(GAME, [LIB, army])
    compiled = _compiled(army)
    children = {node.name for node in _unit(compiled).children}
    assert compiled.unresolved_links == problems

    if missing == "G":
        # nowhere to be found: the import reports it, and it is not offered
        assert problems == [UnresolvedLink("army", "Army", "C", "G", "entryLink")]
        assert "Army choices" not in children
    else:
        # the library has a ``dup``, which the army sees through its catalogue link
        assert problems == []
        assert "Library duplicate" in children
