"""Small documents for the browse page, API and browser tests, imported through the real
import service (``tests.catalogues.documents``), never built as rows by hand."""

from __future__ import annotations

from typing import Any

from catalogues.models import Catalogue, Entry, GameSystem, Revision
from tests.catalogues.documents import import_documents

GAME_SYSTEM_ID = "tst-gs"
CATALOGUE_ID = "tst-orcs"
PTS = "tst-pts"
HQ = "tst-cat-hq"
TROOPS = "tst-cat-troops"


def game_system_document() -> dict[str, Any]:
    return {
        "gameSystem": {
            "id": GAME_SYSTEM_ID,
            "name": "Test Battles",
            "revision": 1,
            "battleScribeVersion": "2.03",
            "sources": [
                {"id": "digest", "title": "Test Battles digest", "reference": "rules/x.md"}
            ],
            "costTypes": [
                {"id": PTS, "name": "pts", "defaultCostLimit": 1000, "hidden": False},
                {"id": "tst-cp", "name": "CP", "defaultCostLimit": -1, "hidden": True},
            ],
            "profileTypes": [
                {
                    "id": "tst-pt-unit",
                    "name": "Unit",
                    "characteristicTypes": [
                        {"id": "tst-ct-m", "name": "M"},
                        {"id": "tst-ct-ws", "name": "WS"},
                    ],
                }
            ],
            "categoryEntries": [
                {"id": HQ, "name": "HQ", "hidden": False},
                {"id": TROOPS, "name": "Troops", "hidden": False},
            ],
            "forceEntries": [
                {
                    "id": "tst-force-battalion",
                    "name": "Battalion",
                    "hidden": False,
                    "categoryLinks": [
                        # Not in alphabetical order: pages follow the force's order.
                        _slot("tst-fl-troops", TROOPS, "Troops", minimum=2, maximum=6),
                        _slot("tst-fl-hq", HQ, "HQ", minimum=1, maximum=2),
                    ],
                }
            ],
            "sharedRules": [
                {"id": "tst-rule-waaagh", "name": "Waaagh!", "description": "Charge twice as far."}
            ],
        }
    }


def _slot(link_id: str, target: str, name: str, *, minimum: int, maximum: int) -> dict[str, Any]:
    return {
        "id": link_id,
        "name": name,
        "targetId": target,
        "primary": False,
        "constraints": [
            {
                "id": f"{link_id}-min",
                "type": "min",
                "value": minimum,
                "field": "selections",
                "scope": "force",
            },
            {
                "id": f"{link_id}-max",
                "type": "max",
                "value": maximum,
                "field": "selections",
                "scope": "force",
            },
        ],
    }


def _unit(entry_id: str, name: str, category: str, points: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": entry_id,
        "name": name,
        "type": "unit",
        "hidden": False,
        "categoryLinks": [
            {"id": f"{entry_id}-cl", "name": "", "targetId": category, "primary": True}
        ],
        "costs": [
            {"name": "pts", "typeId": PTS, "value": points},
            {"name": "CP", "typeId": "tst-cp", "value": 1},
        ],
        **extra,
    }


def _upgrade(entry_id: str, name: str, points: int) -> dict[str, Any]:
    return {
        "id": entry_id,
        "name": name,
        "type": "upgrade",
        "costs": [{"name": "pts", "typeId": PTS, "value": points}],
    }


def _link(link_id: str, target: str) -> dict[str, Any]:
    return {"id": link_id, "name": "", "targetId": target, "type": "selectionEntry"}


def _count(constraint_id: str, kind: str, value: int) -> dict[str, Any]:
    """How many of an option one parent selection takes."""
    return {
        "id": constraint_id,
        "type": kind,
        "value": value,
        "field": "selections",
        "scope": "parent",
    }


def catalogue_document(revision: int = 1) -> dict[str, Any]:
    """Revision 1, or revision 2: Warboss dearer, Boyz gone, Grots new."""
    boss = _unit(
        "tst-warboss",
        "Warboss",
        HQ,
        80 if revision == 1 else 95,
        source="digest",
        profiles=[
            {
                "id": "tst-warboss-profile",
                "name": "Warboss",
                "typeId": "tst-pt-unit",
                "typeName": "Unit",
                "characteristics": [
                    {"name": "M", "typeId": "tst-ct-m", "$text": '5"'},
                    {"name": "WS", "typeId": "tst-ct-ws", "$text": "2+"},
                ],
            }
        ],
        rules=[{"id": "tst-rule-boss", "name": "Da Boss", "description": "Leads from the front."}],
        infoLinks=[
            {
                "id": "tst-il-waaagh",
                "name": "Waaagh!",
                "targetId": "tst-rule-waaagh",
                "type": "rule",
            }
        ],
        selectionEntryGroups=[
            {
                "id": "tst-warboss-weapons",
                "name": "Weapons",
                "constraints": [
                    _count("tst-warboss-weapons-min", "min", 1),
                    _count("tst-warboss-weapons-max", "max", 2),
                ],
                "selectionEntries": [
                    {
                        "id": "tst-choppa",
                        "name": "Big Choppa",
                        "type": "upgrade",
                        "costs": [{"name": "pts", "typeId": PTS, "value": 5}],
                    },
                ],
                "entryLinks": [_link("tst-link-shoota", "tst-shoota")],
            }
        ],
        entryLinks=[
            {
                **_link("tst-link-kustom", "tst-kustom"),
                "constraints": [_count("tst-link-kustom-max", "max", 1)],
            },
            {**_link("tst-link-hidden", "tst-shoota"), "hidden": True},
        ],
    )
    boyz = _unit("tst-boyz", "Boyz", TROOPS, 70)
    boyz["costs"][0]["unverified"] = True
    grots = {**_unit("tst-grots", "Grots", TROOPS, 35), "unverified": True}
    entries = [boss, boyz] if revision == 1 else [boss, grots]
    entries.append({**_unit("tst-secret", "Secret Weapon", TROOPS, 1), "hidden": True})
    return {
        "catalogue": {
            "id": CATALOGUE_ID,
            "name": "Test Orcs",
            "revision": revision,
            "battleScribeVersion": "2.03",
            "gameSystemId": GAME_SYSTEM_ID,
            "gameSystemRevision": 1,
            "library": False,
            "sources": [
                {"id": "digest", "title": "Test Battles digest", "reference": "rules/x.md"}
            ],
            "readme": "Orcs for testing.",
            "selectionEntries": entries,
            "entryLinks": [
                {
                    "id": "tst-link-wagon",
                    "name": "Battle Wagon",
                    "targetId": "tst-wagon",
                    "type": "selectionEntry",
                }
            ],
            "sharedSelectionEntries": [
                _unit("tst-wagon", "Battle Wagon", HQ, 120),
                _upgrade("tst-kustom", "Kustom Job", 10),
                _upgrade("tst-shoota", "Shoota", 2),
            ],
        }
    }


def library_documents() -> list[dict[str, Any]]:
    """A library and a faction whose units come from it: the library's root entries
    (``importRootEntries``) and a shared entry the faction links to at its root."""
    library = {
        "catalogue": {
            "id": "tst-library",
            "name": "Test Greenskin Library",
            "revision": 3,
            "gameSystemId": GAME_SYSTEM_ID,
            "library": True,
            "selectionEntries": [_unit("tst-squigs", "Squig Herd", TROOPS, 40)],
            "sharedSelectionEntries": [
                _unit(
                    "tst-gretchin",
                    "Gretchin Mob",
                    TROOPS,
                    30,
                    selectionEntries=[_upgrade("tst-blasta", "Grot Blasta", 3)],
                )
            ],
        }
    }
    faction = {
        "catalogue": {
            "id": "tst-freebooters",
            "name": "Test Freebooters",
            "revision": 1,
            "gameSystemId": GAME_SYSTEM_ID,
            "catalogueLinks": [
                {
                    "id": "tst-cl-library",
                    "name": "Test Greenskin Library",
                    "targetId": "tst-library",
                    "type": "catalogue",
                    "importRootEntries": True,
                }
            ],
            "selectionEntries": [_unit("tst-kaptain", "Kaptain", HQ, 60)],
            "entryLinks": [_link("tst-link-gretchin", "tst-gretchin")],
        }
    }
    return [library, faction]


def horde_document(size: int) -> dict[str, Any]:
    """A catalogue with ``size`` force-level units, for pagination."""
    return {
        "catalogue": {
            "id": "tst-horde",
            "name": "Test Horde",
            "revision": 1,
            "gameSystemId": GAME_SYSTEM_ID,
            "selectionEntries": [
                _unit(f"tst-horde-{n:03}", f"Horde Unit {n:03}", TROOPS, n) for n in range(size)
            ],
        }
    }


def import_test_battles(*, revisions: int = 1) -> Catalogue:
    """The game system and revisions 1..``revisions`` of the Test Orcs catalogue."""
    import_documents(
        game_system_document(), *(catalogue_document(n) for n in range(1, revisions + 1))
    )
    return Catalogue.objects.get(bs_id=CATALOGUE_ID)


def game_system() -> GameSystem:
    return GameSystem.objects.get(bs_id=GAME_SYSTEM_ID)


def entry(bs_id: str, revision: int = 1) -> Entry:
    return Entry.objects.get(
        bs_id=bs_id, revision__number=revision, revision__catalogue__bs_id=CATALOGUE_ID
    )


def revision(number: int) -> Revision:
    return Revision.objects.get(catalogue__bs_id=CATALOGUE_ID, number=number)
