"""The engine on real BSData catalogues (read from ../shared, never copied into the repo).

The list specs in ``tests/engine/realdata/`` (a legal 2000-point Ultramarines Battalion, a
legal 4500-point Dwarven Holds army and illegal versions of each) are built through the
engine's edit operations from the community XML and checked against their expected problem
codes, the constraints and owners that raise them, and their cost totals.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.listspec import build_roster, outcome
from armybuilder.engine.report import ERROR, WARNING
from armybuilder.engine.roster import Roster
from tests.engine.realdata import (
    CP,
    T9A,
    WH40K,
    compiled_for,
    detachment_command_cost,
    documents,
    entry_cost,
    load_spec,
    spec_files,
)

ULTRAMARINES = "Imperium - Adeptus Astartes - Ultramarines"
SPECS = spec_files()


def _problems(evaluation: Evaluation) -> list[dict[str, str]]:
    """Errors and warnings in the form of a spec's ``expected.problems``."""
    return sorted(
        (
            {
                "code": p.code,
                "ownerType": p.owner_type,
                "ownerEntryId": p.owner_entry_id,
                "constraintId": p.constraint_id,
            }
            for p in evaluation.problems
            if p.severity in (ERROR, WARNING)
        ),
        key=lambda p: (p["code"], p["ownerEntryId"], p["constraintId"]),
    )


def _evaluate_spec(spec: dict[str, Any]) -> Evaluation:
    return evaluate(build_roster(compiled_for(spec["gameSystemId"]), spec))


@pytest.mark.parametrize("path", SPECS, ids=[p.stem for p in SPECS])
def test_real_data_list_has_its_expected_outcome(path: Path) -> None:
    spec = load_spec(path.name)
    evaluation = _evaluate_spec(spec)

    actual = outcome(evaluation)
    expected = spec["expected"]
    assert actual["codes"] == sorted(expected["codes"])
    assert _problems(evaluation) == expected.get("problems", [])
    for type_id, total in expected["totals"].items():
        assert actual["totals"][type_id] == pytest.approx(total), type_id


def test_there_are_legal_and_illegal_lists_for_both_games() -> None:
    specs = [load_spec(p.name) for p in SPECS]
    for game in (WH40K, T9A):
        codes = [bool(s["expected"]["codes"]) for s in specs if s["gameSystemId"] == game]
        assert codes.count(False) == 1
        assert codes.count(True) >= 3


def test_the_legal_battalion_is_a_full_strike_force_list() -> None:
    """The list the benchmark reuses: every slot a real Battalion fills, and 150 selections."""
    view = _evaluate_spec(load_spec("space_marines_battalion_2000.json")).view
    (force,) = view.forces
    slots = Counter(
        next(c.name for c in s.categories if c.primary)
        for s in force.selections
        if s.type in ("unit", "model")
    )
    assert slots == {
        "HQ": 3,
        "Troops": 4,
        "Elites": 6,
        "Fast Attack": 3,
        "Heavy Support": 3,
        "Dedicated Transport": 1,
    }
    assert len(list(view.all_selections())) >= 150
    assert view.total_cost("points") == 2000
    # wargear was chosen, not only the defaults: e.g. the Devastators carry two weapon kinds
    devastators = next(s for s in force.selections if s.name == "Devastator Squad")
    weapons = {c.name for s in devastators.walk() for c in s.children if s.type == "model"}
    assert {"Lascannon", "Missile launcher"} <= weapons


def test_the_battalion_rule_of_three_is_not_in_the_community_data() -> None:
    """A data quirk, documented: four Redemptors break the Rule of Three (digest "Other
    items"), but the community catalogue has no constraint for it, so only the Elites slot
    maximum fires on the seven-Elites list."""
    spec = load_spec("space_marines_battalion_seven_elites.json")
    view = _evaluate_spec(spec).view
    redemptors = [s for s in view.forces[0].selections if s.name == "Redemptor Dreadnought"]
    assert len(redemptors) == 4
    assert [p["constraintId"] for p in spec["expected"]["problems"]] == ["4137-b9ab-7541-4fab"]


WARLORD = "ee33-18fd-7317-1171"
STRIKE_FORCE = "09f9-b586-8d63-7635"  # the battle size entry the Battalion list picks


def test_a_battalion_without_the_warlord_pays_its_command_cost() -> None:
    """A Battalion costs 3 CP, refunded when it holds the Warlord (digest line 619). The data
    charges it on "Detachment Command Cost" through an ``instanceOf`` condition on the force
    entry at force scope, which holds in a Battalion (New Recruit): without the Warlord the
    Strike Force's CP drop by what the data's modifier sets, and only the Warlord minimum
    fires."""
    spec = load_spec("space_marines_battalion_2000.json")
    for selection in spec["forces"][0]["selections"]:
        children = selection.get("selections", [])
        selection["selections"] = [c for c in children if not c["entryId"].endswith(WARLORD)]

    evaluation = _evaluate_spec(spec)

    strike_force = entry_cost(WH40K, STRIKE_FORCE, CP)
    battalion = detachment_command_cost("Outrider, Spearhead")  # (Battalion without Warlord)
    assert (strike_force, battalion) == (12, -3)
    assert evaluation.view.total_cost(CP) == strike_force + battalion
    assert _problems(evaluation) == [
        {
            "code": "constraint.min",
            "ownerType": "roster",
            "ownerEntryId": "ae09-117e-a6fa-316b",  # the Warlord entry that declares it
            "constraintId": "6ee0-38ca-e173-ff3d",
        }
    ]


# ------------------------------------------------------------------ closure and round trip


def test_space_marines_closure_compiles_and_resolves() -> None:
    # Its speed is a benchmark figure (benchmarks/engine_evaluate.py), not a test.
    game_system, catalogues = documents(WH40K)
    compiled = compile_documents(game_system, catalogues)
    assert unresolved_links(game_system, catalogues) == []
    ultramarines = next(
        c for c, body in compiled.catalogues.items() if body["name"] == ULTRAMARINES
    )
    assert len(compiled.root_entries(ultramarines)) > 100


def test_a_real_roster_evaluates_and_survives_a_ros_round_trip() -> None:
    compiled = compiled_for(WH40K)
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


def test_t9a_category_percentages_use_the_roster_points_limit() -> None:
    compiled = compiled_for(T9A)
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
