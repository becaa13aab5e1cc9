"""Per-game hooks: rules the BattleScribe data model cannot express.

A hook is a module ``armybuilder.engine.systems.<module>`` registered below by game system id.
It exposes one function::

    def check(roster: RosterView) -> list[Problem]: ...

The evaluator calls it after the generic validation (constraints, cost limits, hidden
selections) with the evaluated roster, read-only (see ``armybuilder.engine.view``), and appends
the problems it returns. Codes are ``<game>.<rule>``; copy a rule reference into ``rule`` when
there is one. Each code registers its English template (``report.messages``), and each problem
carries the params its message names (``systems.common`` builds the message from them). A hook
must not mutate the roster and must not import anything outside the standard library and
``armybuilder.engine``.

Tiny example (a hook that wants at most one "Warlord" per roster)::

    from armybuilder.engine.report import Problem, messages
    from armybuilder.engine.systems.common import selection_problem
    from armybuilder.engine.view import RosterView

    MESSAGES = messages({"mygame.warlord.too_many": "Only one {name} is allowed."})

    def check(roster: RosterView) -> list[Problem]:
        warlords = [s for s in roster.all_selections() if s.name == "Warlord"]
        return [
            selection_problem(s, "mygame.warlord.too_many", {"name": s.name}, {})
            for s in warlords[1:]
        ]

Useful view members: ``roster.forces`` / ``roster.all_forces()`` / ``roster.all_selections()``,
``roster.cost_limit(type_id)``, ``roster.total_cost(type_id)``, ``roster.options`` (list
options such as a digest's alternative readings); ``force.selections`` (top level) and
``force.all_selections()``; ``selection.base_entry_id`` (definition id), ``.entry_id``
(composite ``link::target`` path), ``.name``, ``.type``, ``.number``, ``.categories``
(``has_category(id)``, ``primary_category``), ``.cost(type_id)`` / ``.total_cost(type_id)``,
``.profiles`` (``profile.characteristic(name)``), ``.parent`` and ``.children``.

A hook module whose rules enforce a cost limit the list does not state (40k's battle size) also
exposes ``cost_limits(roster) -> dict[str, float]`` (cost type id -> limit), so that the totals
shown beside the problems give the limit that is enforced. One whose rules give a selection
points to spend on what it holds (a Warmachine warcaster's warjack points over its
battlegroup) exposes ``allowances(roster) -> list[Allowance]`` (``armybuilder.engine.gauges``),
so that a builder shows what is spent and what is left beside the selection. The cost types
such a game keeps only to work those points out are named in ``BOOKKEEPING_COST_TYPES`` (a
frozenset of ids): pages show them through the allowances, never as totals or limits.

Register a new game by adding one line to ``HOOKS``; the module is imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from armybuilder.engine.gauges import Allowance
from armybuilder.engine.report import Problem
from armybuilder.engine.view import RosterView

Hook = Callable[[RosterView], list[Problem]]

# game system id -> hook module (the .gst ids of the packs we ship or the data we import).
HOOKS: dict[str, str] = {
    "bg-gs": "armybuilder.engine.systems.battleground",
    "fw-gs": "armybuilder.engine.systems.fantasy_warriors",
    "t9a3-gs": "armybuilder.engine.systems.the_9th_age_3rd",
    "8c9a-3026-84b4-cf16": "armybuilder.engine.systems.the_9th_age_3rd",  # T9A 3rd, BSData
    "w40k9-gs": "armybuilder.engine.systems.warhammer_40k_9th",
    "wmk2-gs": "armybuilder.engine.systems.warmachine_mk2",
}


@cache
def hook_for(game_system_id: str) -> Hook | None:
    """The ``check`` function registered for a game system, or None when it has no hook."""
    module_name = HOOKS.get(game_system_id)
    if module_name is None:
        return None
    module = importlib.import_module(module_name)
    check: Hook = module.check
    return check


def imposed_cost_limits(roster: RosterView) -> dict[str, float]:
    """The cost limits the roster's game rules enforce beyond its own (none without a hook)."""
    limits = _hook_part(roster.game_system_id, "cost_limits")
    return {} if limits is None else dict(limits(roster))


def allowances(roster: RosterView) -> list[Allowance]:
    """What the roster's selections may spend on what they hold, where its game's rules give
    them points to spend (none without a hook)."""
    found = _hook_part(roster.game_system_id, "allowances")
    return [] if found is None else list(found(roster))


def bookkeeping_cost_types(game_system_id: str) -> frozenset[str]:
    """The cost types the game's hook keeps to work out its allowances (none without one)."""
    module_name = HOOKS.get(game_system_id)
    if module_name is None:
        return frozenset()
    found: frozenset[str] = getattr(
        importlib.import_module(module_name), "BOOKKEEPING_COST_TYPES", frozenset()
    )
    return found


def _hook_part(game_system_id: str, name: str) -> Callable[[RosterView], Any] | None:
    """A hook module's optional function ``name``, or None."""
    module_name = HOOKS.get(game_system_id)
    if module_name is None:
        return None
    part: Callable[[RosterView], Any] | None = getattr(
        importlib.import_module(module_name), name, None
    )
    return part


def run_hooks(roster: RosterView) -> list[Problem]:
    """The problems the roster's game hook raises (none when the game has no hook)."""
    hook = hook_for(roster.game_system_id)
    return [] if hook is None else list(hook(roster))
