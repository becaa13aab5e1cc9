"""Why a player cannot add an entry right now, in plain words.

``explain(roster, force, entry_id, parent)`` (``explain_node`` for an entry already found)
returns one ``Reason`` per obstacle: the entry is hidden (by its definition or by a modifier
whose conditions hold, named), or one of its maximum constraints is already reached. An empty
list means the entry can be added.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from armybuilder.engine import edit
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


def explain_inputs(evaluator: Evaluator, force: Force, node: EntryNode) -> tuple[object, ...]:
    """What a root entry's values (``Evaluator.entry_values``) and its ``explain_node`` answer
    in ``force`` are worked out from: the force and the forces above it; then, for the entry
    and each group holding it, whether each modifier and modifier group holds and how many
    times it repeats (as the values read them: a group's modifiers only when it holds), each
    maximum's count, and whether each modifier that would hide the entry holds (as its reason
    reads it).

    An entry not selected has no modifiers aimed at it and no parent, so its values are its
    data changed by the modifiers that hold, as many times as they repeat: two lists giving
    the same inputs give the same values and reasons. A page explaining the same entries
    after every edit keeps the answers and reuses those whose inputs did not change, which
    costs these reads instead of working the values out again.
    """
    roster = evaluator.roster
    found: list[object] = []
    above: Force | None = force
    while above is not None:
        found.append((above.node.id, above.catalogue_id))
        above = above.parent
    current: EntryNode | None = node
    while current is not None and (current is node or current.kind == "group"):
        ctx = Ctx(roster, force, None, None, current)
        for source in current.modifier_sources:
            _holder_inputs(evaluator, source, ctx, found)
        found.extend(
            evaluator.constraint_count(constraint, current, ctx)
            for constraint in current.constraints
            if constraint.type == "max" and constraint.field == "selections"
        )
        if current is node:
            # a hiding modifier inside a group is read with the group's conditions added
            # (its reason's); those outside any group are read above
            found.extend(
                evaluator.conditions_hold(modifier, ctx)
                for source in node.modifier_sources
                if source.get("modifierGroups")
                for modifier in _hiding_modifiers(source)
                if not any(modifier is own for own in source.get("modifiers") or [])
            )
        current = current.parent
    return tuple(found)


def _holder_inputs(evaluator: Evaluator, holder: JsonDict, ctx: Ctx, out: list[object]) -> None:
    """Whether each modifier and modifier group of ``holder`` holds and its repeats, and the
    same inside each group that holds (as ``Evaluator.apply_modifiers`` reads them)."""
    for modifier in holder.get("modifiers") or []:
        _holds(evaluator, modifier, ctx, out)
    for group in holder.get("modifierGroups") or []:
        if _holds(evaluator, group, ctx, out):
            _holder_inputs(evaluator, group, ctx, out)


def _holds(evaluator: Evaluator, holder: JsonDict, ctx: Ctx, out: list[object]) -> bool:
    """Whether a modifier or group applies (it holds and repeats at least once)."""
    holds = evaluator.conditions_hold(holder, ctx)
    out.append(holds)
    if not holds or not holder.get("repeats"):
        return holds
    times = evaluator.repeat_times(holder, ctx)
    out.append(times)
    return times > 0


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
