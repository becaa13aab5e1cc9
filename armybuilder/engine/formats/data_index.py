"""BattleScribe data indexes (``index.xml``, zipped as a ``.bsi``): which files a repository
publishes, at which revision.

A data index is ``<dataIndex>`` holding ``<dataIndexEntries>`` of ``<dataIndexEntry
filePath dataType dataId dataName dataRevision .../>``; BattleScribe's "add data index URL"
reads one and fetches each file beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import NoReturn
from xml.parsers import expat

from armybuilder.engine.refusals import refusal

from .archive import unzip_bundle, unzip_document
from .errors import (
    DTD,
    EMPTY,
    MALFORMED,
    WRONG_ROOT,
    ZIP_NO_DOCUMENT,
    FormatError,
    Limits,
    refuse_over,
)
from .schema import NAMESPACE_PREFIX

# BattleScribe's dataType, by the store's document kind.
DATA_TYPES = {"gamesystem": "gameSystem", "catalogue": "catalogue"}
INDEX_MEMBER = "index.xml"
MAX_INDEX_BYTES = 5 * 1024 * 1024
_MAX_DEPTH = 8
_MAX_TEXT = 1000


@dataclass(frozen=True, slots=True)
class IndexEntry:
    file_path: str
    kind: str  # gameSystem | catalogue
    data_id: str
    name: str
    revision: int


BAD_TYPE = refusal(
    "source.bad_index_type", "The index gives dataType “{value}”: neither gamesystem nor catalogue."
)
BAD_REVISION = refusal(
    "source.bad_index_revision",
    "The index gives dataRevision “{value}”: not a whole number below 2^31.",
)
BAD_ID = refusal(
    "source.bad_index_id", "An entry of the index has no dataId, or one over {limit} characters."
)
LONG_VALUE = refusal(
    "source.bad_index_long_value", "An attribute of “{id}” is over {limit} characters."
)
TOO_DEEP = refusal("source.bad_index_deep", "The index nests elements more than {limit} deep.")
BAD_ROOT = refusal(
    "source.bad_index_root", "The index's root element is <{tag}>, not BattleScribe's <dataIndex>."
)
MALFORMED_INDEX = refusal(
    "source.bad_index_malformed", "The index is not well-formed XML (line {line}, column {column})."
)
NO_FILES = refusal("source.bad_index_empty", "The index lists no files.")
UNSAFE_PATH = refusal("source.unsafe_path", "“{path}” is not a file beside the index.")
TOO_MANY_FILES = refusal("source.too_many_files", "The source lists more than {limit} files.")
_MAX_ID = 100


def _refuse(code: str, **params: object) -> NoReturn:
    raise FormatError(code, params)


def safe_relative_path(path: str) -> str:
    """``path`` as a relative POSIX path inside its folder, or ``source.unsafe_path``.

    A file path names a file beside the index; one that climbs out of it, is absolute or
    names another host is crafted."""
    normal = path.replace("\\", "/")
    parts = PurePosixPath(normal).parts
    if (
        not normal
        or normal.startswith("/")
        or ":" in normal
        or ".." in parts
        or any(ord(c) < 32 for c in normal)
    ):
        raise FormatError(UNSAFE_PATH, {"path": path})
    return normal


def _entry(attrs: dict[str, str]) -> IndexEntry:
    kind = DATA_TYPES.get(attrs.get("dataType", "").lower())
    if kind is None:
        _refuse(BAD_TYPE, value=attrs.get("dataType", ""))
    revision = attrs.get("dataRevision", "")
    if not revision.isascii() or not revision.isdigit() or int(revision) >= 2**31:
        _refuse(BAD_REVISION, value=revision)
    data_id = attrs.get("dataId", "")
    if not data_id or len(data_id) > _MAX_ID:
        _refuse(BAD_ID, limit=_MAX_ID)
    if any(len(value) > _MAX_TEXT for value in attrs.values()):
        _refuse(LONG_VALUE, id=data_id, limit=_MAX_TEXT)
    return IndexEntry(
        file_path=safe_relative_path(attrs.get("filePath", "")),
        kind=kind,
        data_id=data_id,
        name=attrs.get("dataName", "") or data_id,
        revision=int(revision),
    )


def parse_data_index(data: bytes, *, max_entries: int) -> list[IndexEntry]:
    """The entries of a data index, or ``FormatError`` (``source.bad_index``,
    ``source.unsafe_path``, ``source.too_many_files``, ``format.dtd``)."""
    refuse_over(len(data), MAX_INDEX_BYTES)
    entries: list[IndexEntry] = []
    depth = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth > _MAX_DEPTH:
            _refuse(TOO_DEEP, limit=_MAX_DEPTH)
        if depth == 1:
            namespace = attrs.get("xmlns", NAMESPACE_PREFIX)
            if tag != "dataIndex" or not namespace.startswith(NAMESPACE_PREFIX):
                _refuse(BAD_ROOT, tag=tag)
        elif tag == "dataIndexEntry":
            if len(entries) >= max_entries:
                _refuse(TOO_MANY_FILES, limit=max_entries)
            entries.append(_entry(attrs))

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    # No DTD, hence no entity expansion (billion laughs) and no external entities.
    parser.StartDoctypeDeclHandler = lambda *_args: _refuse_dtd()
    parser.EntityDeclHandler = lambda *_args: _refuse_dtd()
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        _refuse(MALFORMED_INDEX, line=error.lineno, column=error.offset + 1)
    if not entries:
        _refuse(NO_FILES)
    return entries


def is_zip(data: bytes) -> bool:
    return data[:4] == b"PK\x03\x04"


def unzip_source(data: bytes, *, limits: Limits) -> tuple[bytes | None, list[tuple[str, bytes]]]:
    """A zipped source: the ``index.xml`` of a data index (``.bsi``), or None and the game
    system and catalogue files of a release archive, by their path in it."""
    members = unzip_bundle(data, limits=limits, extensions=_ARCHIVE_EXTENSIONS | {".xml"})
    for name, content in members:
        if name == INDEX_MEMBER:
            return content, []
    documents = [
        (name, content)
        for name, content in members
        if PurePosixPath(name).suffix.lower() in _ARCHIVE_EXTENSIONS
    ]
    if not documents:
        raise FormatError(ZIP_NO_DOCUMENT)
    return None, documents


# The files a release archive offers (a repository also holds README and tooling files).
_ARCHIVE_EXTENSIONS = frozenset({".gst", ".cat", ".gstz", ".catz"})


# A document's root tag -> the dataType an index gives it.
_DOCUMENT_KINDS = {"gameSystem": "gamesystem", "catalogue": "catalogue"}


class _Head(Exception):
    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs


def document_entry(file_path: str, data: bytes, *, limits: Limits) -> IndexEntry:
    """What a data index would say of a game system or catalogue file (``.gst``, ``.cat`` or
    zipped), read from its root element alone."""
    xml = unzip_document(data, limits=limits)[1] if file_path.lower().endswith("z") else data

    def start(tag: str, attrs: dict[str, str]) -> NoReturn:
        raise _Head(tag, attrs)

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = lambda *_args: _refuse_dtd()
    try:
        parser.Parse(xml, True)
    except _Head as head:
        kind = _DOCUMENT_KINDS.get(head.tag)
        if kind is None:
            raise FormatError(
                WRONG_ROOT, {"found": head.tag, "expected": ", ".join(_DOCUMENT_KINDS)}
            ) from None
        return _entry(
            {
                "filePath": file_path,
                "dataType": kind,
                "dataId": head.attrs.get("id", ""),
                "dataName": head.attrs.get("name", ""),
                "dataRevision": head.attrs.get("revision", "0"),
            }
        )
    except expat.ExpatError as error:
        raise FormatError(MALFORMED, {"line": error.lineno, "column": error.offset + 1}) from None
    raise FormatError(EMPTY)


def _refuse_dtd() -> NoReturn:
    raise FormatError(DTD)
