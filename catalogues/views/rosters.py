"""Roster file pages: check an uploaded ``.ros``/``.rosz`` against the stored data."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from catalogues import params
from catalogues.forms import RosterCheckForm
from catalogues.services.rosters import RosterFile, check_roster_file, read_capped, roster_limits
from catalogues.services.validation import ListSpecRejected

# The code of a file refused for its size (the reader gives the same).
TOO_LARGE = "format.too_large"


def roster_check(request: HttpRequest) -> HttpResponse:
    """The upload form; posted, the roster evaluated like an example list (nothing stored)."""
    limit = roster_limits()
    context: dict[str, Any] = {"form": RosterCheckForm(), "limit": limit}
    status = 200
    declared_within = params.declared_body_within(
        request.META, limit.max_input_bytes + params.MULTIPART_OVERHEAD_BYTES
    )
    if request.method == "POST" and not declared_within:
        # Refused on its Content-Length, before the body is read or spooled to disk.
        context["error"] = ListSpecRejected(TOO_LARGE, _too_large_message(limit.max_input_bytes))
        return render(request, "catalogues/roster_check.html", context, status=413)
    if request.method == "POST":
        form = RosterCheckForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            upload = form.cleaned_data["roster"]
            context["filename"] = upload.name
            try:
                context["report"] = check_roster_file(
                    data=read_capped(upload), filename=upload.name or "", explain=True
                ).localized()
            except ListSpecRejected as error:
                context["error"] = error
                status = 400
        else:
            status = 400
    return render(request, "catalogues/roster_check.html", context, status=status)


def _too_large_message(limit: int) -> str:
    return _("The file is larger than the %(limit)s bytes a roster file may have.") % {
        "limit": limit
    }


def roster_download(roster: RosterFile) -> HttpResponse:
    """A roster file as a download (the example pages and the export API)."""
    response = HttpResponse(roster.content, content_type=roster.content_type)
    response["Content-Disposition"] = f'attachment; filename="{roster.filename}"'
    return response
