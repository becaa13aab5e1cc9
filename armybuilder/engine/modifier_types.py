"""New Recruit's modifier types beyond BattleScribe's (the arithmetic ones it shares with
``multiply``/``divide``/... live in evaluate.py).

Their documents name the types but not their meaning; the engine reads them as follows
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
"""

from __future__ import annotations

import math
from typing import Any

NUMERIC = frozenset(
    {"exponent", "triangular", "cumulative-add", "cumulative-multiply", "cumulative-power"}
)


def numeric(mod_type: str, value: float, operand: float, times: int) -> float | None:
    """The result of one of ``NUMERIC`` applied ``times`` times (None for other types)."""
    try:
        if mod_type == "exponent":
            for _ in range(times):
                value = float(operand**value)
            return value
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
