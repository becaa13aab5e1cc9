"""List specs: a roster written as the choices a player makes, not as a saved roster file.

Example lists shipped in the game packs and the rules' worked examples (test vectors) use this
form (see ``docs/architecture.md``, "List specs"). Building one gives the list a player's
clicks would, so auto-selected minimums and defaults appear exactly as they would in the
builder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

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
from armybuilder.engine.model import EntryNode
from armybuilder.engine.refusals import Refused
from armybuilder.engine.report import ERROR, WARNING
from armybuilder.engine.roster import Force, Roster, RosterError, Selection

JsonDict = Mapping[str, Any]

# A process serves a few closures, each with a few forces and list sizes.
_CACHED_TOP_LEVELS = 1_000


class ListSpecError(Refused):
    """A list spec names something its catalogues do not offer (counts and limits out of
    bounds are ``caps.CapExceeded``)."""


def empty_roster(compiled: Compiled, spec: JsonDict, *, budget: Budget | None = None) -> Roster:
    """A new roster with the spec's name, cost limits and list options, and no force yet
    (its numbers checked against the caps first)."""
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
    return roster


def build_roster(compiled: Compiled, spec: JsonDict, *, budget: Budget | None = None) -> Roster:
    """The roster a list spec describes, as the player's edit operations would build it.

    The spec's own selections are placed as given, then auto-selection adds what they leave
    short, place by place in the order a player's clicks would have reached them (a force's
    top level, then each selection and its options): the same roster as selecting each
    entry in turn and letting the spec's selections take over what auto-selection added,
    without auto-selecting for what the spec gives anyway.

    A list spec is a new list: a cost type its ``costLimits`` leave out has the game system's
    default limit. Raises ``CapExceeded`` for a spec over the caps (before building anything)
    and ``BudgetExceeded`` when building it spends more than ``budget``.
    """
    check_extent(spec)
    check_texts(spec)
    roster = empty_roster(compiled, spec, budget=budget)
    try:
        for force_spec in spec.get("forces") or []:
            _build_force(roster, force_spec, None)
    except RosterError as exc:
        raise ListSpecError(exc.code, exc.params) from exc
    return roster


@dataclass(frozen=True)
class _Place:
    """A selection, and what the spec gave under it."""

    force: Force
    parent: Selection
    given: edit.Given


def _build_force(roster: Roster, spec: JsonDict, parent: Force | None) -> None:
    # Adding a force auto-selects its top level at once, as the builder does; the spec's
    # top-level selections then take over what that added.
    force_entry_id, catalogue_id = str(spec["forceEntryId"]), str(spec["catalogueId"])
    if roster.forces:
        force, _ = edit.add_force(roster, force_entry_id, catalogue_id, parent=parent)
    else:
        force = _first_force(roster, force_entry_id, catalogue_id)
    force.custom_name = spec.get("customName")
    automatic = list(force.selections)
    chosen: set[EntryNode] = set()
    places: list[_Place] = []
    for selection_spec in spec.get("selections") or []:
        entry_id = str(selection_spec["entryId"])
        number = int(float(selection_spec.get("number", 1)))  # checked by ``build_roster``
        selection = _take_automatic(automatic, entry_id)
        if selection is None:
            node = edit.find_root_entry(roster, force, entry_id)
            selection = roster.add_selection(force, node, None, number)
        else:
            # taken over as the spec gives it: its options are placed and filled anew
            selection.amount = number
            for child in list(selection.children):
                roster.remove_selection(child)
        if selection.node.parent is not None and selection.node.parent.kind == "group":
            chosen.add(selection.node.parent)
        _place(roster, force, selection, selection_spec, places)
    # Picking an entry of a group replaces the group's default, as choosing it in the
    # builder does; defaults of groups the spec does not touch, and minimums, stay.
    for leftover in automatic:
        group = leftover.node.parent
        if group in chosen and group.attr("defaultSelectionEntryId") in leftover.node.ids:
            roster.remove_selection(leftover)
    # in the order a player's clicks reach them: each selection, then its options
    evaluators = edit.Evaluators(roster)
    for place in places:
        edit.fill_short(roster, place.force, place.parent, place.given, evaluators)
    for child in spec.get("forces") or []:
        _build_force(roster, child, force)


def _first_force(roster: Roster, force_entry_id: str, catalogue_id: str) -> Force:
    """``edit.add_force`` on a list with no force yet, from what it made on one with the same
    limits and options before (it depends on nothing else): the same selections, with the
    same ids, made again without auto-selection (which checks the whole roster's maximums
    before and after a pick, twice an evaluation of it)."""
    key: _TopLevelKey = (
        force_entry_id,
        catalogue_id,
        tuple(sorted(roster.cost_limits.items())),
        tuple(sorted(roster.options.items())),
    )
    # Kept with the compiled data (weakly), so a closure dropped from its cache takes them along.
    made_for = _top_levels.setdefault(roster.compiled, {})
    # Made within what is left of the list's budget, and what making it spent is charged to
    # every list built from it: a cached top level costs a request what making it would, so
    # a minimum read from a huge limit is stopped by the budget, made or not.
    made, spent = made_for.get(key) or _first_force_top_level(
        roster.compiled, *key, roster.budget.left
    )
    made_for[key] = (made, spent)
    while len(made_for) > _CACHED_TOP_LEVELS:
        made_for.pop(next(iter(made_for)), None)
    roster.budget.spend(spent)
    force = roster.add_force(force_entry_id, catalogue_id)
    selections: list[Selection] = []
    for node, parent_index, amount in made:
        parent = selections[parent_index] if parent_index is not None else None
        selections.append(roster.add_selection(force, node, parent, amount))
    return force


# (entry, index of its parent among the earlier ones or None, amount), in the order made
_Made = tuple[tuple[EntryNode, int | None, int], ...]


# force entry, catalogue, cost limits, list options
_TopLevelKey = tuple[str, str, tuple[tuple[str, float], ...], tuple[tuple[str, str], ...]]
_top_levels: WeakKeyDictionary[Compiled, dict[_TopLevelKey, tuple[_Made, int]]] = (
    WeakKeyDictionary()
)


def _first_force_top_level(
    compiled: Compiled,
    force_entry_id: str,
    catalogue_id: str,
    cost_limits: tuple[tuple[str, float], ...],
    options: tuple[tuple[str, str], ...],
    steps: int,
) -> tuple[_Made, int]:
    roster = Roster.new(compiled, budget=Budget(steps))
    roster.cost_limits = dict(cost_limits)
    roster.options = dict(options)
    force, _ = edit.add_force(roster, force_entry_id, catalogue_id)
    # ids are numbered in the order selections are made (a parent before its options)
    made = sorted(force.all_selections(), key=lambda s: int(s.id.rsplit("-", 1)[1]))
    index = {id(s): i for i, s in enumerate(made)}
    return (
        tuple((s.node, None if s.parent is None else index[id(s.parent)], s.amount) for s in made),
        roster.budget.spent,
    )


def _place(
    roster: Roster, force: Force, selection: Selection, spec: JsonDict, places: list[_Place]
) -> None:
    """Give ``selection`` the spec's custom name, notes and options (placed as given, each
    with its own), noting each selection for auto-selection before those under it."""
    selection.custom_name = spec.get("customName", selection.custom_name)
    selection.custom_notes = spec.get("customNotes", selection.custom_notes)
    at = len(places)
    entries: set[EntryNode] = set()
    chosen: set[EntryNode] = set()
    for option_spec in spec.get("selections") or []:
        number = int(float(option_spec.get("number", 1)))  # checked by ``build_roster``
        node = edit.find_child_entry(selection, str(option_spec["entryId"]))
        # An option picked again merges into its earlier selection (as in the builder),
        # so the spec's number adds to what that selection already had.
        option = None
        if not edit.instanced(node):
            option = next((s for s in selection.children if s.node is node), None)
        if option is not None:
            option.amount += number
        else:
            option = roster.add_selection(force, node, selection, number)
        entries.add(node)
        if node.parent is not None and node.parent.kind == "group":
            chosen.add(node.parent)
        _place(roster, force, option, option_spec, places)
    places.insert(at, _Place(force, selection, edit.Given(frozenset(entries), frozenset(chosen))))


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
