"""Multi-detachment 9th-edition 40k rosters built from the community data, as a player would.

The units come from the legal Battalion list spec (``space_marines_battalion_2000.json``);
forces are added through ``listspec.build_roster`` (so through the edit operations). A roster's
later forces (child forces too) drop the roster-wide set-up entries (battle size, game type) that
adding a force may auto-select again: the roster takes them once, in its first force.
"""

from __future__ import annotations

import copy
from typing import Any

from armybuilder.engine.listspec import build_roster
from armybuilder.engine.roster import Roster
from tests.engine.realdata import WH40K, compiled_for, load_spec

ULTRAMARINES = "28e2-d179-3d66-a272"
BATTALION = "564e-55d5-79bc-a4d7"
BATTALION_CHILD = "c7fc-1172-cd53-2dae"  # the Battalion's own child force entry
PATROL = "a0c7-2a71-bae0-215d"
SUPREME_COMMAND = "5baf-eed5-bb85-7325"
WARLORD = "ee33-18fd-7317-1171"  # the Warlord upgrade (category "Warlord")
WARLORD_CATEGORY = "ae09-117e-a6fa-316b"
GUILLIMAN = "d7a5-a10d-a018-7761"
SUPREME_COMMANDER = "26b0-4bb9-73aa-d3d7"  # the Supreme Command's Primarch/Commander slot
LORD_OF_WAR = "c888f08a-6cea-4a01-8126-d374a9231554"
ROSTER_WIDE_SET_UP = {"f29d-8a5d-18b6-a071", "bf09-85b2-c097-1071"}  # Battle Size, Game Type

TROOPS = ["intercessors", "intercessors 2", "tacticals"]

JsonDict = dict[str, Any]


def battalion_units() -> dict[str, JsonDict]:
    """Selection specs of the legal Battalion: its game type, a Captain with and without the
    Warlord upgrade, a Lieutenant, a Librarian and three Troops."""
    chosen = load_spec("space_marines_battalion_2000.json")["forces"][0]["selections"]
    captain = copy.deepcopy(chosen[1])
    captain["selections"] = [s for s in captain["selections"] if not s["entryId"].endswith(WARLORD)]
    return {
        "game type": chosen[0],
        "warlord captain": chosen[1],
        "captain": captain,
        "lieutenant": chosen[2],
        "librarian": chosen[3],
        "intercessors": chosen[4],
        "intercessors 2": chosen[5],
        "tacticals": chosen[6],
        "guilliman": {"entryId": GUILLIMAN, "selections": [{"entryId": WARLORD}]},
    }


def force(entry_id: str, units: list[str], forces: list[JsonDict] | None = None) -> JsonDict:
    by_name = battalion_units()
    selections = [by_name[name] for name in units]
    return {
        "forceEntryId": entry_id,
        "catalogueId": ULTRAMARINES,
        "selections": selections,
        "forces": forces or [],
    }


def roster_of(name: str, forces: list[JsonDict]) -> Roster:
    spec = {"name": name, "costLimits": {"points": 2000}, "forces": forces}
    roster = build_roster(compiled_for(WH40K), spec)
    for later in list(roster.all_forces())[1:]:
        for selection in list(later.selections):
            if selection.node.id in ROSTER_WIDE_SET_UP:
                roster.remove_selection(selection)
    return roster


def battalion_and_patrol() -> Roster:
    """A Battalion holding the Warlord and a Patrol without one."""
    battalion = ["game type", "warlord captain", "lieutenant", *TROOPS]
    return roster_of(
        "Battalion and Patrol",
        [force(BATTALION, battalion), force(PATROL, ["captain", "intercessors 2"])],
    )


def battalion_and_supreme_command() -> Roster:
    """A Battalion without the Warlord and a Supreme Command led by Guilliman as Warlord."""
    battalion = ["game type", "captain", "lieutenant", *TROOPS]
    command = ["guilliman", "librarian", "lieutenant"]
    return roster_of(
        "Battalion and Supreme Command",
        [force(BATTALION, battalion), force(SUPREME_COMMAND, command)],
    )


def battalion_with_child_force() -> Roster:
    """A Battalion with a child Battalion force under it."""
    battalion = ["game type", "warlord captain", "lieutenant", *TROOPS]
    child = force(BATTALION_CHILD, ["captain", "intercessors 2"])
    return roster_of("Battalion with a child force", [force(BATTALION, battalion, [child])])
