"""What the engine keeps between evaluations (a compiled closure's shared views, selection
parts and query specs) never carries one roster's state into another evaluation."""

from __future__ import annotations

from typing import Any

from armybuilder.engine import edit
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.document import roster_document
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.roster import Roster
from armybuilder.engine.view import RosterView
from tests.engine.realdata import WH40K, compiled_for, documents, load_spec

BATTALION = "space_marines_battalion_2000.json"


def _state(evaluation: Evaluation) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    problems = [(p.code, p.owner_id, p.constraint_id) for p in evaluation.problems]
    return roster_document(evaluation.view), problems


def _edit(roster: Roster, view: RosterView) -> None:
    """Two more of every option that costs points, and one top-level selection fewer."""
    costly = {s.id for s in view.all_selections() if s.parent is not None and s.cost("points")}
    for selection in list(roster.all_selections()):
        if selection.id in costly:
            edit.set_count(selection, selection.amount + 2)
    force = roster.forces[0]
    roster.remove_selection(force.selections[-1])


def test_a_warm_evaluation_after_edits_matches_one_on_a_fresh_compile() -> None:
    spec = load_spec(BATTALION)
    warm = build_roster(compiled_for(WH40K), spec)
    before = evaluate(warm)
    shown_before = _state(before)
    _edit(warm, before.view)
    after = evaluate(warm)

    cold = build_roster(compile_documents(*documents(WH40K)), spec)
    _edit(cold, before.view)  # (the same selection ids: built by the same edits)

    assert _state(after) == _state(evaluate(cold))
    assert _state(after) != shown_before
    # the first evaluation's view is untouched by the second (they share read-only parts)
    assert _state(before) == shown_before


def test_evaluating_twice_gives_the_same_view_and_problems() -> None:
    roster = build_roster(compiled_for(WH40K), load_spec(BATTALION))
    assert _state(evaluate(roster)) == _state(evaluate(roster))
