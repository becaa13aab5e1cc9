"""Battleground: Fantasy Warfare (rules v2.2): the army rules that list options switch, and
what the points limit gives.

The data (``catalogues/data/battleground``) carries the points limit, the unit tiers (core,
elite, other) as categories and the pre-game command-card purchases, one entry per reading of
the 150-point rule (digest §5 E1); the list option ``pregame_cards_reading`` says which reading
the list plays, and the hook refuses the other reading's purchase. A unit's cost is printed on
its card and is in no source we have (BG-4), so the player enters it; the hook reports each unit
still without one (info ``bg.cost.not_entered``). The core and elite limits live here because
the optional rule "Libertà di Costruzione dell'Esercito" switches them off and the elite limit
has three readings (digest §5 E2), and the data model has no way to condition a constraint on a
list option. The single-race rule lives here because races are catalogues, so it is a check
across forces.

Both limits are counted on the agreed points limit, not on the points spent (digest E4), and
round down (E3), so they hold whether or not the printed costs have been entered. Command
actions and command decks come from the limit too (BG-16 to BG-18): the hook tells the player
theirs as infos. Under 500 points there are no command actions, which the small-game warning
says. The command-deck count is told only above 3000 points: it is the War scenario's rule
("GUERRA", BG-18), and up to 3000 points it is the one deck every game plays with. Without a
points limit there is nothing to count any of them on, so they are skipped.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable

from armybuilder.engine.model import json_number
from armybuilder.engine.report import INFO, WARNING, Problem, messages
from armybuilder.engine.systems.common import (
    COST_NOT_ENTERED,
    COST_NOT_ENTERED_TEMPLATE,
    Digest,
    EnteredCost,
    costs_not_entered,
    entered_cost_phrases,
    force_problem,
    option_messages,
    per_points,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import RosterView, SelectionView

DIGEST = Digest("battleground", "battleground.md", "003_757645dc1aaa3e47.txt")
POINTS = "bg-pts"
CORE = "bg-cat-core"
ELITE = "bg-cat-elite"
POINTS_PER_CORE = 500
POINTS_PER_ELITE = 1000
POINTS_PER_COMMAND_ACTION = 500
POINTS_PER_COMMAND_DECK = 3000
# The pre-game command-card purchase each reading of the 150-point rule offers (digest E1).
CARD_PURCHASES = {
    "fee_then_per_card": "bg-precards-fee",
    "capped_spend": "bg-precards-capped",
}
PRINTED_COST = "bg-printed-cost"  # the shared upgrade the player counts up to the card's cost
PRINTED_COST_RULE = "bg-entered-cost"  # the shared rule every unit card links
ENTERED_COSTS = (EnteredCost(PRINTED_COST_RULE, PRINTED_COST, "the points printed on its card"),)

# Must match the "listOptions" the game system declares (a pack test compares them).
OPTIONS: dict[str, tuple[str, ...]] = {
    "free_army_building": ("off", "on"),
    "elite_rule": ("total_floor", "total_ceil", "per_type_floor"),
    "multiplayer": ("off", "on"),
    "pregame_cards_reading": tuple(CARD_PURCHASES),
}

CORE_RULE = DIGEST.rule("2.4 Core and elite units (BG-10)", 105, 695)
ELITE_RULE = DIGEST.rule("2.4 Core and elite units (BG-11)", 106, 697)
ELITE_READINGS_RULE = DIGEST.rule("5 E2 How many elite units", 215, 699)
COST_RULE = DIGEST.rule("2.1 Points limit and budget (BG-4)", 78, 45)
SINGLE_RACE_RULE = DIGEST.rule("2.2 Selection of units (BG-6)", 85, 65)
SMALL_GAME_RULE = DIGEST.rule("5 E3 Rounding for core and command actions", 223)
OPTIONS_RULE = DIGEST.rule("5 E9 Optional rules are chosen per game", 235, 1102)
CARD_READING_RULE = DIGEST.rule("5 E1 The 150-point command card rule: configurable", 212, 65)
COMMAND_ACTIONS_RULE = DIGEST.rule("2.5 Command actions per turn (BG-16)", 120, 157)
TURN_TWO_RULE = DIGEST.rule("2.5 Command actions in turn 2 (BG-17)", 121, 159)
COMMAND_DECKS_RULE = DIGEST.rule("2.5 War: command decks (BG-18)", 122, 1090)

entered_cost_phrases("bg" + COST_NOT_ENTERED, ENTERED_COSTS)
MESSAGES = messages(
    {
        **option_messages("bg.option.invalid"),
        "bg" + COST_NOT_ENTERED: COST_NOT_ENTERED_TEMPLATE,
        "bg.small_game": "A {limit:g}-point army gets no command actions and needs no core units.",
        "bg.single_race": "{race} cannot join an army of another race.",
        "bg.command_cards.reading": "{name} belongs to the other reading of the 150-point "
        "rule: this list reads it as {reading!r} (list option pregame_cards_reading).",
        "bg.command.actions": "A {limit:g}-point army gets {actions} command actions per turn.",
        "bg.command.turn_two": "The active player of a {limit:g}-point army gets {actions} "
        "command actions in turn 2.",
        "bg.command.decks": "In a War game, a {limit:g}-point army may use {decks} whole "
        "command decks (one per 3000 points or fraction).",
        "bg.core.min": "A {limit:g}-point army needs {required} core units; it has {count}.",
        "bg.core.min#one": "A {limit:g}-point army needs 1 core unit; it has {count}.",
        "bg.elite.max": "A {limit:g}-point army may hold {allowed} elite units at most; "
        "it has {count}.",
        "bg.elite.max#one": "A {limit:g}-point army may hold 1 elite unit at most; it has {count}.",
        "bg.elite.max#per_type": "A {limit:g}-point army may hold {allowed} {name} at most.",
    }
)


def command_actions(limit: float) -> int:
    """Command actions per turn: one per full 500 points of the limit (BG-16, E3), whatever the
    army spends (E4)."""
    return per_points(limit, POINTS_PER_COMMAND_ACTION)


def command_actions_in_turn_two(limit: float) -> int:
    """The active player's command actions in turn 2: half, rounded up (BG-17)."""
    return math.ceil(command_actions(limit) / 2)


def command_decks(limit: float) -> int:
    """Whole command decks the army may use: one per 3000 points of the limit or fraction
    (BG-18, the digest's reading)."""
    return per_points(limit, POINTS_PER_COMMAND_DECK, started=True)


def check(roster: RosterView) -> list[Problem]:
    """Single race, core minimum and elite maximum and the pre-game command-card purchase, as the
    roster's list options read them, the units whose printed cost is still to be entered, and
    the command actions and decks the limit gives."""
    options, problems = read_options(roster, OPTIONS, "bg.option.invalid", OPTIONS_RULE)
    problems += costs_not_entered(roster, "bg", ENTERED_COSTS, COST_RULE)
    problems += _single_race(roster, options["multiplayer"] == "on")
    problems += _card_purchases(roster, options["pregame_cards_reading"])
    limit = roster.cost_limit(POINTS)
    if limit is None:
        return problems
    problems += _command(roster, limit)
    if limit < POINTS_PER_CORE:
        problems.append(
            roster_problem(
                roster,
                "bg.small_game",
                {"limit": json_number(limit)},
                SMALL_GAME_RULE,
                severity=WARNING,
            )
        )
    if options["free_army_building"] == "off":
        units = [
            s for s in roster.all_selections() if s.has_category(CORE) or s.has_category(ELITE)
        ]
        problems += _core_minimum(roster, units, limit)
        problems += _elite_maximum(roster, units, limit, options["elite_rule"])
    return problems


def _single_race(roster: RosterView, multiplayer: bool) -> list[Problem]:
    """All unit cards from one race (one catalogue), unless each force is another player's army."""
    if multiplayer:
        return []
    first_race = next((f.catalogue_id for f in roster.forces), None)
    return [
        force_problem(
            force,
            "bg.single_race",
            {"race": force.catalogue_name, "race_id": force.catalogue_id},
            SINGLE_RACE_RULE,
        )
        for force in roster.forces
        if force.catalogue_id != first_race
    ]


def _card_purchases(roster: RosterView, reading: str) -> list[Problem]:
    """A problem per pre-game command-card purchase of the reading the list does not play."""
    chosen = CARD_PURCHASES[reading]
    return [
        selection_problem(
            selection,
            "bg.command_cards.reading",
            {"name": selection.name, "reading": reading},
            CARD_READING_RULE,
        )
        for selection in roster.all_selections()
        if selection.base_entry_id in CARD_PURCHASES.values() and selection.base_entry_id != chosen
    ]


def _command(roster: RosterView, limit: float) -> list[Problem]:
    """What the limit gives the player to command with, as infos: nothing to check, but the
    player needs the numbers and the rules derive them from the list's limit. None under 500
    points (the small-game warning says there are no command actions); the decks only in a
    War-size game, over 3000 points."""
    problems: list[Problem] = []
    actions = command_actions(limit)
    if actions:
        problems += [
            roster_problem(
                roster,
                "bg.command.actions",
                {"limit": json_number(limit), "actions": actions},
                COMMAND_ACTIONS_RULE,
                severity=INFO,
            ),
            roster_problem(
                roster,
                "bg.command.turn_two",
                {"limit": json_number(limit), "actions": command_actions_in_turn_two(limit)},
                TURN_TWO_RULE,
                severity=INFO,
            ),
        ]
    if limit > POINTS_PER_COMMAND_DECK:
        problems.append(
            roster_problem(
                roster,
                "bg.command.decks",
                {"limit": json_number(limit), "decks": command_decks(limit)},
                COMMAND_DECKS_RULE,
                severity=INFO,
            )
        )
    return problems


def _core_minimum(
    roster: RosterView, units: Iterable[SelectionView], limit: float
) -> list[Problem]:
    required = per_points(limit, POINTS_PER_CORE)
    core = _count(s for s in units if s.has_category(CORE))
    if core >= required:
        return []
    return [
        roster_problem(
            roster,
            "bg.core.min",
            {
                "limit": json_number(limit),
                "required": required,
                "count": core,
                "form": "one" if required == 1 else "",
            },
            CORE_RULE,
        )
    ]


def _elite_maximum(
    roster: RosterView, units: Iterable[SelectionView], limit: float, reading: str
) -> list[Problem]:
    elites = [s for s in units if s.has_category(ELITE)]
    if reading == "per_type_floor":
        allowed = per_points(limit, POINTS_PER_ELITE)
        per_type = Counter[str]()
        for selection in elites:
            per_type[selection.base_entry_id] += selection.number
        return [
            selection_problem(
                selection,
                "bg.elite.max",
                _elite_params(limit, allowed, per_type[selection.base_entry_id], selection.name),
                ELITE_READINGS_RULE,
            )
            for selection in _first_of_each(elites)
            if per_type[selection.base_entry_id] > allowed
        ]
    allowed = per_points(limit, POINTS_PER_ELITE, started=reading == "total_ceil")
    count = _count(elites)
    if count <= allowed:
        return []
    rule = ELITE_RULE if reading == "total_floor" else ELITE_READINGS_RULE
    return [
        roster_problem(
            roster,
            "bg.elite.max",
            _elite_params(limit, allowed, count),
            rule,
        )
    ]


def _elite_params(limit: float, allowed: int, count: int, name: str = "") -> dict[str, object]:
    """An elite maximum's params: of one unit type when ``name`` names it, else of all."""
    form = "per_type" if name else "one" if allowed == 1 else ""
    return {
        "limit": json_number(limit),
        "allowed": allowed,
        "count": count,
        "name": name,
        "form": form,
    }


def _count(selections: Iterable[SelectionView]) -> int:
    return sum(s.number for s in selections)


def _first_of_each(selections: Iterable[SelectionView]) -> list[SelectionView]:
    """One selection per entry, so a per-type excess is reported once."""
    firsts: dict[str, SelectionView] = {}
    for selection in selections:
        firsts.setdefault(selection.base_entry_id, selection)
    return list(firsts.values())
