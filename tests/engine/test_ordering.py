"""Selections are listed in New Recruit's order: by primary category, then by the natural
order of their entries' own names."""

from __future__ import annotations

from armybuilder.engine import edit
from armybuilder.engine.evaluate import evaluate
from tests.engine.builders import make_roster


def test_selections_are_listed_by_their_entries_own_names_not_modified_ones() -> None:
    """New Recruit's order: a name a modifier gives (Zulu becomes "Aardvark") moves nothing."""
    renamed = {
        "id": "zulu",
        "name": "Zulu",
        "type": "unit",
        "modifiers": [{"type": "set", "field": "name", "value": "Aardvark"}],
        "selectionEntries": [
            {"id": "b", "name": "Bravo", "type": "upgrade"},
            {
                "id": "a",
                "name": "Alpha",
                "type": "upgrade",
                "modifiers": [{"type": "set", "field": "name", "value": "Yankee"}],
            },
        ],
    }
    mike = {"id": "mike", "name": "Mike", "type": "unit"}
    roster, force = make_roster([renamed, mike])
    zulu, _ = edit.select_entry(roster, force, "zulu")
    edit.select_entry(roster, force, "b", zulu)
    edit.select_entry(roster, force, "a", zulu)
    edit.select_entry(roster, force, "mike")

    (view,) = evaluate(roster).view.forces

    assert [s.name for s in view.selections] == ["Mike", "Aardvark"]
    assert [c.name for c in view.selections[1].children] == ["Yankee", "Bravo"]
