"""Roster files (``.ros``/``.rosz``): check an uploaded one against the stored catalogues, and
write an evaluated list out as one.

A roster file names its game system and the catalogue of each force by id; it is re-linked
(by entry-id paths, ``armybuilder.engine.document.load_roster``) to the newest stored
revisions unless others are pinned, then evaluated into the same ``ListReport`` a List spec
gives. A selection whose entry the stored data no longer has is reported as
``selection.unknown_entry``, never dropped silently. Nothing is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any

from django.conf import settings
from django.utils.text import slugify

from armybuilder import messages
from armybuilder.engine.caps import REQUEST_STEPS, Budget, CapExceeded
from armybuilder.engine.compile import CompileError
from armybuilder.engine.document import load_roster
from armybuilder.engine.formats import FormatError, Limits, read_document, suffix
from armybuilder.engine.formats.errors import UNSUPPORTED
from armybuilder.engine.roster import RosterError
from armybuilder.engine.rosterfile import ROS, ROSZ, roster_file
from catalogues.closures import compiled_closure
from catalogues.services.validation import (
    NOT_BUILDABLE,
    ListReport,
    ListSpecRejected,
    report_roster,
    stored_closure,
)

ROSTER_SUFFIXES = (ROS, ROSZ)
CONTENT_TYPES = {ROS: "application/xml", ROSZ: "application/zip"}
# Stable code of a roster whose force entry the stored catalogue does not offer.
UNKNOWN_FORCE = "roster_file.unknown_force"
# A real roster nests a few dozen levels; far deeper is an attack on the parser.
MAX_ROSTER_DEPTH = 100


def roster_limits() -> Limits:
    """What one uploaded roster file may weigh, packed and unpacked (from the settings)."""
    return Limits(
        max_input_bytes=settings.ROSTER_MAX_UPLOAD_BYTES,
        max_document_bytes=settings.ROSTER_MAX_UNZIPPED_BYTES,
        max_depth=MAX_ROSTER_DEPTH,
    )


def read_capped(upload: IO[bytes]) -> bytes:
    """An uploaded roster's bytes, at most one over the size limit: enough for the reader to
    refuse it (``format.too_large``) without holding a hostile upload in memory."""
    return bytes(upload.read(roster_limits().max_input_bytes + 1))


def check_roster_file(
    *,
    data: bytes,
    filename: str,
    game_system_revision: int | None = None,
    catalogue_revisions: Mapping[str, int] | None = None,
    explain: bool = False,
) -> ListReport:
    """Read a ``.ros``/``.rosz``, re-link it to the stored revisions and evaluate it.

    Pins work as in ``validate_list_spec``. Raises ``ListSpecRejected`` with a ``format.*``
    code for a file that is not a readable roster (wrong kind, malformed, hostile, too
    large), with a ``list_spec.*`` code for a game system, catalogue or revision the store
    lacks, with ``roster_file.unknown_force`` for a force the catalogue does not offer, and
    with a ``caps.*`` code for a roster over the caps JSON lists have (size, forces, depth,
    numbers, cost limits) or over the work budget. The file's own cost limits are the
    roster's: a cost type it does not limit has no limit.
    """
    document = _read(data, filename)
    closure = stored_closure(
        spec=document["roster"],
        game_system_revision=game_system_revision,
        catalogue_revisions=catalogue_revisions,
    )
    try:
        roster = load_roster(compiled_closure(closure), document, budget=Budget(REQUEST_STEPS))
    except RosterError as error:
        raise ListSpecRejected(UNKNOWN_FORCE, messages.refusal(error)) from error
    except CompileError as error:
        raise ListSpecRejected(NOT_BUILDABLE, messages.refusal(error)) from error
    except CapExceeded as error:
        raise ListSpecRejected(error.code, messages.refusal(error), params=error.params) from error
    return report_roster(closure=closure, roster=roster, explain=explain)


@dataclass(frozen=True)
class RosterFile:
    filename: str
    content_type: str
    content: bytes


def export_roster(*, report: ListReport, extension: str) -> RosterFile:
    """The evaluated list as a ``.ros`` or ``.rosz`` that BattleScribe and New Recruit open."""
    if extension not in ROSTER_SUFFIXES:
        raise ValueError(f"a roster is written as {' or '.join(ROSTER_SUFFIXES)}")
    filename = f"{slugify(report.view.name) or 'roster'}{extension}"
    return RosterFile(filename, CONTENT_TYPES[extension], roster_file(report.view, filename))


def _read(data: bytes, filename: str) -> dict[str, Any]:
    try:
        if suffix(filename) not in ROSTER_SUFFIXES:
            raise FormatError(
                UNSUPPORTED, {"name": filename, "expected": ", ".join(ROSTER_SUFFIXES)}
            )
        # The suffix makes the reader insist on a roster root ("format.wrong_root").
        return read_document(data, filename, limits=roster_limits())
    except FormatError as error:
        raise ListSpecRejected(error.code, messages.refusal(error), params=error.params) from error
