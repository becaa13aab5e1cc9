"""Warhammer 40,000 9th edition: the army rules the pack's data cannot say.

The pack (``catalogues/data/warhammer-40k-9th``) encodes slots, command costs and the Warlord
refund, the Rule of Three, Dedicated Transports, unit sizes, wargear options, placeholder
keywords, transport capacity and the Warlord as constraints and modifiers. This hook adds:

- every top-level selection fills a slot its detachment has (its primary category);
- Battle-forged detachments share a faction keyword, each on its own and the army as a whole;
- an Only War army is not mixed with detachments;
- the battle size: one is chosen, its points limit and its number of detachments;
- the combined Power Level of both armies, an advisory (the ``opponentPowerLevel`` option);
- the list options: an unknown one, or an opponent's Power Level that is not a whole number.

Battle-size figures are read from the chosen size's "Battle Size" profile, so the data stays
the single place that states them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce

from armybuilder.engine.caps import whole
from armybuilder.engine.model import json_number
from armybuilder.engine.report import WARNING, Problem, messages
from armybuilder.engine.systems.common import (
    Digest,
    force_problem,
    option_messages,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import ForceView, RosterView, SelectionView

DIGEST = Digest("warhammer-40k-9th", "warhammer-40k-9th.md", "002_89bcccfe65c5f75f.txt")

ONLY_WAR = "w40k9-fe-only-war"
BATTLE_SIZE_PROFILE = "w40k9-pt-battle-size"
POINTS = "w40k9-pts"
POWER_LEVEL = "w40k9-pl"
FACTION_PREFIX = "Faction: "
UNALIGNED = "Faction: Unaligned"
UNIT_TYPES = ("unit", "model")
OPPONENT_OPTION = "opponentPowerLevel"
# The "listOptions" the game system declares (a pack test compares them): the opponent's Power
# Level is a free number, so it has no fixed values.
OPTIONS: dict[str, tuple[str, ...]] = {OPPONENT_OPTION: ()}
# Advisory thresholds on the combined Power Level of both armies (strict comparisons).
KILL_TEAM_BELOW = 15
APOCALYPSE_ABOVE = 300


SLOT_RULE = DIGEST.rule("Appendix A: every unit in a detachment", 626)
FACTION_RULE = DIGEST.rule("Appendix A: units in a detachment share a faction keyword", 627)
ARMY_FACTION_RULE = DIGEST.rule("Appendix A: the army shares a faction keyword", 628)
ONLY_WAR_RULE = DIGEST.rule("5 Edge cases 4: Only War versus Battle-forged", 370, 2817)
BATTLE_SIZE_RULE = DIGEST.rule("Appendix A: battle sizes", 591)
POINTS_RULE = DIGEST.rule("Appendix A: battle sizes, points limit per army", 589)
DETACHMENTS_RULE = DIGEST.rule("Appendix A: battle sizes, detachments (Wargamer)", 600)
COMBINED_RULE = DIGEST.rule("2.2 Only War (OW4-OW5): combined Power Level", 136, 2828)
ADVISORY_RULE = DIGEST.rule("2.1 Armies (A4): Kill Team and Apocalypse advisories", 124, 109)
OPTIONS_RULE = DIGEST.rule("5 Edge cases 1-3: combined Power Level, advisory sizes", 361, 2828)

MESSAGES = messages(
    {
        **option_messages("w40k9.option.invalid"),
        "w40k9.battle_size.missing": "Choose a battle size.",
        "w40k9.army.only_war_mixed": "An Only War army cannot also hold Battle-forged detachments.",
        "w40k9.battle_size.points": "The army costs {total:g} points; a {size} allows {limit:g}.",
        "w40k9.battle_size.detachments": "The army has {count} detachments; a {size} allows "
        "{limit}.",
        "w40k9.battle_size.consider_apocalypse": "The armies total {combined:g} Power Level: "
        "consider Apocalypse.",
        "w40k9.battle_size.combined_power_level": "The armies total {combined:g} Power Level, "
        "more than a {size} ({limit:g}).",
        "w40k9.battle_size.consider_kill_team": "The armies total {combined:g} Power Level: "
        "consider Kill Team.",
        "w40k9.detachment.no_slot": "{force} has no slot for {name}.",
        "w40k9.detachment.faction_keyword": "The units of {force} share no faction keyword.",
        "w40k9.army.faction_keyword": "The detachments of the army share no faction keyword.",
    }
)


@dataclass(frozen=True, slots=True)
class BattleSize:
    """The chosen battle size, as its profile states it."""

    selection: SelectionView
    name: str
    points: float
    combined_power_level: float
    detachments: int


def check(roster: RosterView) -> list[Problem]:
    forces = list(roster.all_forces())
    only_war = [f for f in forces if f.entry_id == ONLY_WAR]
    detachments = [f for f in forces if f.entry_id != ONLY_WAR]
    size = _battle_size(roster)
    options, problems = read_options(roster, OPTIONS, "w40k9.option.invalid", OPTIONS_RULE)
    problems += [p for force in forces for p in _unslotted(force)]
    if size is None and forces:
        problems.append(
            roster_problem(
                roster,
                "w40k9.battle_size.missing",
                {},
                BATTLE_SIZE_RULE,
            )
        )
    if only_war and detachments:
        problems.append(
            roster_problem(
                roster,
                "w40k9.army.only_war_mixed",
                {},
                ONLY_WAR_RULE,
            )
        )
    if detachments:
        problems += _faction_keywords(roster, detachments)
        if size is not None:
            problems += _points(roster, size) + _detachment_count(detachments, size)
    if size is not None:
        problems += _power_level(roster, size, options[OPPONENT_OPTION])
    return problems


# ------------------------------------------------------------------------------ battle size


def cost_limits(roster: RosterView) -> dict[str, float]:
    """The points limit the chosen battle size enforces (``_points``), for the totals."""
    size = _battle_size(roster)
    return {} if size is None else {POINTS: size.points}


def _battle_size(roster: RosterView) -> BattleSize | None:
    for selection in roster.all_selections():
        profile = next((p for p in selection.profiles if p.type_id == BATTLE_SIZE_PROFILE), None)
        if profile is not None:
            return BattleSize(
                selection=selection,
                name=selection.name,
                points=_number(profile.characteristic("Points limit")),
                combined_power_level=_number(profile.characteristic("Combined Power Level")),
                detachments=whole(_number(profile.characteristic("Detachments"))),
            )
    return None


def _number(text: str | None) -> float:
    try:
        return float(text or "")
    except ValueError:
        return 0.0


def _points(roster: RosterView, size: BattleSize) -> list[Problem]:
    total = roster.total_cost(POINTS)
    limit = roster.cost_limit(POINTS)
    # A roster cost limit at or under the battle size already reports the overspend.
    if total <= size.points or (limit is not None and limit <= size.points):
        return []
    return [
        selection_problem(
            size.selection,
            "w40k9.battle_size.points",
            {"total": json_number(total), "size": size.name, "limit": json_number(size.points)},
            POINTS_RULE,
        )
    ]


def _detachment_count(detachments: list[ForceView], size: BattleSize) -> list[Problem]:
    if len(detachments) <= size.detachments:
        return []
    return [
        selection_problem(
            size.selection,
            "w40k9.battle_size.detachments",
            {"count": len(detachments), "size": size.name, "limit": size.detachments},
            DETACHMENTS_RULE,
        )
    ]


def _power_level(roster: RosterView, size: BattleSize, raw: str) -> list[Problem]:
    """The combined Power Level advisories; ``raw`` is the opponent's Power Level as
    ``read_options`` reads it: a whole number, or "" when not given."""
    opponent = float(raw) if raw else None
    problems: list[Problem] = []
    # Without the opponent's figure the army's own Power Level is a lower bound of the total.
    combined = roster.total_cost(POWER_LEVEL) + (opponent or 0.0)
    if combined > APOCALYPSE_ABOVE:
        problems.append(
            roster_problem(
                roster,
                "w40k9.battle_size.consider_apocalypse",
                {"combined": json_number(combined)},
                ADVISORY_RULE,
                severity=WARNING,
            )
        )
    elif combined > size.combined_power_level:
        problems.append(
            selection_problem(
                size.selection,
                "w40k9.battle_size.combined_power_level",
                {
                    "combined": json_number(combined),
                    "size": size.name,
                    "limit": json_number(size.combined_power_level),
                },
                COMBINED_RULE,
                severity=WARNING,
            )
        )
    if opponent is not None and combined < KILL_TEAM_BELOW:
        problems.append(
            roster_problem(
                roster,
                "w40k9.battle_size.consider_kill_team",
                {"combined": json_number(combined)},
                ADVISORY_RULE,
                severity=WARNING,
            )
        )
    return problems


# ------------------------------------------------------------------------ slots and factions


def _unslotted(force: ForceView) -> list[Problem]:
    """Top-level selections whose primary category is not one of the force's slots."""
    slots = {c.entry_id for c in force.categories}
    return [
        selection_problem(
            selection,
            "w40k9.detachment.no_slot",
            {
                "force": force.name,
                "name": selection.name,
                "category": selection.primary_category or "",
            },
            SLOT_RULE,
        )
        for selection in force.selections
        if selection.primary_category not in slots
    ]


def _faction_keywords(roster: RosterView, detachments: list[ForceView]) -> list[Problem]:
    problems: list[Problem] = []
    army: list[frozenset[str]] = []
    for force in detachments:
        keywords = [_keywords(s) for s in force.selections if s.type in UNIT_TYPES]
        keywords = [k for k in keywords if k]
        army += keywords
        if keywords and not _shared(keywords):
            problems.append(
                force_problem(
                    force,
                    "w40k9.detachment.faction_keyword",
                    {"force": force.name},
                    FACTION_RULE,
                )
            )
    # A detachment without a shared keyword already makes the army fail: report it once.
    if not problems and army and not _shared(army):
        problems.append(
            roster_problem(
                roster,
                "w40k9.army.faction_keyword",
                {},
                ARMY_FACTION_RULE,
            )
        )
    return problems


def _keywords(selection: SelectionView) -> frozenset[str]:
    """A unit's faction keywords: those of the unit and everything chosen inside it."""
    return frozenset(
        category.name
        for part in selection.walk()
        for category in part.categories
        if category.name.startswith(FACTION_PREFIX) and category.name != UNALIGNED
    )


def _shared(keywords: Iterable[frozenset[str]]) -> frozenset[str]:
    return reduce(frozenset.intersection, keywords)
