"""What every game hook needs, so each hook states only its own game's rules: rule references,
list options, "one per N points" allowances, costs the player enters, and problems.

A cost no source gives is never invented: the entry offers a shared upgrade worth one point
per count, whose count the player sets to the value printed on their card or army list, and
links a shared rule saying so, whose id ends in ``ENTERED_COST_RULE_SUFFIX`` (the pages show it
beside the entry's costs). ``costs_not_entered`` reports each such selection still without a
value, as an info whose code ends in ``COST_NOT_ENTERED`` (the pages count them by it).

A game declares its list options as ``{name: allowed values}``, the first value being the
digest's recommended reading (the default); a number option (``"type": "number"``) declares no
values, takes a whole number or none ("", the default). The game system document lists the
same options under ``listOptions`` so pages can offer them; a pack test compares the two.

Problems follow the engine's conventions (``armybuilder.engine.evaluate``): a selection's
problem names the selection's definition as owner entry and entry, a force's its force entry,
the roster's none. A hook registers the English template of each of its codes
(``report.messages``) and passes a problem its params; the message is made from them. Each
problem gets its own copy of the rule reference, so a client that edits one problem's ``rule``
cannot change another's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from armybuilder.engine.caps import MAX_OPTION_DIGITS
from armybuilder.engine.model import json_number
from armybuilder.engine.report import ERROR, INFO, Problem, phrases, words
from armybuilder.engine.view import ForceView, RosterView, SelectionView

Rule = Mapping[str, Any]

# The id suffix of a shared rule saying that an entry's cost is entered by the player.
ENTERED_COST_RULE_SUFFIX = "-entered-cost"
# The code suffix of the info saying that such a cost is still to be entered.
COST_NOT_ENTERED = ".cost.not_entered"


@dataclass(frozen=True, slots=True)
class EnteredCost:
    """A cost the player enters: the shared rule the entries carry (``rule_id``), the shared
    upgrade they offer (``cost_entry_id``, one point per count) and what the player enters."""

    rule_id: str
    cost_entry_id: str
    what: str


@dataclass(frozen=True, slots=True)
class Digest:
    """A game's rules digest, and the seed file its seed line numbers point into."""

    game: str
    file: str
    seed: str = ""

    def rule(self, section: str, line: int, seed_line: int | None = None) -> dict[str, Any]:
        """A ``rule`` reference: the digest line, and the seed line when the digest gives one."""
        ref: dict[str, Any] = {
            "game": self.game,
            "section": section,
            "digest": self.file,
            "line": line,
        }
        if seed_line is not None:
            ref.update(seed=self.seed, seedLine=seed_line)
        return ref


def read_options(
    roster: RosterView, declared: Mapping[str, tuple[str, ...]], invalid_code: str, rule: Rule
) -> tuple[dict[str, str], list[Problem]]:
    """The roster's list options with defaults filled in, and a problem per unknown option or
    value (which reads as the default)."""
    chosen = {name: next(iter(values), "") for name, values in declared.items()}
    problems: list[Problem] = []
    for name, value in sorted(roster.options.items()):
        values = declared.get(name)
        if values is not None and _allowed(value, values):
            chosen[name] = value
            continue
        problems.append(
            roster_problem(
                roster,
                invalid_code,
                {"option": name, "value": value, "allowed": list(values or ())},
                rule,
                entry_id=name,
            )
        )
    return chosen, problems


def _allowed(value: str, values: tuple[str, ...]) -> bool:
    """One of an option's values, or for a number option (no values) a whole number within
    the caps (``caps.MAX_OPTION_DIGITS`` digits) or none."""
    if values:
        return value in values
    return not value or (value.isdecimal() and len(value) <= MAX_OPTION_DIGITS)


def option_messages(invalid_code: str) -> dict[str, str]:
    """The template of a game's code for a list option it does not offer (``read_options``)."""
    return {
        invalid_code: "List option {option}={value!r} is not one this game offers; "
        "the default reading is used."
    }


def per_points(points: float, step: float, *, started: bool = False) -> int:
    """How many ``points`` allow at one per ``step`` points: per full step, or per step begun."""
    return math.ceil(points / step) if started else math.floor(points / step)


def forces_over_share(
    forces: Sequence[ForceView], type_id: str, share: float, code: str, rule: Rule
) -> list[Problem]:
    """A problem per force (one player's army in a team or side) that spends more than its
    share of the roster's limit."""
    if len(forces) < 2:
        return []  # a lone army's share is the whole limit, which the engine checks
    return [
        force_problem(
            force,
            code,
            {"force": force.name, "spent": json_number(spent), "share": json_number(share)},
            rule,
        )
        for force in forces
        if (spent := force.total_cost(type_id)) > share
    ]


def costs_not_entered(
    roster: RosterView, prefix: str, costs: Sequence[EnteredCost], rule: Rule
) -> list[Problem]:
    """An info (``<prefix>.cost.not_entered``) per selection whose cost no source we have gives,
    so the player enters it, and who has not entered it yet: the selection carries one of the
    ``costs``' rule and holds none of its upgrade. The upgrade itself carries the rule too (its
    page says what it is), and is no such selection. Info, not an error: the list may be legal,
    but the points total leaves that cost out until it is entered."""
    problems: list[Problem] = []
    for selection in roster.all_selections():
        rule_ids = {r.id for r in selection.rules}
        problems += [
            selection_problem(
                selection,
                prefix + COST_NOT_ENTERED,
                {"name": selection.name, "cost": cost.cost_entry_id},
                rule,
                severity=INFO,
            )
            for cost in costs
            if cost.rule_id in rule_ids
            and selection.base_entry_id != cost.cost_entry_id
            and not any(c.base_entry_id == cost.cost_entry_id for c in selection.children)
        ]
    return problems


def entered_cost_phrases(code: str, costs: Sequence[EnteredCost]) -> None:
    """Register the English words of what the player enters, made from the problem's ``cost``
    (the id of the upgrade they count up), for a game's ``<prefix>.cost.not_entered``."""
    what = {cost.cost_entry_id: cost.what for cost in costs}
    phrases(code, lambda params: {"what": what[params["cost"]]})


# The templates of the codes these helpers raise for every game, by code suffix.
SHARE_TEMPLATE = "{force} costs {spent:g}, over its share of {share:g}."
COST_NOT_ENTERED_TEMPLATE = (
    "{name}: enter {what}; until then the points total leaves that cost out."
)

Params = Mapping[str, Any]


def roster_problem(
    roster: RosterView,
    code: str,
    params: Params,
    rule: Rule,
    *,
    severity: str = ERROR,
    entry_id: str = "",
    constraint_id: str = "",
) -> Problem:
    message = words(code, params)
    return Problem(
        code,
        severity,
        "roster",
        roster.id,
        "",
        entry_id,
        constraint_id,
        message,
        dict(rule),
        dict(params),
    )


def force_problem(
    force: ForceView, code: str, params: Params, rule: Rule, *, severity: str = ERROR
) -> Problem:
    entry = force.entry_id
    message = words(code, params)
    return Problem(
        code, severity, "force", force.id, entry, entry, "", message, dict(rule), dict(params)
    )


def selection_problem(
    selection: SelectionView, code: str, params: Params, rule: Rule, *, severity: str = ERROR
) -> Problem:
    entry = selection.base_entry_id
    message = words(code, params)
    return Problem(
        code,
        severity,
        "selection",
        selection.id,
        entry,
        entry,
        "",
        message,
        dict(rule),
        dict(params),
    )
