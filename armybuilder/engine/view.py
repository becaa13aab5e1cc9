"""The evaluated roster: a read-only view of a roster after every modifier has been applied.

The evaluator builds it after every edit; game hooks (``armybuilder.engine.systems``), the
conformance adapter and the web layer read it. Treat every object as read-only: views of
profiles, rules and categories no modifier can change are shared between selections and
between evaluations, and so are a selection's lists of categories, profiles, rules and costs
when no modifier can change its entry.

Costs are per selection *including* its ``number`` but *excluding* its children (as in a
``.ros`` file); ``total_costs`` adds the children in.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from armybuilder.engine.trees import depth_first


@dataclass(slots=True)
class CostView:
    type_id: str
    name: str
    value: float
    hidden: bool = False


@dataclass(slots=True)
class CharacteristicView:
    name: str
    type_id: str
    value: str


@dataclass(slots=True)
class ProfileView:
    id: str
    name: str
    type_id: str
    type_name: str
    hidden: bool
    characteristics: list[CharacteristicView]
    page: str | None = None
    publication_id: str | None = None

    def characteristic(self, name: str) -> str | None:
        """The value of the characteristic called ``name`` (case-sensitive), if any."""
        return next((c.value for c in self.characteristics if c.name == name), None)


@dataclass(slots=True)
class RuleView:
    id: str
    name: str
    description: str
    hidden: bool
    page: str | None = None
    publication_id: str | None = None


@dataclass(slots=True)
class CategoryView:
    entry_id: str
    name: str
    primary: bool
    id: str = ""
    profiles: list[ProfileView] = field(default_factory=list)
    rules: list[RuleView] = field(default_factory=list)
    page: str | None = None
    publication_id: str | None = None
    custom_name: str | None = None
    custom_notes: str | None = None


@dataclass(slots=True)
class SelectionView:
    id: str
    entry_id: str  # composite path id as in a .ros file ("link::target")
    base_entry_id: str  # the definition id (last segment of entry_id)
    name: str
    type: str  # unit | model | upgrade
    number: int
    hidden: bool
    force_id: str
    costs: list[CostView]
    categories: list[CategoryView]
    profiles: list[ProfileView]
    rules: list[RuleView]
    children: list[SelectionView] = field(default_factory=list)
    parent: SelectionView | None = field(default=None, repr=False)
    entry_group_id: str | None = None
    entry_group_name: str | None = None  # the entry group the option was picked from
    page: str | None = None
    publication_id: str | None = None
    publication_name: str | None = None
    custom_name: str | None = None
    custom_notes: str | None = None
    associations: list[tuple[str, str]] = field(default_factory=list)  # (association, selection)
    annotation: str | None = None  # New Recruit's "annotation" pseudo-field, set by modifiers

    def cost(self, type_id: str) -> float:
        """This selection's own cost of one type (number included, children excluded)."""
        return sum(c.value for c in self.costs if c.type_id == type_id)

    def total_cost(self, type_id: str) -> float:
        """This selection's cost of one type with all its descendants."""
        return self.cost(type_id) + sum(child.total_cost(type_id) for child in self.children)

    def walk(self) -> Iterator[SelectionView]:
        """This selection and all its descendants, depth first."""
        return depth_first([self])

    def has_category(self, category_id: str) -> bool:
        return any(c.entry_id == category_id for c in self.categories)

    @property
    def primary_category(self) -> str | None:
        return next((c.entry_id for c in self.categories if c.primary), None)


@dataclass(slots=True)
class ForceView:
    id: str
    entry_id: str
    name: str
    catalogue_id: str
    catalogue_name: str
    hidden: bool
    selections: list[SelectionView]
    categories: list[CategoryView]
    child_forces: list[ForceView] = field(default_factory=list)
    parent: ForceView | None = field(default=None, repr=False)
    profiles: list[ProfileView] = field(default_factory=list)
    rules: list[RuleView] = field(default_factory=list)
    publications: list[tuple[str, str]] = field(default_factory=list)
    page: str | None = None
    publication_id: str | None = None
    catalogue_revision: int = 0
    custom_name: str | None = None
    custom_notes: str | None = None

    def all_selections(self) -> Iterator[SelectionView]:
        """Every selection of this force (not of child forces), depth first."""
        return depth_first(self.selections)

    def total_cost(self, type_id: str) -> float:
        return sum(s.total_cost(type_id) for s in self.selections)

    def walk(self) -> Iterator[ForceView]:
        """This force and its child forces, depth first."""
        yield self
        for child in self.child_forces:
            yield from child.walk()


@dataclass(slots=True)
class RosterView:
    id: str
    name: str
    game_system_id: str
    game_system_name: str
    forces: list[ForceView]
    costs: list[CostView]  # roster totals per cost type
    cost_limits: dict[str, float]  # cost type id -> limit (absent or negative: no limit)
    options: dict[str, str] = field(default_factory=dict)  # list options, e.g. digest readings
    custom_notes: str | None = None
    game_system_revision: int = 0
    # the part of ``costs`` recorded for selections a loaded file could not re-link
    unlinked_costs: dict[str, float] = field(default_factory=dict)

    def all_forces(self) -> Iterator[ForceView]:
        for force in self.forces:
            yield from force.walk()

    def all_selections(self) -> Iterator[SelectionView]:
        for force in self.all_forces():
            yield from force.all_selections()

    def total_cost(self, type_id: str) -> float:
        return sum(c.value for c in self.costs if c.type_id == type_id)

    def cost_limit(self, type_id: str) -> float | None:
        limit = self.cost_limits.get(type_id)
        return limit if limit is not None and limit >= 0 else None
