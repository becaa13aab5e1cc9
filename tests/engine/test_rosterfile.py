"""``.ros`` / ``.rosz`` files of a real roster: out, back in by entry-id paths, and against a
catalogue revision that no longer offers some of the selected entries."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import report
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import roster_document
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.formats import FormatError
from armybuilder.engine.listspec import build_roster, outcome
from armybuilder.engine.rosterfile import document_file, read_roster, roster_file
from tests.engine.packs import compiled_for_spec, list_spec_files
from tests.engine.realdata import WH40K, compiled_for, documents, load_spec, spec_files

BATTALION = "space_marines_battalion_2000.json"
# a top-level unit reached through the Ultramarines catalogue's entry link, and an option
# reached through a link inside the Space Marines catalogue's Redemptor Dreadnought
JUDICIAR_LINK, JUDICIAR = "09db-87f6-b308-8f0a", "09db-87f6-b308-8f0a::335d-a06f-0afb-c749"
ICARUS_LINK = "f768-1631-cc47-d7a9"
ICARUS = "21ca-3e23-5702-182f::f768-1631-cc47-d7a9::9f8e-eea5-42fb-44d5"
REDEMPTOR = "21ca-3e23-5702-182f::ba12-f033-1337-ef00"
SPECS = spec_files()
GAME_SYSTEM = {"gameSystem": {"id": "gs", "name": "Not a roster", "revision": 1}}


@pytest.fixture(scope="module")
def battalion() -> Evaluation:
    return evaluate(build_roster(compiled_for(WH40K), load_spec(BATTALION)))


def _selections(evaluation: Evaluation) -> list[tuple[str, str, int]]:
    return sorted((s.id, s.entry_id, s.number) for s in evaluation.view.all_selections())


@pytest.mark.parametrize("extension", [".ros", ".rosz"])
@pytest.mark.parametrize("path", SPECS, ids=[p.stem for p in SPECS])
def test_a_real_roster_round_trips_through_its_file(path: Path, extension: str) -> None:
    spec = load_spec(path.name)
    compiled = compiled_for(spec["gameSystemId"])
    original = evaluate(build_roster(compiled, spec))
    filename = path.stem + extension

    loaded = evaluate(read_roster(compiled, roster_file(original.view, filename), filename))

    assert _selections(loaded) == _selections(original)
    assert loaded.view.costs == original.view.costs
    assert loaded.problems == original.problems
    assert outcome(loaded)["codes"] == sorted(spec["expected"]["codes"])
    assert roster_document(loaded.view) == roster_document(original.view)


def test_a_rosz_is_one_ros_document_zipped_the_same_way_each_time(
    battalion: Evaluation,
) -> None:
    data = roster_file(battalion.view, "lists/Battalion.rosz")

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        (member,) = archive.infolist()
        content = archive.read(member)
    assert member.filename == "Battalion.ros"
    assert content == roster_file(battalion.view, "Battalion.ros")
    assert data == roster_file(battalion.view, "Battalion.rosz")


def test_a_roster_file_has_a_roster_extension(battalion: Evaluation) -> None:
    with pytest.raises(FormatError) as written:
        roster_file(battalion.view, "battalion.cat")
    with pytest.raises(FormatError) as read:
        read_roster(compiled_for(WH40K), json.dumps(GAME_SYSTEM).encode(), "battalion.json")
    assert (written.value.code, read.value.code) == ("format.unsupported", "format.wrong_root")


def _without(documents: list[dict[str, Any]], element_ids: set[str]) -> list[dict[str, Any]]:
    """Copies of the documents without the list items (entries, links) of these ids."""
    pruned = copy.deepcopy(documents)
    removed: list[str] = []

    def prune(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                prune(value)
        elif isinstance(node, list):
            removed.extend(
                i["id"] for i in node if isinstance(i, dict) and i.get("id") in element_ids
            )
            node[:] = [i for i in node if not (isinstance(i, dict) and i.get("id") in element_ids)]
            for item in node:
                prune(item)

    prune(pruned)
    assert sorted(removed) == sorted(element_ids)
    return pruned


def test_entries_gone_from_a_newer_catalogue_are_reported_and_the_rest_is_kept(
    battalion: Evaluation,
) -> None:
    game_system, catalogues = documents(WH40K)
    newer = compile_documents(game_system, _without(catalogues, {JUDICIAR_LINK, ICARUS_LINK}))

    loaded = evaluate(read_roster(newer, roster_file(battalion.view, "b.ros"), "b.ros"))

    gone = [
        part
        for s in battalion.view.all_selections()
        if s.entry_id in (JUDICIAR, ICARUS)
        for part in s.walk()
    ]
    # each selection left out is reported, the two the data lost and every one under them,
    # owned by where they sat
    unknown = sorted(
        (p.entry_id, p.owner_type, p.owner_entry_id)
        for p in loaded.problems
        if p.code == report.SELECTION_UNKNOWN_ENTRY
    )
    owners = {
        JUDICIAR: ("force", "564e-55d5-79bc-a4d7"),
        ICARUS: ("selection", REDEMPTOR.split("::")[-1]),
    }
    assert unknown == sorted(
        (part.entry_id, *owners[top.entry_id])
        for top in battalion.view.all_selections()
        if top.entry_id in (JUDICIAR, ICARUS)
        for part in top.walk()
    )
    assert len(unknown) > 2
    assert {(p.code, p.severity) for p in loaded.problems} == {
        (report.SELECTION_UNKNOWN_ENTRY, report.ERROR)
    }
    assert all(any(part.name in p.message for p in loaded.problems) for part in gone)
    # exactly those selections are left out, and the costs the file records for them stay
    # in the totals (the free Icarus rocket pod costs nothing, the Judiciar 75 points)
    assert {s[0] for s in _selections(loaded)} == {s[0] for s in _selections(battalion)} - {
        part.id for part in gone
    }
    assert loaded.view.total_cost("points") == battalion.view.total_cost("points")
    assert loaded.view.unlinked_costs["points"] == 75


OPTION_SPECS = [p for p in list_spec_files() if json.loads(p.read_text("utf-8")).get("options")]


@pytest.mark.parametrize("path", OPTION_SPECS, ids=[p.stem for p in OPTION_SPECS])
def test_list_options_travel_in_the_roster_file(path: Path) -> None:
    spec = json.loads(path.read_text("utf-8"))
    compiled = compiled_for_spec(spec)
    original = evaluate(build_roster(compiled, spec))

    loaded = read_roster(compiled, roster_file(original.view, "list.ros"), "list.ros")

    assert loaded.options == {k: str(v) for k, v in spec["options"].items()}
    assert evaluate(loaded).problems == original.problems


def test_a_roster_files_own_tags_are_kept_apart_from_list_options() -> None:
    spec = json.loads(next(p for p in OPTION_SPECS if "battleground" in p.parts).read_text("utf-8"))
    compiled = compiled_for_spec(spec)
    written = roster_file(evaluate(build_roster(compiled, spec)).view, "list.ros")
    # a tag a player's tool set, and an option this game does not offer
    tagged = written.replace(
        b"</tags>",
        b'<tag id="tournament-1" name="Spring league"/>'
        b'<tag id="list-option:bogus" name="x"/></tags>',
    )
    assert tagged != written

    loaded = evaluate(read_roster(compiled, tagged, "list.ros"))

    assert loaded.view.options == {**spec["options"], "bogus": "x"}
    invalid = [p for p in loaded.problems if p.code == "bg.option.invalid"]
    assert [p.entry_id for p in invalid] == ["bogus"]


def test_a_selection_a_file_has_outside_the_unit_that_offers_it_keeps_its_points(
    battalion: Evaluation,
) -> None:
    """Nothing vanishes from a roster file: wargear the data offers only inside a unit, found
    at the force's top level (as a file from another builder or data revision may have it),
    is kept with its points and reported, not read back as gone."""
    compiled = compiled_for(WH40K)
    document = roster_document(battalion.view)
    top = document["roster"]["forces"][0]["selections"]
    roots = {
        n.path_id for n in compiled.root_entries(document["roster"]["forces"][0]["catalogueId"])
    }
    unit, wargear = next(
        (unit, child)
        for unit in top
        for child in unit.get("selections") or []
        if any(c["value"] for c in child.get("costs") or []) and child["entryId"] not in roots
    )
    unit["selections"].remove(wargear)
    top.append(wargear)

    loaded = evaluate(read_roster(compiled, document_file(document, "moved.ros"), "moved.ros"))

    # (the unit now lacks the option it had, and says so)
    assert sorted((p.code, p.owner_id) for p in loaded.problems) == [
        (report.CONSTRAINT_MIN, unit["id"]),
        (report.SELECTION_MISPLACED, wargear["id"]),
    ]
    assert loaded.view.costs == battalion.view.costs
