"""Evaluate a roster with New Recruit's semantics: modifiers, conditions, repeats, costs,
categories, constraints, cost limits, hidden selections and game hooks.

``evaluate(roster)`` re-evaluates everything and returns an ``Evaluation``: the read-only
``RosterView`` plus the problems. Nothing here mutates the roster.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from armybuilder.engine import expressions, modifier_types, report
from armybuilder.engine.model import (
    CategoryNode,
    Constraint,
    EntryNode,
    InfoNode,
    JsonDict,
    QuerySpec,
    as_float,
    is_aimed,
)
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.systems import run_hooks
from armybuilder.engine.view import (
    CategoryView,
    CharacteristicView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    RuleView,
    SelectionView,
)

# New Recruit files every uncategorised top-level selection under this pseudo category.
NO_CATEGORY = "(No Category)"
NO_CATEGORY_NAME = "Uncategorized"
ANY_IDS = frozenset({"", "any", "model", "unit", "upgrade"})
# fields of an entry or info itself (not a characteristic of its profiles)
ENTRY_FIELDS = frozenset({"name", "hidden", "page", "publicationId", "description"})
MESSAGE_FIELDS = {"error": report.ERROR, "warning": report.WARNING, "info": report.INFO}
# New Recruit applies modifiers by kind: set, then arithmetic, then text, then rounding; each
# kind keeps its list order.
TYPE_PRIORITY = {"set": 0, "append": 2, "prepend": 2, "replace": 2, "floor": 3, "ceil": 3}
ARITHMETIC = (
    frozenset({"increment", "decrement", "multiply", "divide", "modulo", "power", "floor", "ceil"})
    | modifier_types.NUMERIC
)
FIRST_NUMBER = re.compile(r"-?\d+(\.\d+)?")
SPEC_CACHE_SIZE = 1 << 16


# ================================================================================ contexts


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
# a selection's categories, profiles and rules, and whether its entry alone decides them
Decor = tuple[list[CategoryView], list[ProfileView], list[RuleView], bool]


@dataclass(slots=True)
class ScopeIndex:
    """The selections of a force (or the roster) with their index keys (see ``_keys``).

    Queries ask for a few dozen keys of the hundreds the selections have, so each is
    answered on demand, by one pass, and remembered.
    """

    pairs: list[tuple[Selection, frozenset[str]]]  # each selection, its keys before modifiers
    answers: dict[str, list[Selection]] = field(default_factory=dict)

    def static(self, key: str) -> list[Selection]:
        return [sel for sel, keys in self.pairs if key in keys]


# ============================================================================= the values


@dataclass(slots=True)
class Values:
    """Effective values of one entry (or category, force, profile, rule) in one context."""

    fields: dict[str, Any]
    categories: list[tuple[str, bool]] = field(default_factory=list)
    messages: list[tuple[str, str, JsonDict]] = field(default_factory=list)


@dataclass(slots=True)
class SelectionParts:
    """The parts of a selection's view its entry's values decide.

    Like every view object they are read-only: the lists are shared by every selection of an
    entry no modifier changes, in every evaluation.
    """

    name: str
    hidden: bool
    costs: list[tuple[str, str, float, bool]]  # type id, name, value of one, hidden
    categories: list[CategoryView]
    profiles: list[ProfileView]
    rules: list[RuleView]
    entry_group_name: str | None
    page: str | None
    publication_id: Any
    publication_name: str | None
    annotation: str | None
    cost_views: dict[int, list[CostView]] = field(default_factory=dict)  # by number


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def _apply(mod_type: str, current: Any, raw_value: str, times: int) -> Any:
    """Apply one modifier ``times`` times (set/replace once) to a field value."""
    if mod_type == "set":
        if isinstance(current, bool):
            return raw_value.strip().lower() == "true"
        if isinstance(current, (int, float)):
            return as_float(raw_value, float(current))
        number = _maybe_number(raw_value)
        return number if number is not None else raw_value
    if mod_type in ("append", "prepend"):
        # New Recruit appends once whatever the repeat count, and a numeric current value
        # (a "set" to a number) is dropped rather than joined.
        if not isinstance(current, str) or current == "":
            return raw_value
        return f"{current} {raw_value}" if mod_type == "append" else f"{raw_value} {current}"
    if mod_type not in ARITHMETIC or isinstance(current, bool):
        return current  # a modifier type this field has no meaning for
    operand = as_float(raw_value)
    if isinstance(current, str):
        # text changes its first number ("3+" incremented is "4+"); no number, no change
        match = FIRST_NUMBER.search(current)
        if match is None:
            return current
        result = _repeat_arith(mod_type, float(match.group()), operand, times)
        return f"{current[: match.start()]}{_number_text(result)}{current[match.end() :]}"
    return _repeat_arith(mod_type, float(current), operand, times)


def _repeat_arith(mod_type: str, value: float, operand: float, times: int) -> float:
    combined = modifier_types.numeric(mod_type, value, operand, times)
    if combined is not None:
        return combined
    for _ in range(times):
        value = _arith(mod_type, value, operand)
    return value


def _arith(mod_type: str, value: float, operand: float) -> float:
    if mod_type == "increment":
        return value + operand
    if mod_type == "decrement":
        return value - operand
    if mod_type == "multiply":
        return value * operand
    if mod_type == "divide":
        return value / operand if operand else value
    if mod_type == "modulo":
        return value % operand if operand else value
    if mod_type == "power":
        return float(value**operand)
    if mod_type == "floor":
        return float(math.floor(value))
    return float(math.ceil(value))


def as_text(value: Any) -> str:
    """A field value as the text a player sees (numbers without a trailing ".0")."""
    if isinstance(value, float):
        return _number_text(value)
    return "" if value is None else str(value)


def opt_text(value: Any) -> str | None:
    return None if value is None or value == "" else as_text(value)


def _maybe_number(text: Any) -> float | None:
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return float(text)
    if isinstance(text, str) and re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", text):
        return float(text)
    return None


@lru_cache(maxsize=4096)
def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting "Unit 2" before "Unit 10" (names repeat, so it is memoised)."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part.lower())
        for part in re.split(r"(\d+)", text)
        if part
    )


# ============================================================================ the evaluator


class Evaluator:
    """One evaluation pass over a roster (caches live for the pass only).

    ``with_aimed=False`` ignores modifiers that other selections aim at a selection.
    """

    def __init__(self, roster: Roster, with_aimed: bool = True) -> None:
        self.roster = roster
        self.compiled = roster.compiled
        self._values: dict[str, Values] = {}
        self._contexts: dict[str, Ctx] = {}
        self._primaries: dict[str, str | None] = {}
        self._busy: set[str] = set()
        # per force / roster (keyed by the forces it covers, so a force and a one-force
        # roster share one): its selections and which answer to each index key
        self._indexes: dict[tuple[int, ...], ScopeIndex] = {}
        self._selections_by_id: dict[str, Selection] | None = None
        # modifiers other selections aim at a selection; None until first needed
        self._incoming: dict[str, list[tuple[JsonDict, int]]] | None = None if with_aimed else {}
        self._effective_keys: dict[str, frozenset[str]] = {}
        self._building: set[tuple[int, ...]] = set()  # scope indexes being built
        self._queries: dict[tuple[Any, ...], float] = {}
        self._children_numbers: dict[tuple[str, bool], dict[str, int]] = {}
        # views no modifier can change are built once per compiled closure and shared
        self._static_infos = self.compiled.static_info_views
        self._static_categories = self.compiled.static_category_views
        self._static_values: dict[EntryNode, Values] = self.compiled.static_values
        self._static_parts: dict[tuple[EntryNode, bool], SelectionParts] = (
            self.compiled.static_selection_parts
        )
        self._static_decor = self.compiled.static_selection_decor

    def _ctx_of(self, selection: Selection) -> Ctx:
        """The context of a selection itself (cached: every modifier of it reads one)."""
        ctx = self._contexts.get(selection.id)
        if ctx is None:
            ctx = self._contexts[selection.id] = Ctx.of(selection)
        return ctx

    # ------------------------------------------------------------------------ entry values

    def entry_values(self, node: EntryNode, ctx: Ctx) -> Values:
        """Effective values of an entry in a context (cached for selections)."""
        key = ctx.selection.id if ctx.selection is not None and ctx.selection.node is node else None
        if key is not None and key in self._values:
            return self._values[key]
        incoming = self._incoming_for(key)
        if not node.has_modifiers and not incoming:
            static = self._static_values.get(node)
            if static is None:  # shared, read-only
                static = Values(node.static_fields(), node.static_categories)
                self._static_values[node] = static
            if key is not None:
                self._values[key] = static
            return static
        values = Values(dict(node.static_fields()), list(node.static_categories))
        guard = key or f"virtual:{node.path_id}:{id(ctx.parent)}:{id(ctx.force)}"
        if guard in self._busy:
            return values
        self._busy.add(guard)
        try:
            self.apply_modifiers(node.modifier_sources, ctx, values, incoming)
        finally:
            self._busy.discard(guard)
        if key is not None:
            self._values[key] = values
        return values

    # --------------------------------------------------------------------------- modifiers

    def apply_modifiers(
        self,
        sources: Sequence[JsonDict | None],
        ctx: Ctx,
        values: Values,
        incoming: Sequence[tuple[JsonDict, int]] = (),
    ) -> None:
        """Apply the sources' own modifiers (and those other selections aim here) to values."""
        pending: list[tuple[JsonDict, int]] = list(incoming)
        for source in sources:
            if source is not None:
                self._collect(source, ctx, 1, pending)
        pending.sort(key=lambda item: TYPE_PRIORITY.get(str(item[0].get("type", "")), 1))
        for modifier, times in pending:
            self._apply_one(modifier, ctx, values, times)

    def _collect(
        self,
        holder: JsonDict,
        ctx: Ctx,
        outer: int,
        out: list[tuple[JsonDict, int]],
        aimed: bool = False,
    ) -> None:
        """Modifiers whose conditions hold, with their repeat counts.

        ``aimed`` picks the modifiers with a New Recruit ``scope`` (they change another
        selection, e.g. the unit an upgrade belongs to) instead of the holder's own.
        """
        for modifier in holder.get("modifiers") or []:
            if is_aimed(modifier) == aimed and self.conditions_hold(modifier, ctx):
                times = outer * self.repeat_times(modifier, ctx)
                if times > 0:
                    out.append((modifier, times))
        for group in holder.get("modifierGroups") or []:
            if self.conditions_hold(group, ctx):
                times = outer * self.repeat_times(group, ctx)
                if times > 0:
                    self._collect(group, ctx, times, out, aimed)

    def _incoming_for(self, selection_id: str | None) -> list[tuple[JsonDict, int]]:
        """Modifiers other selections aim at this selection (through their ``scope``)."""
        if selection_id is None:
            return []
        if self._incoming is None:
            self._incoming = self._aimed_modifiers()
        return self._incoming.get(selection_id, [])

    def _aimed_modifiers(self) -> dict[str, list[tuple[JsonDict, int]]]:
        """Selection id -> the modifiers aimed at it whose conditions hold.

        Their conditions are read by a separate pass that sees no aimed modifiers, so the
        answer does not depend on itself.
        """
        aimed: dict[str, list[tuple[JsonDict, int]]] = {}
        sources = [s for s in self.roster.all_selections() if s.node.has_aimed_modifiers]
        if not sources:
            return aimed
        plain = Evaluator(self.roster, with_aimed=False)
        for sel in sources:
            ctx = self._ctx_of(sel)
            found: list[tuple[JsonDict, int]] = []
            for source in sel.node.modifier_sources:
                plain._collect(source, ctx, 1, found, aimed=True)
            for modifier, times in found:
                for target in plain.scope_objects(str(modifier["scope"]), ctx):
                    if isinstance(target, Selection):
                        aimed.setdefault(target.id, []).append((modifier, times))
        return aimed

    def _apply_one(self, modifier: JsonDict, ctx: Ctx, values: Values, times: int) -> None:
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
        values.fields[name] = _apply(mod_type, values.fields[name], raw_value, times)

    @staticmethod
    def _apply_category(mod_type: str, category_id: str, values: Values) -> None:
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

    # -------------------------------------------------------------------------- conditions

    def conditions_hold(self, holder: JsonDict, ctx: Ctx) -> bool:
        return (
            all(self.condition(c, ctx) for c in holder.get("conditions") or [])
            and all(self.condition_group(g, ctx) for g in holder.get("conditionGroups") or [])
            and expressions.local_groups_hold(self, holder, ctx)
        )

    def condition_group(self, group: JsonDict, ctx: Ctx) -> bool:
        """A condition group, New Recruit's expression nodes included (see expressions.py)."""
        return expressions.group_holds(self, group, ctx)

    def condition(self, cond: JsonDict, ctx: Ctx) -> bool:
        _, scope, child_id, _, _, _, _, ctype, threshold = self._spec(cond)
        if ctype in ("always", "never"):  # New Recruit's constant conditions
            return ctype == "always"
        if ctype in ("instanceOf", "notInstanceOf"):
            found = any(self.instance_of(obj, child_id) for obj in self.scope_objects(scope, ctx))
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
            times = math.ceil(ratio) if rep.get("roundUp") else math.floor(ratio + 1e-9)
            total += int(times) * int(as_float(rep.get("repeats"), 1.0))
        return total

    # ------------------------------------------------------------------------------ scopes

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
            ancestors: list[Scope] = list(self._chain(parent, None))
            return ancestors + ([ctx.force] if ctx.force is not None else [])
        if scope == "force":
            return [ctx.force] if ctx.force is not None else []
        if scope == "roster":
            return [ctx.roster]
        if scope == "primary-category":
            root = next(iter(reversed(list(self._chain(me, parent)))), None)
            primary = self._primary_category(root) if root is not None else None
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

    @staticmethod
    def _chain(first: Selection | None, then: Selection | None) -> Iterator[Selection]:
        current = first if first is not None else then
        while current is not None:
            yield current
            current = current.parent

    @staticmethod
    def _force_chain(force: Force | None) -> Iterator[Force]:
        while force is not None:
            yield force
            force = force.parent

    def instance_of(self, obj: Scope, child_id: str) -> bool:
        """Whether a scope object is a ``child_id``: an entry, group, category or type name.

        Only selections can be (New Recruit): a force or the roster never is.
        """
        if not isinstance(obj, Selection):
            return False
        return obj.node.type == child_id or self.selection_matches(obj, child_id)

    # ------------------------------------------------------------------------------ queries

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
            cached = self._query(
                objects, field_name, child_id, shared, deep, child_forces, percent, entry
            )
            if not self._building:  # answers given mid-build are provisional
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
        matched = self.matching_in(
            objects, deep, child_forces, self._match_key(entry, child_id, shared)
        )
        value = self._measure(matched, field_name, child_id == "" and entry is None, per)
        if not percent:
            return value
        total = self._measure(
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

    def _measure(
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
            incoming = Counter(t for s in self.roster.all_selections() for _, t in s.associations)
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
            total += sum(self.selection_cost(s, field_name) for s in walk)
        return total

    @staticmethod
    def _match_key(entry: EntryNode | None, child_id: str, shared: bool) -> str:
        """The index key of what a query counts (see ``_keys``)."""
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
        node = sel.node
        static = node.match_keys
        if not effective or "category" not in node.modified_fields:
            return static
        cached = self._effective_keys.get(sel.id)
        if cached is not None:
            return cached
        effective_categories = self.entry_values(node, self._ctx_of(sel)).categories
        keys = (static - {f"of:{cat.id}" for cat in node.categories}) | {
            f"of:{c}" for c, _ in effective_categories
        }
        if sel.id not in self._busy:  # mid-cycle answers are partial: not remembered
            self._effective_keys[sel.id] = keys
        return keys

    def selection_matches(self, sel: Selection, child_id: str) -> bool:
        return self._match_key(None, child_id, True) in self._keys(sel)

    def _matching(self, obj: Scope, deep: bool, child_forces: bool, key: str) -> list[Selection]:
        """Selections in a scope object answering to ``key`` (forces and the roster indexed)."""
        if isinstance(obj, (Selection, CategoryScope)):
            pool = (
                obj.children
                if not deep and isinstance(obj, Selection)
                else self._selections_in(obj, deep, child_forces)
            )
            return [s for s in pool if key in self._keys(s)]
        if isinstance(obj, Roster):
            cache_key = tuple(id(force) for force in obj.all_forces())
        else:
            cache_key = tuple(id(force) for force in (obj.walk() if child_forces else [obj]))
        index = self._indexes.get(cache_key)
        if index is None:
            # (the keys before category modifiers: see _keys)
            pairs = [(s, s.node.match_keys) for s in self._selections_in(obj, deep, child_forces)]
            index = self._indexes[cache_key] = ScopeIndex(pairs)
            self._building.add(cache_key)
            try:
                index.answers.update(self._effective_answers(pairs))
            finally:
                self._building.discard(cache_key)
        if cache_key in self._building:
            # asked while this index is being built (a category modifier's condition reads
            # the same scope): answer from the definitions' categories
            return index.static(key)
        found = index.answers.get(key)
        if found is None:
            found = index.answers[key] = index.static(key)
        return found

    def _effective_answers(
        self, pairs: list[tuple[Selection, frozenset[str]]]
    ) -> dict[str, list[Selection]]:
        """The keys category modifiers change, with the selections that have them now."""
        changed: set[str] = set()
        for sel, keys in pairs:
            if "category" in sel.node.modified_fields:
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
                if self._primary_category(top) == obj.category_id:
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

    # -------------------------------------------------------------------------------- costs

    def selection_cost(self, sel: Selection, type_id: str) -> float:
        """A selection's own cost of one type (its number included)."""
        values = self.entry_values(sel.node, self._ctx_of(sel))
        return (
            float(values.fields.get(type_id, 0.0)) * sel.number if type_id in values.fields else 0.0
        )

    # --------------------------------------------------------------------------- validation

    def problems(self, view: RosterView) -> list[Problem]:
        """Every generic problem: constraints, hidden selections, data messages,
        associations and cost limits (game hooks are run by ``evaluate``)."""
        out: list[Problem] = []
        seen: set[tuple[str, ...]] = set()
        roster = self.roster
        for force in roster.all_forces():
            out.extend(self._force_problems(force))
            out.extend(self._container_problems(force, None, seen))
            for sel in force.all_selections():
                values = self.entry_values(sel.node, self._ctx_of(sel))
                if values.fields.get("hidden"):
                    out.append(
                        Problem(
                            report.SELECTION_HIDDEN,
                            report.ERROR,
                            "selection",
                            sel.id,
                            sel.node.id,
                            sel.node.id,
                            "hidden",
                            f"{values.fields['name']} is hidden and cannot be selected.",
                            sel.node.raw.get("rule"),
                        )
                    )
                for severity, text, source in values.messages:
                    out.append(
                        self._message(severity, text, source, "selection", sel.id, sel.node.id)
                    )
                if sel.node.associations:
                    out.extend(self._association_problems(sel))
                out.extend(self._container_problems(force, sel, seen))
        out.extend(self._roster_category_problems())
        return out + self._cost_limit_problems(view) + self.roster.load_problems

    def _association_problems(self, sel: Selection) -> list[Problem]:
        """Each declared association holds between its min and max valid partners."""
        out: list[Problem] = []
        for declared in sel.node.associations:
            assoc_id = str(declared.get("id", ""))
            partners = [self._selection_by_id(t) for a, t in sel.associations if a == assoc_id]
            child_id = str(declared.get("childId") or "")
            valid = [
                p
                for p in partners
                if p is not None and (not child_id or self.instance_of(p, child_id))
            ]
            low, high = int(as_float(declared.get("min"))), int(as_float(declared.get("max")))
            name = str(declared.get("name") or assoc_id)
            found: list[tuple[str, str]] = []
            if len(valid) < len(partners):
                found.append((report.ASSOCIATION_TARGET, f"{name}: a partner is not allowed."))
            if len(valid) < low:
                found.append((report.ASSOCIATION_MIN, f"{name} needs at least {low}."))
            if high > 0 and len(valid) > high:  # New Recruit's default max of 0: no maximum
                found.append((report.ASSOCIATION_MAX, f"{name} allows at most {high}."))
            for code, message in found:
                out.append(
                    Problem(
                        str(declared.get("code") or code),
                        report.ERROR,
                        "selection",
                        sel.id,
                        sel.node.id,
                        sel.node.id,
                        assoc_id,
                        message,
                        declared.get("rule"),
                    )
                )
        return out

    def _selection_by_id(self, selection_id: str) -> Selection | None:
        if self._selections_by_id is None:
            self._selections_by_id = {s.id: s for s in self.roster.all_selections()}
        return self._selections_by_id.get(selection_id)

    def _message(
        self, severity: str, text: str, source: JsonDict, owner: str, owner_id: str, entry_id: str
    ) -> Problem:
        code = str(source.get("code") or f"data.{severity}")
        return Problem(
            code, severity, owner, owner_id, entry_id, entry_id, "", text, source.get("rule")
        )

    def _cost_limit_problems(self, view: RosterView) -> list[Problem]:
        out: list[Problem] = []
        for type_id, limit in self.roster.cost_limits.items():
            if limit < 0:
                continue
            total = view.total_cost(type_id)
            if total > limit + 1e-9:
                cost_type = next((ct for ct in self.compiled.cost_types if ct.id == type_id), None)
                name = cost_type.name if cost_type is not None else type_id
                out.append(
                    Problem(
                        report.COST_LIMIT_EXCEEDED,
                        report.ERROR,
                        "roster",
                        self.roster.id,
                        "",
                        "costLimits",
                        type_id,
                        f"The roster costs {_number_text(total)} {name}, "
                        f"over the limit of {_number_text(limit)}.",
                        cost_type.rule if cost_type is not None else None,
                    )
                )
        return out

    def _force_problems(self, force: Force) -> list[Problem]:
        out: list[Problem] = []
        ctx = Ctx(self.roster, force)
        values = Values({c.id: c.value for c in force.node.constraints})
        self.apply_modifiers([force.node.raw], ctx, values)
        for constraint in force.node.constraints:
            limit = float(values.fields.get(constraint.id, constraint.value))
            # New Recruit counts a force entry's own "forces" constraint against that force only.
            count = 1.0 if constraint.field == "forces" else self.query(constraint.raw, ctx)
            problem = self._check(constraint, limit, count, "force", force.id, force.node.id)
            if problem is not None:
                out.append(problem)
        for category in force.node.categories:
            out.extend(self._category_problems(force, category))
        return out

    def _category_problems(self, force: Force, category: CategoryNode) -> list[Problem]:
        # a roster-wide limit is checked once, for the roster (``_roster_category_problems``)
        mine = [c for c in category.constraints if c.scope != "roster"]
        ctx = Ctx(self.roster, force)
        return self._category_checks(category, mine, ctx, "category", force.id)

    def _roster_category_problems(self) -> list[Problem]:
        """The roster-scope constraints of the categories the forces link and of the game
        system's own categories, each checked once for the whole roster: owned by the
        category of the first force linking it, else by the roster."""
        out: list[Problem] = []
        done: set[tuple[str, str]] = set()
        linked = [(f, c) for f in self.roster.all_forces() for c in f.node.categories]
        own = [(None, category) for category in self.compiled.roster_scope_categories]
        for force, category in linked + own:
            fresh = [
                c
                for c in category.constraints
                if c.scope == "roster" and (c.id, category.id) not in done
            ]
            done.update((c.id, category.id) for c in fresh)
            if fresh:
                ctx = Ctx(self.roster, force)
                owner = ("category", force.id) if force is not None else ("roster", self.roster.id)
                out.extend(self._category_checks(category, fresh, ctx, *owner))
        return out

    def _category_checks(
        self,
        category: CategoryNode,
        constraints: list[Constraint],
        ctx: Ctx,
        owner_type: str,
        owner_id: str,
    ) -> list[Problem]:
        out: list[Problem] = []
        if not constraints:
            return out
        values = Values({c.id: c.value for c in category.constraints})
        self.apply_modifiers(category.modifier_sources, ctx, values)
        force = ctx.force
        members = (
            [s for s in force.selections if self._primary_category(s) == category.id]
            if force is not None
            else []
        )
        for constraint in constraints:
            limit = float(values.fields.get(constraint.id, constraint.value))
            on_limit = self._against_cost_limit(constraint, limit)
            if on_limit is not None:
                spec, limit = on_limit
                count = self.query(spec, ctx, child_id=category.id)
            elif (
                constraint.field == "selections"
                and constraint.scope in ("parent", "force")
                and force is not None
            ):
                count = float(sum(s.number for s in members))
            else:
                count = self.query(constraint.raw, ctx, child_id=category.id)
            problem = self._check(constraint, limit, count, owner_type, owner_id, category.id)
            if problem is not None:
                out.append(problem)
        return out

    def _against_cost_limit(
        self, constraint: Constraint, value: float
    ) -> tuple[JsonDict, float] | None:
        """For a ``limit::<cost type>`` constraint: the cost query and the bound it implies.

        The constrained selections' cost is compared with ``value`` (a percentage of the
        roster's cost limit when ``percentValue``). None for other fields; a roster without
        that limit has no bound, so the caller gets an infinite maximum / zero minimum.
        """
        spec = constraint.cost_query
        if spec is None:
            return None
        roster_limit = self.roster.cost_limits.get(str(spec["field"]))
        if roster_limit is None or roster_limit < 0:
            return spec, math.inf if constraint.type == "max" else 0.0
        bound = roster_limit * value / 100.0 if constraint.raw.get("percentValue") else value
        return spec, bound

    def _primary_category(self, sel: Selection) -> str | None:
        if sel.id in self._primaries:
            return self._primaries[sel.id]
        values = self.entry_values(sel.node, self._ctx_of(sel))
        primary = next((c for c, is_primary in values.categories if is_primary), None)
        if sel.id not in self._busy:  # mid-cycle answers are partial: not remembered
            self._primaries[sel.id] = primary
        return primary

    def _container_problems(
        self, force: Force, parent: Selection | None, seen: set[tuple[str, ...]]
    ) -> list[Problem]:
        """Constraints of every entry available directly under ``parent`` (or the force)."""
        if parent is not None:
            constrained = parent.node.constrained
            siblings = parent.children
        else:
            constrained = self.compiled.constrained_roots(force.catalogue_id)
            siblings = force.selections
        if not constrained.nodes:
            return []
        # entry or group -> the sibling selections of it (or within it)
        members: dict[int, list[Selection]] = {}
        for sel in siblings:
            members.setdefault(id(sel.node), []).append(sel)
            group = sel.node.parent
            while group is not None and group.kind == "group":
                members.setdefault(id(group), []).append(sel)
                group = group.parent
        # only entries selected here or with a minimum can fail: those, in definition order
        wanted = set(constrained.minimums)
        wanted.update(i for i in map(constrained.position.get, members) if i is not None)
        out: list[Problem] = []
        for i in sorted(wanted):
            node = constrained.nodes[i]
            out.extend(self._node_problems(force, parent, node, members.get(id(node), []), seen))
        return out

    def _node_problems(
        self,
        force: Force,
        parent: Selection | None,
        node: EntryNode,
        mine: list[Selection],
        seen: set[tuple[str, ...]],
    ) -> list[Problem]:
        out: list[Problem] = []
        first = mine[0] if mine and node.kind == "entry" else None
        ctx = (
            self._ctx_of(first)
            if first is not None
            else Ctx(self.roster, force, None, parent, node)
        )
        values: Values | None = None
        for constraint in node.constraints:
            if constraint.type == "max" and not mine:
                continue  # a maximum is reported where something was selected
            # Modifiers are only evaluated when they could matter: they change this limit,
            # or the constraint fails and a hidden, unselected entry must not report it.
            if values is None and (first is not None or constraint.id in node.modified_fields):
                values = self.entry_values(node, ctx)
            limit = float(
                values.fields.get(constraint.id, constraint.value) if values else constraint.value
            )
            on_limit = self._against_cost_limit(constraint, limit)
            if on_limit is not None:
                spec, limit = on_limit
                count = self.query(spec, ctx, node, child_id="")
            else:
                count = self.constraint_count(constraint, node, ctx)
            if not self._breaks(constraint, limit, count):
                continue  # (most hold: the owner is only worked out for a problem)
            if node.kind == "group" or constraint.type == "min" or first is None:
                owner_type, owner_id, owner_entry = self._container_owner(force, parent, node)
            else:
                owner_type, owner_id, owner_entry = "selection", first.id, first.node.id
            problem = self._problem(constraint, limit, count, owner_type, owner_id, owner_entry)
            if values is None:
                values = self.entry_values(node, ctx)
            if values.fields.get("hidden") and not mine:
                return out
            # a roster- or force-wide limit is reported once, not under every parent
            counted = node.id if constraint.raw.get("shared") else node.path_id
            key = (constraint.id, counted, self._scope_key(constraint.scope, ctx))
            if key not in seen:
                seen.add(key)
                out.append(problem)
        return out

    def _scope_key(self, scope: str, ctx: Ctx) -> str:
        objects = self.scope_objects(scope, ctx)
        return ",".join(str(getattr(o, "id", "")) for o in objects)

    def _container_owner(
        self, force: Force, parent: Selection | None, node: EntryNode
    ) -> tuple[str, str, str]:
        if parent is not None:
            return "selection", parent.id, parent.node.id
        primary = next((c.id for c in node.categories if c.primary), None)
        if primary is None:
            return "force", force.id, force.node.id
        return "category", force.id, primary

    def constraint_count(self, constraint: Constraint, node: EntryNode, ctx: Ctx) -> float:
        """What a constraint of an entry or group counts in a context."""
        spec = constraint.raw
        if constraint.field == "forces":
            return float(sum(1 for _ in self.roster.all_forces()))
        if node.kind == "group":
            parent = ctx.selection.parent if ctx.selection is not None else ctx.parent
            pool = (
                parent.children
                if parent is not None
                else (ctx.force.selections if ctx.force else [])
            )
            members = [s for s in pool if s.node.within(node)]
            if constraint.scope == "parent":
                return self._measure(members, constraint.field, False, parent)
        if constraint.scope == "self":
            own = [ctx.selection] if ctx.selection is not None else []
            return self._measure(own, constraint.field, False)
        parent = ctx.selection.parent if ctx.selection is not None else ctx.parent
        if parent is not None and constraint.counts_siblings:
            # most constraints count an entry among its siblings: read them directly rather
            # than through ``query`` (the same count: an id or path id is all that matches)
            shared = constraint.shared
            numbers = self._child_numbers(parent, shared)
            return float(numbers.get(node.id if shared else node.path_id, 0)) / (parent.number or 1)
        return self.query(spec, ctx, node, child_id="")

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

    def _check(
        self,
        constraint: Constraint,
        limit: float,
        count: float,
        owner_type: str,
        owner_id: str,
        owner_entry: str,
    ) -> Problem | None:
        if not self._breaks(constraint, limit, count):
            return None
        return self._problem(constraint, limit, count, owner_type, owner_id, owner_entry)

    def _problem(
        self,
        constraint: Constraint,
        limit: float,
        count: float,
        owner_type: str,
        owner_id: str,
        owner_entry: str,
    ) -> Problem:
        """The problem of a count that breaks a constraint."""
        if constraint.type == "max":
            code = report.CONSTRAINT_MAX
            message = f"has {_number_text(count)}, more than the maximum of {_number_text(limit)}"
        else:
            code = report.CONSTRAINT_MIN
            message = f"has {_number_text(count)}, fewer than the minimum of {_number_text(limit)}"
        return Problem(
            str(constraint.raw.get("code") or code),
            report.ERROR,
            owner_type,
            owner_id,
            owner_entry,
            constraint.owner_id,
            constraint.id,
            str(constraint.raw.get("message") or f"{self._label(constraint)} {message}."),
            constraint.raw.get("rule"),
        )

    @staticmethod
    def _breaks(constraint: Constraint, limit: float, count: float) -> bool:
        """Whether a count breaks a constraint (a negative maximum is no maximum)."""
        if constraint.type == "max":
            return limit >= 0 and count > limit + 1e-9
        return constraint.type == "min" and count < limit - 1e-9

    def _label(self, constraint: Constraint) -> str:
        node = self.compiled.find_any(constraint.owner_id)
        return str((node or {}).get("name") or constraint.owner_id)

    # ---------------------------------------------------------------------------- the view

    def view(self) -> RosterView:
        roster = self.roster
        forces = [self._force_view(f, None) for f in roster.forces]
        # Summed in display order, as New Recruit does (float drift included).
        totals = dict.fromkeys(self.compiled.used_cost_types, 0.0)
        for force in forces:
            for sub in force.walk():
                for selection in sub.all_selections():
                    for cost in selection.costs:
                        totals[cost.type_id] = totals.get(cost.type_id, 0.0) + cost.value
        costs = [
            CostView(ct.id, ct.name, totals[ct.id], ct.hidden)
            for ct in self.compiled.cost_types
            if ct.id in totals
        ]
        return RosterView(
            id=roster.id,
            name=roster.name,
            game_system_id=self.compiled.game_system_id,
            game_system_name=str(self.compiled.game_system.get("name", "")),
            game_system_revision=self.compiled.document_revision(self.compiled.game_system_id),
            forces=forces,
            costs=costs,
            cost_limits=dict(roster.cost_limits),
            options=dict(roster.options),
            custom_notes=roster.custom_notes,
        )

    def _force_view(self, force: Force, parent: ForceView | None) -> ForceView:
        ctx = Ctx(self.roster, force)
        values = Values(
            {"name": force.node.name, "hidden": bool(force.node.raw.get("hidden", False))}
        )
        self.apply_modifiers([force.node.raw], ctx, values)
        # Top-level selections sit under their primary category, in the force entry's
        # category order (uncategorised first), then by natural name order.
        order = {c.id: i for i, c in enumerate(force.node.categories)}
        primaries = {s.id: self._primary_category(s) for s in force.selections}
        selections = sorted(
            force.selections,
            key=lambda s: (order.get(primaries[s.id] or "", -1), natural_key(self._name(s))),
        )
        categories = [self._category_view(c, ctx, force) for c in force.node.categories]
        if self._has_uncategorised(force, primaries.values(), order):
            categories.insert(0, CategoryView(NO_CATEGORY, NO_CATEGORY_NAME, False))
        view = ForceView(
            id=force.id,
            entry_id=force.node.id,
            name=as_text(values.fields["name"]),
            catalogue_id=force.catalogue_id,
            catalogue_name=self.compiled.document_name(force.catalogue_id),
            catalogue_revision=self.compiled.document_revision(force.catalogue_id),
            hidden=bool(values.fields["hidden"]),
            selections=[],
            categories=categories,
            parent=parent,
            page=force.node.raw.get("page"),
            publication_id=force.node.raw.get("publicationId"),
            custom_name=force.custom_name,
            custom_notes=force.custom_notes,
        )
        # a force shows its entry's infos, then the game system's and its catalogue's rules
        infos = force.node.infos + self.compiled.document_rules(force.catalogue_id)
        view.profiles, view.rules = self._infos(infos, ctx)
        view.selections = [self._selection_view(s, None) for s in selections]
        definition = {id(node): i for i, node in enumerate(force.node.child_forces)}
        children = sorted(
            force.child_forces, key=lambda f: definition.get(id(f.node), len(definition))
        )
        view.child_forces = [self._force_view(child, view) for child in children]
        view.publications = self._publications(force.catalogue_id)
        return view

    def _has_uncategorised(
        self, force: Force, primaries: Iterable[str | None], order: dict[str, int]
    ) -> bool:
        return any(p not in order for p in primaries) or self.compiled.offers_uncategorised(
            force.catalogue_id
        )

    def _publications(self, catalogue_id: str) -> list[tuple[str, str]]:
        bodies = [self.compiled.catalogues.get(catalogue_id, {}), self.compiled.game_system]
        return [
            (str(p.get("id", "")), str(p.get("name", "")))
            for body in bodies
            for p in body.get("publications") or []
        ]

    def _name(self, sel: Selection) -> str:
        return as_text(self.entry_values(sel.node, self._ctx_of(sel)).fields["name"])

    def _category_view(
        self,
        category: CategoryNode,
        ctx: Ctx,
        force: Force | None,
        primary: bool = False,
        cache: bool = True,
    ) -> CategoryView:
        """A category of a force (with its customisation) or of a selection."""
        uncustomised = force is None or category.id not in force.category_custom
        if cache and uncustomised and category.static:
            key = (category, primary)
            cached = self._static_categories.get(key)
            if cached is None:
                cached = self._category_view(category, ctx, force, primary, cache=False)
                self._static_categories[key] = cached
            return cached
        values = Values({"name": category.name})
        self.apply_modifiers(category.modifier_sources, ctx, values)
        profiles, rules = self._infos(category.infos, ctx)
        custom = (
            force.category_custom.get(category.id, (None, None))
            if force is not None
            else (None, None)
        )
        return CategoryView(
            entry_id=category.id,
            name=as_text(values.fields["name"]),
            primary=primary,
            id=str((category.link or {}).get("id", "")),
            profiles=profiles,
            rules=rules,
            page=category.raw.get("page"),
            publication_id=category.raw.get("publicationId"),
            custom_name=custom[0],
            custom_notes=custom[1],
        )

    def _selection_view(self, sel: Selection, parent: SelectionView | None) -> SelectionView:
        ctx = self._ctx_of(sel)
        node = sel.node
        parts = self._parts(sel, ctx, self.entry_values(node, ctx))
        number = sel.number
        view = SelectionView(
            id=sel.id,
            entry_id=node.path_id,
            base_entry_id=node.id,
            name=parts.name,
            type=node.type,
            number=number,
            hidden=parts.hidden,
            force_id=sel.force.id,
            costs=self._cost_views(parts, number),
            categories=parts.categories,
            profiles=parts.profiles,
            rules=parts.rules,
            parent=parent,
            entry_group_id=node.group_path_id,
            entry_group_name=parts.entry_group_name,
            page=parts.page,
            publication_id=parts.publication_id,
            publication_name=parts.publication_name,
            custom_name=sel.custom_name,
            custom_notes=sel.custom_notes,
            associations=list(sel.associations),
            annotation=parts.annotation,
        )
        if sel.children:  # (most selections have none: their view keeps its empty list)
            children = sorted(sel.children, key=lambda s: natural_key(self._name(s)))
            view.children = [self._selection_view(c, view) for c in children]
        return view

    @staticmethod
    def _cost_views(parts: SelectionParts, number: int) -> list[CostView]:
        """The costs of ``number`` of a selection (shared like the parts they come from)."""
        views = parts.cost_views.get(number)
        if views is None:
            views = parts.cost_views[number] = [
                CostView(i, name, value * number, hidden) for i, name, value, hidden in parts.costs
            ]
        return views

    def _parts(self, sel: Selection, ctx: Ctx, values: Values) -> SelectionParts:
        """What a selection shows that its entry's values decide.

        Shared by every selection (top-level or not) of an entry whose values, categories and
        infos no modifier can change: most of a roster, rebuilt on every evaluation otherwise.
        """
        node = sel.node
        static = values is self._static_values.get(node)
        key = (node, sel.parent is None)
        if static:
            cached = self._static_parts.get(key)
            if cached is not None:
                return cached
        fields = values.fields
        categories, profiles, rules, fixed = self._decor(sel, ctx, values)
        publication_id = fields.get("publicationId")
        group = node.parent
        parts = SelectionParts(
            name=as_text(fields["name"]),
            hidden=bool(fields["hidden"]),
            costs=[
                (ct.id, ct.name, float(fields[ct.id]), ct.hidden)
                for ct in self.compiled.cost_types
                if ct.id in fields
            ],
            categories=categories,
            profiles=profiles,
            rules=rules,
            entry_group_name=group.name if group is not None and group.kind == "group" else None,
            page=opt_text(node.attr("page")),  # New Recruit ignores page modifiers
            publication_id=publication_id,
            publication_name=self._publication_name(publication_id),
            annotation=opt_text(fields.get("annotation")),
        )
        if static and fixed:
            self._static_parts[key] = parts
        return parts

    def _decor(self, sel: Selection, ctx: Ctx, values: Values) -> Decor:
        """A selection's categories, profiles and rules, and whether its entry alone decides
        them: no modifier (its own or one aimed at it) can change them, so they are shared by
        every selection of the entry, at the top level or not."""
        node = sel.node
        incoming = self._incoming_for(sel.id)
        key = (node, sel.parent is None)
        context_free = not incoming and "category" not in node.modified_fields
        if context_free:
            cached = self._static_decor.get(key)
            if cached is not None:
                return cached
        categories: list[CategoryView] = []
        for cat_id, primary in values.categories:
            category = next((c for c in node.categories if c.id == cat_id), None)
            if category is None:  # added by a modifier
                category = self.compiled.bare_category(cat_id)
            categories.append(self._category_view(category, ctx, None, primary))
        if sel.parent is None and not categories:
            categories.append(CategoryView(NO_CATEGORY, NO_CATEGORY_NAME, True))
        profiles, rules = self._infos(node.infos, ctx, incoming)
        fixed = (
            context_free
            and all(c.static for c in node.categories)
            and all(i.static for i in node.infos)
        )
        decor = (categories, profiles, rules, fixed)
        if fixed:
            self._static_decor[key] = decor
        return decor

    def _publication_name(self, publication_id: Any) -> str | None:
        if not publication_id:
            return None
        node = self.compiled.find_any(str(publication_id))
        return None if node is None else str(node.get("name", ""))

    def _infos(
        self,
        infos: list[InfoNode],
        ctx: Ctx,
        incoming: Sequence[tuple[JsonDict, int]] = (),
    ) -> tuple[list[ProfileView], list[RuleView]]:
        """Visible profiles and rules (info groups flattened), modifiers applied."""
        profiles: list[ProfileView] = []
        rules: list[RuleView] = []
        for info in infos:
            if info.static and not incoming:
                cached = self._static_infos.get(info)
                if cached is None:
                    cached = self._info_views(info, ctx, incoming)
                    self._static_infos[info] = cached
            else:
                cached = self._info_views(info, ctx, incoming)
            profiles.extend(cached[0])
            rules.extend(cached[1])
        return profiles, rules

    def _info_views(
        self, info: InfoNode, ctx: Ctx, incoming: Sequence[tuple[JsonDict, int]]
    ) -> tuple[list[ProfileView], list[RuleView]]:
        """One profile, rule or info group as views (none when hidden)."""
        profiles: list[ProfileView] = []
        rules: list[RuleView] = []
        base: dict[str, Any] = {
            "name": info.attr("name", ""),
            "hidden": bool(info.raw.get("hidden", False))
            or bool((info.link or {}).get("hidden", False)),
            "page": info.attr("page"),
            "publicationId": info.attr("publicationId"),
        }
        if info.kind == "rule":
            base["description"] = str(info.raw.get("description", ""))
        for ch in info.raw.get("characteristics") or []:
            base[str(ch.get("typeId", ""))] = str(ch.get("value", ch.get("$text", "")))
        values = Values(base)
        # modifiers aimed at the selection reach its profiles' characteristics only
        aimed = [(m, t) for m, t in incoming if str(m.get("field", "")) not in ENTRY_FIELDS]
        self.apply_modifiers(info.modifier_sources, ctx, values, aimed)
        fields = values.fields
        if fields["hidden"]:
            return profiles, rules  # New Recruit leaves hidden profiles, rules, groups out
        if info.kind == "profile":
            chars = [
                CharacteristicView(
                    str(ch.get("name", "")),
                    str(ch.get("typeId", "")),
                    as_text(fields.get(str(ch.get("typeId", "")), "")),
                )
                for ch in info.raw.get("characteristics") or []
            ]
            profiles.append(
                ProfileView(
                    str(info.raw.get("id", "")),
                    as_text(fields["name"]),
                    str(info.raw.get("typeId", "")),
                    str(info.raw.get("typeName", "")),
                    bool(fields["hidden"]),
                    chars,
                    opt_text(fields.get("page")),
                    opt_text(fields.get("publicationId")),
                )
            )
        elif info.kind == "rule":
            rules.append(
                RuleView(
                    str(info.raw.get("id", "")),
                    as_text(fields["name"]),
                    as_text(fields["description"]),
                    bool(fields["hidden"]),
                    opt_text(fields.get("page")),
                    opt_text(fields.get("publicationId")),
                )
            )
        else:
            sub_profiles, sub_rules = self._infos(info.children, ctx, incoming)
            profiles.extend(sub_profiles)
            rules.extend(sub_rules)
        return profiles, rules


# ================================================================================ results


@dataclass(slots=True)
class Evaluation:
    view: RosterView
    problems: list[Problem]


def evaluate(roster: Roster) -> Evaluation:
    """Evaluate the whole roster: the read-only view and every problem (hooks included)."""
    evaluator = Evaluator(roster)
    view = evaluator.view()
    problems = evaluator.problems(view)
    problems.extend(run_hooks(view))
    return Evaluation(view, problems)
