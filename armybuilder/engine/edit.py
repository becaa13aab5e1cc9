"""Player-facing roster edits with New Recruit's behaviour (auto-selection, collective counts).

These wrap the structural operations of ``roster.py`` with the rules that need evaluation:
which entries are available, minimums to auto-select, defaults of entry groups.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from armybuilder.engine.caps import whole
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Ctx, Evaluator, Values
from armybuilder.engine.model import EntryNode
from armybuilder.engine.report import CONSTRAINT_MAX
from armybuilder.engine.roster import (
    BAD_COUNT,
    BAD_PARTNER,
    NO_ASSOCIATION,
    NOT_IN_FORCE,
    NOT_UNDER,
    Force,
    Roster,
    RosterError,
    Selection,
)


def find_root_entry(roster: Roster, force: Force, entry_id: str) -> EntryNode:
    """The top-level entry of a force's catalogue that ``entry_id`` names."""
    found = roster.compiled.find_root_entry(force.catalogue_id, entry_id)
    if found is None:
        raise RosterError(NOT_IN_FORCE, {"entry_id": entry_id})
    return found


def find_child_entry(parent: Selection, entry_id: str) -> EntryNode:
    """The entry under a selection that ``entry_id`` names."""
    found = parent.node.find_entry(entry_id)
    if found is None:
        raise RosterError(NOT_UNDER, {"entry_id": entry_id, "parent": parent.node.name})
    return found


def add_force(
    roster: Roster, force_entry_id: str, catalogue_id: str, parent: Force | None = None
) -> tuple[Force, dict[str, str]]:
    """Add a force (or child force) and auto-select its minimums.

    Returns the force and the selections made automatically (entry path id -> selection id).
    """
    force = roster.add_force(force_entry_id, catalogue_id, parent)
    created: dict[str, str] = {}
    _auto_select(roster, force, None, created)
    return force, created


def select_entry(
    roster: Roster, force: Force, entry_id: str, parent: Selection | None = None
) -> tuple[Selection, dict[str, str]]:
    """Select an entry at the force's top level or under a selection."""
    node = (
        find_child_entry(parent, entry_id)
        if parent is not None
        else find_root_entry(roster, force, entry_id)
    )
    return select_node(roster, force, node, parent)


def select_node(
    roster: Roster, force: Force, node: EntryNode, parent: Selection | None, amount: int = 1
) -> tuple[Selection, dict[str, str]]:
    """Select a resolved entry; returns the selection and what was auto-selected under it."""
    if parent is not None and not instanced(node):
        existing = next((s for s in parent.children if s.node is node), None)
        if existing is not None:
            existing.amount += amount
            return existing, {}
    selection = roster.add_selection(force, node, parent, amount)
    created: dict[str, str] = {}
    _auto_select(roster, force, selection, created)
    return selection, created


def instanced(node: EntryNode) -> bool:
    """An entry with non-collective children gets one selection per pick (New Recruit)."""
    return any(not child.collective and not child.hidden for child in node.entries())


def set_count(selection: Selection, count: int) -> None:
    if count < 1:
        raise RosterError(BAD_COUNT)
    selection.amount = count


def deselect(roster: Roster, selection: Selection) -> None:
    """Remove a selection; a collective one loses one per model until none is left."""
    if selection.collective and selection.amount > 1:
        selection.amount -= 1
        return
    roster.remove_selection(selection)


@dataclass(frozen=True)
class Given:
    """What a player set themselves under a selection (a list spec's options), which
    auto-selection leaves as it is: the numbers of ``entries`` stand, and a group in
    ``chosen`` gets no default, as choosing from it in the builder removes the default."""

    entries: frozenset[EntryNode] = frozenset()
    chosen: frozenset[EntryNode] = frozenset()


NOTHING_GIVEN = Given()


class Evaluators:
    """The evaluator auto-selection reads a roster with, kept (caches and all) from one
    place of the list to the next until a pick changes the roster."""

    def __init__(self, roster: Roster) -> None:
        self.roster = roster
        self._current: Evaluator | None = None

    def current(self) -> Evaluator:
        if self._current is None:
            self._current = Evaluator(self.roster)
        return self._current

    def changed(self) -> Evaluator:
        """A new evaluator: the roster changed."""
        self._current = Evaluator(self.roster)
        return self._current


def fill_short(
    roster: Roster, force: Force, parent: Selection, given: Given, evaluators: Evaluators
) -> None:
    """Auto-select what a selection still lacks around the options the player ``given``:
    what auto-selection would have added before the player's own picks took its place.
    ``evaluators`` is shared by the places filled one after another."""
    _auto_select(roster, force, parent, {}, given, evaluators)


def _auto_select(
    roster: Roster,
    force: Force,
    parent: Selection | None,
    created: dict[str, str],
    given: Given = NOTHING_GIVEN,
    evaluators: Evaluators | None = None,
) -> None:
    """Select every available entry up to its minimum, and entry-group defaults."""
    evaluators = evaluators or Evaluators(roster)
    nodes = (
        parent.node.children
        if parent is not None
        else roster.compiled.root_entries(force.catalogue_id)
    )
    # a minimum may depend on what was auto-selected after it (one option per five models):
    # another pass takes up what the first one left short
    for _ in range(_AUTO_PASSES):
        if not _auto_nodes(roster, force, parent, nodes, created, given, evaluators):
            return


_AUTO_PASSES = 3


def _auto_nodes(
    roster: Roster,
    force: Force,
    parent: Selection | None,
    nodes: list[EntryNode],
    created: dict[str, str],
    given: Given,
    evaluators: Evaluators,
    evaluator: Evaluator | None = None,
) -> int:
    """``_auto_node`` for each node, on ``evaluator`` (of the roster as it is now) until a
    pick changes what the next node sees; returns how much they selected (see ``_auto_pick``)."""
    evaluator = evaluator or evaluators.current()
    made = 0
    for node in nodes:
        if not node.may_fall_short or _left_to_player(node, given):
            continue
        added = _auto_node(roster, evaluator, force, parent, node, created, given, evaluators)
        if added:  # what the next entry sees has changed
            made += added
            evaluator = evaluators.changed()
    return made


def _left_to_player(node: EntryNode, given: Given) -> bool:
    """Whether the player's own picks took the place of what auto-selection would add of
    ``node``: its number was given, or it is the default of a group they chose from."""
    if node in given.entries:
        return True
    group = node.parent
    return (
        group is not None
        and group in given.chosen
        and group.attr("defaultSelectionEntryId") in node.ids
    )


def _auto_node(
    roster: Roster,
    evaluator: Evaluator,
    force: Force,
    parent: Selection | None,
    node: EntryNode,
    created: dict[str, str],
    given: Given,
    evaluators: Evaluators,
) -> int:
    """Auto-select what ``node`` lacks; returns how much that selected."""
    ctx = Ctx(roster, force, None, parent, node)
    values = evaluator.entry_values(node, ctx)
    if values.fields.get("hidden") or (parent is None and not evaluator.offers(force, node)):
        return 0
    siblings = parent.children if parent is not None else force.selections
    if node.kind == "group":
        # the members' own minimums first, then the default fills what the group still lacks
        # (filling first would put the unit above its size once the members add theirs)
        made = _auto_nodes(
            roster, force, parent, node.children, created, given, evaluators, evaluator
        )
        have = sum(s.amount for s in siblings if s.node.within(node))
        short = _shortfall(evaluator, node, values, ctx, have)
        default_id = values.fields["defaultSelectionEntryId"]
        if short > 0 and default_id and node not in given.chosen:
            target = next((n for n in node.entries() if default_id in n.ids), None)
            # a default the data hides there is not taken, as no hidden minimum is
            if target is not None and not _hidden(evaluator, roster, force, parent, target):
                made += _auto_pick(roster, force, target, parent, short, created)
        return made
    have = sum(s.amount for s in siblings if s.node is node)
    short = _shortfall(evaluator, node, values, ctx, have)
    if short <= 0:
        return 0
    if parent is None:  # at the top level every copy is a selection of its own
        return sum(_auto_pick(roster, force, node, None, 1, created) for _ in range(short))
    return _auto_pick(roster, force, node, parent, short, created)


def _hidden(
    evaluator: Evaluator, roster: Roster, force: Force, parent: Selection | None, node: EntryNode
) -> bool:
    return bool(
        evaluator.entry_values(node, Ctx(roster, force, None, parent, node)).fields["hidden"]
    )


def _shortfall(evaluator: Evaluator, node: EntryNode, values: Values, ctx: Ctx, have: int) -> int:
    """How many more of an entry (or a group's members) New Recruit selects than the
    ``have`` among their siblings: up to its minimum (after modifiers), its
    ``defaultAmount`` when that is more, or, for a minimum that an unconditional modifier
    sets lower, the minimum as declared: BSData's documented way of marking a default
    choice the player may remove (``min 1`` set to 0 by a modifier without conditions).

    A minimum over the force, the roster or a named entry counts the copies there, not
    among the siblings: the army's one Game Type serves a second force as well.
    """
    defaults = node.default_minimums
    short = [whole(float(values.fields["defaultAmount"])) - have]
    for constraint in node.constraints:
        if (
            constraint.type == "min"
            and constraint.field in ("selections", "forces")
            and not constraint.raw.get("percentValue")
        ):
            limit = whole(float(values.fields.get(constraint.id, constraint.value)))
            if constraint.id in defaults:
                limit = max(limit, whole(constraint.value))
            wide = constraint.field == "selections" and constraint.scope not in ("parent", "self")
            count = whole(evaluator.constraint_count(constraint, node, ctx)) if wide else have
            short.append(limit - count)
    return max(short)


def _auto_pick(
    roster: Roster,
    force: Force,
    node: EntryNode,
    parent: Selection | None,
    amount: int,
    created: dict[str, str],
) -> int:
    """Select up to ``amount`` of ``node``, recording it and what it auto-selected in turn.

    Never more than the maximums allow: a pick that would break a maximum (the entry's own,
    its group's or its unit's, or one over the force or the roster, such as one Warlord per
    army) is made smaller, down to none.

    Returns how much it selected: the amounts it added, what it auto-selected under a new
    selection included (none when every try was undone). Only picks change the roster while
    auto-selection runs, so that is how much the place picked in grew.
    """
    amount = min(amount, _room(roster, force, node, parent))
    # each failed try is undone, so what the roster was over before the pick holds for all tries
    before = _over_maximum(roster) if amount > 0 and _may_break_wide_maximum(force, node) else None
    while amount > 0:
        roster.budget.spend(1)  # (a minimum may come from the list's numbers: each try counts)
        selection, more, fresh = _pick(roster, force, node, parent, amount)
        if before is None or not (_over_maximum(roster) - before):
            created.setdefault(node.path_id, selection.id)
            created.update(more)
            return sum(s.amount for s in selection.walk()) if fresh else amount
        if fresh:
            roster.remove_selection(selection)
        else:
            selection.amount -= amount
        amount -= 1
    return 0


def _room(roster: Roster, force: Force, node: EntryNode, parent: Selection | None) -> int:
    """How many more of ``node`` its own maximums and its groups' allow among its siblings
    (a large number when none limits it)."""
    evaluator = Evaluator(roster)
    siblings = parent.children if parent is not None else force.selections
    room = _UNLIMITED
    holder: EntryNode | None = node
    while holder is not None and (holder is node or holder.kind == "group"):
        values = evaluator.entry_values(holder, Ctx(roster, force, None, parent, holder))
        limits = {
            c.id: whole(float(values.fields.get(c.id, c.value)))
            for c in holder.constraints
            if c.counts_siblings
        }
        # a minimum above the maximum is the data's own contradiction: New Recruit fills the
        # minimum and reports the maximum
        floor = max(
            (limits[c.id] for c in holder.constraints if c.id in limits and c.type == "min"),
            default=0,
        )
        for constraint in holder.constraints:
            if (
                constraint.type == "max"
                and constraint.id in limits
                and limits[constraint.id] >= max(floor, 0)  # a negative maximum is none
            ):
                have = sum(
                    s.amount
                    for s in siblings
                    if s.node is holder or (holder.kind == "group" and s.node.within(holder))
                )
                room = min(room, limits[constraint.id] - have)
        holder = holder.parent
    return max(room, 0)


_UNLIMITED = 1 << 30


def _may_break_wide_maximum(force: Force, node: EntryNode) -> bool:
    """Whether selecting ``node`` may break a maximum beyond its parent: one of its own over
    a force or the roster, or one on a category it is filed under (the category's, the
    force's slot for it, or the game system's roster-wide one)."""
    if node.wide_maximums:
        return True
    categories = {c.id for c in node.categories}
    if not categories:
        return False
    slots = [c for c in force.node.categories if c.id in categories]
    slots += [c for c in force.roster.compiled.roster_scope_categories if c.id in categories]
    return any(
        constraint.type == "max"
        for category in [*node.categories, *slots]
        for constraint in category.constraints
    )


def _pick(
    roster: Roster, force: Force, node: EntryNode, parent: Selection | None, amount: int
) -> tuple[Selection, dict[str, str], bool]:
    """``select_node``, also saying whether the selection is new (else its count grew)."""
    before = {id(s) for s in (parent.children if parent is not None else force.selections)}
    selection, more = select_node(roster, force, node, parent, amount)
    return selection, more, id(selection) not in before


def _over_maximum(roster: Roster) -> Counter[tuple[str, str, str]]:
    """The maximums the roster is over: (owner, entry, constraint), with repeats."""
    return Counter(
        (p.owner_id, p.owner_entry_id, p.constraint_id)
        for p in evaluate(roster).problems
        if p.code == CONSTRAINT_MAX
    )


def associate(
    roster: Roster, selection: Selection, association_id: str, partner: Selection
) -> None:
    """Associate ``partner`` with ``selection`` through one of its declared associations."""
    if not any(a.get("id") == association_id for a in selection.node.associations):
        raise RosterError(
            NO_ASSOCIATION, {"name": selection.node.name, "association_id": association_id}
        )
    if partner is selection or roster.selection(partner.id) is not partner:
        raise RosterError(BAD_PARTNER)
    if (association_id, partner.id) not in selection.associations:
        selection.associations.append((association_id, partner.id))


def dissociate(selection: Selection, association_id: str, partner_id: str) -> None:
    """Undo ``associate`` (nothing happens when the two are not associated)."""
    selection.associations = [
        a for a in selection.associations if a != (association_id, partner_id)
    ]
