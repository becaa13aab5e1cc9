"""BattleScribe data indexes and release archives read as data sources list them."""

from __future__ import annotations

import io
import zipfile

import pytest

from armybuilder.engine.formats import FormatError
from armybuilder.engine.formats.data_index import (
    IndexEntry,
    document_entry,
    parse_data_index,
    safe_relative_path,
    unzip_source,
)
from armybuilder.engine.formats.errors import DEFAULT_LIMITS

NAMESPACE = 'xmlns="http://www.battlescribe.net/schema/dataIndexSchema"'


def index(*entries: str) -> bytes:
    return (
        f'<?xml version="1.0"?><dataIndex battleScribeVersion="2.02" name="X" {NAMESPACE}>'
        f"<repositoryUrls/><dataIndexEntries>{''.join(entries)}</dataIndexEntries></dataIndex>"
    ).encode()


def entry(path: str = "Game.gst", data_type: str = "gamesystem", revision: str = "4") -> str:
    return (
        f'<dataIndexEntry filePath="{path}" dataType="{data_type}" dataId="id-{path}" '
        f'dataName="Name {path}" dataBattleScribeVersion="2.03" dataRevision="{revision}"/>'
    )


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def test_an_index_lists_its_files_with_kind_id_name_and_revision() -> None:
    entries = parse_data_index(
        index(entry(), entry("Army One.cat", "catalogue", "12")), max_entries=10
    )

    assert entries == [
        IndexEntry("Game.gst", "gameSystem", "id-Game.gst", "Name Game.gst", 4),
        IndexEntry("Army One.cat", "catalogue", "id-Army One.cat", "Name Army One.cat", 12),
    ]


@pytest.mark.parametrize(
    "path",
    ["../secret.gst", "/etc/passwd", "a/../../b.cat", "C:\\data\\x.cat", "https://evil/x.cat", ""],
)
def test_a_file_path_outside_the_index_folder_is_refused(path: str) -> None:
    with pytest.raises(FormatError) as refused:
        safe_relative_path(path)
    assert refused.value.code == "source.unsafe_path"


def test_a_file_path_in_a_subfolder_is_kept() -> None:
    assert safe_relative_path("data\\Army.catz") == "data/Army.catz"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (index(entry(data_type="roster")), "source.bad_index_type"),
        (index(entry(revision="-1")), "source.bad_index_revision"),
        (index(entry(revision="99999999999")), "source.bad_index_revision"),
        (index(), "source.bad_index_empty"),
        (b"<catalogue/>", "source.bad_index_root"),
        (b"<dataIndex", "source.bad_index_malformed"),
        (index(entry("../up.gst")), "source.unsafe_path"),
        (index(entry(), entry("b.cat", "catalogue")), "source.too_many_files"),
        (b'<!DOCTYPE x [<!ENTITY a "b">]><dataIndex>&a;</dataIndex>', "format.dtd"),
    ],
)
def test_a_bad_index_is_refused_with_its_code(data: bytes, code: str) -> None:
    with pytest.raises(FormatError) as refused:
        parse_data_index(data, max_entries=1)
    assert refused.value.code == code


GAME_SYSTEM = b'<gameSystem id="gs-1" name="Game" revision="7" xmlns="http://www.battlescribe.net/schema/gameSystemSchema"><costTypes/></gameSystem>'


def test_a_file_is_listed_from_its_root_element_zipped_or_not() -> None:
    expected = IndexEntry("Game.gst", "gameSystem", "gs-1", "Game", 7)

    assert document_entry("Game.gst", GAME_SYSTEM, limits=DEFAULT_LIMITS) == expected
    zipped_file = zipped({"Game.gst": GAME_SYSTEM})
    assert document_entry("Game.gstz", zipped_file, limits=DEFAULT_LIMITS) == IndexEntry(
        "Game.gstz", "gameSystem", "gs-1", "Game", 7
    )
    with pytest.raises(FormatError) as refused:
        document_entry("r.cat", b"<roster id='x'/>", limits=DEFAULT_LIMITS)
    assert refused.value.code == "format.wrong_root"


def test_a_zip_is_a_data_index_when_it_holds_index_xml_else_a_release_archive() -> None:
    bsi = zipped({"index.xml": index(entry())})
    release = zipped({"repo-1/Game.gst": GAME_SYSTEM, "repo-1/README.md": b"hi"})

    assert unzip_source(bsi, limits=DEFAULT_LIMITS) == (index(entry()), [])
    assert unzip_source(release, limits=DEFAULT_LIMITS) == (
        None,
        [("repo-1/Game.gst", GAME_SYSTEM)],
    )
    with pytest.raises(FormatError) as refused:
        unzip_source(zipped({"README.md": b"hi"}), limits=DEFAULT_LIMITS)
    assert refused.value.code == "format.zip_no_document"
