"""What one pick of an entry brings with it: the models and options auto-selection adds, and
the points the game gives the pick to spend (a warcaster's warjack points).

A player choosing from the add panel wants the cost of what they get (a squad with its
minimum models), not the entry's own cost. The entry is picked on a new list holding only
its force and evaluated there, once per entry of a compiled closure (which never changes),
so the answer is cached with the closure.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from armybuilder.engine import edit, systems
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.gauges import Allowance
from armybuilder.engine.roster import Force, Roster, RosterError
from armybuilder.engine.view_builder import ViewBuilder

# Entries of the closures a process serves: a few thousand at most.
_CACHED_ENTRIES = 20_000
# Force entries of those closures, per catalogue.
_CACHED_FORCES = 500


@dataclass(frozen=True, slots=True)
class Pick:
    # cost type id -> what the selections auto-selected under the pick cost (own cost left out)
    added: tuple[tuple[str, float], ...] = ()
    allowances: tuple[Allowance, ...] = ()  # what the pick may spend, before it spends any


@lru_cache(maxsize=_CACHED_ENTRIES)
def one_pick(compiled: Compiled, force_entry_id: str, catalogue_id: str, path_id: str) -> Pick:
    """One pick of the root entry ``path_id`` in a new force: what comes with it (an entry
    that cannot be picked there brings nothing)."""
    new_force = _new_force(compiled, force_entry_id, catalogue_id)
    if new_force is None:
        return Pick()
    roster = Roster.new(compiled)
    return pick_in(compiled, roster, roster.copy_force(new_force), path_id)


def pick_in(compiled: Compiled, roster: Roster, force: Force, path_id: str) -> Pick:
    """What picking the root entry ``path_id`` in ``force`` (of a roster of it alone) brings."""
    try:
        selection, _created = edit.select_entry(roster, force, path_id)
    except RosterError:
        return Pick()
    view = ViewBuilder(Evaluator(roster)).view()
    picked = next(s for s in view.all_selections() if s.id == selection.id)
    added = tuple(
        (ct.id, value)
        for ct in compiled.cost_types
        if (value := picked.total_cost(ct.id) - picked.cost(ct.id))
    )
    allowances = tuple(a for a in systems.allowances(view) if a.selection_id == selection.id)
    return Pick(added, allowances)


@lru_cache(maxsize=_CACHED_FORCES)
def _new_force(compiled: Compiled, force_entry_id: str, catalogue_id: str) -> Force | None:
    """A new force with what it auto-selects (a 40k detachment's required entries take a
    large part of a second): worked out once per force, copied for each entry picked in it.
    Read-only: each pick is made on a copy."""
    roster = Roster.new(compiled)
    try:
        force, _created = edit.add_force(roster, force_entry_id, catalogue_id)
    except RosterError:
        return None
    return force
