"""Roster state and edit operations.

The roster holds forces and selections pointing at compiled nodes. Every edit either completes
or raises ``RosterError`` having changed nothing. Effective values (names, costs, hidden, ...)
are not stored here: ``armybuilder.engine.evaluate`` recomputes them after every edit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from armybuilder.engine.caps import Budget
from armybuilder.engine.compile import Compiled
from armybuilder.engine.model import EntryNode, ForceNode
from armybuilder.engine.refusals import Refused, refusal
from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY, Problem
from armybuilder.engine.trees import depth_first

UNKNOWN_FORCE = refusal("roster.unknown_force", "No force “{force_id}” in this list.")
UNKNOWN_SELECTION = refusal(
    "roster.unknown_selection", "No selection “{selection_id}” in this list."
)
UNKNOWN_FORCE_ENTRY = refusal("roster.unknown_force_entry", "Unknown force entry “{entry_id}”.")
UNKNOWN_CATALOGUE = refusal("roster.unknown_catalogue", "Unknown catalogue “{catalogue_id}”.")
NOT_A_CHILD_FORCE = refusal(
    "roster.not_a_child_force", "Force entry “{entry_id}” cannot be a child of “{parent_id}”."
)
BAD_COUNT = refusal("roster.count", "A selection needs a count of at least 1.")
COPY_NESTED = refusal(
    "roster.copy_nested", "Only a top-level selection can be copied into another force."
)
NOT_IN_FORCE = refusal(
    "roster.entry_not_in_force", "Entry “{entry_id}” cannot be selected in this force."
)
NOT_UNDER = refusal(
    "roster.entry_not_under", "Entry “{entry_id}” cannot be selected under {parent}."
)
NO_ASSOCIATION = refusal(
    "roster.no_association", "{name} declares no association “{association_id}”."
)
BAD_PARTNER = refusal(
    "roster.association_partner", "A selection is associated with another selection of this list."
)


class RosterError(Refused):
    """An edit cannot be applied (unknown id, entry not available here, bad count)."""


@dataclass(eq=False, slots=True)
class Selection:
    id: str
    node: EntryNode
    force: Force = field(repr=False)
    parent: Selection | None = field(repr=False)
    amount: int = 1  # per parent model for collective entries, else the number itself
    children: list[Selection] = field(default_factory=list)
    custom_name: str | None = None
    custom_notes: str | None = None
    # New Recruit associations: (association id, id of the associated selection)
    associations: list[tuple[str, str]] = field(default_factory=list)

    @property
    def collective(self) -> bool:
        group = self.node.parent
        return self.node.collective or (
            group is not None and group.kind == "group" and group.collective
        )

    @property
    def number(self) -> int:
        """Effective number: the amount per parent model times the parent's number."""
        number = self.amount
        parent = self.parent
        while parent is not None:
            number *= parent.amount
            parent = parent.parent
        return number

    def walk(self) -> Iterator[Selection]:
        """This selection and its descendants, depth first."""
        return depth_first([self])

    def ancestors(self) -> Iterator[Selection]:
        current = self.parent
        while current is not None:
            yield current
            current = current.parent

    @property
    def siblings(self) -> list[Selection]:
        return self.parent.children if self.parent is not None else self.force.selections


@dataclass(eq=False, slots=True)
class Force:
    id: str
    node: ForceNode
    catalogue_id: str
    roster: Roster = field(repr=False)
    parent: Force | None = field(repr=False)
    selections: list[Selection] = field(default_factory=list)
    child_forces: list[Force] = field(default_factory=list)
    custom_name: str | None = None
    custom_notes: str | None = None
    category_custom: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)

    def all_selections(self) -> Iterator[Selection]:
        return depth_first(self.selections)

    def walk(self) -> Iterator[Force]:
        yield self
        for child in self.child_forces:
            yield from child.walk()

    @property
    def siblings(self) -> list[Force]:
        return self.parent.child_forces if self.parent is not None else self.roster.forces


@dataclass(frozen=True, slots=True)
class Unlinked:
    """A selection of a loaded document the data no longer offers (left out of the roster).

    ``path`` names it and the selections above it that were left out too (outermost first);
    ``owner_id`` is the force or selection it was under; ``costs`` what the document records
    for it (cost type id -> value)."""

    selection_id: str
    entry_id: str
    path: tuple[str, ...]
    force_id: str
    owner_id: str
    costs: dict[str, float]


class Roster:
    """A roster being edited: forces, selections, cost limits, names and notes.

    It has no cost limit until one is set: a new list starts from the game system's defaults
    (``Roster.new``), a loaded one has the limits its document lists. Evaluating it spends
    from ``budget`` (see ``caps``).
    """

    def __init__(
        self,
        compiled: Compiled,
        name: str = "",
        roster_id: str = "roster",
        *,
        budget: Budget | None = None,
    ) -> None:
        self.compiled = compiled
        self.id = roster_id
        self.name = name
        self.forces: list[Force] = []
        self.cost_limits: dict[str, float] = {}
        self.budget = budget if budget is not None else Budget()
        self.options: dict[str, str] = {}
        # problems found while loading a saved roster (entries the data no longer has)
        self.load_problems: list[Problem] = []
        # costs a loaded file records for the selections it could not re-link (cost type id
        # -> total): kept in the roster's totals
        self.unlinked_costs: dict[str, float] = {}
        # what a loaded document held that the data no longer offers, one record per
        # selection (nested ones too): storing this roster would drop them, so whoever
        # stores it must show them first
        self.unlinked: list[Unlinked] = []
        self.custom_notes: str | None = None
        self._ids = itertools.count(1)
        self._taken: set[str] = set()

    @classmethod
    def new(
        cls,
        compiled: Compiled,
        name: str = "",
        *,
        roster_id: str = "roster",
        budget: Budget | None = None,
    ) -> Roster:
        """A new list, as a player starts one: with the game system's default cost limits."""
        roster = cls(compiled, name, roster_id, budget=budget)
        roster.cost_limits = {
            ct.id: ct.default_limit for ct in compiled.cost_types if ct.default_limit is not None
        }
        return roster

    def new_id(self, kind: str) -> str:
        while True:
            candidate = f"{kind}-{next(self._ids)}"
            if candidate not in self._taken:
                return candidate

    def reserve_ids(self, ids: Iterable[str]) -> None:
        """Never hand out these ids (those of a loaded roster)."""
        self._taken.update(ids)

    # ------------------------------------------------------------------------------ lookup

    def all_forces(self) -> Iterator[Force]:
        for force in self.forces:
            yield from force.walk()

    def all_selections(self) -> Iterator[Selection]:
        for force in self.all_forces():
            yield from force.all_selections()

    def force(self, force_id: str) -> Force:
        found = next((f for f in self.all_forces() if f.id == force_id), None)
        if found is None:
            raise RosterError(UNKNOWN_FORCE, {"force_id": force_id})
        return found

    def selection(self, selection_id: str) -> Selection:
        found = next((s for s in self.all_selections() if s.id == selection_id), None)
        if found is None:
            raise RosterError(UNKNOWN_SELECTION, {"selection_id": selection_id})
        return found

    # -------------------------------------------------------------------------- structure

    def add_force(
        self, force_entry_id: str, catalogue_id: str, parent: Force | None = None
    ) -> Force:
        node = self.compiled.force_entries.get(force_entry_id)
        if node is None:
            raise RosterError(UNKNOWN_FORCE_ENTRY, {"entry_id": force_entry_id})
        if catalogue_id not in self.compiled.catalogues:
            raise RosterError(UNKNOWN_CATALOGUE, {"catalogue_id": catalogue_id})
        if parent is not None and node not in parent.node.child_forces:
            raise RosterError(
                NOT_A_CHILD_FORCE, {"entry_id": force_entry_id, "parent_id": parent.node.id}
            )
        force = Force(self.new_id("force"), node, catalogue_id, self, parent)
        (parent.child_forces if parent is not None else self.forces).append(force)
        return force

    def leave_out_unlinked(self) -> None:
        """Evaluate the roster without what loading could not re-link (its problems and
        recorded costs), as it is once stored again: ``unlinked`` still says what that is."""
        self.unlinked_costs = {}
        self.load_problems = [p for p in self.load_problems if p.code != SELECTION_UNKNOWN_ENTRY]

    def remove_force(self, force: Force) -> None:
        force.siblings.remove(force)
        self._forget({s.id for f in force.walk() for s in f.all_selections()})

    def add_selection(
        self, force: Force, node: EntryNode, parent: Selection | None, amount: int = 1
    ) -> Selection:
        if amount < 1:
            raise RosterError(BAD_COUNT)
        selection = Selection(self.new_id("selection"), node, force, parent, amount)
        (parent.children if parent is not None else force.selections).append(selection)
        return selection

    def remove_selection(self, selection: Selection) -> None:
        selection.siblings.remove(selection)
        self._forget({s.id for s in selection.walk()})

    def _forget(self, gone: set[str]) -> None:
        """Drop associations with selections that left the roster."""
        for other in self.all_selections():
            other.associations = [a for a in other.associations if a[1] not in gone]

    def duplicate_selection(self, selection: Selection, force: Force | None = None) -> Selection:
        """Copy a selection beside it, or a top-level one into another ``force``."""
        if force is None or force is selection.force:
            copy = self._copy_selection(selection, selection.force, selection.parent)
            selection.siblings.append(copy)  # New Recruit lists a copy after its equals
            return copy
        if selection.parent is not None:
            raise RosterError(COPY_NESTED)
        copy = self._copy_selection(selection, force, None)
        force.selections.append(copy)
        return copy

    def _copy_selection(
        self, original: Selection, force: Force, parent: Selection | None
    ) -> Selection:
        copy = Selection(
            self.new_id("selection"),
            original.node,
            force,
            parent,
            original.amount,
            custom_name=original.custom_name,
            custom_notes=original.custom_notes,
            associations=list(original.associations),
        )
        copy.children = [self._copy_selection(child, force, copy) for child in original.children]
        return copy

    def duplicate_force(self, force: Force) -> Force:
        copy = self._copy_force(force, force.parent)
        force.siblings.append(copy)
        return copy

    def copy_force(self, original: Force) -> Force:
        """A copy of a top-level force of another roster on the same data, added at the top
        of this one (what a new force auto-selects can be worked out once and copied)."""
        copy = self._copy_force(original, None)
        self.forces.append(copy)
        return copy

    def _copy_force(self, original: Force, parent: Force | None) -> Force:
        copy = Force(
            self.new_id("force"),
            original.node,
            original.catalogue_id,
            self,
            parent,
            custom_name=original.custom_name,
            custom_notes=original.custom_notes,
            category_custom=dict(original.category_custom),
        )
        copy.selections = [self._copy_selection(s, copy, None) for s in original.selections]
        copy.child_forces = [self._copy_force(child, copy) for child in original.child_forces]
        return copy

    def set_cost_limit(self, cost_type_id: str, value: float) -> None:
        self.cost_limits[cost_type_id] = value
