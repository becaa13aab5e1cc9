"""Fantasy Warriors (Naran Team 2018): the army rules the data cannot say.

The data (``catalogues/data/fantasy-warriors``) says the army's structure (one Condottiero,
Commands with one leader and at least one unit, a Capo in every unit, unit sizes, command
values, magic points, talismans) as constraints. Two rules have readings the digest exposes as
list options, and the data model cannot condition a constraint on a list option, so they live
here: heroes per 500 points (on the limit or on the points spent, digest E7) and drummers per
unit (one, or any number, digest E6). So does a comparison of two child counts: a unit's
special characters are some of its figures (digest FW-21), so there cannot be more of them.

A multiplayer side (FW-43, FW-44) is one roster whose forces are its players' armies, and whose
limit is the side's total: every army is worth the same points, and a side with fewer armies
is topped up to the other side's total. The ``opposing_armies`` option says how many armies the
other side fields, so the hook can tell each army's share (or the top-up) from the limit.
"""

from __future__ import annotations

from collections.abc import Callable

from armybuilder.engine.report import INFO, Problem
from armybuilder.engine.systems.common import (
    Digest,
    Rule,
    forces_over_share,
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
    "opposing_armies": (),  # a number: none (the default) for a game of two players
}

HEROES_RULE = DIGEST.rule("2.6 Individual characters (FW-31)", 161, 2234)
DRUMMERS_RULE = DIGEST.rule("2.3 Units (FW-18)", 119, 218)
SPECIALS_RULE = DIGEST.rule("2.3 Units (FW-21)", 122, 2650)
OPTIONS_RULE = DIGEST.rule("6.1 System definition: options", 443)
SIDE_ARMIES_RULE = DIGEST.rule("2.8 Multiplayer (FW-43)", 183, 470)
TOP_UP_RULE = DIGEST.rule("2.8 Multiplayer (FW-44)", 184, 472)


def check(roster: RosterView) -> list[Problem]:
    """Heroes, drummers and special characters, as the roster's list options read them."""
    options, problems = read_options(roster, OPTIONS, "fw.option.invalid", OPTIONS_RULE)
    units = [s for s in roster.all_selections() if s.has_category(UNIT)]
    problems += _heroes(roster, options["hero_basis"])
    if options["max_drummers_per_unit"] == "1":
        problems += _drummers(units)
    problems += _special_characters(units)
    problems += _side(roster, int(options["opposing_armies"] or 0))
    return problems


def side_points(limit: float, armies: int, opposing: int) -> tuple[float, float]:
    """Each army's points and the side's top-up, for a side whose limit is its total once the
    side with fewer armies has been topped up to the other's (FW-44)."""
    per_army = limit / max(armies, opposing)
    return per_army, max(opposing - armies, 0) * per_army


def _side(roster: RosterView, opposing: int) -> list[Problem]:
    """A side's armies each spend their share; a side with fewer armies is told its top-up,
    whose spread over its armies the rules leave open (FW-44)."""
    limit = roster.cost_limit(POINTS)
    armies = len(roster.forces)
    if limit is None or not armies or not opposing:
        return []
    per_army, top_up = side_points(limit, armies, opposing)
    if not top_up:
        return forces_over_share(
            roster.forces, POINTS, per_army, "fw.multiplayer.army_points", SIDE_ARMIES_RULE
        )
    return [
        roster_problem(
            roster,
            "fw.multiplayer.top_up",
            f"{armies} army(ies) against {opposing} at {per_army:g} points each: the side's "
            f"{limit:g} points include {top_up:g} extra.",
            TOP_UP_RULE,
            severity=INFO,
        )
    ]


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
