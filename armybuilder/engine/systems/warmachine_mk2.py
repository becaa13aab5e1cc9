"""Warmachine Mk II rules the pack's data cannot say (rules digest ``warmachine-mk2.md``).

The pack (``catalogues/data/warmachine-mk2``) says the rest as data: encounter levels are force
entries, each warcaster's warjack points are cost modifiers over its own battlegroup (Army pts,
Warjack pts spent, Warjack pts lost), field allowance scales with the warcasters fielded,
character versions share an identity category, jack marshals and attachments are capped groups.

This hook adds what depends on list options or needs a computed message: the Grand Battle
warcaster reading (digest E1), the standard points of each level, unused warjack points,
Mercenary-only armies and the Mangled Metal scenario.

A team game (WM-R48) is one roster whose forces are the teammates' armies: the data's
roster-wide character uniqueness is then the team's, and field allowance stays per force, so per
player. Under the ``team_game`` option the roster's limit is the team's total and each player's
army gets an equal share of it (the digest infers points per player).
"""

from __future__ import annotations

from armybuilder.engine.report import WARNING, Problem
from armybuilder.engine.systems.common import (
    Digest,
    force_problem,
    forces_over_share,
    read_options,
    selection_problem,
)
from armybuilder.engine.view import ForceView, RosterView, SelectionView

ARMY_POINTS = "wmk2-pts"
WARJACK_POINTS_LOST = "wmk2-lost"
WARCASTER = "wmk2-cat-warcaster"
MERCENARY = "wmk2-cat-mercenary"
GRAND_BATTLE = "wmk2-force-grand-battle"
APOCALYPSE = "wmk2-force-apocalypse"
APOCALYPSE_MIN_POINTS = 200

# Standard army points per encounter level (WM-R07); Apocalypse is open-ended from 200.
STANDARD_POINTS: dict[str, tuple[int, ...]] = {
    "wmk2-force-duel": (15,),
    "wmk2-force-skirmish": (25, 35, 50),
    GRAND_BATTLE: (75, 100),
    "wmk2-force-epic-clash": (100, 125, 150),
    "wmk2-force-war": (150, 175, 200),
}

# List options, as the game system declares them (``listOptions``): the first value is the
# digest's recommended reading.
GRAND_BATTLE_WARCASTERS = "grand_battle_warcasters"
SCENARIO = "scenario"
MANGLED_METAL = "mangled_metal"
TEAM_GAME = "team_game"
OPTIONS: dict[str, tuple[str, ...]] = {
    GRAND_BATTLE_WARCASTERS: ("1", "2"),
    SCENARIO: ("standard", MANGLED_METAL),
    TEAM_GAME: ("no", "yes"),
}


DIGEST = Digest("warmachine-mk2", "warmachine-mk2.md", "001_a386fedfef0f54d6.txt")
RULE_LEVELS = DIGEST.rule("2.2 WM-R07 Warcaster count per level", 116, 1081)
RULE_CUSTOM_POINTS = DIGEST.rule("2.2 WM-R07 Point values are discrete presets", 131, 5965)
RULE_GRAND_BATTLE = DIGEST.rule("5 E1 Grande Battaglia: 1 or 2 warcasters", 653, 1121)
RULE_SCENARIO = DIGEST.rule("2.1 WM-R05 Scenarios may change army building", 106, 1071)
RULE_WARJACK_POINTS = DIGEST.rule("2.3 WM-R09 Unspent warjack points are lost", 137, 1087)
RULE_MERCENARY_ONLY = DIGEST.rule("2.12 WM-R44 Mercenary-only warcasters", 337, 5312)
RULE_MANGLED_METAL = DIGEST.rule("2.15 WM-R50 Metallo Martoriato (Mangled Metal)", 376, 6112)
RULE_TEAM_POINTS = DIGEST.rule("2.14 WM-R48 Team games: points per player (inferred)", 370, 1322)


def check(roster: RosterView) -> list[Problem]:
    """Every Warmachine Mk II problem the pack's data leaves to code."""
    options, problems = read_options(roster, OPTIONS, "wmh.option.invalid", RULE_SCENARIO)
    army_limit = roster.cost_limit(ARMY_POINTS)
    if options[TEAM_GAME] == "yes" and army_limit is not None and roster.forces:
        # Each teammate builds an army at the level (WM-R48), so the team's limit is shared.
        army_limit /= len(roster.forces)
        problems += forces_over_share(
            roster.forces, ARMY_POINTS, army_limit, "wmh.team.army_points", RULE_TEAM_POINTS
        )
    for force in roster.all_forces():
        problems += _level_points(force, army_limit)
        problems += _grand_battle(force, options[GRAND_BATTLE_WARCASTERS])
        problems += _unused_warjack_points(force)
        problems += _mercenary_only(force)
        if options[SCENARIO] == MANGLED_METAL:
            problems += _mangled_metal(force)
    return problems


def _warcasters(force: ForceView) -> list[SelectionView]:
    return [s for s in force.selections if s.has_category(WARCASTER)]


def _level_points(force: ForceView, limit: float | None) -> list[Problem]:
    """Each level has preset army points; other values are a non-standard, agreed game."""
    if force.entry_id == APOCALYPSE:
        standard = limit is not None and limit >= APOCALYPSE_MIN_POINTS
    elif force.entry_id in STANDARD_POINTS:
        standard = limit in STANDARD_POINTS[force.entry_id]
    else:
        return []
    if standard:
        return []
    shown = "no limit" if limit is None else f"{limit:g} Army pts"
    return [
        force_problem(
            force,
            "wmh.encounter_level.points",
            f"{force.name}: {shown} is not a standard size for this encounter level.",
            RULE_CUSTOM_POINTS,
            severity=WARNING,
        )
    ]


def _grand_battle(force: ForceView, reading: str) -> list[Problem]:
    """The level table allows 1 warcaster; the worked example fields 2 (digest E1, list option)."""
    if force.entry_id != GRAND_BATTLE:
        return []
    allowed = int(reading)
    fielded = sum(s.number for s in _warcasters(force))
    if fielded <= allowed:
        return []
    rule = RULE_GRAND_BATTLE if allowed > 1 else RULE_LEVELS
    return [
        force_problem(
            force,
            "wmh.warcasters.max",
            f"A Grand Battle army fields at most {allowed} warcaster(s); this one has {fielded}.",
            rule,
        )
    ]


def _unused_warjack_points(force: ForceView) -> list[Problem]:
    """Warjack points not spent on the warcaster's own battlegroup are lost (WM-R09)."""
    return [
        selection_problem(
            caster,
            "wmh.warjack_points.unused",
            f"{caster.name} leaves {lost:g} warjack point(s) unspent; they are lost.",
            RULE_WARJACK_POINTS,
            severity=WARNING,
        )
        for caster in _warcasters(force)
        if (lost := caster.cost(WARJACK_POINTS_LOST)) > 0
    ]


def _mercenary_only(force: ForceView) -> list[Problem]:
    """If every warcaster is a Mercenary, only Mercenary models may be included (WM-R44)."""
    casters = _warcasters(force)
    if not casters or not all(c.has_category(MERCENARY) for c in casters):
        return []
    return [
        selection_problem(
            s,
            "wmh.mercenary.only_mercenaries",
            f"{s.name} is not a Mercenary, and this army's only warcasters are Mercenaries.",
            RULE_MERCENARY_ONLY,
        )
        for s in force.selections
        if not s.has_category(MERCENARY)
    ]


def _mangled_metal(force: ForceView) -> list[Problem]:
    """Mangled Metal: exactly one warcaster, and nothing but its warjacks besides (WM-R50)."""
    problems: list[Problem] = []
    fielded = sum(s.number for s in _warcasters(force))
    if fielded != 1:
        problems.append(
            force_problem(
                force,
                "wmh.scenario.mangled_metal",
                f"Mangled Metal allows exactly one warcaster; this army has {fielded}.",
                RULE_MANGLED_METAL,
            )
        )
    problems += [
        selection_problem(
            s,
            "wmh.scenario.mangled_metal",
            f"{s.name}: Mangled Metal allows only a warcaster and its warjacks.",
            RULE_MANGLED_METAL,
        )
        for s in force.selections
        if not s.has_category(WARCASTER)
    ]
    return problems
