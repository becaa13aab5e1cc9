"""New Recruit's condition-group expressions and local condition groups.

New Recruit turned ``conditionGroup`` into an expression node. Its documents give the node
types but not their meaning, so the engine reads them as follows (docs/conformance.md):

- Every node has a truth and a number. A plain condition's truth is its test; its number is
  the value it reads (a count or a cost; 1 or 0 for ``instanceOf``, ``always``, ...).
- ``and``/``or``: all / any child holds; ``not``: not all children hold (with one child,
  plain negation). Their number is their truth as 1 or 0.
- ``count``: its number is how many children hold; it holds when at least ``value`` of them
  do (``value`` defaults to 1).
- ``add``, ``subtract``, ``multiply``, ``divide``, ``modulo``, ``power``, ``min``, ``max``:
  fold the children's numbers left to right; it holds when the result is not 0.
- ``greater``, ``greaterOrEqual``, ``less``, ``lessOrEqual``, ``equal``, ``notEqual``:
  compare the first operand with the second; its number is its truth as 1 or 0.

The operands of the arithmetic and comparison nodes are the node's conditions, then its
condition groups (the order the XML keeps), then its ``value`` when it has one (a constant:
``greater`` over one count and ``value`` 2 reads "more than 2").

A ``localConditionGroup`` on a modifier is a query whose selections are filtered by its own
conditions, each read as if the candidate selection were "self"; the group holds when the
filtered count (or cost) passes its ``type`` against its ``value``. Inside it, a ``before``
condition holds when the candidate comes before the reference selection in roster order
(``childId`` "self": the selection the modifier is evaluated for; another id: the first
selection answering to it). "The Nth copy costs more" is a local group counting the earlier
instances of the same entry. Its ``repeats`` attribute is not used.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from armybuilder.engine.model import JsonDict, as_float
from armybuilder.engine.roster import Selection

if TYPE_CHECKING:
    from armybuilder.engine.evaluator import Ctx, Evaluator

# condition types that compare a query value with the condition's threshold
TESTS: dict[str, Callable[[float, float], bool]] = {
    "atLeast": operator.ge,
    "atMost": operator.le,
    "greaterThan": operator.gt,
    "lessThan": operator.lt,
    "equalTo": operator.eq,
    "notEqualTo": operator.ne,
}
COMPARISONS: dict[str, Callable[[float, float], bool]] = {
    "greater": operator.gt,
    "greaterOrEqual": operator.ge,
    "less": operator.lt,
    "lessOrEqual": operator.le,
    "equal": operator.eq,
    "notEqual": operator.ne,
}
TRUTH_CONDITIONS = frozenset({"instanceOf", "notInstanceOf", "always", "never"})


def _divide(left: float, right: float) -> float:
    return left / right if right else math.nan


def _modulo(left: float, right: float) -> float:
    return left % right if right else math.nan


def _power(left: float, right: float) -> float:
    try:
        return float(left**right)
    except (OverflowError, ZeroDivisionError):
        return math.nan


# arithmetic groups: their operands folded left to right
FOLDS: dict[str, Callable[[float, float], float]] = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": _divide,
    "modulo": _modulo,
    "power": _power,
    "min": min,
    "max": max,
}


def passes(test: str, value: float, threshold: float) -> bool:
    """Whether ``value`` passes a condition type against ``threshold`` (unknown: false)."""
    check = TESTS.get(test)
    return check is not None and check(value, threshold)


# ==================================================================== condition groups


def group_holds(ev: Evaluator, group: JsonDict, ctx: Ctx) -> bool:
    """The truth of a condition group (an unknown type reads as ``and``, as BattleScribe)."""
    kind = str(group.get("type") or "and")
    if kind == "or":
        return any(_truths(ev, group, ctx))
    if kind == "not":
        return not all(_truths(ev, group, ctx))
    if kind == "count":
        return sum(_truths(ev, group, ctx)) >= as_float(group.get("value"), 1.0)
    if kind in COMPARISONS:
        operands = _operands(ev, group, ctx)
        while len(operands) < 2:
            operands.append(0.0)
        return COMPARISONS[kind](operands[0], operands[1])
    if kind in FOLDS:
        result = group_number(ev, group, ctx)
        return result != 0 and not math.isnan(result)
    return all(_truths(ev, group, ctx))


def group_number(ev: Evaluator, group: JsonDict, ctx: Ctx) -> float:
    """The number of a condition group (see the module docstring)."""
    kind = str(group.get("type") or "and")
    if kind == "count":
        return float(sum(_truths(ev, group, ctx)))
    if kind in FOLDS:
        operands = _operands(ev, group, ctx)
        if not operands:
            return 0.0
        result = operands[0]
        for operand in operands[1:]:
            result = FOLDS[kind](result, operand)
        return result
    return 1.0 if group_holds(ev, group, ctx) else 0.0


def _truths(ev: Evaluator, group: JsonDict, ctx: Ctx) -> Iterator[bool]:
    """The truth of each child, lazily (``and``/``or`` stop early)."""
    for cond in group.get("conditions") or []:
        yield ev.condition(cond, ctx)
    for child in group.get("conditionGroups") or []:
        yield group_holds(ev, child, ctx)


def _operands(ev: Evaluator, group: JsonDict, ctx: Ctx) -> list[float]:
    operands = [condition_number(ev, c, ctx) for c in group.get("conditions") or []]
    operands += [group_number(ev, g, ctx) for g in group.get("conditionGroups") or []]
    if group.get("value") is not None:
        operands.append(as_float(group.get("value")))
    return operands


def condition_number(ev: Evaluator, cond: JsonDict, ctx: Ctx) -> float:
    """What a condition contributes to arithmetic: the value it reads."""
    if str(cond.get("type", "")) in TRUTH_CONDITIONS:
        return 1.0 if ev.condition(cond, ctx) else 0.0
    return ev.query(cond, ctx)


# =============================================================== local condition groups


def local_groups_hold(ev: Evaluator, holder: JsonDict, ctx: Ctx) -> bool:
    """Whether every local condition group of a modifier (or modifier group) holds."""
    return all(_local_group_holds(ev, g, ctx) for g in holder.get("localConditionGroups") or [])


def _local_group_holds(ev: Evaluator, group: JsonDict, ctx: Ctx) -> bool:
    field_name = str(group.get("field") or "selections")
    child_id = str(group.get("childId") or "any")
    key = ev.match_key(None, child_id, True)
    deep = bool(group.get("includeChildSelections", False))
    child_forces = bool(group.get("includeChildForces", False))
    objects = ev.scope_objects(str(group.get("scope", "self")), ctx)
    candidates = ev.matching_in(objects, deep, child_forces, key)
    order = {id(sel): i for i, sel in enumerate(ev.roster.all_selections())}
    ev.budget.spend(len(order) + len(candidates))
    kept = [s for s in candidates if _candidate_holds(ev, group, ctx, s, order)]
    value = ev.measure(kept, field_name, True)
    return passes(str(group.get("type", "")), value, as_float(group.get("value")))


def _candidate_holds(
    ev: Evaluator, group: JsonDict, ctx: Ctx, candidate: Selection, order: dict[int, int]
) -> bool:
    """The local group's conditions, read with the candidate as "self"."""
    own = ev.ctx_of(candidate)
    for cond in group.get("conditions") or []:
        if str(cond.get("type", "")) == "before":
            reference = _reference(ev, cond, ctx, order)
            if reference is None or order[id(candidate)] >= order[id(reference)]:
                return False
        elif not ev.condition(cond, own):
            return False
    return all(group_holds(ev, g, own) for g in group.get("conditionGroups") or [])


def _reference(ev: Evaluator, cond: JsonDict, ctx: Ctx, order: dict[int, int]) -> Selection | None:
    """The selection a ``before`` condition compares with."""
    child_id = str(cond.get("childId") or "self")
    if child_id == "self":
        return ctx.selection
    ev.budget.spend(len(order))
    found = [s for s in ev.roster.all_selections() if ev.selection_matches(s, child_id)]
    return min(found, key=lambda s: order[id(s)], default=None)
