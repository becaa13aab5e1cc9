"""Player-facing roster edits with New Recruit's behaviour (auto-selection, collective counts).

These wrap the structural operations of ``roster.py`` with the rules that need evaluation:
which entries are available, minimums to auto-select, defaults of entry groups.
"""

from __future__ import annotations

from armybuilder.engine.caps import whole
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.model import EntryNode, find_entry
from armybuilder.engine.roster import Force, Roster, RosterError, Selection


def find_root_entry(roster: Roster, force: Force, entry_id: str) -> EntryNode:
    """The top-level entry of a force's catalogue that ``entry_id`` names."""
    found = find_entry(roster.compiled.root_entries(force.catalogue_id), entry_id)
    if found is None:
        raise RosterError(f"entry {entry_id!r} cannot be selected in this force")
    return found


def find_child_entry(parent: Selection, entry_id: str) -> EntryNode:
    """The entry under a selection that ``entry_id`` names."""
    found = find_entry(parent.node.children, entry_id)
    if found is None:
        raise RosterError(f"entry {entry_id!r} cannot be selected under {parent.node.name!r}")
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
    if parent is not None and not _instanced(node):
        existing = next((s for s in parent.children if s.node is node), None)
        if existing is not None:
            existing.amount += amount
            return existing, {}
    selection = roster.add_selection(force, node, parent, amount)
    created: dict[str, str] = {}
    _auto_select(roster, force, selection, created)
    return selection, created


def _instanced(node: EntryNode) -> bool:
    """An entry with non-collective children gets one selection per pick (New Recruit)."""
    return any(not child.collective and not child.hidden for child in node.entries())


def set_count(selection: Selection, count: int) -> None:
    if count < 1:
        raise RosterError("count must be at least 1")
    selection.amount = count


def deselect(roster: Roster, selection: Selection) -> None:
    """Remove a selection; a collective one loses one per model until none is left."""
    if selection.collective and selection.amount > 1:
        selection.amount -= 1
        return
    roster.remove_selection(selection)


def _auto_select(
    roster: Roster, force: Force, parent: Selection | None, created: dict[str, str]
) -> None:
    """Select every available entry up to its minimum, and entry-group defaults."""
    nodes = (
        parent.node.children
        if parent is not None
        else roster.compiled.root_entries(force.catalogue_id)
    )
    for node in nodes:
        # a fresh evaluator per entry: each auto-selection changes what the next one sees
        _auto_node(roster, Evaluator(roster), force, parent, node, created)


def _auto_node(
    roster: Roster,
    evaluator: Evaluator,
    force: Force,
    parent: Selection | None,
    node: EntryNode,
    created: dict[str, str],
) -> None:
    ctx = Ctx(roster, force, None, parent, node)
    values = evaluator.entry_values(node, ctx)
    if values.fields.get("hidden"):
        return
    # New Recruit starts an entry at its minimum, or at its defaultAmount when that is more
    minimum = max(
        [
            whole(float(values.fields.get(c.id, c.value)))
            for c in node.constraints
            if c.type == "min"
            and c.field in ("selections", "forces")
            and not c.raw.get("percentValue")
        ]
        + [whole(float(values.fields["defaultAmount"]))]
    )
    siblings = parent.children if parent is not None else force.selections
    if node.kind == "group":
        have = sum(s.amount for s in siblings if s.node.within(node))
        default_id = values.fields["defaultSelectionEntryId"]
        if minimum > have and default_id:
            target = next((n for n in node.entries() if default_id in n.ids), None)
            if target is not None:
                _auto_pick(roster, force, target, parent, minimum - have, created)
        for child in node.children:
            _auto_node(roster, evaluator, force, parent, child, created)
        return
    have = sum(s.amount for s in siblings if s.node is node)
    if minimum <= have:
        return
    if parent is None:  # at the top level every copy is a selection of its own
        for _ in range(minimum - have):
            _auto_pick(roster, force, node, None, 1, created)
    else:
        _auto_pick(roster, force, node, parent, minimum - have, created)


def _auto_pick(
    roster: Roster,
    force: Force,
    node: EntryNode,
    parent: Selection | None,
    amount: int,
    created: dict[str, str],
) -> None:
    """Select ``amount`` of ``node``, recording it and what it auto-selected in turn."""
    roster.budget.spend(1)  # (a minimum may come from the list's numbers: each pick counts)
    selection, more = select_node(roster, force, node, parent, amount)
    created.setdefault(node.path_id, selection.id)
    created.update(more)


def associate(
    roster: Roster, selection: Selection, association_id: str, partner: Selection
) -> None:
    """Associate ``partner`` with ``selection`` through one of its declared associations."""
    if not any(a.get("id") == association_id for a in selection.node.associations):
        raise RosterError(f"{selection.node.name!r} declares no association {association_id!r}")
    if partner is selection or roster.selection(partner.id) is not partner:
        raise RosterError("a selection is associated with another selection of this roster")
    if (association_id, partner.id) not in selection.associations:
        selection.associations.append((association_id, partner.id))


def dissociate(selection: Selection, association_id: str, partner_id: str) -> None:
    """Undo ``associate`` (nothing happens when the two are not associated)."""
    selection.associations = [
        a for a in selection.associations if a != (association_id, partner_id)
    ]
