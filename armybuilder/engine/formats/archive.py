"""Zipped BattleScribe files (``.gstz``, ``.catz``, ``.rosz``): a zip holding one XML file."""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePosixPath

from .errors import DEFAULT_LIMITS, FormatError, Limits, refuse_over
from .schema import BUNDLE_EXTENSIONS, XML_EXTENSIONS


def _refuse(message: str) -> FormatError:
    return FormatError("format.zip", message)


def _open(data: bytes, limits: Limits) -> zipfile.ZipFile:
    refuse_over(len(data), limits.max_input_bytes, "the archive")
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise _refuse(f"not a readable zip archive ({error})") from None


def _read_member(
    archive: zipfile.ZipFile, member: zipfile.ZipInfo, budget: int, limits: Limits
) -> bytes:
    """The member's bytes, refusing more than ``budget`` bytes or a bomb-like ratio.

    Declared sizes are checked first, then the member is read with a hard cap, since a
    hostile archive can lie in its headers.
    """
    if member.flag_bits & 0x1:
        raise _refuse(f"{member.filename} is encrypted")
    refuse_over(member.file_size, budget, f"{member.filename} unzipped")
    if member.file_size > limits.max_zip_ratio * max(member.compress_size, 1):
        raise _refuse(f"{member.filename} expands more than {limits.max_zip_ratio} times")
    try:
        with archive.open(member) as stream:
            content = stream.read(budget + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
        raise _refuse(f"{member.filename} cannot be unzipped ({error})") from None
    if len(content) > budget:
        raise FormatError("format.too_large", f"{member.filename} unzips to more than {budget}")
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
            raise _refuse(f"{member.filename} points outside the archive")
    return documents


def unzip_document(data: bytes, *, limits: Limits = DEFAULT_LIMITS) -> tuple[str, bytes]:
    """``(member name, member bytes)`` of the one XML document in a ``.gstz/.catz/.rosz``."""
    with _open(data, limits) as archive:
        count = len(archive.infolist())
        if count > limits.max_zip_members:
            raise _refuse(f"the archive has {count} entries, over {limits.max_zip_members}")
        documents = _documents(archive, XML_EXTENSIONS)
        if len(documents) != 1:
            raise _refuse(f"the archive must hold exactly one XML document, not {len(documents)}")
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
            raise _refuse(f"the archive has {count} entries, over {limits.max_bundle_members}")
        budget = limits.max_document_bytes
        files: list[tuple[str, bytes]] = []
        for member in _documents(archive, extensions):
            content = _read_member(archive, member, budget, limits)
            budget -= len(content)
            files.append((member.filename, content))
    if not files:
        raise _refuse("the archive holds no game system or catalogue")
    return files
