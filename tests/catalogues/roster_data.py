"""The closure test army (``closure_data``) with entries a player cannot add: a Rival hidden
while the force has a hammer, and a Secret always hidden; imported through the import service."""

from __future__ import annotations

from typing import Any

from catalogues.models import Catalogue
from tests.catalogues import closure_data as data
from tests.catalogues.documents import import_documents

RIVAL = "cls-army-rival"
SECRET = "cls-army-secret"


def army_with_hidden_entries(revision: int = 1) -> dict[str, Any]:
    """The army, plus a Rival hidden while the force has a hammer, and an always-hidden Secret."""
    document = data.army_document(revision)
    hide_with_hammer = {
        "type": "set",
        "field": "hidden",
        "value": "true",
        "conditions": [
            {
                "type": "atLeast",
                "value": 1,
                "field": "selections",
                "scope": "force",
                "childId": "cls-lib-hammer",
                "shared": True,
                "includeChildSelections": True,
            }
        ],
    }
    document["catalogue"]["selectionEntries"] += [
        {"id": RIVAL, "name": "Rival", "type": "unit", "modifiers": [hide_with_hammer]},
        {"id": SECRET, "name": "Secret", "type": "unit", "hidden": True},
    ]
    return document


def import_army() -> Catalogue:
    """The game system, the library and the army with its hidden entries; returns the army."""
    import_documents(
        data.game_system_document(), data.library_document(), army_with_hidden_entries()
    )
    return Catalogue.objects.get(bs_id=data.ARMY_ID)
