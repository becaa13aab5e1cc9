"""A tiny game system, a library and an army that links to it, imported through the real
import service, for the closure, validation and example tests."""

from __future__ import annotations

from typing import Any

from catalogues.models import Catalogue, GameSystem, Revision
from tests.catalogues.documents import import_documents

GAME_SYSTEM_ID = "cls-gs"
LIBRARY_ID = "cls-lib"
ARMY_ID = "cls-army"
FORCE_ID = "cls-force"
PTS = "cls-pts"
HAMMER_LINK = "cls-army-hammer"
SWORDS = "cls-army-swords"
SWORDSMEN = "cls-army-swordsmen"
HAMMER_RULE = {
    "game": "closure-test",
    "section": "2.1 One hammer",
    "digest": "closure-test.md",
    "line": 12,
}


def game_system_document(revision: int = 1) -> dict[str, Any]:
    return {
        "gameSystem": {
            "id": GAME_SYSTEM_ID,
            "name": "Closure Wars",
            "revision": revision,
            "battleScribeVersion": "2.03",
            "costTypes": [{"id": PTS, "name": "pts", "defaultCostLimit": 100}],
            "forceEntries": [{"id": FORCE_ID, "name": "Army", "hidden": False}],
        }
    }


def library_document(revision: int = 1, hammer_points: int = 30) -> dict[str, Any]:
    return {
        "catalogue": {
            "id": LIBRARY_ID,
            "name": "Closure Armoury",
            "revision": revision,
            "battleScribeVersion": "2.03",
            "gameSystemId": GAME_SYSTEM_ID,
            "gameSystemRevision": 1,
            "library": True,
            "sharedSelectionEntries": [
                {
                    "id": "cls-lib-hammer",
                    "name": "Great Hammer",
                    "type": "unit",
                    "costs": [{"name": "pts", "typeId": PTS, "value": hammer_points}],
                }
            ],
        }
    }


def army_document(revision: int = 1) -> dict[str, Any]:
    return {
        "catalogue": {
            "id": ARMY_ID,
            "name": "Closure Army",
            "revision": revision,
            "battleScribeVersion": "2.03",
            "gameSystemId": GAME_SYSTEM_ID,
            "gameSystemRevision": 1,
            "library": False,
            "catalogueLinks": [
                {
                    "id": "cls-army-lib",
                    "name": "Armoury",
                    "targetId": LIBRARY_ID,
                    "type": "catalogue",
                }
            ],
            "selectionEntries": [
                {
                    "id": SWORDSMEN,
                    "name": "Swordsmen",
                    "type": "unit",
                    "costs": [{"name": "pts", "typeId": PTS, "value": 10}],
                    "selectionEntries": [
                        {
                            "id": SWORDS,
                            "name": "Sword",
                            "type": "model",
                            "collective": True,
                            "costs": [{"name": "pts", "typeId": PTS, "value": 5}],
                            "constraints": [
                                {
                                    "id": "cls-swords-max",
                                    "type": "max",
                                    "value": 10,
                                    "field": "selections",
                                    "scope": "parent",
                                }
                            ],
                        }
                    ],
                }
            ],
            "entryLinks": [
                {
                    "id": HAMMER_LINK,
                    "name": "Great Hammer",
                    "targetId": "cls-lib-hammer",
                    "type": "selectionEntry",
                    "constraints": [
                        {
                            "id": "cls-hammer-max",
                            "type": "max",
                            "value": 1,
                            "field": "selections",
                            "scope": "roster",
                            "code": "closure.hammer.max",
                            "rule": HAMMER_RULE,
                        }
                    ],
                }
            ],
        }
    }


def import_closure_wars(*, hammer_points: int = 30) -> Catalogue:
    """The game system, the library and the army; returns the army."""
    import_documents(
        game_system_document(), library_document(hammer_points=hammer_points), army_document()
    )
    return Catalogue.objects.get(bs_id=ARMY_ID)


def newest(owner: GameSystem | Catalogue) -> Revision:
    revision = owner.revisions.order_by("-number").first()
    assert revision is not None
    return revision


def list_spec(**changes: Any) -> dict[str, Any]:
    """A list of the army: Swordsmen with 4 swords and a hammer (10 + 20 + 30 = 60 pts)."""
    spec: dict[str, Any] = {
        "name": "Closure test list",
        "gameSystemId": GAME_SYSTEM_ID,
        "costLimits": {PTS: 100},
        "forces": [
            {
                "forceEntryId": FORCE_ID,
                "catalogueId": ARMY_ID,
                "selections": [
                    {
                        "entryId": SWORDSMEN,
                        "number": 1,
                        "selections": [{"entryId": SWORDS, "number": 4}],
                    },
                    {"entryId": HAMMER_LINK, "number": 1},
                ],
            }
        ],
    }
    spec.update(changes)
    return spec
