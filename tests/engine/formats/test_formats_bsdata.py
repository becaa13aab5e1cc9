"""Every real BSData file parses, and XML -> JSON -> XML keeps its content.

The comparison side uses ElementTree (not the code under test) to read both XML texts.
"""

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine.formats import parse_xml, read_document, write_xml
from armybuilder.engine.formats.xml_reader import to_number
from tests.conftest import BSDATA, require_shared

GAMES = ("wh40k-9e", "t9a-3rd", "warmahordes-mk2")


def _files(game: str) -> list[Path]:
    folder = BSDATA / game
    return (
        sorted(p for p in folder.glob("*") if p.suffix in {".gst", ".cat"})
        if folder.exists()
        else []
    )


ALL_FILES = [
    pytest.param(path, id=f"{path.parent.name}/{path.name}") for g in GAMES for path in _files(g)
]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _canonical_value(value: str) -> Any:
    # Numbers may be re-spelled (e.g. "5.50" -> "5.5"); compare them as numbers.
    number = to_number(value)
    return float(number) if not isinstance(number, str) else value


def _shape(element: ET.Element) -> tuple[Any, ...]:
    text = (element.text or "").strip()
    return (
        _local(element.tag),
        sorted((k, _canonical_value(v)) for k, v in element.attrib.items()),
        text,
        [_shape(child) for child in element],
    )


def test_every_game_folder_is_present() -> None:
    for game in GAMES:
        require_shared(BSDATA / game)
        assert _files(game), f"no .gst/.cat files in {game}"


@pytest.mark.parametrize("path", ALL_FILES)
def test_file_parses_and_round_trips(path: Path) -> None:
    data = path.read_bytes()
    document = read_document(data, path.name)
    original = ET.fromstring(data)

    (kind,) = document
    assert kind == _local(original.tag)
    assert document[kind]["id"] == original.attrib["id"]
    assert document[kind]["name"] == original.attrib["name"]

    written = write_xml(document)
    assert _shape(ET.fromstring(written)) == _shape(original)
    assert parse_xml(written) == document


def test_typed_values_follow_the_contract() -> None:
    path = require_shared(BSDATA / "wh40k-9e" / "Necrons.cat")
    body = read_document(path.read_bytes(), path.name)["catalogue"]
    assert isinstance(body["revision"], int)
    assert body["library"] is False
    entry = body["sharedSelectionEntries"][0]
    assert isinstance(entry["hidden"], bool)
    costs = [c for e in body["sharedSelectionEntries"] for c in e.get("costs", [])]
    assert costs
    assert all(isinstance(c["value"], (int, float)) for c in costs)
    modifiers = [m for e in body["sharedSelectionEntries"] for m in e.get("modifiers", [])]
    assert modifiers
    assert all(isinstance(m["value"], str) for m in modifiers)
    characteristics = [c for e in body["sharedProfiles"] for c in e.get("characteristics", [])]
    assert characteristics
    assert all(isinstance(c["$text"], str) for c in characteristics)
