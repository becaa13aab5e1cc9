"""Zipped BattleScribe files (``.gstz``, ``.catz``, ``.rosz``): a zip holding one XML file."""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePosixPath

from .errors import (
    DEFAULT_LIMITS,
    TOO_LARGE_UNZIPPED,
    ZIP,
    ZIP_ENCRYPTED,
    ZIP_MEMBER,
    ZIP_NO_DOCUMENT,
    ZIP_NOT_ONE_DOCUMENT,
    ZIP_OUTSIDE,
    ZIP_RATIO,
    ZIP_TOO_MANY_ENTRIES,
    FormatError,
    Limits,
    refuse_over,
)
from .schema import BUNDLE_EXTENSIONS, XML_EXTENSIONS


def _open(data: bytes, limits: Limits) -> zipfile.ZipFile:
    refuse_over(len(data), limits.max_input_bytes)
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError):
        raise FormatError(ZIP) from None


def _read_member(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, budget: int, limits: Limits
) -> bytes:
    """The member's bytes, refusing more than ``budget`` bytes or a bomb-like ratio.

    Declared sizes are checked first, then the member is read with a hard cap, since a
    hostile archive can lie in its headers.
    """
    name = {"name": member.filename}
    if member.flag_bits & 0x1:
        raise FormatError(ZIP_ENCRYPTED, name)
    if member.file_size > budget:
        raise FormatError(TOO_LARGE_UNZIPPED, {**name, "limit": budget})
    if member.file_size > limits.max_zip_ratio * max(member.compress_size, 1):
        raise FormatError(ZIP_RATIO, {**name, "limit": limits.max_zip_ratio})
    try:
        with archive.open(member) as stream:
            content = stream.read(budget + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        raise FormatError(ZIP_MEMBER, name) from None
    if len(content) > budget:
        raise FormatError(TOO_LARGE_UNZIPPED, {**name, "limit": budget})
    return content


def _documents(archive: zipfile.ZipFile, extensions: frozenset[str]) -> list[zipfile.ZipInfo]:
    documents = [
        m
        for m in archive.infolist()
        if not m.is_dir() and PurePosixPath(m.filename).suffix.lower() in extensions
    ]
    for member in documents:
        # No export names a member outside its archive: such a name is crafted, and the
        # name travels on into import reports and messages, so it is refused here.
        path = PurePosixPath(member.filename.replace("\\", "/"))
        if path.is_absolute() or ".." in path.parts:
            raise FormatError(ZIP_OUTSIDE, {"name": member.filename})
    return documents


def unzip_document(data: bytes, *, limits: Limits = DEFAULT_LIMITS) -> tuple[str, bytes]:
    """``(member name, member bytes)`` of the one XML document in a ``.gstz/.catz/.rosz``."""
    with _open(data, limits) as archive:
        count = len(archive.infolist())
        if count > limits.max_zip_members:
            raise FormatError(
                ZIP_TOO_MANY_ENTRIES, {"count": count, "limit": limits.max_zip_members}
            )
        documents = _documents(archive, XML_EXTENSIONS)
        if len(documents) != 1:
            raise FormatError(ZIP_NOT_ONE_DOCUMENT, {"count": len(documents)})
        return documents[0].filename, _read_member(
            archive, documents[0], limits.max_document_bytes, limits
        )


def unzip_bundle(
    data: bytes,
    *,
    limits: Limits = DEFAULT_LIMITS,
    extensions: frozenset[str] = BUNDLE_EXTENSIONS,
) -> list[tuple[str, bytes]]:
    """Every document (XML, zipped XML or JSON; or only those of ``extensions``) in a
    ``.zip`` of many files.

    The whole bundle may unzip to at most ``limits.max_document_bytes``; other members (a
    README, images) are skipped unread.
    """
    with _open(data, limits) as archive:
        count = len(archive.infolist())
        if count > limits.max_bundle_members:
            raise FormatError(
                ZIP_TOO_MANY_ENTRIES, {"count": count, "limit": limits.max_bundle_members}
            )
        budget = limits.max_document_bytes
        files: list[tuple[str, bytes]] = []
        for member in _documents(archive, extensions):
            content = _read_member(archive, member, budget, limits)
            budget -= len(content)
            files.append((member.filename, content))
    if not files:
        raise FormatError(ZIP_NO_DOCUMENT)
    return files
