"""The compiled catalogue closure: resolved, link-merged nodes the roster engine walks.

Entry nodes are built lazily (a link target's children are only expanded when something asks
for them) and cached, so compiling a large closure costs little and recursive links terminate.
Every node keeps the raw JSON it came from; nodes are not mutated after construction except
for their lazy child caches.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from armybuilder.engine.compile import Compiled

JsonDict = dict[str, Any]
# what a condition, repeat or constraint asks: field, scope, childId, shared,
# includeChildSelections, includeChildForces, percentValue, and its type and value
QuerySpec = tuple[str, str, str, bool, bool, bool, bool, str, float]


def as_float(value: Any, default: float = 0.0) -> float:
    """A JSON number or numeric string as a float (``default`` when it is not numeric)."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return default


def json_number(value: float) -> int | float:
    """A whole float as an int (JSON and XML write ``3``, not ``3.0``)."""
    return int(value) if float(value).is_integer() else value


def number_text(value: float) -> str:
    """A number as a player reads it: ``3`` rather than ``3.0``."""
    return str(json_number(value))


def as_text(value: Any) -> str:
    """A field value as the text a player sees (numbers without a trailing ".0")."""
    if isinstance(value, float):
        return number_text(value)
    return "" if value is None else str(value)


def opt_text(value: Any) -> str | None:
    return None if value is None or value == "" else as_text(value)


# The scopes a query names by keyword (any other scope is an entry's or force entry's id).
SCOPE_KEYWORDS = frozenset(
    {
        "self",
        "parent",
        "ancestor",
        "force",
        "roster",
        "primary-category",
        "primary-catalogue",
        "root-entry",
        "unit",
        "model",
        "upgrade",
        "model-or-unit",
    }
)


@dataclass(frozen=True, slots=True)
class Constraint:
    """A constraint with the id of the entry (or link) that declares it.

    Its attributes are read from ``raw`` once: every evaluation checks every constraint.
    """

    raw: JsonDict
    owner_id: str
    # (``dataclasses.field``: the name ``field`` is one of these attributes)
    id: str = dataclasses.field(init=False)
    type: str = dataclasses.field(init=False)
    field: str = dataclasses.field(init=False)
    scope: str = dataclasses.field(init=False)
    value: float = dataclasses.field(init=False)
    shared: bool = dataclasses.field(init=False)
    # counts the selections of its entry among their siblings, as most constraints do (a
    # query reads a missing scope as "self")
    counts_siblings: bool = dataclasses.field(init=False)
    # its scope is an entry's or a force entry's id, not a keyword: it has a subject only
    # where that entry or force is the selection, one of its parents or one of its forces
    names_scope: bool = dataclasses.field(init=False)
    # a minimum of its entry's selections (by entry id) over the force or the roster: it
    # holds wherever the entry is offered, so it is checked even where nothing offers it
    wide_minimum: bool = dataclasses.field(init=False)
    # a ``limit::<cost type>`` constraint's query: the cost of what it constrains (made once,
    # so that queries can be told apart by identity)
    cost_query: JsonDict | None = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        raw = self.raw
        object.__setattr__(self, "id", str(raw.get("id", "")))
        object.__setattr__(self, "type", str(raw.get("type", "")))
        object.__setattr__(self, "field", str(raw.get("field", "selections")))
        object.__setattr__(self, "scope", str(raw.get("scope", "parent")))
        object.__setattr__(self, "value", as_float(raw.get("value")))
        object.__setattr__(self, "shared", bool(raw.get("shared", False)))
        siblings = (
            self.field == "selections"
            and str(raw.get("scope", "self")) == "parent"
            and not raw.get("includeChildSelections", False)
            and not raw.get("percentValue")
        )
        object.__setattr__(self, "counts_siblings", siblings)
        object.__setattr__(self, "names_scope", self.scope not in SCOPE_KEYWORDS)
        object.__setattr__(
            self,
            "wide_minimum",
            self.type == "min"
            and self.field == "selections"
            and self.scope in ("force", "roster")
            and self.shared,
        )
        cost_type = self.field[len("limit::") :] if self.field.startswith("limit::") else None
        query = None if cost_type is None else {**raw, "field": cost_type, "percentValue": False}
        object.__setattr__(self, "cost_query", query)


@dataclass(slots=True)
class CostType:
    id: str
    name: str
    hidden: bool
    default_limit: float | None
    rule: JsonDict | None = None  # our extension: cited when a roster goes over the limit


class Merged:
    """A node read through an optional link: the link's own attributes win (BattleScribe)."""

    __slots__ = ()
    raw: JsonDict
    link: JsonDict | None

    @property
    def modifier_sources(self) -> list[JsonDict]:
        """Where modifiers are read from: the target first, then the link."""
        return [self.raw] + ([self.link] if self.link is not None else [])

    def attr(self, key: str, default: Any = None) -> Any:
        if self.link is not None and key in self.link and key not in ("id", "targetId", "type"):
            return self.link[key]
        return self.raw.get(key, default)


@dataclass(slots=True, eq=False)
class InfoNode(Merged):
    """A profile, rule or info group (links merged with their targets)."""

    kind: str  # profile | rule | infoGroup
    raw: JsonDict
    link: JsonDict | None
    children: list[InfoNode] = field(default_factory=list)
    _static: bool | None = field(default=None, repr=False)
    _aimed: list[JsonDict] | None = field(default=None, repr=False)

    @property
    def static(self) -> bool:
        """True when no modifier can change this info or anything inside it."""
        if self._static is None:
            self._static = not any(has_modifiers(s) for s in self.modifier_sources) and all(
                child.static for child in self.children
            )
        return self._static

    @property
    def aimed_sources(self) -> list[JsonDict]:
        """The holders of aimed modifiers in this info (an info group's included)."""
        if self._aimed is None:
            self._aimed = aiming(self.modifier_sources) + aimed_within(self.children)
        return self._aimed


@dataclass(slots=True, eq=False)
class CategoryNode(Merged):
    """A category link merged with its category entry."""

    id: str  # category entry id
    link: JsonDict | None
    raw: JsonDict
    infos: list[InfoNode]
    constraints: list[Constraint]
    _static: bool | None = field(default=None, repr=False)
    _aimed: list[JsonDict] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return str(self.raw.get("name") or (self.link or {}).get("name", ""))

    @property
    def aimed_sources(self) -> list[JsonDict]:
        """The holders of aimed modifiers in this category (link, entry and infos)."""
        if self._aimed is None:
            self._aimed = aiming(self.modifier_sources) + aimed_within(self.infos)
        return self._aimed

    @property
    def primary(self) -> bool:
        return bool((self.link or {}).get("primary", False))

    @property
    def static(self) -> bool:
        """True when no modifier can change this category's name or infos.

        Its other modifiers (most change its constraints' limits) leave its view alone.
        """
        if self._static is None:
            self._static = not any(
                str(m.get("field", "")) == "name"
                for source in self.modifier_sources
                for m in iter_modifiers(source)
            ) and all(info.static for info in self.infos)
        return self._static


@dataclass(slots=True)
class ForceNode:
    id: str
    raw: JsonDict
    doc_id: str
    categories: list[CategoryNode]
    child_forces: list[ForceNode]
    constraints: list[Constraint]
    infos: list[InfoNode]
    _aimed: list[JsonDict] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return str(self.raw.get("name", ""))

    @property
    def aimed_sources(self) -> list[JsonDict]:
        """The holders of aimed modifiers in the force entry, its infos and category links.

        Only the links: a category entry's own modifiers speak for each selection filed under
        it, and a force that merely offers the category as a slot is not one of those.
        """
        if self._aimed is None:
            links = [c.link for c in self.categories if c.link is not None]
            self._aimed = aiming([self.raw, *links]) + aimed_within(self.infos)
        return self._aimed


@dataclass(slots=True, eq=False)
class EntryNode(Merged):
    """A selection entry or entry group at one place in the entry tree (links merged)."""

    compiled: Compiled = field(repr=False)
    path_id: str  # composite "link::...::id" as BattleScribe writes it in a .ros file
    id: str  # the definition id
    # the link ids of ``path_id``: those on the way from the root entry, less any link whose
    # own children (declared on the link) this node is among, as BattleScribe leaves them out
    prefix: tuple[str, ...]
    via: tuple[str, ...]  # every link id on the way from the root entry
    raw: JsonDict
    link: JsonDict | None
    doc_id: str  # document holding ``raw`` (resolves the children's links)
    link_doc_id: str | None  # document declaring ``link`` (resolves the link's own children)
    kind: str  # entry | group
    parent: EntryNode | None = field(repr=False)
    group_path_id: str | None  # entryGroupId of selections of this entry
    constraints: list[Constraint]
    _children: list[EntryNode] | None = field(default=None, repr=False)
    _entries: list[EntryNode] | None = field(default=None, repr=False)
    _finder: EntryFinder | None = field(default=None, repr=False)
    _infos: list[InfoNode] | None = field(default=None, repr=False)
    _categories: list[CategoryNode] | None = field(default=None, repr=False)
    _constrained: Constrained | None = field(default=None, repr=False)
    _static: dict[str, Any] | None = field(default=None, repr=False)
    _modified: frozenset[str] | None = field(default=None, repr=False)
    _has_minimum: bool | None = field(default=None, repr=False)
    _may_fall_short: bool | None = field(default=None, repr=False)
    _type: str | None = field(default=None, repr=False)
    _aimed: list[JsonDict] | None = field(default=None, repr=False)
    _may_aim: bool | None = field(default=None, repr=False)
    _keys: frozenset[str] | None = field(default=None, repr=False)
    _static_categories: list[tuple[str, bool]] | None = field(default=None, repr=False)
    _associations: tuple[JsonDict, ...] | None = field(default=None, repr=False)
    _default_minimums: frozenset[str] | None = field(default=None, repr=False)
    _placement: tuple[EntryNode | None, tuple[EntryNode, ...]] | None = field(
        default=None, repr=False
    )

    @property
    def name(self) -> str:
        return str(self.raw.get("name") or (self.link or {}).get("name", ""))

    @property
    def default_minimums(self) -> frozenset[str]:
        """Ids of the minimums that a modifier without conditions sets lower: BSData marks
        a default choice so (``min 1`` set to 0), and New Recruit starts the entry at the
        declared minimum while letting the player remove it."""
        if self._default_minimums is None:
            declared = {c.id: c.value for c in self.constraints if c.type == "min"}
            self._default_minimums = frozenset(
                str(m.get("field", ""))
                for source in self.modifier_sources
                for m in unconditional_modifiers(source)
                if m.get("type") == "set"
                and str(m.get("field", "")) in declared
                and as_float(m.get("value")) < declared[str(m.get("field", ""))]
            )
        return self._default_minimums

    @property
    def wide_maximums(self) -> bool:
        """Whether one of the entry's own maximums (or its groups') counts beyond its parent:
        over a force, the roster or another entry."""
        node: EntryNode | None = self
        while node is not None and (node is self or node.kind == "group"):
            if any(c.type == "max" and c.scope not in ("parent", "self") for c in node.constraints):
                return True
            node = node.parent
        return False

    @property
    def type(self) -> str:
        if self._type is None:
            self._type = str(self.raw.get("type", "upgrade")) if self.kind == "entry" else "group"
        return self._type

    @property
    def hidden(self) -> bool:
        return bool(self.raw.get("hidden", False)) or bool((self.link or {}).get("hidden", False))

    @property
    def collective(self) -> bool:
        return bool(self.raw.get("collective", False)) or bool(
            (self.link or {}).get("collective", False)
        )

    @property
    def ids(self) -> tuple[str, ...]:
        """Every id this node answers to: its path id, definition id and link ids."""
        return (self.path_id, self.id, *self.via)

    @property
    def full_path_id(self) -> str:
        """The path with every link on the way (how this engine wrote paths before it
        followed BattleScribe; roster files it wrote then still say this)."""
        return "::".join((*self.via, self.id))

    @property
    def costs(self) -> list[JsonDict]:
        """Target costs, overridden per type by the link's own costs."""
        merged: dict[str, JsonDict] = {}
        for cost in (self.raw.get("costs") or []) + ((self.link or {}).get("costs") or []):
            merged[str(cost.get("typeId", ""))] = cost
        return list(merged.values())

    @property
    def children(self) -> list[EntryNode]:
        if self._children is None:
            self._children = self.compiled.expand_children(self)
        return self._children

    @property
    def infos(self) -> list[InfoNode]:
        if self._infos is None:
            # a link's own infos and categories resolve in the catalogue declaring the link
            self._infos = self.compiled.infos_of([self.raw], self.doc_id) + (
                self.compiled.infos_of([self.link], self.link_doc_id or self.doc_id)
            )
        return self._infos

    @property
    def categories(self) -> list[CategoryNode]:
        if self._categories is None:
            link_doc = self.link_doc_id or self.doc_id
            self._categories = [
                self.compiled.category(link, self.doc_id)
                for link in self.raw.get("categoryLinks") or []
            ] + [
                self.compiled.category(link, link_doc)
                for link in (self.link or {}).get("categoryLinks") or []
            ]
        return self._categories

    @property
    def has_modifiers(self) -> bool:
        return bool(self.modified_fields)

    @property
    def aimed_sources(self) -> list[JsonDict]:
        """The holders of aimed modifiers in the entry, its link and its infos (not its
        categories: modifiers may change those)."""
        if self._aimed is None:
            self._aimed = aiming(self.modifier_sources) + aimed_within(self.infos)
        return self._aimed

    @property
    def has_aimed_modifiers(self) -> bool:
        """Whether a selection of this entry may aim modifiers (a New Recruit ``scope``) at
        another selection or a force: from the entry, its infos or its categories."""
        if self._may_aim is None:
            self._may_aim = bool(
                self.aimed_sources
                or any(c.aimed_sources for c in self.categories)
                or ("category" in self.modified_fields and self.compiled.categories_aim)
            )
        return self._may_aim

    def category_node(self, category_id: str) -> CategoryNode:
        """One of the entry's categories, or the category entry alone (a modifier adds it)."""
        found = next((c for c in self.categories if c.id == category_id), None)
        return found if found is not None else self.compiled.bare_category(category_id)

    @property
    def has_minimum(self) -> bool:
        if self._has_minimum is None:
            self._has_minimum = any(c.type == "min" for c in self.constraints)
        return self._has_minimum

    @property
    def may_fall_short(self) -> bool:
        """Whether auto-selection may ever pick this entry (or, for a group, one of its
        members): it has a minimum of selections, or a default amount some modifier may set.
        Auto-selection passes over the rest without evaluating them, as none can be short."""
        if self._may_fall_short is None:
            self._may_fall_short = (
                any(
                    c.type == "min"
                    and c.field in ("selections", "forces")
                    and not c.raw.get("percentValue")
                    for c in self.constraints
                )
                or as_float(self.attr("defaultAmount"), 0.0) > 0
                or "defaultAmount" in self.modified_fields
                or (self.kind == "group" and any(c.may_fall_short for c in self.children))
            )
        return self._may_fall_short

    @property
    def modified_fields(self) -> frozenset[str]:
        """The fields some modifier of this entry (or of its link) may change."""
        if self._modified is None:
            self._modified = frozenset(
                str(m.get("field", ""))
                for src in self.modifier_sources
                for m in iter_modifiers(src)
            )
        return self._modified

    @property
    def static_categories(self) -> list[tuple[str, bool]]:
        """(category id, primary) before any modifier (cached; copy to change)."""
        if self._static_categories is None:
            self._static_categories = [(c.id, c.primary) for c in self.categories]
        return self._static_categories

    def static_fields(self) -> dict[str, Any]:
        """The fields modifiers can change, before any modifier (cached; copy to change)."""
        if self._static is None:
            fields: dict[str, Any] = {
                "name": self.name,
                "hidden": self.hidden,
                "publicationId": self.attr("publicationId"),
            }
            for cost in self.costs:
                fields[str(cost.get("typeId", ""))] = as_float(cost.get("value"))
            for constraint in self.constraints:
                fields[constraint.id] = constraint.value
            fields["defaultAmount"] = as_float(self.attr("defaultAmount"), 0.0)
            fields["defaultSelectionEntryId"] = str(self.attr("defaultSelectionEntryId") or "")
            self._static = fields
        return self._static

    @property
    def constrained(self) -> Constrained:
        """Entries and groups under this node (through groups) that carry constraints."""
        if self._constrained is None:
            self._constrained = Constrained(constrained_within(self.children))
        return self._constrained

    @property
    def associations(self) -> tuple[JsonDict, ...]:
        """New Recruit associations the entry (or its link) declares."""
        if self._associations is None:
            self._associations = (
                *(self.raw.get("associations") or []),
                *((self.link or {}).get("associations") or []),
            )
        return self._associations

    @property
    def match_keys(self) -> frozenset[str]:
        """The query index keys of a selection of this entry (see ``Evaluator._keys``)."""
        if self._keys is None:
            keys = {"*", f"type:{self.type}", f"id:{self.id}", f"path:{self.path_id}"}
            keys.update(f"of:{i}" for i in self.ids)
            group = self.parent
            while group is not None and group.kind == "group":
                keys.update(f"of:{i}" for i in group.ids)
                group = group.parent
            keys.update(f"of:{cat.id}" for cat in self.categories)
            self._keys = frozenset(keys)
        return self._keys

    @property
    def placement(self) -> tuple[EntryNode | None, tuple[EntryNode, ...]]:
        """The entry this node is offered under (None: a force's root entry), and the groups
        on the way up to it that may be hidden (hidden, or with modifiers), nearest first."""
        if self._placement is None:
            owner, groups = self.parent, []
            while owner is not None and owner.kind == "group":
                if owner.hidden or owner.has_modifiers:
                    groups.append(owner)
                owner = owner.parent
            self._placement = (owner, tuple(groups))
        return self._placement

    def within(self, group: EntryNode) -> bool:
        """Whether this node sits inside ``group`` (directly or through nested groups)."""
        node = self.parent
        while node is not None and node.kind == "group":
            if node is group:
                return True
            node = node.parent
        return False

    def entries(self) -> list[EntryNode]:
        """Selectable entries under this node, looking through groups (not to be changed:
        kept, as the children are, since loading a list looks each selection's entry up)."""
        if self._entries is None:
            self._entries = selectable(self.children)
        return self._entries

    def find_entry(self, entry_id: str) -> EntryNode | None:
        """``find_entry`` among this node's children (looked up, not scanned: a list spec or
        document names an entry under a selection for each of its options)."""
        if self._finder is None:
            self._finder = EntryFinder(self.entries())
        return self._finder.find(entry_id)


def selectable(nodes: list[EntryNode]) -> list[EntryNode]:
    """The entries among ``nodes``, looking through groups."""
    out: list[EntryNode] = []
    for node in nodes:
        out.extend(node.entries() if node.kind == "group" else [node])
    return out


def find_entry(nodes: list[EntryNode], entry_id: str) -> EntryNode | None:
    """The selectable entry among ``nodes`` that ``entry_id`` names.

    A composite path id matches exactly first (BattleScribe's form, then the form with every
    link on the way); then the id of the link it was reached by (how a player picks a linked
    entry); then any id of the entry.
    """
    return EntryFinder(selectable(nodes)).find(entry_id)


class EntryFinder:
    """``find_entry`` over fixed entries: each way an id may name one, in ``find_entry``'s
    order of precedence, as a table of the first entry it names."""

    __slots__ = ("_tables",)

    def __init__(self, entries: list[EntryNode]) -> None:
        by_path: dict[str, EntryNode] = {}
        by_full_path: dict[str, EntryNode] = {}
        by_last_link: dict[str, EntryNode] = {}
        by_any_id: dict[str, EntryNode] = {}
        for node in entries:
            by_path.setdefault(node.path_id, node)
            by_full_path.setdefault(node.full_path_id, node)
            if node.via:
                by_last_link.setdefault(node.via[-1], node)
            for node_id in node.ids:
                by_any_id.setdefault(node_id, node)
        self._tables = (by_path, by_full_path, by_last_link, by_any_id)

    def find(self, entry_id: str) -> EntryNode | None:
        for table in self._tables:
            found = table.get(entry_id)
            if found is not None:
                return found
        return None


class Constrained:
    """Entries and groups under one place that carry constraints, in definition order.

    Most of them are neither selected nor have a minimum; ``position`` and ``minimums`` let
    a check visit only those that are (see ``Checks._container_problems``).
    """

    __slots__ = ("minimums", "nodes", "position")

    def __init__(self, nodes: list[EntryNode]) -> None:
        self.nodes = nodes
        self.position = {id(node): i for i, node in enumerate(nodes)}
        self.minimums = [i for i, node in enumerate(nodes) if node.has_minimum]


def constrained_within(nodes: list[EntryNode]) -> list[EntryNode]:
    """The nodes, and the nodes inside groups among them, that carry constraints."""
    out: list[EntryNode] = []
    for node in nodes:
        if node.constraints:
            out.append(node)
        if node.kind == "group":
            out.extend(constrained_within(node.children))
    return out


def has_modifiers(holder: JsonDict) -> bool:
    return bool(holder.get("modifiers") or holder.get("modifierGroups"))


def iter_modifiers(holder: JsonDict) -> list[JsonDict]:
    """Every modifier of a holder, those inside modifier groups included."""
    found = list(holder.get("modifiers") or [])
    for group in holder.get("modifierGroups") or []:
        found.extend(iter_modifiers(group))
    return found


def unconditional_modifiers(holder: JsonDict) -> list[JsonDict]:
    """The modifiers of a holder that always apply once: no conditions or repeats, on the
    holder or in modifier groups without any."""

    def always(item: JsonDict) -> bool:
        return not any(
            item.get(k)
            for k in ("conditions", "conditionGroups", "localConditionGroups", "repeats")
        )

    found = [m for m in holder.get("modifiers") or [] if always(m)]
    for group in holder.get("modifierGroups") or []:
        if always(group):
            found.extend(unconditional_modifiers(group))
    return found


def aiming(holders: list[JsonDict]) -> list[JsonDict]:
    """The holders with an aimed modifier (inside modifier groups too)."""
    return [h for h in holders if any(is_aimed(m) for m in iter_modifiers(h))]


def aimed_within(nodes: Iterable[InfoNode | CategoryNode]) -> list[JsonDict]:
    """The holders of aimed modifiers in each of the nodes, in order."""
    return [holder for node in nodes for holder in node.aimed_sources]


def is_aimed(modifier: JsonDict) -> bool:
    """A modifier with a New Recruit ``scope`` changes the selection or force at that scope."""
    return str(modifier.get("scope") or "self") != "self"
