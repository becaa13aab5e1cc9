"""The evaluator's core: what an entry is worth in a context, and what rules count.

``Evaluator`` works out an entry's or a force's effective values (its modifiers, with their
conditions and repeats, and those aimed at it through a New Recruit ``scope``) and what a
condition, repeat or constraint counts (scopes and queries over a force-wide index). The
roster view (``view_builder``) and the problems (``checks``) are built on one evaluator, so
they share its caches; ``edit`` and ``explain`` use it alone. Nothing here mutates the roster.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from armybuilder.engine import expressions, modifier_types, report
from armybuilder.engine.caps import MAX_REPEATS, Budget, whole
from armybuilder.engine.model import (
    Constraint,
    EntryNode,
    JsonDict,
    QuerySpec,
    aimed_within,
    as_float,
    is_aimed,
    iter_modifiers,
)
from armybuilder.engine.roster import Force, Roster, Selection

ANY_IDS = frozenset({"", "any", "model", "unit", "upgrade"})
MESSAGE_FIELDS = {"error": report.ERROR, "warning": report.WARNING, "info": report.INFO}
SPEC_CACHE_SIZE = 1 << 16
# rounds of the category pass before its last answer is taken (see ``_category_rounds``)
CATEGORY_ROUNDS = 4
NO_CYCLE = 1 << 30  # deeper than any stack of values being worked out

Categories = list[tuple[str, bool]]  # (category id, primary), in order
K = TypeVar("K")
V = TypeVar("V")


@dataclass(slots=True, eq=False)
class Ctx:
    """Where a modifier, condition or constraint is evaluated (never changed once made;
    not frozen, because a frozen dataclass takes four times as long to make).

    ``selection`` is "self" when the entry is selected; ``parent`` is the selection that holds
    (or would hold) it; ``node`` is the entry being evaluated (may be unselected).
    """

    roster: Roster
    force: Force | None
    selection: Selection | None = None
    parent: Selection | None = None
    node: EntryNode | None = None

    @staticmethod
    def of(selection: Selection) -> Ctx:
        return Ctx(
            selection.force.roster, selection.force, selection, selection.parent, selection.node
        )


@dataclass(frozen=True, slots=True)
class CategoryScope:
    """The ``primary-category`` scope: a force's selections filed under one category."""

    force: Force
    category_id: str


Scope = Selection | Force | Roster | CategoryScope
# what an aimed modifier can change: a selection or a force (the others have no values)
Target = Selection | Force


@dataclass(slots=True)
class ScopeIndex:
    """The selections of a force (or the roster) with their index keys (see ``_keys``).

    Queries ask for a few dozen keys of the hundreds the selections have, so each is
    answered on demand, by one pass, and remembered.
    """

    pairs: list[tuple[Selection, frozenset[str]]]  # each selection, its keys before modifiers
    answers: dict[str, list[Selection]] = field(default_factory=dict)
    # whether ``answers`` holds the keys category modifiers changed (see ``_matching``)
    effective: bool = False

    def static(self, key: str) -> list[Selection]:
        return [sel for sel, keys in self.pairs if key in keys]


@dataclass(slots=True)
class Values:
    """Effective values of one entry (or category, force, profile, rule) in one context."""

    fields: dict[str, Any]
    categories: list[tuple[str, bool]] = field(default_factory=list)
    messages: list[tuple[str, str, JsonDict]] = field(default_factory=list)


class Evaluator:
    """One evaluation pass over a roster (caches live for the pass only).

    ``with_aimed=False`` ignores aimed modifiers (those with a New Recruit ``scope``).
    ``categories`` fixes every selection's categories (selection id -> its categories, the
    definition's when absent) instead of working them out (see ``_category_rounds``). The
    work is spent from ``budget`` (by default the roster's).

    Nothing a cache keeps depends on the order values are asked for: a selection's
    categories are settled by the category pass before any count reads them, so a count is
    never remembered while the values it counts are still being worked out.
    """

    def __init__(
        self,
        roster: Roster,
        with_aimed: bool = True,
        categories: dict[str, Categories] | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.roster = roster
        self.compiled = roster.compiled
        self.budget = budget if budget is not None else roster.budget
        self._values: dict[str, Values] = {}
        self._virtual_values: dict[tuple[EntryNode, str, str, str], Values] = {}
        self._contexts: dict[str, Ctx] = {}
        self._primaries: dict[str, str | None] = {}
        # the values being worked out (guard -> depth on the stack), and the lowest depth a
        # value read back while still being worked out (a cycle) since the innermost mark
        self._busy: dict[str, int] = {}
        self._cycle_depth = NO_CYCLE
        # per force / roster (keyed by the forces it covers, so a force and a one-force
        # roster share one): its selections and which answer to each index key
        self._indexes: dict[tuple[int, ...], ScopeIndex] = {}
        # modifiers aimed at a selection or force (keyed by the object: neither compares by
        # value, and a selection's id may equal a force's); None until first needed
        self._incoming: dict[Target, list[tuple[JsonDict, int]]] | None = None if with_aimed else {}
        self._force_values: dict[str, Values] = {}
        self._effective_keys: dict[str, frozenset[str]] = {}
        # the selections whose categories modifiers change, and how (None until needed)
        self._categories = categories
        # the selection whose category modifiers are being applied, and its categories so far
        # (and how many values were being worked out then: values worked out meanwhile, its
        # own included, see its categories as settled, never as partial)
        self._partial: tuple[Selection, Categories, int] | None = None
        self._queries: dict[tuple[Any, ...], float] = {}
        self._children_numbers: dict[tuple[str, bool], dict[str, int]] = {}
        # the values of entries no modifier can change, shared per compiled closure
        self._static_values = self.compiled.static_values

    def ctx_of(self, selection: Selection) -> Ctx:
        """The context of a selection itself (cached: every modifier of it reads one)."""
        ctx = self._contexts.get(selection.id)
        if ctx is None:
            ctx = self._contexts[selection.id] = Ctx.of(selection)
        return ctx

    # --------------------------------------------------------------------------- entry values

    def entry_values(self, node: EntryNode, ctx: Ctx) -> Values:
        """Effective values of an entry in a context (cached for selections)."""
        selected = ctx.selection
        if selected is not None and selected.node is not node:
            selected = None
        key = None if selected is None else selected.id
        if key is not None and key in self._values:
            return self._values[key]
        virtual = None if key is not None else _virtual_key(node, ctx)
        if virtual is not None and virtual in self._virtual_values:
            return self._virtual_values[virtual]
        incoming = [] if selected is None else self.incoming_for(selected)
        if not node.has_modifiers and not incoming:
            static = self._static_values.get(node)
            if static is None:  # shared, read-only
                static = Values(node.static_fields(), node.static_categories)
                self._static_values[node] = static
            if key is not None:
                self._values[key] = static
            return static
        values = Values(dict(node.static_fields()), list(node.static_categories))
        # a selection's categories come from the category pass (which has applied its
        # category modifiers); an entry not selected applies them here
        settled = selected is not None and (
            "category" in node.modified_fields
            or bool(incoming and any(_on_category(m) for m, _ in incoming))
        )
        guard = key or f"virtual:{node.path_id}:{id(ctx.parent)}:{id(ctx.force)}"
        depth = self._busy.get(guard)
        if depth is not None:
            # read back while being worked out: the definition's values, and whatever is
            # worked out from them until this value is done stays unremembered
            self._cycle_depth = min(self._cycle_depth, depth)
            return values
        depth = self._busy[guard] = len(self._busy)
        outer = self._enter()
        try:
            if settled and selected is not None:
                values.categories = list(self.categories_of(selected))
                incoming = [item for item in incoming if not _on_category(item[0])]
            self.apply_modifiers(node.modifier_sources, ctx, values, incoming, settled)
        finally:
            del self._busy[guard]
            clean = self._leave(outer) > depth
        if key is not None and clean:
            self._values[key] = values
        elif virtual is not None and clean and self._partial is None:
            # an entry not selected, asked again for each option of a group it holds
            # (explaining a unit's options, auto-selection); never while a selection's
            # categories are partial, which its conditions may see
            self._virtual_values[virtual] = values
        return values

    def _enter(self) -> int:
        """Start watching for cycles (returns the outer watch, for ``_leave``)."""
        outer, self._cycle_depth = self._cycle_depth, NO_CYCLE
        return outer

    def _leave(self, outer: int) -> int:
        """Stop watching: the lowest stack depth read back while being worked out since
        ``_enter`` (``NO_CYCLE`` if none). A value may be remembered only when that is deeper
        than everything that was being worked out when it started: otherwise it was built
        from a value not yet done (its own included), and asking in another order would
        build it from another one."""
        found = self._cycle_depth
        self._cycle_depth = min(outer, found)
        return found

    def force_values(self, force: Force) -> Values:
        """A force's effective name, hidden flag, constraint limits and messages (cached)."""
        values = self._force_values.get(force.id)
        if values is None:
            node = force.node
            fields: dict[str, Any] = {"name": node.name, "hidden": bool(node.raw.get("hidden"))}
            fields.update((c.id, c.value) for c in node.constraints)
            values = self._force_values[force.id] = Values(fields)
            self.apply_modifiers(
                [node.raw], Ctx(self.roster, force), values, self.incoming_for(force)
            )
        return values

    # ------------------------------------------------------------------------------ modifiers

    def apply_modifiers(
        self,
        sources: Sequence[JsonDict | None],
        ctx: Ctx,
        values: Values,
        incoming: Sequence[tuple[JsonDict, int]] = (),
        skip_categories: bool = False,
    ) -> None:
        """Apply the sources' own modifiers (and those other selections aim here) to values
        (``skip_categories``: not the category modifiers, already applied)."""
        pending: list[tuple[JsonDict, int]] = list(incoming)
        for source in sources:
            if source is not None:
                self._collect(source, ctx, 1, pending, skip_categories=skip_categories)
        self.budget.spend(1 + len(pending))
        pending.sort(key=lambda item: modifier_types.PRIORITY.get(str(item[0].get("type", "")), 1))
        for modifier, times in pending:
            self._apply_one(modifier, values, times)

    def _collect(
        self,
        holder: JsonDict,
        ctx: Ctx,
        outer: int,
        out: list[tuple[JsonDict, int]],
        aimed: bool = False,
        skip_categories: bool = False,
    ) -> None:
        """Modifiers whose conditions hold, with their repeat counts.

        ``aimed`` picks the modifiers with a New Recruit ``scope`` (they change another
        selection, e.g. the unit an upgrade belongs to) instead of the holder's own.
        """
        for modifier in holder.get("modifiers") or []:
            if skip_categories and _on_category(modifier):
                continue
            if is_aimed(modifier) == aimed and self.conditions_hold(modifier, ctx):
                times = outer * self.repeat_times(modifier, ctx)
                if times > 0:
                    out.append((modifier, times))
        for group in holder.get("modifierGroups") or []:
            if self.conditions_hold(group, ctx):
                times = outer * self.repeat_times(group, ctx)
                if times > 0:
                    self._collect(group, ctx, times, out, aimed, skip_categories)

    def incoming_for(self, target: Target) -> list[tuple[JsonDict, int]]:
        """Modifiers aimed at this selection or force (through their ``scope``)."""
        if self._incoming is None:
            self._incoming = self._aimed_modifiers()
        return self._incoming.get(target, [])

    def _aimed_modifiers(self) -> dict[Target, list[tuple[JsonDict, int]]]:
        """Selection or force -> the modifiers aimed at it whose conditions hold.

        Whatever holds modifiers can aim them: a selection's entry (or link), profiles, rules
        and categories, seen from that selection; a force's entry, profiles, rules (the
        game system's and catalogue's included) and categories, seen from that force. Their
        conditions are read by a separate pass that sees no aimed modifiers, so the answer
        does not depend on itself. A scope naming the roster or a category changes nothing.
        """
        aimed: dict[Target, list[tuple[JsonDict, int]]] = {}
        places = [
            (Ctx(self.roster, force), holders)
            for force in self.roster.all_forces()
            if (holders := self._force_aiming(force))
        ]
        selections = [s for s in self.roster.all_selections() if s.node.has_aimed_modifiers]
        if not places and not selections:
            return aimed
        self.budget.spend(len(places) + len(selections))
        plain = Evaluator(self.roster, with_aimed=False, budget=self.budget)
        places += [(self.ctx_of(sel), plain._selection_aiming(sel)) for sel in selections]
        for ctx, holders in places:
            found: list[tuple[JsonDict, int]] = []
            for holder in holders:
                plain._collect(holder, ctx, 1, found, aimed=True)
            for modifier, times in found:
                for target in plain.scope_objects(str(modifier["scope"]), ctx):
                    if isinstance(target, (Selection, Force)):
                        aimed.setdefault(target, []).append((modifier, times))
        return aimed

    def _force_aiming(self, force: Force) -> list[JsonDict]:
        """The holders of aimed modifiers in a force (and the rules it shows)."""
        rules = self.compiled.document_rules(force.catalogue_id)
        return force.node.aimed_sources + aimed_within(rules)

    def _selection_aiming(self, sel: Selection) -> list[JsonDict]:
        """The holders of aimed modifiers in a selection's entry, infos and categories (its
        effective ones: modifiers may add or remove categories)."""
        node = sel.node
        categories = node.categories
        if "category" in node.modified_fields:
            effective = self.entry_values(node, self.ctx_of(sel)).categories
            categories = [node.category_node(cat_id) for cat_id, _ in effective]
        return node.aimed_sources + aimed_within(categories)

    # ----------------------------------------------------------------------------- categories

    def categories_of(self, sel: Selection) -> Categories:
        """A selection's categories after modifiers (its own and those aimed at it)."""
        found = self._settled().get(sel.id)
        return found if found is not None else sel.node.static_categories

    def settle_categories(self) -> None:
        """Settle every selection's categories now, before anything else is worked out: for
        a pass that shows them all (the roster view), which then takes over what the
        category pass worked out instead of working it out again."""
        self._settled()

    def _settled(self) -> dict[str, Categories]:
        """Selection id -> its categories, for those whose modifiers change them."""
        if self._categories is None:
            self._categories = self._category_rounds()
        return self._categories

    def _category_rounds(self) -> dict[str, Categories]:
        """Every selection whose categories modifiers change -> its categories.

        Category modifiers' conditions may count categories (of other selections or of the
        selection itself), so the categories are settled in rounds: each round reads every
        condition against the categories the previous round settled (the definitions' at
        first), until a round changes nothing (at most ``CATEGORY_ROUNDS``). A round's answer
        for one selection depends on the previous round only, never on which selection was
        asked first. Within a selection its category modifiers apply in document order (see
        ``_settle_categories``).
        """
        if self._incoming is None:
            self._incoming = self._aimed_modifiers()
        candidates = [
            sel
            for sel in self.roster.all_selections()
            if "category" in sel.node.modified_fields
            or any(_on_category(m) for m, _ in self._incoming.get(sel, ()))
        ]
        settled: dict[str, Categories] = {}
        for _ in range(CATEGORY_ROUNDS if candidates else 0):
            reader = Evaluator(self.roster, categories=settled, budget=self.budget)
            reader._incoming = self._incoming
            found: dict[str, Categories] = {}
            for sel in candidates:
                categories = reader._settle_categories(sel)
                if categories != sel.node.static_categories:
                    found[sel.id] = categories
            if found == settled:
                # the last round read everything with the categories it settled: what it
                # worked out holds here too (and what this evaluator has already worked
                # out did not read any category)
                self._adopt(reader)
                break
            settled = found
        return settled

    def _adopt(self, other: Evaluator) -> None:
        """Take over what another evaluator of the same roster and categories remembers."""
        _merge(self._values, other._values)
        _merge(self._virtual_values, other._virtual_values)
        _merge(self._queries, other._queries)
        _merge(self._indexes, other._indexes)
        _merge(self._effective_keys, other._effective_keys)
        _merge(self._primaries, other._primaries)
        _merge(self._children_numbers, other._children_numbers)

    def _settle_categories(self, sel: Selection) -> Categories:
        """A selection's categories: those aimed at it first, then its own category
        modifiers in document order, each seeing (through ``instanceOf`` on the selection
        itself, scope ``self`` or ``ancestor``) what the earlier ones added or removed."""
        values = Values({}, list(sel.node.static_categories))
        for modifier, _ in self.incoming_for(sel):
            if _on_category(modifier):
                self._apply_category(
                    str(modifier.get("type", "")), str(modifier.get("value", "")), values
                )
        ctx = self.ctx_of(sel)
        self._partial = (sel, values.categories, len(self._busy))
        try:
            for source in sel.node.modifier_sources:
                self._apply_categories_in(source, ctx, values, 1)
        finally:
            self._partial = None
        return values.categories

    def _apply_categories_in(self, holder: JsonDict, ctx: Ctx, values: Values, outer: int) -> None:
        for modifier in holder.get("modifiers") or []:
            if (
                _on_category(modifier)
                and not is_aimed(modifier)
                and self.conditions_hold(modifier, ctx)
                and outer * self.repeat_times(modifier, ctx) > 0
            ):
                self._apply_category(
                    str(modifier.get("type", "")), str(modifier.get("value", "")), values
                )
        for group in holder.get("modifierGroups") or []:
            if any(_on_category(m) for m in iter_modifiers(group)) and self.conditions_hold(
                group, ctx
            ):
                times = outer * self.repeat_times(group, ctx)
                if times > 0:
                    self._apply_categories_in(group, ctx, values, times)

    def _apply_one(self, modifier: JsonDict, values: Values, times: int) -> None:
        mod_type = str(modifier.get("type", ""))
        name = str(modifier.get("field", ""))
        raw_value = str(modifier.get("value", ""))
        if name == "category":
            self._apply_category(mod_type, raw_value, values)
            return
        if name in MESSAGE_FIELDS:
            values.messages.append((MESSAGE_FIELDS[name], raw_value, modifier))
            return
        if mod_type == "hide":  # the 1.15 spelling of "set hidden"
            values.fields["hidden"] = True
            return
        if name == "annotation":  # New Recruit's note shown beside the selection
            values.fields.setdefault("annotation", "")
        if mod_type == "replace":
            if name in values.fields:
                find = str(modifier.get("arg", ""))
                values.fields[name] = modifier_types.replace_text(
                    values.fields[name], find, raw_value
                )
            return
        if name not in values.fields:
            return
        values.fields[name] = modifier_types.apply(mod_type, values.fields[name], raw_value, times)

    @staticmethod
    def _apply_category(mod_type: str, category_id: str, values: Values) -> None:
        """Change the categories in place (the category pass reads them as they change)."""
        cats = values.categories
        if mod_type == "add" and all(c != category_id for c, _ in cats):
            cats.append((category_id, False))
        elif mod_type == "remove":
            cats[:] = [(c, p) for c, p in cats if c != category_id]
        elif mod_type == "set-primary":
            cats[:] = [(c, False) for c, _ in cats if c != category_id]
            cats.insert(0, (category_id, True))
        elif mod_type == "unset-primary":
            cats[:] = [(c, False if c == category_id else p) for c, p in cats]

    # ----------------------------------------------------------------------------- conditions

    def conditions_hold(self, holder: JsonDict, ctx: Ctx) -> bool:
        # (most holders have conditions alone, or nothing: each kind is looked at only when
        # present, as every modifier of every entry asks)
        conditions = holder.get("conditions")
        if conditions and not all(self.condition(c, ctx) for c in conditions):
            return False
        # New Recruit's expression nodes included (see expressions.py)
        groups = holder.get("conditionGroups")
        if groups and not all(expressions.group_holds(self, g, ctx) for g in groups):
            return False
        return not holder.get("localConditionGroups") or expressions.local_groups_hold(
            self, holder, ctx
        )

    def condition(self, cond: JsonDict, ctx: Ctx) -> bool:
        self.budget.spend(1)
        _, scope, child_id, _, _, _, _, ctype, threshold = self._spec(cond)
        if ctype in ("always", "never"):  # New Recruit's constant conditions
            return ctype == "always"
        if ctype in ("instanceOf", "notInstanceOf"):
            objects = self.scope_objects(scope, ctx)
            partial = self._partial
            if (
                partial is not None
                and ctx.selection is partial[0]
                and partial[2] == len(self._busy)
                and partial[0] in objects
            ):
                # the selection's own category modifier: it sees its categories so far
                sel = partial[0]
                found = sel.node.type == child_id or f"of:{child_id}" in self._keys_with(
                    sel, partial[1]
                )
                found = found or any(
                    self.instance_of(obj, child_id) for obj in objects if obj is not sel
                )
            else:
                found = any(self.instance_of(obj, child_id) for obj in objects)
            return found if ctype == "instanceOf" else not found
        return expressions.passes(ctype, self.query(cond, ctx), threshold)

    def repeat_times(self, holder: JsonDict, ctx: Ctx) -> int:
        repeats = holder.get("repeats") or []
        if not repeats:
            return 1
        total = 0
        for rep in repeats:
            step = as_float(rep.get("value"), 1.0)
            count = self.query(rep, ctx)
            if step <= 0:
                continue
            ratio = count / step
            if not math.isfinite(ratio):  # (a count that is not a number repeats nothing)
                ratio = whole(ratio)
            times = math.ceil(ratio) if rep.get("roundUp") else math.floor(ratio + 1e-9)
            total += times * whole(as_float(rep.get("repeats"), 1.0))
        # (the effect of a repeat is worked out, never looped over: see modifier_types)
        return max(-MAX_REPEATS, min(MAX_REPEATS, total))

    # --------------------------------------------------------------------------------- scopes

    def scope_objects(self, scope: str, ctx: Ctx) -> list[Scope]:
        """The containers a scope names, seen from ``ctx``."""
        me = ctx.selection
        parent = me.parent if me is not None else ctx.parent
        if scope == "self":
            return [me] if me is not None else []
        if scope == "parent":
            if parent is not None:
                return [parent]
            return [ctx.force] if ctx.force is not None else []
        if scope == "ancestor":
            # New Recruit: the selection itself, its parents, its force and the forces above
            ancestors: list[Scope] = list(self._chain(me, parent))
            return ancestors + list(self._force_chain(ctx.force))
        if scope == "force":
            return [ctx.force] if ctx.force is not None else []
        if scope == "roster":
            return [ctx.roster]
        if scope == "primary-category":
            root = next(iter(reversed(list(self._chain(me, parent)))), None)
            primary = self.primary_category(root) if root is not None else None
            if primary is None or ctx.force is None:
                return []
            return [CategoryScope(ctx.force, primary)]
        chain: list[Scope] = list(self._chain(me, parent))
        if scope == "root-entry":
            return chain[-1:] if chain else []
        if scope in ("unit", "model", "upgrade", "model-or-unit"):
            wanted = ("model", "unit") if scope == "model-or-unit" else (scope,)
            typed: list[Scope] = [
                s for s in chain if isinstance(s, Selection) and s.node.type in wanted
            ]
            return typed[:1]
        if scope == "primary-catalogue":
            return [ctx.force] if ctx.force is not None else []
        for sel in chain:
            if isinstance(sel, Selection) and scope in sel.node.ids:
                return [sel]
        for force in self._force_chain(ctx.force):
            if force.node.id == scope:
                return [force]
        return []

    def offers(self, force: Force, node: EntryNode) -> bool:
        """Whether a force offers a root entry: it has no primary category (after
        modifiers), or one the force entry links. BattleScribe and New Recruit list an entry
        only under a slot of its force, so one filed elsewhere (the game system's "Game
        Type" in an Allies force) is neither offered, auto-selected nor required there."""
        categories = (
            self.entry_values(node, Ctx(self.roster, force, None, None, node)).categories
            if "category" in node.modified_fields
            else node.static_categories
        )
        primary = next((c for c, is_primary in categories if is_primary), None)
        return primary is None or any(c.id == primary for c in force.node.categories)

    def has_subject(self, constraint: Constraint, ctx: Ctx) -> bool:
        """Whether a constraint has something to count from ``ctx`` (callers ask only when
        ``Constraint.names_scope``, the one case it may not): one whose scope names
        an entry or force that is not the selection, a parent of it or one of its forces
        has none, and is not checked there (the Age of Sigmar data's Narrative force keeps
        a Pitched Battle force's slot limits, scoped to that force's id)."""
        return bool(self.scope_objects(constraint.scope, ctx))

    @staticmethod
    def _chain(first: Selection | None, then: Selection | None) -> Iterator[Selection]:
        current = first if first is not None else then
        while current is not None:
            yield current
            current = current.parent

    @staticmethod
    def _force_chain(force: Force | None, upwards: bool = True) -> Iterator[Force]:
        """The force and, when ``upwards``, the forces it is a child force of."""
        while force is not None:
            yield force
            force = force.parent if upwards else None

    def instance_of(self, obj: Scope, child_id: str) -> bool:
        """Whether a scope object is a ``child_id``.

        A selection is an instance of its entry, link, groups, categories and type name; a
        force of its force entry and its catalogue (so ``scope="force"`` tells a Battalion
        from a Patrol, as the 40k data's detachment costs ask); the roster and a category
        of nothing (New Recruit).
        """
        if isinstance(obj, Force):
            return child_id in (obj.node.id, obj.catalogue_id)
        if not isinstance(obj, Selection):
            return False
        return obj.node.type == child_id or self.selection_matches(obj, child_id)

    # -------------------------------------------------------------------------------- queries

    def _spec(self, spec: JsonDict) -> QuerySpec:
        """What a condition, repeat or constraint asks, read once per compiled closure."""
        specs = self.compiled.query_specs
        found = specs.get(id(spec))
        if found is None:
            if len(specs) >= SPEC_CACHE_SIZE:  # specs made on the fly must not pile up
                specs.clear()
            found = specs[id(spec)] = (
                spec,  # kept, so that no other spec gets its id while cached
                (
                    str(spec.get("field", "selections")),
                    str(spec.get("scope", "self")),
                    str(spec.get("childId") or ""),
                    bool(spec.get("shared", False)),
                    bool(spec.get("includeChildSelections", False)),
                    bool(spec.get("includeChildForces", False)),
                    bool(spec.get("percentValue")),
                    str(spec.get("type", "")),
                    as_float(spec.get("value")),
                ),
            )
        return found[1]

    def query(
        self,
        spec: JsonDict,
        ctx: Ctx,
        entry: EntryNode | None = None,
        child_id: str | None = None,
    ) -> float:
        """The value a condition, repeat or constraint reads (``entry``: count that entry;
        ``child_id``: count that instead of the spec's own childId)."""
        field_name, scope, own_child, shared, deep, child_forces, percent, _, _ = self._spec(spec)
        if field_name.startswith("limit::"):
            return self.roster.cost_limits.get(field_name[7:], 0.0)
        if child_id is None:
            child_id = own_child
        objects = self.scope_objects(scope, ctx)
        key: tuple[Any, ...] = (
            field_name,
            child_id,
            shared,
            deep,
            child_forces,
            percent,
            entry.path_id if entry is not None else None,
            *objects,  # (selections, forces and the roster are equal only to themselves)
        )
        cached = self._queries.get(key)
        if cached is None:
            self.budget.spend(1)
            outer = self._enter()
            try:
                cached = self._query(
                    objects, field_name, child_id, shared, deep, child_forces, percent, entry
                )
            finally:
                clean = self._leave(outer) >= len(self._busy)
            if clean:
                self._queries[key] = cached
        return cached

    def _query(
        self,
        objects: list[Scope],
        field_name: str,
        child_id: str,
        shared: bool,
        deep: bool,
        child_forces: bool,
        percent: bool,
        entry: EntryNode | None,
    ) -> float:
        if field_name == "forces":
            forces = [f for obj in objects for f in self._forces_in(obj, child_forces)]
            return float(sum(1 for f in forces if self._force_matches(f, child_id)))
        per = objects[0] if len(objects) == 1 and isinstance(objects[0], Selection) else None
        if entry is None and child_id in self.compiled.force_entries:
            # a force entry's id counts what is selected in forces of that entry (and in
            # their child forces with ``includeChildForces``): BattleScribe/Release#19
            holding = {
                id(force)
                for force in self.roster.all_forces()
                if any(f.node.id == child_id for f in self._force_chain(force, child_forces))
            }
            matched = [
                s
                for s in self.matching_in(objects, deep, child_forces, "*")
                if id(s.force) in holding
            ]
        else:
            matched = self.matching_in(
                objects, deep, child_forces, self.match_key(entry, child_id, shared)
            )
        value = self.measure(matched, field_name, child_id == "" and entry is None, per)
        if not percent:
            return value
        total = self.measure(
            self.matching_in(objects, deep, child_forces, "*"), field_name, True, per
        )
        return value / total * 100.0 if total else 0.0

    def matching_in(
        self, objects: list[Scope], deep: bool, child_forces: bool, key: str
    ) -> list[Selection]:
        """Selections answering to ``key`` in any of the scope objects, each once (the
        objects of ``ancestor`` nest, so they hold the same selections)."""
        if len(objects) == 1:
            return self._matching(objects[0], deep, child_forces, key)
        found: dict[int, Selection] = {}
        for obj in objects:
            for sel in self._matching(obj, deep, child_forces, key):
                found.setdefault(id(sel), sel)
        return list(found.values())

    def measure(
        self,
        selections: Iterable[Selection],
        field_name: str,
        own_only: bool,
        per: Selection | None = None,
    ) -> float:
        """Selections counted (per model of ``per`` when given), their associations (both
        ways: New Recruit's ``associations`` field) or their summed costs."""
        if field_name == "associations":
            chosen = list(selections)
            everyone = list(self.roster.all_selections())
            self.budget.spend(len(everyone))
            incoming = Counter(t for s in everyone for _, t in s.associations)
            return float(sum(len(s.associations) + incoming[s.id] for s in chosen))
        if field_name == "selections":
            scale = per.number if per is not None else 1
            return float(sum(s.number for s in selections)) / (scale or 1)
        total = 0.0
        chosen = list(selections)
        if not own_only:
            # a matched descendant is already in its matched ancestor's total
            ids = {id(s) for s in chosen}
            chosen = [s for s in chosen if not any(id(a) in ids for a in s.ancestors())]
        for sel in chosen:
            walk = [sel] if own_only else list(sel.walk())
            self.budget.spend(len(walk))
            total += sum(self.selection_cost(s, field_name) for s in walk)
        return total

    @staticmethod
    def match_key(entry: EntryNode | None, child_id: str, shared: bool) -> str:
        """The index key of what a query counts (see ``_keys``)."""
        if entry is not None and entry.kind == "group":  # a group counts its members
            return f"of:{entry.id}" if shared else f"of:{entry.path_id}"
        if entry is not None:
            return f"id:{entry.id}" if shared else f"path:{entry.path_id}"
        if child_id in ("", "any"):
            return "*"
        if child_id in ANY_IDS:
            return f"type:{child_id}"
        return f"of:{child_id}"

    def _keys(self, sel: Selection, effective: bool = True) -> frozenset[str]:
        """Every index key a selection answers to.

        ``of:`` keys are what a condition's childId matches: the entry's ids (New Recruit
        ignores ``shared`` there), its enclosing entry groups and its categories, including
        those its modifiers add or remove (unless ``effective`` is false).
        """
        static = sel.node.match_keys
        if not effective:
            return static
        cached = self._effective_keys.get(sel.id)
        if cached is None:
            categories = self.categories_of(sel)
            cached = self._effective_keys[sel.id] = (
                static
                if categories is sel.node.static_categories
                else self._keys_with(sel, categories)
            )
        return cached

    @staticmethod
    def _keys_with(sel: Selection, categories: Categories) -> frozenset[str]:
        """A selection's index keys with these categories instead of its definition's."""
        node = sel.node
        return (node.match_keys - {f"of:{cat.id}" for cat in node.categories}) | {
            f"of:{c}" for c, _ in categories
        }

    def selection_matches(self, sel: Selection, child_id: str) -> bool:
        key = self.match_key(None, child_id, True)
        return key in (
            self._keys(sel) if key in self.compiled.category_keys else sel.node.match_keys
        )

    def _matching(self, obj: Scope, deep: bool, child_forces: bool, key: str) -> list[Selection]:
        """Selections in a scope object answering to ``key`` (forces and the roster indexed).

        Only a key some category modifier names can differ from a selection's definition's
        keys: any other is answered without settling the categories (which re-reads every
        category modifier's conditions, on each evaluator auto-selection makes)."""
        modifiable = key in self.compiled.category_keys
        if isinstance(obj, (Selection, CategoryScope)):
            pool = (
                obj.children
                if not deep and isinstance(obj, Selection)
                else list(self._selections_in(obj, deep, child_forces))
            )
            self.budget.spend(len(pool))
            if modifiable:
                return [s for s in pool if key in self._keys(s)]
            return [s for s in pool if key in s.node.match_keys]
        if isinstance(obj, Roster):
            cache_key = tuple(id(force) for force in obj.all_forces())
        else:
            cache_key = tuple(id(force) for force in (obj.walk() if child_forces else [obj]))
        index = self._indexes.get(cache_key)
        if index is None and self._categories is None and modifiable:
            self._settled()  # (its last round may have built this index already)
            index = self._indexes.get(cache_key)
        if index is None:
            # (the keys before category modifiers: see _keys)
            pairs = [(s, s.node.match_keys) for s in self._selections_in(obj, deep, child_forces)]
            self.budget.spend(len(pairs))
            index = self._indexes[cache_key] = ScopeIndex(pairs)
        if modifiable and not index.effective:
            index.answers.update(self._effective_answers(index.pairs))
            index.effective = True
        found = index.answers.get(key)
        if found is None:
            self.budget.spend(len(index.pairs))
            found = index.answers[key] = index.static(key)
        return found

    def _effective_answers(
        self, pairs: list[tuple[Selection, frozenset[str]]]
    ) -> dict[str, list[Selection]]:
        """The keys category modifiers change, with the selections that have them now."""
        changed: set[str] = set()
        settled = self._settled()
        for sel, keys in pairs:
            if sel.id in settled:
                changed |= keys ^ self._keys(sel)
        answers: dict[str, list[Selection]] = {k: [] for k in changed}
        if changed:
            for sel, _ in pairs:
                for k in changed & self._keys(sel):
                    answers[k].append(sel)
        return answers

    def _force_matches(self, force: Force, child_id: str) -> bool:
        return child_id in ("", "any", force.node.id, force.catalogue_id)

    def _selections_in(self, obj: Scope, deep: bool, child_forces: bool) -> Iterator[Selection]:
        if isinstance(obj, Selection):
            for child in obj.children:
                yield from (child.walk() if deep else [child])
        elif isinstance(obj, Force):
            # a force scope counts at every depth of that force
            forces = obj.walk() if child_forces else iter([obj])
            for force in forces:
                yield from force.all_selections()
        elif isinstance(obj, CategoryScope):
            for top in obj.force.selections:
                if self.primary_category(top) == obj.category_id:
                    yield from (top.walk() if deep else [top])
        else:
            yield from obj.all_selections()

    @staticmethod
    def _forces_in(obj: Scope, child_forces: bool) -> Iterator[Force]:
        if isinstance(obj, Force):
            yield obj
            if child_forces:
                for child in obj.child_forces:
                    yield from child.walk()
        elif isinstance(obj, Roster):
            for force in obj.forces:
                yield from force.walk()

    # ---------------------------------------------------------------------------------- costs

    def selection_cost(self, sel: Selection, type_id: str) -> float:
        """A selection's own cost of one type (its number included)."""
        values = self.entry_values(sel.node, self.ctx_of(sel))
        return (
            float(values.fields.get(type_id, 0.0)) * sel.number if type_id in values.fields else 0.0
        )

    # --------------------------------------------- primary categories; what constraints count

    def primary_category(self, sel: Selection) -> str | None:
        if sel.id in self._primaries:
            return self._primaries[sel.id]
        categories = self.categories_of(sel)
        primary = self._primaries[sel.id] = next((c for c, p in categories if p), None)
        return primary

    def constraint_count(self, constraint: Constraint, node: EntryNode, ctx: Ctx) -> float:
        """What a constraint of an entry or group counts in a context."""
        if constraint.field == "forces":
            return float(sum(1 for _ in self.roster.all_forces()))
        parent = ctx.selection.parent if ctx.selection is not None else ctx.parent
        if node.kind == "group" and constraint.scope == "parent":
            pool = (
                parent.children if parent is not None else ctx.force.selections if ctx.force else []
            )
            members = [s for s in pool if s.node.within(node)]
            return self.measure(members, constraint.field, False, parent)
        if constraint.scope == "self":
            own = [ctx.selection] if ctx.selection is not None else []
            return self.measure(own, constraint.field, False)
        if parent is not None and constraint.counts_siblings:
            # most constraints count an entry among its siblings: read them directly rather
            # than through ``query`` (the same count: an id or path id is all that matches)
            shared = constraint.shared
            numbers = self._child_numbers(parent, shared)
            return float(numbers.get(node.id if shared else node.path_id, 0)) / (parent.number or 1)
        return self.query(constraint.raw, ctx, node, child_id="")

    def _child_numbers(self, parent: Selection, shared: bool) -> dict[str, int]:
        """Entry id (``shared``) or path id -> the number of the parent's children of it."""
        key = (parent.id, shared)
        numbers = self._children_numbers.get(key)
        if numbers is None:
            numbers = self._children_numbers[key] = {}
            for child in parent.children:
                of = child.node.id if shared else child.node.path_id
                numbers[of] = numbers.get(of, 0) + child.number
        return numbers


def _on_category(modifier: JsonDict) -> bool:
    """A modifier that adds, removes or (un)sets a primary category."""
    return modifier.get("field") == "category"


def _merge(mine: dict[K, V], theirs: dict[K, V]) -> None:
    """Add what ``theirs`` knows and ``mine`` does not."""
    for key, value in theirs.items():
        mine.setdefault(key, value)


def _virtual_key(node: EntryNode, ctx: Ctx) -> tuple[EntryNode, str, str, str]:
    """What an entry's values not selected depend on: where it is asked for."""
    return (
        node,
        ctx.selection.id if ctx.selection is not None else "",
        ctx.parent.id if ctx.parent is not None else "",
        ctx.force.id if ctx.force is not None else "",
    )
