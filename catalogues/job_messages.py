"""What an import job says, stored as a code and its params and worded when read: a job runs
in a worker with no reader, and staff follow it in their own language.

A job's files' problems carry their code and params the same way; a file the reader refused
(``format.*``, ``source.*``) is worded as every engine refusal is (``armybuilder.messages``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from armybuilder import messages

MESSAGES: dict[str, Promise] = {
    "job.waiting": _("Waiting for a worker"),
    "job.starting": _("Starting"),
    "job.reading": _("Reading %(count)s file(s)"),
    "job.read": _("Read %(count)s document(s)"),
    "job.indexed": _("Indexed %(file)s"),
    "job.stored": _("Stored %(count)s document(s)"),
    "job.failed": _("Nothing was imported."),
    "job.internal": _("Nothing was imported: an internal error occurred."),
    "job.succeeded": _(
        "%(created)s revision(s) imported, %(unchanged)s unchanged, %(unresolved)s unresolved "
        "link(s)."
    ),
    "import.internal": _("internal error"),
    "import.empty": _("no files to import"),
    "import.missing_game_system": _(
        "%(name)s needs game system %(game_system)s: import it first or in the same upload"
    ),
    "import.revision_conflict": _(
        "%(name)s revision %(number)s is already stored (from %(source)s) with different "
        "content; give changed data a new revision number"
    ),
    "import.revision_conflict#twice": _(
        "%(name)s revision %(number)s appears twice with different content (also in %(file)s)"
    ),
}


def worded(code: str, params: Mapping[str, Any], fallback: str = "") -> str:
    """A job's message or a file problem's in the active language (``fallback``: words stored
    with a code this catalogue does not word)."""
    form = params.get("form")  # a code with two sentences names the one it uses
    message = MESSAGES.get(f"{code}#{form}" if form else code)
    if message is None:
        return messages.refused(code, params, fallback=fallback)
    return str(message) % dict(params) if params else str(message)
