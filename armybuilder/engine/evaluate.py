"""Evaluate a roster with New Recruit's semantics: modifiers, conditions, repeats, costs,
categories, constraints, cost limits, hidden selections and game hooks.

``evaluate(roster)`` re-evaluates everything and returns an ``Evaluation``: the read-only
``RosterView`` plus the problems. Nothing here mutates the roster. The work is split:
``evaluator`` (effective values, scopes and queries), ``view_builder`` (the view) and
``checks`` (the problems), all on one ``Evaluator`` so they share its caches.
"""

from __future__ import annotations

from dataclasses import dataclass

from armybuilder.engine.checks import Checks
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Roster
from armybuilder.engine.systems import run_hooks
from armybuilder.engine.view import RosterView
from armybuilder.engine.view_builder import ViewBuilder


@dataclass(slots=True)
class Evaluation:
    """The read-only view of a roster and every problem found in it, game hooks' included,
    with the evaluator that found them: asking more of the same unchanged roster (why an
    entry cannot be added, category gauges) reuses what it has worked out."""

    view: RosterView
    problems: list[Problem]
    evaluator: Evaluator


def evaluate(roster: Roster) -> Evaluation:
    """Evaluate the whole roster: the read-only view and every problem (hooks included)."""
    evaluator = Evaluator(roster)
    view = ViewBuilder(evaluator).view()
    problems = Checks(evaluator).problems(view)
    problems.extend(run_hooks(view))
    return Evaluation(view, problems, evaluator)
