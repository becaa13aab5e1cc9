"""Why a player cannot add an entry right now, in plain words.

``explain(roster, force, entry_id, parent)`` (``explain_node`` for an entry already found)
returns one ``Reason`` per obstacle: the entry is hidden (by its definition or by a modifier
whose conditions hold, named), or one of its maximum constraints is already reached. An empty
list means the entry can be added.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine import edit, expressions
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.model import (
    EntryNode,
    JsonDict,
    as_float,
    as_text,
    json_number,
    number_text,
)
from armybuilder.engine.report import CONSTRAINT_MAX, messages, phrases, words
from armybuilder.engine.roster import Force, Roster, Selection

HIDDEN = "explain.hidden"
HIDDEN_BY_MODIFIER = "explain.hidden_by_modifier"
MAX_REACHED = "explain.max_reached"

# ``where`` and ``because`` are English phrases made from the structured params (``scope`` and
# ``scope_name``; ``conditions``, one object each), which other languages word their own way.
MESSAGES = messages(
    {
        HIDDEN: "{name} is not available in this list.",
        HIDDEN_BY_MODIFIER: "{name} is hidden because {because}.",
        MAX_REACHED: "{name} is limited to {limit} {where}, and there are already {count}.",
        MAX_REACHED + "#one": "{name} is limited to {limit} {where}, and there is already 1.",
        MAX_REACHED + "#none": "{name} cannot be taken {where}.",
    }
)

COMPARISON_WORDS = {
    "atLeast": "at least",
    "atMost": "at most",
    "greaterThan": "more than",
    "lessThan": "fewer than",
    "equalTo": "exactly",
    "notEqualTo": "other than",
}


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    entry_id: str
    constraint_id: str
    message: str
    # the rule the limit comes from, as the problem of breaking it would cite it (the
    # constraint id already tells reasons apart: it takes no part in comparing or hashing)
    rule: JsonDict | None = field(default=None, compare=False)
    # the code that problem would carry, so a page can link the reason to the rule's entry
    rule_code: str = field(default="", compare=False)
    # what the message names, as JSON data (as a ``Problem``'s params)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)


def explain(
    roster: Roster,
    force: Force,
    entry_id: str,
    parent: Selection | None = None,
    evaluator: Evaluator | None = None,
) -> list[Reason]:
    """The reasons ``entry_id`` cannot be added to the force (or under ``parent``) now
    (``explain_node`` says how to share one ``evaluator`` between many entries)."""
    if parent is not None:
        node = edit.find_child_entry(parent, entry_id)
    else:
        node = edit.find_root_entry(roster, force, entry_id)
    return explain_node(roster, force, node, parent, evaluator=evaluator)


def explain_node(
    roster: Roster,
    force: Force,
    node: EntryNode,
    parent: Selection | None = None,
    *,
    evaluator: Evaluator | None = None,
) -> list[Reason]:
    """``explain`` for an entry already found among those offered there.

    Explaining many entries of one unchanged roster, pass one ``evaluator`` to them all: they
    then share its work (the counts and values every entry's reasons read).
    """
    if evaluator is None:
        evaluator = Evaluator(roster)
    evaluator.budget.spend(1)
    ctx = Ctx(roster, force, None, parent, node)
    values = evaluator.entry_values(node, ctx)
    name = as_text(values.fields["name"])
    reasons: list[Reason] = []
    if values.fields.get("hidden"):
        reasons.append(_hidden_reason(evaluator, node, ctx, name))
    reasons.extend(_maxima_reached(evaluator, node, ctx, name))
    group = node.parent
    while group is not None and group.kind == "group":
        group_ctx = Ctx(roster, force, None, parent, group)
        group_name = as_text(evaluator.entry_values(group, group_ctx).fields["name"])
        reasons.extend(_maxima_reached(evaluator, group, group_ctx, f"{group_name} ({name})"))
        group = group.parent
    return reasons


class EntryInputs:
    """What the values (``Evaluator.entry_values``) and ``explain_node`` answers of root
    entries in one force are worked out from (``of``).

    An entry not selected has no modifiers aimed at it and no parent, so its values are its
    data changed by the modifiers whose conditions hold, as many times as they repeat, and its
    reasons add the counts its maximums read: two lists giving the same inputs give the same
    values and reasons. A page explaining the same entries after every edit keeps their
    answers and reuses those whose inputs did not change.

    The inputs are what every condition and repeat of the entry's modifiers reads (a count,
    or a truth for an ``instanceOf``), whether or not the modifier around it is read (reading
    more is never wrong), each local condition group's truth, and each maximum's count. Each
    distinct condition is read once for all the entries of the force: most entries share
    theirs (the detachment or the army they are hidden in).
    """

    def __init__(self, evaluator: Evaluator, force: Force) -> None:
        self._evaluator = evaluator
        self._ctx = Ctx(evaluator.roster, force)
        self._reads = _READS.setdefault(evaluator.compiled, {})
        chain: list[tuple[str, str]] = []
        above: Force | None = force
        while above is not None:
            chain.append((above.node.id, above.catalogue_id))
            above = above.parent
        self._chain = tuple(chain)
        self._read: dict[_SpecKey, object] = {}

    def of(self, node: EntryNode) -> tuple[object, ...]:
        """The entry's inputs (``node``: a root entry of the force)."""
        evaluator, ctx = self._evaluator, self._ctx
        found: list[object] = [self._chain]
        current: EntryNode | None = node
        while current is not None and (current is node or current.kind == "group"):
            key = (id(current.raw), id(current.link))
            reads = self._reads.get(key)
            if reads is None:
                reads = self._reads[key] = _reads_of(current)
            specs, local = reads
            found.extend(self._value(spec_key, spec) for spec_key, spec in specs)
            found.extend(expressions.local_groups_hold(evaluator, h, ctx) for h in local)
            found.extend(
                evaluator.constraint_count(constraint, current, ctx)
                for constraint in current.constraints
                if constraint.type == "max" and constraint.field == "selections"
            )
            current = current.parent
        return tuple(found)

    def _value(self, key: _SpecKey, spec: JsonDict) -> object:
        found = self._read.get(key, _UNREAD)
        if found is _UNREAD:
            evaluator, ctx = self._evaluator, self._ctx
            if key[0] in expressions.TRUTH_CONDITIONS:
                found = evaluator.condition(spec, ctx)
            else:
                found = evaluator.query(spec, ctx)
            self._read[key] = found
        return found


# What a condition or repeat reads, as ``Evaluator.query`` and ``condition`` read it: two
# with the same key read the same from the same place.
_SpecKey = tuple[object, ...]
_SPEC_FIELDS = (
    "type",
    "field",
    "scope",
    "childId",
    "shared",
    "includeChildSelections",
    "includeChildForces",
    "percentValue",
)
_UNREAD = object()
# An entry's or group's conditions and repeats (with their keys) and the modifiers holding
# local condition groups, per compiled closure and (entry, link) data: read from the data once.
_Reads = tuple[tuple[tuple[_SpecKey, JsonDict], ...], tuple[JsonDict, ...]]
_READS: weakref.WeakKeyDictionary[Compiled, dict[tuple[int, int], _Reads]] = (
    weakref.WeakKeyDictionary()
)


def _reads_of(node: EntryNode) -> _Reads:
    specs: dict[int, tuple[_SpecKey, JsonDict]] = {}
    local: list[JsonDict] = []

    def spec(found: JsonDict) -> None:
        specs[id(found)] = (tuple(str(found.get(f, "")) for f in _SPEC_FIELDS), found)

    def condition_group(group: JsonDict) -> None:
        for condition in group.get("conditions") or []:
            spec(condition)
        for inner in group.get("conditionGroups") or []:
            condition_group(inner)

    def holder(found: JsonDict) -> None:
        condition_group(found)
        for repeat in found.get("repeats") or []:
            spec(repeat)
        if found.get("localConditionGroups"):
            local.append(found)
        for inner in (found.get("modifiers") or []) + (found.get("modifierGroups") or []):
            holder(inner)

    for source in node.modifier_sources:
        for found in (source.get("modifiers") or []) + (source.get("modifierGroups") or []):
            holder(found)
    return tuple(specs.values()), tuple(local)


def _maxima_reached(evaluator: Evaluator, node: EntryNode, ctx: Ctx, name: str) -> list[Reason]:
    """The maximum constraints of an entry or group that one more pick would break (as the
    checks read them: a negative maximum is none)."""
    values = evaluator.entry_values(node, ctx)
    reasons = []
    for constraint in node.constraints:
        if constraint.type != "max" or constraint.field != "selections":
            continue
        limit = float(values.fields.get(constraint.id, constraint.value))
        if limit < 0:
            continue
        count = evaluator.constraint_count(constraint, node, ctx)
        if count + 1 > limit:
            scope, scope_name = _where(evaluator.compiled, constraint.scope, ctx)
            params = {
                "name": name,
                "limit": json_number(limit),
                "count": json_number(count),
                "scope": scope,
                "scope_name": scope_name,
                "form": "none" if limit < 1 else "one" if count == 1 else "",
            }
            rule = constraint.raw.get("rule")
            reasons.append(
                Reason(
                    MAX_REACHED,
                    node.id,
                    constraint.id,
                    words(MAX_REACHED, params),
                    dict(rule) if isinstance(rule, dict) else None,
                    str(constraint.raw.get("code") or CONSTRAINT_MAX),
                    params,
                )
            )
    return reasons


def _hidden_reason(evaluator: Evaluator, node: EntryNode, ctx: Ctx, name: str) -> Reason:
    for source in node.modifier_sources:
        for modifier in _hiding_modifiers(source):
            if evaluator.conditions_hold(modifier, ctx) and modifier.get("conditions"):
                conditions = [
                    condition_params(evaluator.compiled, c) for c in modifier["conditions"]
                ]
                params = {"name": name, "conditions": conditions}
                return _reason(HIDDEN_BY_MODIFIER, node.id, params)
    return _reason(HIDDEN, node.id, {"name": name})


def _reason(code: str, entry_id: str, params: dict[str, Any]) -> Reason:
    return Reason(code, entry_id, "", words(code, params), params=params)


def _hiding_modifiers(holder: JsonDict) -> list[JsonDict]:
    found = [
        m
        for m in holder.get("modifiers") or []
        if m.get("field") == "hidden" and str(m.get("value", "")).lower() == "true"
    ]
    for group in holder.get("modifierGroups") or []:
        found.extend(
            {**m, "conditions": (group.get("conditions") or []) + (m.get("conditions") or [])}
            for m in _hiding_modifiers(group)
        )
    return found


def condition_params(compiled: Compiled, condition: JsonDict) -> dict[str, Any]:
    """A condition as data a message words: whose count (``scope``: parent, self, force,
    roster, or an entry's or category's id, named in ``scope_name``), the comparison
    (``type``: ``atLeast``, ``instanceOf``, ...), the ``value`` and ``field`` (``selections``
    or a cost type's name) and the ``name`` of what is counted."""
    child_id = str(condition.get("childId") or "")
    target = compiled.find_any(child_id) if child_id else None
    scope = str(condition.get("scope", "self"))
    scoped = None if scope in SCOPE_WORDS else compiled.find_any(scope)
    field_id = str(condition.get("field", "selections"))
    cost_type = next((ct.name for ct in compiled.cost_types if ct.id == field_id), field_id)
    return {
        "scope": scope,
        "scope_name": str((scoped or {}).get("name") or ""),
        "type": str(condition.get("type", "")),
        "value": json_number(as_float(condition.get("value"))),
        "field": cost_type,
        "name": str((target or {}).get("name") or child_id),
    }


def describe_condition(condition: Mapping[str, Any]) -> str:
    """A condition's params in English, e.g. "the force has at least 1 of Captain"."""
    what = condition["name"] or "anything"
    scope = SCOPE_WORDS.get(condition["scope"], condition["scope_name"] or condition["scope"])
    kind = condition["type"]
    if kind in ("instanceOf", "notInstanceOf"):
        negation = "" if kind == "instanceOf" else "not "
        return f"the {scope} is {negation}a {what}"
    amount = number_text(float(condition["value"]))
    unit = condition["field"]
    counted = f"{amount} of {what}" if unit == "selections" else f"{amount} {unit} of {what}"
    return f"the {scope} has {COMPARISON_WORDS.get(kind, kind)} {counted}"


def _where(compiled: Compiled, scope: str, ctx: Ctx) -> tuple[str, str]:
    """Where a limit counts: the kind of scope (parent, force, roster, self or entry) and the
    name of the parent or entry it names."""
    if scope == "parent" and ctx.parent:
        return "parent", str(ctx.parent.node.raw.get("name"))
    if scope in ("parent", "force"):
        return "force", ""
    if scope in ("roster", "self"):
        return scope, ""
    # a scope naming an entry or category: the limit counts within each of them
    target = compiled.find_any(scope)
    return "entry", str(target["name"]) if target and target.get("name") else ""


def where_words(params: Mapping[str, Any]) -> str:
    """Where a limit counts as a player says it: "in this Captain", "in the army"."""
    scope, name = params["scope"], params["scope_name"]
    if scope == "parent":
        return f"in this {name}"
    if scope == "entry":
        return f"in each {name}" if name else "here"
    return {"force": "in this force", "roster": "in the army", "self": "in one selection"}[scope]


SCOPE_WORDS = {"parent": "parent", "self": "selection", "force": "force", "roster": "roster"}

phrases(MAX_REACHED, lambda params: {"where": where_words(params)})
phrases(
    HIDDEN_BY_MODIFIER,
    lambda params: {"because": " and ".join(map(describe_condition, params["conditions"]))},
)
