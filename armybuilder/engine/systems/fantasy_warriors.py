"""Fantasy Warriors (Naran Team 2018): the army rules the data cannot say.

The data (``catalogues/data/fantasy-warriors``) says the army's structure (one Condottiero,
Commands with one leader and at least one unit, a Capo in every unit, unit sizes, command
values, magic points, talismans) as constraints. Two rules have readings the digest exposes as
list options, and the data model cannot condition a constraint on a list option, so they live
here: heroes per 500 points (on the limit or on the points spent, digest E7) and drummers per
unit (one, or any number, digest E6). So does a comparison of two child counts: a unit's
special characters are some of its figures (digest FW-21), so there cannot be more of them.
"""

from __future__ import annotations

from collections.abc import Callable

from armybuilder.engine.report import Problem
from armybuilder.engine.systems.common import (
    Digest,
    Rule,
    per_points,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import RosterView, SelectionView

DIGEST = Digest("fantasy-warriors", "fantasy-warriors.md", "004_7414ab40a2696895.txt")
POINTS = "fw-pts"
HERO = "fw-cat-hero"
UNIT = "fw-cat-unit"
DRUMMER = "fw-drummer"
SPECIAL_CHARACTERS = frozenset({"fw-capo", "fw-champion", DRUMMER, "fw-standard-bearer"})
POINTS_PER_HERO = 500

# Must match the "listOptions" the game system declares (a pack test compares them).
OPTIONS: dict[str, tuple[str, ...]] = {
    "hero_basis": ("limit", "spent"),
    "max_drummers_per_unit": ("1", "unlimited"),
}

HEROES_RULE = DIGEST.rule("2.6 Individual characters (FW-31)", 161, 2234)
DRUMMERS_RULE = DIGEST.rule("2.3 Units (FW-18)", 119, 218)
SPECIALS_RULE = DIGEST.rule("2.3 Units (FW-21)", 122, 2650)
OPTIONS_RULE = DIGEST.rule("6.1 System definition: options", 443)


def check(roster: RosterView) -> list[Problem]:
    """Heroes, drummers and special characters, as the roster's list options read them."""
    options, problems = read_options(roster, OPTIONS, "fw.option.invalid", OPTIONS_RULE)
    units = [s for s in roster.all_selections() if s.has_category(UNIT)]
    problems += _heroes(roster, options["hero_basis"])
    if options["max_drummers_per_unit"] == "1":
        problems += _drummers(units)
    problems += _special_characters(units)
    return problems


def _heroes(roster: RosterView, basis: str) -> list[Problem]:
    """At most one hero per full 500 points of the army (L2234)."""
    points = roster.cost_limit(POINTS) if basis == "limit" else roster.total_cost(POINTS)
    if points is None:
        return []
    allowed = per_points(points, POINTS_PER_HERO)
    heroes = sum(s.number for s in roster.all_selections() if s.has_category(HERO))
    if heroes <= allowed:
        return []
    return [
        roster_problem(
            roster,
            "fw.heroes.too_many",
            f"{points:g} points allow {allowed} heroes at most; the army has {heroes}.",
            HEROES_RULE,
        )
    ]


def _drummers(units: list[SelectionView]) -> list[Problem]:
    """At most one drummer per unit (L218, the digest's recommended reading)."""
    return [
        _unit_problem(unit, "fw.unit.drummer.too_many", "one drummer at most", DRUMMERS_RULE)
        for unit in units
        if _count(unit, lambda c: c.base_entry_id == DRUMMER) > 1
    ]


def _special_characters(units: list[SelectionView]) -> list[Problem]:
    """Special characters are some of the unit's figures (FW-21), so never more than them."""
    return [
        _unit_problem(
            unit,
            "fw.unit.specials.too_many",
            "no more special characters than figures",
            SPECIALS_RULE,
        )
        for unit in units
        if _count(unit, lambda c: c.base_entry_id in SPECIAL_CHARACTERS)
        > _count(unit, lambda c: c.type == "model")
    ]


def _count(unit: SelectionView, matches: Callable[[SelectionView], bool]) -> int:
    return sum(child.number for child in unit.children if matches(child))


def _unit_problem(unit: SelectionView, code: str, what: str, rule: Rule) -> Problem:
    return selection_problem(unit, code, f"{unit.name} may hold {what}.", rule)
