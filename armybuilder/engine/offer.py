"""What one pick of an entry brings with it: the models and options auto-selection adds.

A player choosing from the add panel wants the cost of what they get (a squad with its
minimum models), not the entry's own cost. The entry is picked on a new list holding only
its force and evaluated there, once per entry of a compiled closure (which never changes),
so the answer is cached with the closure.
"""

from __future__ import annotations

from functools import lru_cache

from armybuilder.engine import edit
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.roster import Roster, RosterError
from armybuilder.engine.view_builder import ViewBuilder

# Entries of the closures a process serves: a few thousand at most.
_CACHED_ENTRIES = 20_000


def auto_selected_costs(
    compiled: Compiled, force_entry_id: str, catalogue_id: str, path_id: str
) -> dict[str, float]:
    """Cost type id -> what the selections auto-selected under one pick of the root entry
    ``path_id`` cost (the entry's own cost left out; empty when it adds nothing)."""
    return dict(_auto_selected_costs(compiled, force_entry_id, catalogue_id, path_id))


@lru_cache(maxsize=_CACHED_ENTRIES)
def _auto_selected_costs(
    compiled: Compiled, force_entry_id: str, catalogue_id: str, path_id: str
) -> tuple[tuple[str, float], ...]:
    roster = Roster.new(compiled)
    try:
        force, _created = edit.add_force(roster, force_entry_id, catalogue_id)
        selection, _created = edit.select_entry(roster, force, path_id)
    except RosterError:
        return ()
    view = ViewBuilder(Evaluator(roster)).view()
    picked = next(s for s in view.all_selections() if s.id == selection.id)
    return tuple(
        (ct.id, added)
        for ct in compiled.cost_types
        if (added := picked.total_cost(ct.id) - picked.cost(ct.id))
    )
