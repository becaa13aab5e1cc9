"""The engine on real BSData catalogues (read from ../shared, never copied into the repo)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from armybuilder.engine import edit
from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.roster import Roster

WH40K = Path(__file__).resolve().parents[3] / "shared" / "bsdata" / "wh40k-9e"
ULTRAMARINES = "Imperium - Adeptus Astartes - Ultramarines"

pytestmark = pytest.mark.skipif(not WH40K.is_dir(), reason=f"BSData folder {WH40K} is absent")


@pytest.fixture(scope="module")
def documents() -> tuple[dict, list[dict]]:
    game_system = parse_xml((WH40K / "Warhammer 40,000.gst").read_bytes())
    catalogues = [parse_xml(path.read_bytes()) for path in sorted(WH40K.glob("*.cat"))]
    return game_system, catalogues


def test_space_marines_closure_compiles_fast_and_resolves(
    documents: tuple[dict, list[dict]],
) -> None:
    game_system, catalogues = documents
    started = time.perf_counter()
    compiled = compile_documents(game_system, catalogues)
    assert time.perf_counter() - started < 1.0
    assert unresolved_links(game_system, catalogues) == []
    ultramarines = next(
        c for c, body in compiled.catalogues.items() if body["name"] == ULTRAMARINES
    )
    assert len(compiled.root_entries(ultramarines)) > 100


def test_a_real_roster_evaluates_and_survives_a_ros_round_trip(
    documents: tuple[dict, list[dict]],
) -> None:
    compiled = compile_documents(*documents)
    ultramarines = next(
        c for c, body in compiled.catalogues.items() if body["name"] == ULTRAMARINES
    )
    battalion = next(f for f in compiled.force_entries.values() if f.name == "Battalion Detachment")
    roster = Roster(compiled)
    force, _ = edit.add_force(roster, battalion.id, ultramarines)
    units = [n for n in compiled.root_entries(ultramarines) if n.type == "unit" and not n.hidden]
    for node in units[:10]:
        edit.select_node(roster, force, node, None)
    view = evaluate(roster).view
    assert len(list(view.all_selections())) > 10
    assert view.total_cost("points") > 0
    document = roster_document(view)
    loaded = load_roster(compiled, parse_xml(write_xml(document)))
    assert roster_document(evaluate(loaded).view) == document


T9A = Path(__file__).resolve().parents[3] / "shared" / "bsdata" / "t9a-3rd"


@pytest.mark.skipif(not T9A.is_dir(), reason=f"BSData folder {T9A} is absent")
def test_t9a_category_percentages_use_the_roster_points_limit() -> None:
    compiled = compile_documents(
        parse_xml((T9A / "T9A-FB-3rd.gst").read_bytes()),
        [parse_xml(path.read_bytes()) for path in sorted(T9A.glob("*.cat"))],
    )
    holds = next(c for c, body in compiled.catalogues.items() if "Dwarven Holds" in body["name"])
    army = next(f for f in compiled.force_entries.values() if f.name == "Dwarven Holds")
    core_min = next(c for c in army.categories if c.name == "Core").constraints[0]
    points = core_min.field.removeprefix("limit::")
    roster = Roster(compiled)
    roster.set_cost_limit(points, 4500)
    force, _ = edit.add_force(roster, army.id, holds)
    by_name = {n.name: n for n in compiled.root_entries(holds)}
    edit.select_node(roster, force, by_name["King"], None)
    warriors, _ = edit.select_node(roster, force, by_name["Clan Warriors"], None)
    evaluation = evaluate(roster)
    assert (core_min.type, core_min.raw.get("percentValue")) == ("min", True)
    assert core_min.id in {p.constraint_id for p in evaluation.problems}
    # Clan Warriors are Core: with enough of them the 25 % minimum (1,125 points) is met
    for _ in range(5):
        edit.select_node(roster, force, by_name["Clan Warriors"], None)
    assert evaluate(roster).view.total_cost(points) >= 1125
    assert core_min.id not in {p.constraint_id for p in evaluate(roster).problems}
    assert warriors.children  # the unit's minimum models were auto-selected
