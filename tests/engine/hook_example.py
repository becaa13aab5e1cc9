"""A game hook used by the engine tests: at most one selection named "Warlord"."""

from armybuilder.engine.report import ERROR, Problem
from armybuilder.engine.view import RosterView


def check(roster: RosterView) -> list[Problem]:
    warlords = [s for s in roster.all_selections() if s.name == "Warlord"]
    return [
        Problem(
            "demo.warlord.too_many",
            ERROR,
            "selection",
            s.id,
            s.entry_id,
            s.base_entry_id,
            "",
            "Only one Warlord is allowed.",
        )
        for s in warlords[1:]
    ]
