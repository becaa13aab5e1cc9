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
    # a data source check's progress (``%(reason)s``: why it failed last, when it did)
    "source.waiting": _("Waiting for a worker"),
    "source.reading": _("Reading the source"),
    "source.fetching": _("Fetching what changed"),
    "source.retrying": _("Will try again: %(reason)s"),
    "source.summary": _("%(imported)s imported, %(unchanged)s unchanged, %(refused)s refused."),
    "source.internal": _("The check stopped: an internal error occurred."),
    # why a download was refused or failed (``catalogues.services.downloads``)
    "source.bad_url#too_long": _("The URL is over %(limit)s characters."),
    "source.bad_url#not_a_url": _("This is not a URL."),
    "source.bad_url#no_host": _("The URL names no host, or holds a password."),
    "source.insecure_scheme": _("Only HTTPS URLs are fetched: %(url)s"),
    "source.network#unresolved": _("%(host)s cannot be resolved (%(error)s)"),
    "source.network#unfetched": _("%(url)s could not be fetched (%(error)s)"),
    "source.timeout": _("The download took too long."),
    "source.timeout#unfetched": _("%(url)s could not be fetched (%(error)s)"),
    "source.forbidden_address": _(
        "%(host)s resolves to %(address)s, which is not a public address"
    ),
    "source.http_status": _("The server answered %(status)s for %(url)s"),
    "source.http_status#no_location": _("A redirect named no location."),
    "source.too_many_redirects": _("More than %(limit)s redirects."),
    "source.too_large": _("The download is over %(limit)s bytes."),
    "source.too_large#together": _("The files to import are over %(limit)s bytes together."),
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
