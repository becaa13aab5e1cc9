"""Detachments of 9th-edition 40k on the community data: command points, the Supreme Command
Detachment and child forces, as the data's own modifiers and constraints say.

The data decides a detachment's command points on its "Detachment Command Cost" entry with
``instanceOf`` conditions on the force entry (``scope="force"``), so those must hold in a
force of that entry; the Warlord is an upgrade nested in a unit, and the force's "Warlord"
category constraint counts it through ``includeChildSelections``. Expected figures are read
from the data's modifiers and costs, never written here. Each roster is also written out as
a ``.ros`` file and read back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.model import find_entry
from armybuilder.engine.roster import Force, Roster
from armybuilder.engine.rosterfile import read_roster, roster_file
from tests.engine.realdata import (
    CP,
    DETACHMENT_COMMAND_COST,
    WH40K,
    compiled_for,
    data_entry,
    detachment_command_cost,
    entry_cost,
)
from tests.engine.realdata.detachments import (
    BATTALION,
    GUILLIMAN,
    LORD_OF_WAR,
    SUPREME_COMMANDER,
    ULTRAMARINES,
    WARLORD,
    WARLORD_CATEGORY,
    battalion_and_patrol,
    battalion_and_supreme_command,
    battalion_with_child_force,
    force,
    roster_of,
)

STRIKE_FORCE = "09f9-b586-8d63-7635"  # the battle size the Battalion list picks


def _base_cost() -> float:
    """What a Strike Force roster has before any detachment's cost: its battle size's CP and
    the command cost entry's own (unmodified) CP."""
    return entry_cost(WH40K, STRIKE_FORCE, CP) + entry_cost(WH40K, DETACHMENT_COMMAND_COST, CP)


def _guilliman_warlord_cp() -> float:
    """The CP Guilliman's entry sets when he is the Warlord (its only CP modifier)."""
    [value] = [
        float(m["value"]) for m in data_entry(WH40K, GUILLIMAN)["modifiers"] if m.get("field") == CP
    ]
    return value


def _codes(evaluation: Evaluation) -> Counter[tuple[str, str, str]]:
    return Counter((p.code, p.owner_entry_id, p.constraint_id) for p in evaluation.problems)


def _read_back(roster: Roster) -> Evaluation:
    """The roster written as a BattleScribe ``.ros`` file, read back and evaluated."""
    data = roster_file(evaluate(roster).view, "list.ros")
    return evaluate(read_roster(compiled_for(WH40K), data, "list.ros"))


def test_a_patrol_without_the_warlord_costs_what_the_data_says() -> None:
    roster = battalion_and_patrol()
    evaluation = evaluate(roster)

    patrol = detachment_command_cost("Patrol CP Cost without Warlord")
    assert patrol < 0
    # the Battalion holds the Warlord: none of its costs applies
    assert evaluation.view.total_cost(CP) == _base_cost() + patrol
    assert evaluation.problems == []
    names = [f.name for f in evaluation.view.forces]
    assert names == ["Battalion Detachment 0CP", "Patrol Detachment -2CP"]


def test_a_supreme_command_refunds_the_battalion_and_fills_its_slots_with_nested_warlords() -> None:
    roster = battalion_and_supreme_command()
    evaluation = evaluate(roster)

    battalion = detachment_command_cost("Outrider, Spearhead")  # (a Battalion without Warlord)
    refund = detachment_command_cost("Supreme Command CP Benefit with a Battalion")
    assert (battalion, refund) == (-3, 3)
    expected = _base_cost() + battalion + refund + _guilliman_warlord_cp()
    assert evaluation.view.total_cost(CP) == expected
    # the Warlord upgrade inside Guilliman fills the Supreme Command's "Warlord" minimum, and
    # Guilliman, filed under the Primarch/Supreme Commander slot there, fills that slot
    assert evaluation.problems == []
    command = evaluation.view.forces[1]
    [guilliman] = [s for s in command.selections if s.base_entry_id == GUILLIMAN]
    assert guilliman.primary_category == SUPREME_COMMANDER


def test_without_its_nested_warlord_the_supreme_command_reports_the_warlord_minimums() -> None:
    roster = battalion_and_supreme_command()
    [upgrade] = [s for s in roster.all_selections() if s.node.id == WARLORD]
    roster.remove_selection(upgrade)

    problems = _codes(evaluate(roster))

    warlord_minimums = {
        # the Supreme Command's own (its category link's and the Warlord entry's force-wide
        # minimum, which the data sets to 1 in a Supreme Command) and the roster's
        ("constraint.min", WARLORD_CATEGORY, "ea61-c716-bc3b-0b68"),
        ("constraint.min", WARLORD_CATEGORY, "e862-071e-a10f-7fd2"),
        ("constraint.min", WARLORD_CATEGORY, "6ee0-38ca-e173-ff3d"),
    }
    assert {key: problems[key] for key in warlord_minimums} == dict.fromkeys(warlord_minimums, 1)


def test_guilliman_is_a_lord_of_war_outside_a_supreme_command() -> None:
    roster = roster_of("Guilliman", [force(BATTALION, ["game type", "guilliman"])])
    [guilliman] = [
        s for s in evaluate(roster).view.all_selections() if s.base_entry_id == GUILLIMAN
    ]
    assert guilliman.primary_category == LORD_OF_WAR


def test_the_detachment_command_cost_is_hidden_in_a_child_force() -> None:
    roster = battalion_with_child_force()
    [parent] = roster.forces
    [child] = parent.child_forces
    evaluator = Evaluator(roster)
    node = find_entry(roster.compiled.root_entries(ULTRAMARINES), DETACHMENT_COMMAND_COST)
    assert node is not None

    def hidden_in(where: Force) -> bool:
        ctx = Ctx(roster, where, None, None, node)
        return bool(evaluator.entry_values(node, ctx).fields["hidden"])

    assert (hidden_in(parent), hidden_in(child)) == (False, True)
    assert evaluate(roster).problems == []
    assert evaluate(roster).view.total_cost(CP) == _base_cost()


@pytest.mark.parametrize(
    "build", [battalion_and_patrol, battalion_and_supreme_command, battalion_with_child_force]
)
def test_a_detachment_roster_reads_back_from_its_ros_file_with_the_same_verdict(
    build: Callable[[], Roster],
) -> None:
    roster = build()
    before = evaluate(roster)
    after = _read_back(roster)
    assert after.view.total_cost(CP) == before.view.total_cost(CP)
    assert _codes(after) == _codes(before)
    assert [f.name for f in after.view.all_forces()] == [f.name for f in before.view.all_forces()]
