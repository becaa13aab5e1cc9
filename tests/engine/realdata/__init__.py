"""Real-data list specs (the JSON files beside this module) and the community catalogues they
are built from, read from ``../shared/bsdata`` and never copied into the repository.

Each spec is in the list-spec form of ``docs/architecture.md``, with one addition to its
``expected`` block: ``problems``, every error and warning as ``code``, ``ownerType``,
``ownerEntryId`` and ``constraintId``, so a test checks which constraint fired and on what,
not only that some ``constraint.max`` did (the community data raises generic codes).

Missing ``../shared`` skips on a laptop and fails under ``CI`` (``require_shared``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.formats import parse_xml
from tests.conftest import BSDATA, require_shared

HERE = Path(__file__).resolve().parent

# community game system id -> (folder under ../shared/bsdata, game system file)
GAMES = {
    "28ec-711c-d87f-3aeb": ("wh40k-9e", "Warhammer 40,000.gst"),
    "8c9a-3026-84b4-cf16": ("t9a-3rd", "T9A-FB-3rd.gst"),
    "e51d-b1a3-75fc-dc33": ("aos-3rd", "Age of Sigmar.gst"),
}
WH40K = "28ec-711c-d87f-3aeb"
T9A = "8c9a-3026-84b4-cf16"
AOS = "e51d-b1a3-75fc-dc33"

JsonDict = dict[str, Any]


def spec_files() -> list[Path]:
    return sorted(HERE.glob("*.json"))


def load_spec(name: str) -> JsonDict:
    spec: JsonDict = json.loads((HERE / name).read_text(encoding="utf-8"))
    return spec


def bsdata_folder(game_system_id: str) -> Path:
    """The community folder of a game (skips, or fails under CI, when it is absent)."""
    return require_shared(BSDATA / GAMES[game_system_id][0])


@cache
def documents(game_system_id: str) -> tuple[JsonDict, list[JsonDict]]:
    """The game system and every catalogue of its community folder, parsed once."""
    folder = bsdata_folder(game_system_id)
    game_system = parse_xml((folder / GAMES[game_system_id][1]).read_bytes())
    return game_system, [parse_xml(path.read_bytes()) for path in sorted(folder.glob("*.cat"))]


@cache
def compiled_for(game_system_id: str) -> Compiled:
    return compile_documents(*documents(game_system_id))


# 9th-edition 40k: the command point cost type and the game system's "Detachment Command Cost"
CP = "2d3b-b544-ad49-fb75"
DETACHMENT_COMMAND_COST = "9d97-2793-9882-d48a"


def data_entry(game_system_id: str, entry_id: str) -> JsonDict:
    """The entry (of the game system or a catalogue) with this id, as the data declares it."""
    game_system, catalogues = documents(game_system_id)
    stack: list[Any] = [game_system, *catalogues]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("id") == entry_id and "targetId" not in item:
                return item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    raise KeyError(entry_id)


def detachment_command_cost(comment: str) -> float:
    """The CP one of the data's "Detachment Command Cost" modifiers sets, named by the
    opening words of its comment (so tests read the data's figures, not ours)."""
    entry = data_entry(WH40K, DETACHMENT_COMMAND_COST)
    [value] = [
        float(m["value"])
        for m in entry["modifiers"]
        if m.get("field") == CP and str(m.get("comment", "")).startswith(comment)
    ]
    return value


def entry_cost(game_system_id: str, entry_id: str, type_id: str) -> float:
    """An entry's own cost of one type, as the data declares it."""
    costs = data_entry(game_system_id, entry_id).get("costs") or []
    return float(next(c["value"] for c in costs if c["typeId"] == type_id))
