"""Small hand-written data for engine tests: a game system with one force entry ``fe``
("Army") and one cost type ``pts``, and a catalogue ``cat`` of the entries a test gives."""

from __future__ import annotations

from typing import Any

from armybuilder.engine import edit
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.roster import Force, Roster

PTS = {"id": "pts", "name": "pts"}


def compiled_with(entries: list[dict[str, Any]], **game_system: Any) -> Compiled:
    """The test game system (its keys overridden or extended by ``game_system``) and a
    catalogue ``cat`` of ``entries``, compiled."""
    gst = {
        "id": "gs",
        "name": "Game",
        "costTypes": [PTS],
        "forceEntries": [{"id": "fe", "name": "Army"}],
        **game_system,
    }
    catalogue = {"id": "cat", "name": "Cat", "gameSystemId": "gs", "selectionEntries": entries}
    return compile_documents({"gameSystem": gst}, [{"catalogue": catalogue}])


def roster_with_forces(
    entries: list[dict[str, Any]], forces: int = 1, **game_system: Any
) -> tuple[Roster, list[Force]]:
    """A roster of ``forces`` Army forces of the catalogue of ``entries``."""
    roster = Roster.new(compiled_with(entries, **game_system))
    return roster, [edit.add_force(roster, "fe", "cat")[0] for _ in range(forces)]


def make_roster(entries: list[dict[str, Any]], **game_system: Any) -> tuple[Roster, Force]:
    """A roster of one Army force of the catalogue of ``entries``."""
    roster, [force] = roster_with_forces(entries, **game_system)
    return roster, force
