"""Fantasy Warriors (Naran Team 2018): the army rules the data cannot say.

The data (``catalogues/data/fantasy-warriors``) says the army's structure (one Condottiero,
Commands with one leader and at least one unit, a Capo in every unit, unit sizes, command
values, magic points, talismans) as constraints. Two rules have readings the digest exposes as
list options, and the data model cannot condition a constraint on a list option, so they live
here: heroes per 500 points (on the limit or on the points spent, digest E7) and drummers per
unit (one, or any number, digest E6). So does a comparison of two child counts: a unit's
special characters are some of its figures (digest FW-21), so there cannot be more of them.

The army lists are not in our source (digest §0), so the base cost of most characters and some
troops' points per figure are entered by the player (``costs_not_entered``, info
``fw.cost.not_entered``); the costs the rules give (command values, magic points, special
characters, talismans) are data added on top of the entered value.

A multiplayer side (FW-43, FW-44) is one roster whose forces are its players' armies, and whose
limit is the side's total: every army is worth the points the players agreed, and a side with
fewer armies is topped up to the other side's total. The ``opposing_armies`` option says how
many armies the other side fields, ``points_per_army`` the agreed points ("1.000 punti a testa",
FW-2). The hook cannot move the limit the engine checks and the pages show, so a limit that is
not the side's total is an error naming the right one; without ``points_per_army`` the limit is
read as the side's total, already topped up. Each army counts its own heroes on its own points
(E8), as the data counts its own Condottiero, soothsayers and talismans (force-scoped
constraints). The rules leave the top-up's spread over a side's armies open (FW-44), so an army
of a topped-up side counts its heroes on the most it could be given, its agreed points and the
whole top-up, and the side's armies together must fit their heroes in the one top-up they share:
only an excess that no spread allows is certainly in error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from armybuilder.engine.model import json_number
from armybuilder.engine.report import INFO, Problem, messages
from armybuilder.engine.systems.common import (
    COST_NOT_ENTERED,
    COST_NOT_ENTERED_TEMPLATE,
    SHARE_TEMPLATE,
    Digest,
    EnteredCost,
    Params,
    costs_not_entered,
    entered_cost_phrases,
    force_problem,
    forces_over_share,
    option_messages,
    per_points,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import ForceView, RosterView, SelectionView

DIGEST = Digest("fantasy-warriors", "fantasy-warriors.md", "004_7414ab40a2696895.txt")
POINTS = "fw-pts"
HERO = "fw-cat-hero"
UNIT = "fw-cat-unit"
DRUMMER = "fw-drummer"
SPECIAL_CHARACTERS = frozenset({"fw-capo", "fw-champion", DRUMMER, "fw-standard-bearer"})
POINTS_PER_HERO = 500
# The shared upgrades the player counts up to an army-list value, and the shared rules saying so.
LIST_COST = "fw-list-cost"
LIST_COST_RULE = "fw-entered-cost"
LIST_COST_PER_FIGURE = "fw-list-cost-per-figure"
LIST_COST_PER_FIGURE_RULE = "fw-per-figure-entered-cost"
ENTERED_COSTS = (
    EnteredCost(LIST_COST_RULE, LIST_COST, "its base cost from the army list"),
    EnteredCost(
        LIST_COST_PER_FIGURE_RULE, LIST_COST_PER_FIGURE, "its points per figure from the army list"
    ),
)

# Must match the "listOptions" the game system declares (a pack test compares them).
OPTIONS: dict[str, tuple[str, ...]] = {
    "hero_basis": ("limit", "spent"),
    "max_drummers_per_unit": ("1", "unlimited"),
    "opposing_armies": (),  # a number: none (the default) for a game of two players
    "points_per_army": (),  # a number: none (the default) reads them off the limit
}

HEROES_RULE = DIGEST.rule("2.6 Individual characters (FW-31)", 161, 2234)
DRUMMERS_RULE = DIGEST.rule("2.3 Units (FW-18)", 119, 218)
SPECIALS_RULE = DIGEST.rule("2.3 Units (FW-21)", 122, 2650)
OPTIONS_RULE = DIGEST.rule("6.1 System definition: options", 443)
SIDE_ARMIES_RULE = DIGEST.rule("2.8 Multiplayer (FW-43)", 183, 470)
TOP_UP_RULE = DIGEST.rule("2.8 Multiplayer (FW-44)", 184, 472)
COST_RULE = DIGEST.rule("2.1 Points budget and army size (FW-1)", 92, 2608)

# A side's forms: "one" for a lone army, "no_limit" for a roster without a limit.
SIDE = "{armies} armies against {opposing} at {agreed:g} points each: the side's limit is {total:g}"
ONE_SIDE = "1 army against {opposing} at {agreed:g} points each: the side's limit is {total:g}"
TOP_UP = "points each: the side's {total:g} points include {top_up:g} extra."
HEROES = "{points:g} points allow {allowed} heroes at most; the army has {heroes}."
entered_cost_phrases("fw" + COST_NOT_ENTERED, ENTERED_COSTS)
MESSAGES = messages(
    {
        **option_messages("fw.option.invalid"),
        "fw" + COST_NOT_ENTERED: COST_NOT_ENTERED_TEMPLATE,
        "fw.multiplayer.army_points": SHARE_TEMPLATE,
        "fw.multiplayer.side_limit": SIDE + ", not {limit:g}.",
        "fw.multiplayer.side_limit#no_limit": SIDE + ", none is set.",
        "fw.multiplayer.side_limit#one": ONE_SIDE + ", not {limit:g}.",
        "fw.multiplayer.side_limit#one_no_limit": ONE_SIDE + ", none is set.",
        "fw.multiplayer.top_up": "{armies} armies against {opposing} at {per_army:g} " + TOP_UP,
        "fw.multiplayer.top_up#one": "1 army against {opposing} at {per_army:g} " + TOP_UP,
        "fw.heroes.too_many": HEROES,
        "fw.heroes.too_many#one": HEROES.replace("{allowed} heroes", "1 hero"),
        "fw.heroes.too_many#beyond": "The side's heroes need {beyond:g} points beyond its "
        "armies' agreed {per_army:g} each; the top-up shared between them is {top_up:g}.",
        "fw.unit.drummer.too_many": "{name} may hold one drummer at most.",
        "fw.unit.specials.too_many": "{name} may hold no more special characters than figures.",
    }
)

Army = RosterView | ForceView  # a roster is one army, unless it is a multiplayer side


def check(roster: RosterView) -> list[Problem]:
    """Heroes, drummers, special characters and multiplayer sides, as the roster's list options
    read them, and the army-list costs still to be entered."""
    options, problems = read_options(roster, OPTIONS, "fw.option.invalid", OPTIONS_RULE)
    units = [s for s in roster.all_selections() if s.has_category(UNIT)]
    opposing = int(options["opposing_armies"] or 0)
    # Without opposing armies the game is two players', and the roster, whatever its forces, is
    # one army against one.
    armies: Sequence[Army] = roster.forces if opposing and roster.forces else [roster]
    per_army, top_up, side_problems = _side(
        roster, len(armies), opposing or 1, int(options["points_per_army"] or 0)
    )
    problems += side_problems
    if options["hero_basis"] == "spent":
        for army in armies:
            problems += _heroes(army, army.total_cost(POINTS))
    elif per_army is not None:
        for army in armies:
            problems += _heroes(army, per_army + top_up)
        problems += _heroes_beyond_top_up(roster, armies, per_army, top_up)
    if options["max_drummers_per_unit"] == "1":
        problems += _drummers(units)
    problems += _special_characters(units)
    problems += costs_not_entered(roster, "fw", ENTERED_COSTS, COST_RULE)
    return problems


def side_points(per_army: float, armies: int, opposing: int) -> tuple[float, float]:
    """A side's total and its top-up: each army is worth ``per_army``, and the side with fewer
    armies is topped up to the other's total (FW-44)."""
    top_up = max(opposing - armies, 0) * per_army
    return armies * per_army + top_up, top_up


def _side(
    roster: RosterView, armies: int, opposing: int, agreed: int
) -> tuple[float | None, float, list[Problem]]:
    """The points each army of the side is worth (none without a limit or agreed points), the
    side's top-up, and the side's problems: a limit that is not its total, an army over the
    agreed points; a side with fewer armies is told its top-up, whose spread over its armies the
    rules leave open (FW-44)."""
    limit = roster.cost_limit(POINTS)
    # Without the agreed points, the limit is the side's total, already topped up.
    per_army = agreed or (None if limit is None else limit / max(armies, opposing))
    if per_army is None:
        return None, 0, []
    total, top_up = side_points(per_army, armies, opposing)
    problems: list[Problem] = []
    if agreed and limit != total:
        forms = ("one" if armies == 1 else "", "no_limit" if limit is None else "")
        problems.append(
            roster_problem(
                roster,
                "fw.multiplayer.side_limit",
                {
                    "armies": armies,
                    "opposing": opposing,
                    "agreed": agreed,
                    "total": json_number(total),
                    "limit": json_number(limit or 0),
                    "form": "_".join(form for form in forms if form),
                },
                TOP_UP_RULE if top_up else SIDE_ARMIES_RULE,
            )
        )
    if top_up:
        problems.append(
            roster_problem(
                roster,
                "fw.multiplayer.top_up",
                {
                    "armies": armies,
                    "opposing": opposing,
                    "per_army": json_number(per_army),
                    "total": json_number(total),
                    "top_up": json_number(top_up),
                    "form": "one" if armies == 1 else "",
                },
                TOP_UP_RULE,
                severity=INFO,
            )
        )
    elif armies > 1:
        problems += forces_over_share(
            roster.forces, POINTS, per_army, "fw.multiplayer.army_points", SIDE_ARMIES_RULE
        )
    return per_army, top_up, problems


def _heroes(army: Army, points: float) -> list[Problem]:
    """At most one hero per full 500 points of the army (L2234); each army of a side counts its
    own (E8)."""
    allowed = per_points(points, POINTS_PER_HERO)
    heroes = _hero_count(army)
    if heroes <= allowed:
        return []
    params = _hero_params(points=points, allowed=allowed, heroes=heroes)
    if isinstance(army, ForceView):
        return [force_problem(army, "fw.heroes.too_many", params, HEROES_RULE)]
    return [roster_problem(army, "fw.heroes.too_many", params, HEROES_RULE)]


def _hero_params(
    *,
    points: float = 0,
    allowed: int = 0,
    heroes: int = 0,
    beyond: float = 0,
    per_army: float = 0,
    top_up: float = 0,
) -> Params:
    """The params of too many heroes: in one army (``points``), or beyond a side's top-up."""
    return {
        "points": json_number(points),
        "allowed": allowed,
        "heroes": heroes,
        "beyond": json_number(beyond),
        "per_army": json_number(per_army),
        "top_up": json_number(top_up),
        "form": "beyond" if beyond else "one" if allowed == 1 else "",
    }


def _heroes_beyond_top_up(
    roster: RosterView, armies: Sequence[Army], per_army: float, top_up: float
) -> list[Problem]:
    """Any one army of a topped-up side may be given the whole top-up, but the armies share it:
    the points their heroes need beyond the agreed points must fit in it, whatever the spread.
    Only checked when no army is over on its own, which ``_heroes`` reports."""
    needs = [_hero_count(army) * POINTS_PER_HERO - per_army for army in armies]
    if len(armies) < 2 or not top_up or max(needs) > top_up:
        return []
    beyond = sum(need for need in needs if need > 0)
    if beyond <= top_up:
        return []
    return [
        roster_problem(
            roster,
            "fw.heroes.too_many",
            _hero_params(beyond=beyond, per_army=per_army, top_up=top_up),
            HEROES_RULE,
        )
    ]


def _hero_count(army: Army) -> int:
    return sum(s.number for s in army.all_selections() if s.has_category(HERO))


def _drummers(units: list[SelectionView]) -> list[Problem]:
    """At most one drummer per unit (L218, the digest's recommended reading)."""
    return [
        selection_problem(unit, "fw.unit.drummer.too_many", {"name": unit.name}, DRUMMERS_RULE)
        for unit in units
        if _count(unit, lambda c: c.base_entry_id == DRUMMER) > 1
    ]


def _special_characters(units: list[SelectionView]) -> list[Problem]:
    """Special characters are some of the unit's figures (FW-21), so never more than them."""
    return [
        selection_problem(unit, "fw.unit.specials.too_many", {"name": unit.name}, SPECIALS_RULE)
        for unit in units
        if _count(unit, lambda c: c.base_entry_id in SPECIAL_CHARACTERS)
        > _count(unit, lambda c: c.type == "model")
    ]


def _count(unit: SelectionView, matches: Callable[[SelectionView], bool]) -> int:
    return sum(child.number for child in unit.children if matches(child))
