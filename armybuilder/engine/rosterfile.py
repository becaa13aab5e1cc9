"""Roster files: a roster out to ``.ros`` (XML) or ``.rosz`` (zipped XML), and back in.

Writing is ``document.roster_document`` through ``formats.write_xml``; reading is
``formats.read_document`` (which unzips a ``.rosz`` under its size limits) through
``document.load_roster``, which re-links every selection by its entry-id path (BattleScribe's
form, or the form with every link in) and reports a selection the data no longer offers, and
each one under it, as ``selection.unknown_entry``, keeping the costs the file records for
them in the totals.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePosixPath
from typing import Any

from armybuilder.engine.compile import Compiled
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.formats import (
    DEFAULT_LIMITS,
    FormatError,
    Limits,
    read_document,
    suffix,
    write_xml,
)
from armybuilder.engine.formats.errors import UNSUPPORTED, WRONG_ROOT
from armybuilder.engine.roster import Roster
from armybuilder.engine.view import RosterView

ROS = ".ros"
ROSZ = ".rosz"
# A fixed timestamp keeps the zip the same bytes for the same roster.
_ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)


def roster_file(view: RosterView, filename: str) -> bytes:
    """The evaluated roster as the bytes of ``filename``, a ``.ros`` or a ``.rosz``."""
    return document_file(roster_document(view), filename)


def document_file(document: dict[str, Any], filename: str) -> bytes:
    """A roster document (``{"roster": {...}}``) as the bytes of a ``.ros`` or ``.rosz``."""
    xml = write_xml(document)
    ext = suffix(filename)
    if ext == ROS:
        return xml
    if ext == ROSZ:
        return _zipped(xml, _member_name(filename))
    raise FormatError(UNSUPPORTED, {"name": filename, "expected": f"{ROS}, {ROSZ}"})


def read_roster(
    compiled: Compiled, data: bytes, filename: str, *, limits: Limits = DEFAULT_LIMITS
) -> Roster:
    """The roster in a ``.ros``, ``.rosz`` or roster ``.json`` file, re-linked to ``compiled``.

    Raises ``FormatError`` for a file that is not a readable roster document, and
    ``RosterError`` for a force whose entry or catalogue ``compiled`` does not hold.
    """
    document = read_document(data, filename, limits=limits)
    if "roster" not in document:
        (kind,) = document
        raise FormatError(WRONG_ROOT, {"found": kind, "expected": "roster"})
    return load_roster(compiled, document)


def _member_name(filename: str) -> str:
    """The ``.ros`` inside a ``.rosz``: the archive's own name, as BattleScribe stores it."""
    name = PurePosixPath(filename.replace("\\", "/")).name
    return str(PurePosixPath(name).with_suffix(ROS))


def _zipped(content: bytes, member: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        info = zipfile.ZipInfo(member, date_time=_ZIP_TIMESTAMP)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, content)
    return buffer.getvalue()
