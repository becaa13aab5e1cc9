"""Compile a game system and its catalogues into the structure the roster engine walks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from armybuilder.engine.caps import Budget
from armybuilder.engine.closure import (
    UnresolvedLink,
    catalogue_closure,
    scan,
    unresolved_links,
    unwrap,
)
from armybuilder.engine.model import (
    CategoryNode,
    Constrained,
    Constraint,
    CostType,
    EntryFinder,
    EntryNode,
    ForceNode,
    InfoNode,
    JsonDict,
    QuerySpec,
    as_float,
    constrained_within,
    selectable,
)
from armybuilder.engine.refusals import Refused, refusal
from armybuilder.engine.view import CategoryView, ProfileView, RuleView

if TYPE_CHECKING:
    from armybuilder.engine.evaluator import Values
    from armybuilder.engine.view_builder import Decor, SelectionParts

# how far below its root entries a roster file's misplaced selection is looked for
BELOW_DEPTH = 6

ENTRY_CONTAINERS = (
    "selectionEntries",
    "sharedSelectionEntries",
    "selectionEntryGroups",
    "sharedSelectionEntryGroups",
    "entryLinks",
)


WRONG_GAME_SYSTEM = refusal(
    "compile.wrong_game_system",
    "Catalogue {catalogue_id} belongs to game system {catalogue_game_system}, not "
    "{game_system_id}.",
)


class CompileError(Refused):
    """The documents cannot be compiled (e.g. a catalogue for another game system)."""


class Compiled:
    """An indexed, link-resolving view of one game system and its catalogues."""

    def __init__(
        self, game_system: Mapping[str, Any], catalogues: Sequence[Mapping[str, Any]]
    ) -> None:
        self.game_system: JsonDict = unwrap(game_system)
        self.game_system_id = str(self.game_system.get("id", ""))
        self.catalogues: dict[str, JsonDict] = {}
        for document in catalogues:
            body = unwrap(document)
            self.catalogues[str(body.get("id", ""))] = body
        scans = [(self.game_system_id, scan(self.game_system))]
        scans += [(cid, scan(body)) for cid, body in self.catalogues.items()]
        self._index: dict[str, dict[str, JsonDict]] = {doc_id: found.ids for doc_id, found in scans}
        # the query index keys category modifiers may give or take (see
        # ``Evaluator._matching``): a count of any other key needs no category settled
        self.category_keys = frozenset(
            f"of:{category_id}" for _, found in scans for category_id in found.modified_categories
        )
        self._visible: dict[str, list[str]] = {self.game_system_id: [self.game_system_id]}
        for cid in self.catalogues:
            self._visible[cid] = [*catalogue_closure(cid, self.catalogues), self.game_system_id]
        self.cost_types = self._cost_types()
        self._roots: dict[str, list[EntryNode]] = {}
        self._root_finders: dict[str, EntryFinder] = {}
        self._constrained_roots: dict[str, Constrained] = {}
        self._nested_minimums: dict[str, list[EntryNode]] = {}
        self._document_rules: dict[str, list[InfoNode]] = {}
        self._uncategorised: dict[str, bool] = {}
        # What no modifier can change is worked out once per closure and shared, read-only,
        # by every evaluation: the views of such infos and categories (``view_builder``), the
        # values of such entries (``evaluator``), and what selections of them show, keyed by
        # entry and whether the selection is top-level.
        self.static_info_views: dict[InfoNode, tuple[list[ProfileView], list[RuleView]]] = {}
        self.static_category_views: dict[tuple[CategoryNode, bool], CategoryView] = {}
        self.static_values: dict[EntryNode, Values] = {}
        self.static_selection_parts: dict[tuple[EntryNode, bool], SelectionParts] = {}
        self.static_selection_decor: dict[tuple[EntryNode, bool], Decor] = {}
        self._categories: dict[tuple[str, str], CategoryNode] = {}
        self._bare_categories: dict[str, CategoryNode] = {}
        # what each condition, repeat and constraint asks, read once (``Evaluator._spec``)
        self.query_specs: dict[int, tuple[JsonDict, QuerySpec]] = {}
        self.force_entries: dict[str, ForceNode] = {}
        for doc_id, body in [(self.game_system_id, self.game_system), *self.catalogues.items()]:
            for raw in (body.get("forceEntries") or []) + (body.get("sharedForceEntries") or []):
                self._add_force(raw, doc_id)

    # ----------------------------------------------------------------------------- lookups

    def lookup(self, target_id: str, doc_id: str) -> tuple[JsonDict, str] | None:
        """The node ``target_id`` as seen from document ``doc_id``, with its own document."""
        for visible in self._visible.get(doc_id, [doc_id]):
            node = self._index.get(visible, {}).get(target_id)
            if node is not None:
                return node, visible
        return None

    def find_any(self, target_id: str) -> JsonDict | None:
        """``target_id`` anywhere in the closure (for ids a roster or condition names)."""
        for index in self._index.values():
            if target_id in index:
                return index[target_id]
        return None

    @cached_property
    def unresolved_links(self) -> list[UnresolvedLink]:
        """The links that point nowhere from the document declaring them: what the compiled
        entries leave out (the importer reports the same list)."""
        return unresolved_links(self.game_system, list(self.catalogues.values()))

    @cached_property
    def used_cost_types(self) -> list[str]:
        """Cost types some entry of the closure has a cost of (New Recruit lists these).

        Only entries and entry links have costs, so only they are walked (a third of the
        time of a walk through every object, on the first evaluation of a closure).
        """
        used: set[str] = set()
        stack: list[JsonDict] = [self.game_system, *self.catalogues.values()]
        while stack:
            node = stack.pop()
            for cost in node.get("costs") or []:
                if isinstance(cost, dict):
                    used.add(str(cost.get("typeId", "")))
            for key in ENTRY_CONTAINERS:
                stack.extend(child for child in node.get(key) or [] if isinstance(child, dict))
        return [ct.id for ct in self.cost_types if ct.id in used]

    @cached_property
    def categories_aim(self) -> bool:
        """Whether some category entry aims modifiers: only then may a category that a
        modifier adds make its selection aim some."""
        return any(
            self.bare_category(str(raw.get("id", ""))).aimed_sources
            for body in [self.game_system, *self.catalogues.values()]
            for raw in body.get("categoryEntries") or []
        )

    @cached_property
    def roster_scope_categories(self) -> list[CategoryNode]:
        """The game system's own categories that have a roster-scope constraint."""
        categories = (
            self.bare_category(str(raw.get("id", "")))
            for raw in self.game_system.get("categoryEntries") or []
        )
        return [c for c in categories if any(k.scope == "roster" for k in c.constraints)]

    def bare_category(self, category_id: str) -> CategoryNode:
        """A category entry on its own (one a modifier adds), cached."""
        node = self._bare_categories.get(category_id)
        if node is None:
            doc_id = next(
                (d for d, index in self._index.items() if category_id in index),
                self.game_system_id,
            )
            node = self._bare_categories[category_id] = self.category(
                {"targetId": category_id}, doc_id
            )
        return node

    def document(self, doc_id: str) -> JsonDict:
        """The body of the game system or of a catalogue (empty for an unknown id)."""
        if doc_id == self.game_system_id:
            return self.game_system
        return self.catalogues.get(doc_id, {})

    def document_revision(self, doc_id: str) -> int:
        return int(as_float(self.document(doc_id).get("revision"), 0.0))

    def document_name(self, doc_id: str) -> str:
        return str(self.document(doc_id).get("name", ""))

    def _cost_types(self) -> list[CostType]:
        out: dict[str, CostType] = {}
        for body in [self.game_system, *self.catalogues.values()]:
            for raw in body.get("costTypes") or []:
                limit = raw.get("defaultCostLimit")
                cid = str(raw.get("id", ""))
                out.setdefault(
                    cid,
                    CostType(
                        cid,
                        str(raw.get("name", "")),
                        bool(raw.get("hidden", False)),
                        None if limit is None else as_float(limit),
                        raw.get("rule"),
                    ),
                )
        return list(out.values())

    # ------------------------------------------------------------------------------ forces

    def _add_force(self, raw: JsonDict, doc_id: str) -> ForceNode:
        fid = str(raw.get("id", ""))
        node = ForceNode(
            id=fid,
            raw=raw,
            doc_id=doc_id,
            categories=[self.category(link, doc_id) for link in raw.get("categoryLinks") or []],
            child_forces=[],
            constraints=[Constraint(c, fid) for c in raw.get("constraints") or []],
            infos=self.infos_of([raw], doc_id),
        )
        self.force_entries.setdefault(fid, node)
        node.child_forces = [
            self._add_force(child, doc_id) for child in raw.get("forceEntries") or []
        ]
        return node

    def category(self, link: JsonDict, doc_id: str) -> CategoryNode:
        """A category link merged with its category entry (cached per link and document)."""
        key = (
            str(link.get("id", "")) or str(link.get("targetId", "")),
            doc_id + "|" + str(link.get("targetId", "")),
        )
        cached = self._categories.get(key)
        if cached is not None:
            return cached
        target_id = str(link.get("targetId", ""))
        found = self.lookup(target_id, doc_id)
        raw, raw_doc = (
            found
            if found is not None
            else ({"id": target_id, "name": link.get("name", "")}, doc_id)
        )
        constraints = [Constraint(c, target_id) for c in raw.get("constraints") or []]
        constraints += [Constraint(c, target_id) for c in link.get("constraints") or []]
        node = CategoryNode(target_id, link, raw, self.infos_of([raw, link], raw_doc), constraints)
        self._categories[key] = node
        return node

    # ------------------------------------------------------------------------------- infos

    def infos_of(self, holders: Sequence[JsonDict | None], doc_id: str) -> list[InfoNode]:
        """Profiles, rules, info groups and resolved info links of the given holders."""
        out: list[InfoNode] = []
        for holder in holders:
            if holder is None:
                continue
            for kind, key in (
                ("profile", "profiles"),
                ("rule", "rules"),
                ("infoGroup", "infoGroups"),
            ):
                for raw in holder.get(key) or []:
                    out.append(self._info(kind, raw, None, doc_id))
            for link in holder.get("infoLinks") or []:
                found = self.lookup(str(link.get("targetId", "")), doc_id)
                if found is None:
                    continue
                raw, raw_doc = found
                kind = str(link.get("type") or "")
                if kind not in ("profile", "rule", "infoGroup"):
                    kind = "profile" if "characteristics" in raw else "rule"
                out.append(self._info(kind, raw, link, raw_doc))
        return out

    def _info(self, kind: str, raw: JsonDict, link: JsonDict | None, doc_id: str) -> InfoNode:
        node = InfoNode(kind, raw, link)
        if kind == "infoGroup":
            node.children = self.infos_of([raw], doc_id)
        return node

    # ----------------------------------------------------------------------------- entries

    def document_rules(self, catalogue_id: str) -> list[InfoNode]:
        """The game system's root rules and info links, then the catalogue's own."""
        cached = self._document_rules.get(catalogue_id)
        if cached is None:
            cached = []
            for doc_id in (self.game_system_id, catalogue_id):
                body = self.document(doc_id)
                holder = {"rules": body.get("rules"), "infoLinks": body.get("infoLinks")}
                cached.extend(self.infos_of([holder], doc_id))
            self._document_rules[catalogue_id] = cached
        return cached

    def root_entries(self, catalogue_id: str) -> list[EntryNode]:
        """Entries a force of this catalogue can select at its top level.

        The catalogue's own root entries, then those of the catalogues it imports root
        entries from (``importRootEntries``, followed transitively) and of the game system,
        except the ones those mark ``import="false"``: such an entry is the library's own
        (BattleScribe/Release#173), offered only in a force of its own catalogue.
        """
        cached = self._roots.get(catalogue_id)
        if cached is not None:
            return cached
        docs = catalogue_closure(catalogue_id, self.catalogues, importing_root_entries=True)
        docs.append(self.game_system_id)
        roots: list[EntryNode] = []
        for doc_id in docs:
            body = self.document(doc_id)
            holder = {
                key: [raw for raw in body.get(key) or [] if imported(raw)]
                if doc_id != catalogue_id
                else body.get(key)
                for key in ("selectionEntries", "entryLinks")
            }
            roots.extend(self._expand(holder, doc_id, (), (), None, None))
        self._roots[catalogue_id] = roots
        return roots

    def find_root_entry(self, catalogue_id: str, entry_id: str) -> EntryNode | None:
        """``find_entry`` among a force's root entries (looked up, not scanned: a list names
        one for each of its units)."""
        finder = self._root_finders.get(catalogue_id)
        if finder is None:
            finder = self._root_finders[catalogue_id] = EntryFinder(
                selectable(self.root_entries(catalogue_id))
            )
        return finder.find(entry_id)

    def offered_below(self, catalogue_id: str, entry_id: str, budget: Budget) -> EntryNode | None:
        """The entry ``entry_id`` names among those a force of this catalogue offers below
        its root entries (breadth first, up to ``BELOW_DEPTH`` levels down, each node
        visited spent from ``budget``): where a roster file's selection may come from when
        the data does not offer it where the file has it (a warjack outside any
        battlegroup). A path id matches exactly first, then by its last id."""
        last = entry_id.rsplit("::", 1)[-1]
        level = self.root_entries(catalogue_id)
        for _ in range(BELOW_DEPTH):
            level = [child for node in level for child in node.children]
            budget.spend(len(level))
            entries = selectable(level)
            found = next(
                (n for n in entries if entry_id in (n.path_id, n.full_path_id)),
                None,
            ) or next((n for n in entries if last in n.ids), None)
            if found is not None or not level:
                return found
        return None

    def nested_minimums(self, catalogue_id: str) -> list[EntryNode]:
        """Entries and groups a force of the catalogue offers below its root entries (each
        definition once, however many units offer it) with a minimum over the force or the
        roster (``Constraint.wide_minimum``), each on its own: no parent, its id its path.

        New Recruit checks such a minimum in every force, whether or not a unit offering
        the entry is selected. The walk follows the data's own entries and links, not the
        entry tree, so it visits each definition once.
        """
        cached = self._nested_minimums.get(catalogue_id)
        if cached is not None:
            return cached
        roots = self.root_entries(catalogue_id)
        skip = {id(node.raw) for node in selectable(roots)}
        stack: list[tuple[JsonDict, str]] = [(node.raw, node.doc_id) for node in roots]
        stack += [(n.link, n.link_doc_id or n.doc_id) for n in roots if n.link is not None]
        seen: set[int] = set()
        cached = []
        while stack:
            holder, doc_id = stack.pop()
            below: list[tuple[JsonDict, str, str]] = [
                (raw, kind, doc_id)
                for key, kind in (("selectionEntries", "entry"), ("selectionEntryGroups", "group"))
                for raw in holder.get(key) or []
            ]
            for link in holder.get("entryLinks") or []:
                found = self.lookup(str(link.get("targetId", "")), doc_id)
                if found is not None:
                    kind = "group" if link.get("type") == "selectionEntryGroup" else "entry"
                    below.append((found[0], kind, found[1]))
                stack.append((link, doc_id))  # the children the link declares
            for raw, kind, raw_doc in below:
                if id(raw) in seen:
                    continue
                seen.add(id(raw))
                stack.append((raw, raw_doc))
                if id(raw) in skip or not _may_require_widely(raw):
                    continue
                node = self._node(raw, None, kind, (raw_doc, raw_doc), ((), ()), None, None)
                if any(c.wide_minimum for c in node.constraints):
                    cached.append(node)
        self._nested_minimums[catalogue_id] = cached
        return cached

    def offers_uncategorised(self, catalogue_id: str) -> bool:
        """Whether some visible top-level entry of the catalogue has no primary category."""
        cached = self._uncategorised.get(catalogue_id)
        if cached is None:
            cached = any(
                not node.hidden and not any(c.primary for c in node.categories)
                for node in self.root_entries(catalogue_id)
            )
            self._uncategorised[catalogue_id] = cached
        return cached

    def constrained_roots(self, catalogue_id: str) -> Constrained:
        """Top-level entries (and entries in top-level groups) that carry constraints."""
        cached = self._constrained_roots.get(catalogue_id)
        if cached is None:
            cached = Constrained(constrained_within(self.root_entries(catalogue_id)))
            self._constrained_roots[catalogue_id] = cached
        return cached

    def expand_children(self, node: EntryNode) -> list[EntryNode]:
        """The entries and groups under a node: the target's own, then those its link declares.

        A link's own children belong to the catalogue declaring the link (their links resolve
        there, not in the target's catalogue), and BattleScribe leaves the link's id out of
        their entry-id paths: they sit where the link sits.
        """
        group_path = node.path_id if node.kind == "group" else None
        keys = ("selectionEntries", "selectionEntryGroups", "entryLinks")
        out = self._expand(
            {key: node.raw.get(key) for key in keys},
            node.doc_id,
            node.prefix,
            node.via,
            node,
            group_path,
        )
        if node.link is not None and any(node.link.get(key) for key in keys):
            out += self._expand(
                {key: node.link.get(key) for key in keys},
                node.link_doc_id or node.doc_id,
                node.prefix[:-1],
                node.via,
                node,
                group_path,
            )
        return out

    def _expand(
        self,
        holder: JsonDict,
        doc_id: str,
        prefix: tuple[str, ...],
        via: tuple[str, ...],
        parent: EntryNode | None,
        group_path: str | None,
    ) -> list[EntryNode]:
        out: list[EntryNode] = []
        for key, kind in (("selectionEntries", "entry"), ("selectionEntryGroups", "group")):
            for raw in holder.get(key) or []:
                out.append(
                    self._node(raw, None, kind, (doc_id, doc_id), (prefix, via), parent, group_path)
                )
        for link in holder.get("entryLinks") or []:
            link_id = str(link.get("id", ""))
            found = self.lookup(str(link.get("targetId", "")), doc_id)
            if found is None:
                # ``unresolved_links`` reports it (as the importer does)
                continue
            target, target_doc = found
            kind = "group" if link.get("type") == "selectionEntryGroup" else "entry"
            out.append(
                self._node(
                    target,
                    link,
                    kind,
                    (target_doc, doc_id),
                    ((*prefix, link_id), (*via, link_id)),
                    parent,
                    group_path,
                )
            )
        return out

    def _node(
        self,
        raw: JsonDict,
        link: JsonDict | None,
        kind: str,
        docs: tuple[str, str],
        prefixes: tuple[tuple[str, ...], tuple[str, ...]],
        parent: EntryNode | None,
        group_path: str | None,
    ) -> EntryNode:
        """A node for ``raw`` (through ``link``); ``docs`` are the documents holding the
        target and the link, ``prefixes`` the entry-id path prefix and every link on the way."""
        rid = str(raw.get("id", ""))
        constraints = [Constraint(c, rid) for c in raw.get("constraints") or []]
        if link is not None:
            constraints += [
                Constraint(c, str(link.get("id", ""))) for c in link.get("constraints") or []
            ]
        prefix, via = prefixes
        return EntryNode(
            compiled=self,
            path_id="::".join((*prefix, rid)),
            id=rid,
            prefix=prefix,
            via=via,
            raw=raw,
            link=link,
            doc_id=docs[0],
            link_doc_id=docs[1] if link is not None else None,
            kind=kind,
            parent=parent,
            group_path_id=group_path,
            constraints=constraints,
        )


def _may_require_widely(raw: JsonDict) -> bool:
    """Whether an entry declares a minimum over the force or the roster (read before making
    its node: most entries declare none)."""
    return any(
        c.get("type") == "min" and c.get("scope") in ("force", "roster")
        for c in raw.get("constraints") or []
    )


def imported(raw: JsonDict) -> bool:
    """Whether a root entry or entry link goes with its catalogue into the catalogues that
    import its root entries (an absent ``import`` reads as true, as BattleScribe writes it)."""
    return raw.get("import") is not False


def compile_documents(
    game_system: Mapping[str, Any], catalogues: Sequence[Mapping[str, Any]]
) -> Compiled:
    """Compile a game system and its catalogues (canonical JSON, wrapped or bare)."""
    compiled = Compiled(game_system, catalogues)
    for cid, body in compiled.catalogues.items():
        gsid = body.get("gameSystemId")
        if gsid and compiled.game_system_id and gsid != compiled.game_system_id:
            raise CompileError(
                WRONG_GAME_SYSTEM,
                {
                    "catalogue_id": cid,
                    "catalogue_game_system": gsid,
                    "game_system_id": compiled.game_system_id,
                },
            )
    return compiled
