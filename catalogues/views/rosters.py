"""Roster file pages: check an uploaded ``.ros``/``.rosz`` against the stored data."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from catalogues.forms import RosterCheckForm
from catalogues.services.rosters import RosterFile, check_roster_file, read_capped, roster_limits
from catalogues.services.validation import ListSpecRejected


def roster_check(request: HttpRequest) -> HttpResponse:
    """The upload form; posted, the roster evaluated like an example list (nothing stored)."""
    context: dict[str, Any] = {"form": RosterCheckForm(), "limit": roster_limits()}
    status = 200
    if request.method == "POST":
        form = RosterCheckForm(request.POST, request.FILES)
        context["form"] = form
        if form.is_valid():
            upload = form.cleaned_data["roster"]
            context["filename"] = upload.name
            try:
                context["report"] = check_roster_file(
                    data=read_capped(upload), filename=upload.name or "", explain=True
                )
            except ListSpecRejected as error:
                context["error"] = error
                status = 400
        else:
            status = 400
    return render(request, "catalogues/roster_check.html", context, status=status)


def roster_download(roster: RosterFile) -> HttpResponse:
    """A roster file as a download (the example pages and the export API)."""
    response = HttpResponse(roster.content, content_type=roster.content_type)
    response["Content-Disposition"] = f'attachment; filename="{roster.filename}"'
    return response
