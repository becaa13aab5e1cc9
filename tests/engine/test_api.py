"""The engine's package-level API (``armybuilder.engine``), used end to end as documented."""

from __future__ import annotations

import pytest

from armybuilder import engine
from armybuilder.engine.explain import MAX_REACHED
from armybuilder.engine.report import CONSTRAINT_MAX
from tests.engine.builders import PTS

GAME_SYSTEM = {
    "gameSystem": {"id": "gs", "name": "Game", "costTypes": [PTS], "forceEntries": [{"id": "fe"}]}
}
CATALOGUE = {
    "catalogue": {
        "id": "cat",
        "name": "Cat",
        "gameSystemId": "gs",
        "selectionEntries": [
            {
                "id": "hero",
                "name": "Hero",
                "type": "unit",
                "costs": [{"typeId": "pts", "value": 50}],
                "constraints": [{"id": "one", "type": "max", "value": 1, "scope": "force"}],
            }
        ],
    }
}


def test_every_exported_name_is_there() -> None:
    assert [name for name in engine.__all__ if not hasattr(engine, name)] == []


def test_a_list_is_built_checked_explained_and_saved_through_the_package() -> None:
    compiled = engine.compile_documents(GAME_SYSTEM, [CATALOGUE])
    roster = engine.Roster(compiled, name="Mine")
    force, _ = engine.add_force(roster, "fe", "cat")
    engine.select_entry(roster, force, "hero")
    assert [r.code for r in engine.explain(roster, force, "hero")] == [MAX_REACHED]
    second, _ = engine.select_entry(roster, force, "hero")
    evaluation = engine.evaluate(roster)
    assert [p.code for p in evaluation.problems] == [CONSTRAINT_MAX]
    assert engine.outcome(evaluation)["totals"] == {"pts": 100.0}

    saved = engine.roster_file(evaluation.view, "mine.rosz")
    again = engine.read_roster(compiled, saved, "mine.rosz")
    assert engine.outcome(engine.evaluate(again)) == engine.outcome(evaluation)
    engine.deselect(again, again.selection(second.id))
    assert engine.evaluate(again).problems == []


def test_edits_the_data_does_not_allow_raise_roster_error() -> None:
    roster = engine.Roster(engine.compile_documents(GAME_SYSTEM, [CATALOGUE]))
    with pytest.raises(engine.RosterError):
        engine.add_force(roster, "no-such-force", "cat")
    assert roster.forces == []
