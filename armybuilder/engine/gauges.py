"""Where each force stands against its categories' limits, as numbers a player reads beside
each category while building: 40k slots (HQ 2 of 1-3), The 9th Age percentages (Characters
1,200 of at most 40 % = 1,800 pts), any game's category minimums and maximums.

The figures come from the same measures the checks use (``Checks.category_measures``), so a
gauge shows broken exactly when the list has that category's problem.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from armybuilder.engine.checks import Checks
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.roster import Roster

SELECTIONS = "selections"
LIMIT_PREFIX = "limit::"


@dataclass(frozen=True, slots=True)
class Gauge:
    """One minimum or maximum of a category in a force, and the force's figure for it."""

    force_id: str
    category_id: str
    category_name: str
    constraint_id: str
    kind: str  # min | max
    measure: str  # "selections", or the cost type id a ``limit::`` constraint bounds
    value: float  # selections counted, or their cost
    limit: float  # the bound, a percentage of the cost limit already resolved
    percent: float | None  # the bound as a percentage of the cost limit, when declared so
    broken: bool


@dataclass(frozen=True, slots=True)
class Allowance:
    """Points a selection may spend on what it holds, and what it spends: a Warmachine
    warcaster's warjack points over its battlegroup. What is left is shown, never an error
    here (a game hook raises the problem its rules give, if any)."""

    selection_id: str
    code: str  # what the points are, stably (``<game>.<points>``), as problems have codes
    name: str  # the same in English, e.g. "Warjack points"
    used: float
    available: float

    @property
    def unused(self) -> float:
        return max(self.available - self.used, 0.0)


def category_gauges(roster: Roster, evaluator: Evaluator | None = None) -> list[Gauge]:
    """Every bounded category constraint of every force, in force and category order.

    A maximum that cannot bind (negative, or a percentage of a cost limit the list lacks) and
    a minimum of zero are left out: they say nothing to a player.
    """
    checks = Checks(evaluator or Evaluator(roster))
    gauges: list[Gauge] = []
    for force in roster.all_forces():
        ctx = Ctx(roster, force)
        for category in force.node.categories:
            for constraint, limit, count in checks.category_measures(
                category, category.constraints, ctx
            ):
                field = constraint.field
                if field != SELECTIONS and not field.startswith(LIMIT_PREFIX):
                    continue
                binding = limit > 0 if constraint.type == "min" else 0 <= limit < math.inf
                if constraint.type not in ("min", "max") or not binding:
                    continue
                measure = field.removeprefix(LIMIT_PREFIX)
                cost_limit = roster.cost_limits.get(measure, 0.0)
                percent = (
                    100.0 * limit / cost_limit
                    if constraint.raw.get("percentValue") and cost_limit > 0
                    else None
                )
                gauges.append(
                    Gauge(
                        force.id,
                        category.id,
                        category.name,
                        constraint.id,
                        constraint.type,
                        measure,
                        count,
                        limit,
                        percent,
                        checks.breaks(constraint, limit, count),
                    )
                )
    return gauges
