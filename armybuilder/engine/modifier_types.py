"""What each modifier type does to a field's value (``apply``).

BattleScribe's types: ``set``, ``increment``, ``decrement``, ``append``, and New Recruit's
``prepend``, ``multiply``, ``divide``, ``modulo``, ``power``, ``floor``, ``ceil``. New Recruit's
documents name the following types but not their meaning; the engine reads them as follows
(docs/conformance.md). ``value`` is the modifier's operand, ``n`` its repeat count:

- ``exponent``: the field becomes ``value ** field`` (the field is the exponent, where
  ``power`` makes it the base), applied ``n`` times.
- ``triangular``: the k-th repeat adds ``k * value`` (in all ``value * n(n+1)/2``): each
  further copy costs ``value`` more than the one before.
- ``cumulative-add``, ``cumulative-multiply``, ``cumulative-power``: the repeats add up into
  one operand (``value * n``) applied once, where ``increment``, ``multiply`` and ``power``
  apply ``value`` ``n`` times.
- ``replace``: text only; every occurrence of the modifier's ``arg`` becomes its ``value``
  (no ``value``: removed), as in BSData's 40k data (``replace "(X)" by "1"``).

A repeat count comes from the list (e.g. one repeat per 1000 points of its cost limit), so a
repeated modifier is worked out in one step, never by looping over its repeats: ``increment``
adds ``value * n``, ``multiply`` multiplies by ``value ** n`` (an infinity past the float
range, as repeated multiplication reaches), ``divide`` divides by it, ``power`` raises to
``value ** n``, and ``modulo``, ``floor`` and ``ceil`` give the same after one application as
after ``n``. ``exponent`` alone has no closed form: it is applied until its value settles (a
fixed point, or a cycle of two whose parity decides), at most ``SETTLE_STEPS`` times. A result
that is not a real number (a complex power, a division by zero, an overflow of ``power``)
is NaN, never an error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from armybuilder.engine.model import as_float, number_text

NUMERIC = frozenset(
    {"exponent", "triangular", "cumulative-add", "cumulative-multiply", "cumulative-power"}
)
# New Recruit applies modifiers by kind: set, then arithmetic, then text, then rounding; each
# kind keeps its list order.
PRIORITY = {"set": 0, "append": 2, "prepend": 2, "replace": 2, "floor": 3, "ceil": 3}
ARITHMETIC = (
    frozenset({"increment", "decrement", "multiply", "divide", "modulo", "power", "floor", "ceil"})
    | NUMERIC
)
FIRST_NUMBER = re.compile(r"-?\d+(\.\d+)?")
WHOLE_NUMBER = re.compile(r"\s*-?\d+(\.\d+)?\s*")
SETTLE_STEPS = 1_000


def numeric(mod_type: str, value: float, operand: float, times: int) -> float | None:
    """The result of one of ``NUMERIC`` applied ``times`` times (None for other types)."""
    try:
        if mod_type == "exponent":
            return _settled_exponent(value, operand, times)
        if mod_type == "triangular":
            return value + operand * times * (times + 1) / 2
        if mod_type == "cumulative-add":
            return value + operand * times
        if mod_type == "cumulative-multiply":
            return value * operand * times
        if mod_type == "cumulative-power":
            return float(value ** (operand * times))
    except (OverflowError, ZeroDivisionError, TypeError):  # TypeError: a complex result
        return math.nan
    return None


def replace_text(current: Any, find: str, replacement: str) -> Any:
    """``current`` with every ``find`` replaced (numbers, booleans and empty finds unchanged)."""
    if not isinstance(current, str) or not find:
        return current
    return current.replace(find, replacement)


def apply(mod_type: str, current: Any, raw_value: str, times: int) -> Any:
    """Apply one modifier ``times`` times (set/replace once) to a field value."""
    if mod_type == "set":
        if isinstance(current, bool):
            return raw_value.strip().lower() == "true"
        if isinstance(current, (int, float)):
            return as_float(raw_value, float(current))
        return float(raw_value) if WHOLE_NUMBER.fullmatch(raw_value) else raw_value
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
        return f"{current[: match.start()]}{number_text(result)}{current[match.end() :]}"
    return _repeat_arith(mod_type, float(current), operand, times)


def _settled_exponent(value: float, operand: float, times: int) -> float:
    """``value`` becomes ``operand ** value``, ``times`` times (see the module docstring)."""
    before: float | None = None
    for step in range(min(times, SETTLE_STEPS)):
        after = float(operand**value)
        if after == value or math.isnan(after):
            return after
        if after == before:  # a cycle of two: the steps left decide which of the two
            return after if (times - step - 1) % 2 == 0 else value
        before, value = value, after
    return value


def _repeat_arith(mod_type: str, value: float, operand: float, times: int) -> float:
    combined = numeric(mod_type, value, operand, times)
    if combined is not None:
        return combined
    if times <= 0:
        return value
    if mod_type not in REPEATED:
        return _once(mod_type, value, operand)
    try:
        return REPEATED[mod_type](value, operand, times)
    except (OverflowError, ZeroDivisionError, TypeError):  # TypeError: a complex result
        return math.nan


def _times_power(base: float, times: int) -> float:
    """``base ** times``, an infinity past the float range (as repeated multiplication)."""
    try:
        return float(base**times)
    except OverflowError:
        return math.copysign(math.inf, base) if times % 2 else math.inf


def _multiplied(value: float, operand: float, times: int) -> float:
    factor = _times_power(operand, times)
    return value * operand if value == 0 else value * factor


def _divided(value: float, operand: float, times: int) -> float:
    if not operand:
        return value
    factor = _times_power(operand, times)
    if factor == 0:  # (underflowed: the value grows past every float)
        return math.copysign(math.inf, value) * math.copysign(1.0, factor) if value else value
    return value / factor


# the arithmetic types whose repeats combine into one step (the others: see _repeat_arith)
REPEATED: dict[str, Callable[[float, float, int], float]] = {
    "increment": lambda value, operand, times: value + operand * times,
    "decrement": lambda value, operand, times: value - operand * times,
    "multiply": _multiplied,
    "divide": _divided,
    "power": lambda value, operand, times: float(value ** _times_power(operand, times)),
}


def _once(mod_type: str, value: float, operand: float) -> float:
    """``modulo``, ``floor`` or ``ceil``: applied any number of times, the same as once."""
    if mod_type == "modulo":
        return value % operand if operand else value
    if not math.isfinite(value):
        return value
    if mod_type == "floor":
        return float(math.floor(value))
    return float(math.ceil(value))
