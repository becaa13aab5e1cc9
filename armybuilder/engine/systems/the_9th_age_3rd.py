"""The 9th Age: Fantasy Battles, 3rd edition: the composition rules the data cannot say.

The pack (``catalogues/data/the-9th-age-3rd/``) says everything else: category percentages
on the cost limit, rarity tiers, General/BSB and magic-item limits, bearer restrictions. This
hook adds what needs arithmetic over the whole list or reading profiles:

- the army may be at most 50 points under its Army Points (the engine reports going over);
- a Wizard has one level and one Path, and knows exactly its level's number of spells, all
  from the spells its level may choose;
- the Talisman of the Void needs the army's total Channel to be 2 or less (an error, or a
  warning with list option ``talisman_of_the_void`` = ``warning``: digest 5.19);
- optionally (list option ``general_required`` = ``yes``), the army must have a General:
  the rules make it optional, the digest recommends a per-event toggle (digest 5.11);
- a unit using Larger Bases records one new base size for all its models, within 100-125 %
  of the width and 100-150 % of the length of its own Base profile, in steps of 5 mm.

The list options are declared in the pack's game system (``listOptions``) with these values.

Wizard data is read from profiles (types below), so the rule is not tied to entry names.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from armybuilder.engine.model import json_number
from armybuilder.engine.report import ERROR, WARNING, Problem, messages
from armybuilder.engine.systems.common import (
    Digest,
    option_messages,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import RosterView, SelectionView

DIGEST = Digest("the-9th-age-3rd", "the-9th-age-3rd.md", "000_be3bd446d22d63d8.txt")
UNDER_SPEND_ALLOWED = 50
WIZARD_TAG = "t9a3-tag-wizard"
WIZARD_LEVEL_PROFILE = "t9a3-pt-wizard"
PATH_PROFILE = "t9a3-pt-path"
SPELL_PROFILE = "t9a3-pt-spell"
GENERAL = "t9a3-general"
TALISMAN_OF_THE_VOID = "t9a3-item-talisman-of-the-void"
TALISMAN_CHANNEL_MAX = 2
BASE_PROFILE = "t9a3-pt-base"
LARGER_BASES = "t9a3-larger-bases"
NEW_WIDTH = "t9a3-larger-bases-width"
NEW_LENGTH = "t9a3-larger-bases-length"
BASE_STEP_MM = 5
WIDTH_MAX_PERCENT = 125
LENGTH_MAX_PERCENT = 150

# list option id -> its values, the default first
OPTIONS: dict[str, tuple[str, ...]] = {
    "general_required": ("no", "yes"),
    "talisman_of_the_void": ("error", "warning"),
}

RULE_ARMY_POINTS = DIGEST.rule("2.1 Army Points and army total", 72, 655)
RULE_WIZARD_PATH = DIGEST.rule("2.10 Wizards: one Path of Magic", 180, 750)
RULE_SPELL_COUNT = DIGEST.rule("2.10 Wizards: spells known", 184, 756)
RULE_TALISMAN = DIGEST.rule("2.11 Talisman of the Void (digest 5.19: error or warning)", 240, 4357)
RULE_GENERAL = DIGEST.rule("2.7 General (optional; digest 5.11 recommends a toggle)", 523, 3004)
RULE_OPTIONS = DIGEST.rule("5 Edge cases and ambiguities", 511)
RULE_ONE_BASE_SIZE = DIGEST.rule("2.13 Larger Bases: one base size for the whole unit", 258, 4144)
RULE_BASE_SIZES = DIGEST.rule("2.13 Larger Bases: allowed base sizes", 259, 4146)

BASE_SIZE_TEMPLATE = (
    "{name}: a new base {side} of {new} mm is not allowed; it must be {original}-{largest} mm "
    "(100-{max_percent} % of the original {original} mm) and a multiple of {step} mm."
)
MESSAGES = messages(
    {
        **option_messages("t9a.option.invalid"),
        "t9a.army_points.under_minimum": "The army costs {total:g} points: at most {allowed} "
        "under its Army Points of {limit:g}, so at least {minimum:g}.",
        "t9a.wizard.level_count": "{name} must choose a Wizard level.",
        "t9a.wizard.path_count": "{name} must choose a Path of Magic.",
        "t9a.wizard.spell_count": "{name} is a {level}: it knows exactly {known} spells, "
        "not {chosen}.",
        "t9a.wizard.spell_count#one": "{name} is a {level}: it knows exactly 1 spell, "
        "not {chosen}.",
        "t9a.wizard.spell_pool": "{name} is a {level}: it chooses from spells 1 to {highest}, "
        "not {spell}.",
        "t9a.magic_items.talisman_of_the_void": "The army's Channel totals {channel}: the "
        "Talisman of the Void needs {maximum} or less.",
        "t9a.general.missing": "This list is played with a mandatory General, and has none.",
        "t9a.larger_bases.mixed_sizes": "{name} records base sizes {listed}: all its models "
        "share one size.",
        "t9a.larger_bases.original_unknown": "No source gives the base size of {name} as "
        "taken, so its new base size cannot be checked.",
        "t9a.larger_bases.width": BASE_SIZE_TEMPLATE,
        "t9a.larger_bases.length": BASE_SIZE_TEMPLATE,
    }
)


def check(roster: RosterView) -> list[Problem]:
    """Every T9A problem the data cannot raise."""
    options, problems = read_options(roster, OPTIONS, "t9a.option.invalid", RULE_OPTIONS)
    return [
        *problems,
        *_army_points(roster),
        *_wizards(roster),
        *_talisman_of_the_void(roster, options["talisman_of_the_void"]),
        *_general_required(roster, options["general_required"]),
        *_larger_bases(roster),
    ]


def _army_points(roster: RosterView) -> Iterator[Problem]:
    """Valid iff limit - 50 <= total (the engine reports total > limit)."""
    for type_id in roster.cost_limits:
        limit = roster.cost_limit(type_id)
        if limit is None:
            continue
        total = roster.total_cost(type_id)
        if total < limit - UNDER_SPEND_ALLOWED:
            yield roster_problem(
                roster,
                "t9a.army_points.under_minimum",
                {
                    "total": json_number(total),
                    "allowed": UNDER_SPEND_ALLOWED,
                    "limit": json_number(limit),
                    "minimum": json_number(limit - UNDER_SPEND_ALLOWED),
                },
                RULE_ARMY_POINTS,
                entry_id="costLimits",
                constraint_id=type_id,
            )


def _has_profile(selection: SelectionView, type_id: str) -> bool:
    return any(p.type_id == type_id for p in selection.profiles)


def _number(selection: SelectionView, type_id: str, name: str) -> int:
    """An integer characteristic of the selection's profile of one type (0 when absent)."""
    for profile in selection.profiles:
        if profile.type_id == type_id:
            text = profile.characteristic(name) or ""
            return int(text) if text.isdecimal() else 0
    return 0


def _units(roster: RosterView) -> Iterator[SelectionView]:
    for force in roster.all_forces():
        yield from force.selections


def _wizards(roster: RosterView) -> Iterator[Problem]:
    for unit in _units(roster):
        inside = list(unit.walk())
        levels = [s for s in inside if _has_profile(s, WIZARD_LEVEL_PROFILE)]
        if not levels and not unit.has_category(WIZARD_TAG):
            continue
        if not levels:
            yield selection_problem(
                unit,
                "t9a.wizard.level_count",
                {"name": unit.name},
                RULE_SPELL_COUNT,
            )
            continue
        path = next((s for s in inside if _has_profile(s, PATH_PROFILE)), None)
        if path is None:
            yield selection_problem(
                unit,
                "t9a.wizard.path_count",
                {"name": unit.name},
                RULE_WIZARD_PATH,
            )
        spells = [s for s in inside if _has_profile(s, SPELL_PROFILE)]
        yield from _spells(unit, path, levels[0], spells)


def _spells(
    unit: SelectionView,
    path: SelectionView | None,
    level: SelectionView,
    spells: list[SelectionView],
) -> Iterator[Problem]:
    """The wizard's spells against its level; a problem is the path's, where the spells are
    chosen (so it leads the player there), when a path is chosen."""
    where = path or unit
    known = _number(level, WIZARD_LEVEL_PROFILE, "Spells")
    highest = _number(level, WIZARD_LEVEL_PROFILE, "Highest Spell")
    chosen = sum(s.number for s in spells)
    if chosen != known:
        problem = selection_problem(
            where,
            "t9a.wizard.spell_count",
            {
                "name": unit.name,
                "level": level.name,
                "known": known,
                "chosen": chosen,
                "form": "one" if known == 1 else "",
            },
            RULE_SPELL_COUNT,
        )
        # it concerns the spells: a builder leads the player to their choice
        yield replace(problem, entry_id=spells[0].base_entry_id) if spells else problem
    for spell in spells:
        if _number(spell, SPELL_PROFILE, "Number") > highest:
            yield selection_problem(
                where,
                "t9a.wizard.spell_pool",
                {
                    "name": unit.name,
                    "level": level.name,
                    "highest": highest,
                    "spell": spell.name,
                    "spell_id": spell.base_entry_id,
                },
                RULE_SPELL_COUNT,
            )


def _talisman_of_the_void(roster: RosterView, reading: str) -> Iterator[Problem]:
    selections = list(roster.all_selections())
    channel = sum(_number(s, WIZARD_LEVEL_PROFILE, "Channel") for s in selections)
    if channel <= TALISMAN_CHANNEL_MAX:
        return
    severity = WARNING if reading == "warning" else ERROR
    for item in selections:
        if item.base_entry_id == TALISMAN_OF_THE_VOID:
            yield selection_problem(
                item,
                "t9a.magic_items.talisman_of_the_void",
                {"channel": channel, "maximum": TALISMAN_CHANNEL_MAX},
                RULE_TALISMAN,
                severity=severity,
            )


def _general_required(roster: RosterView, required: str) -> Iterator[Problem]:
    if required != "yes":
        return
    if any(s.base_entry_id == GENERAL for s in roster.all_selections()):
        return
    yield roster_problem(
        roster,
        "t9a.general.missing",
        {},
        RULE_GENERAL,
        entry_id=GENERAL,
    )


def _larger_bases(roster: RosterView) -> Iterator[Problem]:
    for unit in _units(roster):
        records = [s for s in unit.walk() if s.base_entry_id == LARGER_BASES]
        if not records:
            continue
        sizes = sorted({(_recorded(r, NEW_WIDTH), _recorded(r, NEW_LENGTH)) for r in records})
        if len(sizes) > 1:
            listed = ", ".join(f"{w}x{length}" for w, length in sizes)
            yield selection_problem(
                unit,
                "t9a.larger_bases.mixed_sizes",
                {
                    "name": unit.name,
                    "listed": listed,
                    "sizes": [f"{w}x{length}" for w, length in sizes],
                },
                RULE_ONE_BASE_SIZE,
            )
        width = _number(unit, BASE_PROFILE, "Width")
        length = _number(unit, BASE_PROFILE, "Length")
        if not (width and length):
            yield selection_problem(
                unit,
                "t9a.larger_bases.original_unknown",
                {"name": unit.name},
                RULE_BASE_SIZES,
                severity=WARNING,
            )
            continue
        for new_width, new_length in sizes:
            # a missing record (0) is reported by the data's own minimum
            if new_width and not _allowed(new_width, width, WIDTH_MAX_PERCENT):
                yield _size_problem(unit, "width", new_width, width, WIDTH_MAX_PERCENT)
            if new_length and not _allowed(new_length, length, LENGTH_MAX_PERCENT):
                yield _size_problem(unit, "length", new_length, length, LENGTH_MAX_PERCENT)


def _recorded(record: SelectionView, entry_id: str) -> int:
    """A size record's millimetres: the number of its selection."""
    return sum(c.number for c in record.children if c.base_entry_id == entry_id)


def _allowed(new: int, original: int, max_percent: int) -> bool:
    return new % BASE_STEP_MM == 0 and original <= new and 100 * new <= max_percent * original


def _size_problem(
    unit: SelectionView, side: str, new: int, original: int, max_percent: int
) -> Problem:
    return selection_problem(
        unit,
        f"t9a.larger_bases.{side}",
        {
            "name": unit.name,
            "side": side,
            "new": new,
            "original": original,
            "largest": original * max_percent // 100,
            "max_percent": max_percent,
            "step": BASE_STEP_MM,
        },
        RULE_BASE_SIZES,
    )
