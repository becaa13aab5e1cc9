"""List specs: a roster written as the choices a player makes, not as a saved roster file.

Example lists shipped in the game packs and the rules' worked examples (test vectors) use this
form (see ``docs/architecture.md``, "List specs"). Applying one goes through the same edit
operations as a player's clicks, so auto-selected minimums and defaults appear exactly as they
would in the builder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from armybuilder.engine import caps, edit
from armybuilder.engine.caps import (
    Budget,
    check_extent,
    check_texts,
    checked_cost_limit,
    checked_name,
    checked_number,
)
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluate import Evaluation
from armybuilder.engine.report import ERROR, WARNING
from armybuilder.engine.roster import Force, Roster, RosterError, Selection

JsonDict = Mapping[str, Any]


class ListSpecError(ValueError):
    """A list spec names something its catalogues do not offer (counts and limits out of
    bounds are ``caps.CapExceeded``)."""


def build_roster(compiled: Compiled, spec: JsonDict, *, budget: Budget | None = None) -> Roster:
    """The roster a list spec describes, built through the player's edit operations.

    A list spec is a new list: a cost type its ``costLimits`` leave out has the game system's
    default limit. Raises ``CapExceeded`` for a spec over the caps (before building anything)
    and ``BudgetExceeded`` when building it spends more than ``budget``.
    """
    check_extent(spec)
    check_texts(spec)
    limits = {str(k): checked_cost_limit(v) for k, v in dict(spec.get("costLimits") or {}).items()}
    for selection in caps.selections(spec):
        checked_number(selection.get("number", 1), lowest=1)
    roster = Roster.new(compiled, name=str(spec.get("name", "")), budget=budget)
    for type_id, value in limits.items():
        roster.set_cost_limit(type_id, value)
    roster.options = {
        checked_name(str(k)): checked_name(str(v))
        for k, v in dict(spec.get("options") or {}).items()
    }
    try:
        for force_spec in spec.get("forces") or []:
            _add_force(roster, force_spec, None)
    except RosterError as exc:
        raise ListSpecError(str(exc)) from exc
    return roster


def _add_force(roster: Roster, spec: JsonDict, parent: Force | None) -> None:
    force, _ = edit.add_force(
        roster, str(spec["forceEntryId"]), str(spec["catalogueId"]), parent=parent
    )
    force.custom_name = spec.get("customName")
    _add_selections(roster, force, None, spec.get("selections") or [])
    for child in spec.get("forces") or []:
        _add_force(roster, child, force)


def _add_selections(
    roster: Roster, force: Force, parent: Selection | None, specs: Sequence[JsonDict]
) -> None:
    # Children the editor already auto-selected (minimums, defaults) are taken over by the
    # first spec naming the same entry, so a spec reads like the finished list.
    automatic = list(parent.children if parent is not None else force.selections)
    picked_groups: set[int] = set()
    for spec in specs:
        entry_id = str(spec["entryId"])
        number = int(float(spec.get("number", 1)))  # checked by ``build_roster``
        selection = _take_automatic(automatic, entry_id)
        if selection is not None:
            edit.set_count(selection, number)
        else:
            siblings = parent.children if parent is not None else force.selections
            before = {id(s): s.amount for s in siblings}
            selection, _ = edit.select_entry(roster, force, entry_id, parent)
            # An option picked again merges into its earlier selection (as in the builder),
            # so the spec's number adds to what that selection already had.
            edit.set_count(selection, before.get(id(selection), 0) + number)
        if selection.node.parent is not None and selection.node.parent.kind == "group":
            picked_groups.add(id(selection.node.parent))
        selection.custom_name = spec.get("customName", selection.custom_name)
        selection.custom_notes = spec.get("customNotes", selection.custom_notes)
        _add_selections(roster, force, selection, spec.get("selections") or [])
    # Picking an option of a group replaces the group's default, as choosing it in the
    # builder does; defaults of groups the spec does not touch, and minimums, stay.
    for leftover in automatic:
        group = leftover.node.parent
        if group is None or id(group) not in picked_groups:
            continue
        if group.attr("defaultSelectionEntryId") in leftover.node.ids:
            roster.remove_selection(leftover)


def _take_automatic(automatic: list[Selection], entry_id: str) -> Selection | None:
    for selection in automatic:
        node = selection.node
        if entry_id == node.path_id or entry_id in node.ids:
            automatic.remove(selection)
            return selection
    return None


def outcome(evaluation: Evaluation) -> dict[str, Any]:
    """What a list spec's ``expected`` block describes: problem codes and cost totals."""
    codes = sorted(p.code for p in evaluation.problems if p.severity in (ERROR, WARNING))
    totals = {cost.type_id: cost.value for cost in evaluation.view.costs}
    return {"codes": codes, "totals": totals}
