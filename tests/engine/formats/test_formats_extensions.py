"""Our JSON extensions (docs/architecture.md) survive JSON -> XML -> JSON with their types."""

import json
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.formats.schema import CONTAINERS

PACKS = Path(__file__).resolve().parents[3] / "catalogues" / "data"

RULE = {"game": "g", "section": "2.1 Characters", "digest": "g.md", "line": 120, "seedLine": 7}
CATALOGUE: dict[str, Any] = {
    "catalogue": {
        "id": "x-cat",
        "name": "Extensions",
        "revision": 2,
        "gameSystemId": "x-gs",
        "unverified": True,
        "sources": [{"id": "digest", "title": "The digest", "reference": "p. 3"}],
        "selectionEntries": [
            {
                "id": "x-e",
                "name": "Hero",
                "type": "unit",
                "source": "digest",
                "unverified": False,
                "code": "x.hero",
                "rule": RULE,
                "costs": [{"name": "pts", "typeId": "pts", "value": 15, "unverified": True}],
                "constraints": [
                    {
                        "id": "x-c",
                        "type": "max",
                        "value": 1,
                        "field": "selections",
                        "scope": "roster",
                        "code": "x.hero.max",
                        "rule": {**RULE, "line": 121},
                    }
                ],
            }
        ],
    }
}


def _exact(document: Any) -> str:
    """A comparison key that tells ``True`` from ``1`` and ``1`` from ``"1"``."""
    return json.dumps(document, sort_keys=True)


def test_extension_values_keep_their_types() -> None:
    back = parse_xml(write_xml(CATALOGUE))

    assert _exact(back) == _exact(CATALOGUE)
    entry = back["catalogue"]["selectionEntries"][0]
    assert entry["rule"]["line"] == 120
    assert isinstance(entry["rule"]["line"], int)
    assert entry["costs"][0]["unverified"] is True
    assert entry["unverified"] is False


def test_a_rule_line_that_is_not_a_number_stays_text() -> None:
    document = json.loads(json.dumps(CATALOGUE))
    document["catalogue"]["selectionEntries"][0]["rule"]["line"] = "120-124"

    back = parse_xml(write_xml(document))

    assert back["catalogue"]["selectionEntries"][0]["rule"]["line"] == "120-124"


def _without_default_tags(node: Any, container: str = "") -> Any:
    """The document with each ``"$tag"`` that only repeats its container's item tag dropped
    (the reader leaves those out)."""
    if isinstance(node, list):
        return [_without_default_tags(item, container) for item in node]
    if isinstance(node, dict):
        return {
            key: _without_default_tags(value, key)
            for key, value in node.items()
            if not (key == "$tag" and value == CONTAINERS.get(container))
        }
    return node


PACK_FILES = sorted(PACKS.glob("*/*.json"))


def test_the_game_packs_are_present() -> None:
    assert PACK_FILES, f"no game packs under {PACKS}"


@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_game_pack_round_trips_through_xml(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))

    assert _exact(parse_xml(write_xml(document))) == _exact(_without_default_tags(document))
