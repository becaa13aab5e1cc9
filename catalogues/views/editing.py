"""The staff edit of an entry: change its name, costs or constraint values and publish the
next revision (``catalogues.services.staff_edits``)."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from catalogues import selectors
from catalogues.forms import EntryEditForm
from catalogues.services.staff_edits import EditRefused, editable_entry, publish_entry_edit
from catalogues.views.staff import staff_only


@staff_only
def entry_edit(request: HttpRequest, pk: int) -> HttpResponse:
    entry = selectors.entry_get(pk)
    try:
        editable = editable_entry(entry=entry)
    except EditRefused as error:
        raise Http404(error.message) from None
    form = EntryEditForm(request.POST if request.method == "POST" else None, editable=editable)
    status, refused = 200, None
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                published = publish_entry_edit(
                    entry=entry,
                    changes=form.changes(),
                    note=form.cleaned_data["note"],
                    # staff_only: the user is always signed in here
                    user=cast(User, request.user),
                )
            except EditRefused as error:
                refused = error
                status = 409 if error.code == "edit.stale_revision" else 400
            else:
                messages.success(
                    request,
                    _("Revision %(number)s is published.") % {"number": published.number},
                    extra_tags="edit.published",
                )
                edited = selectors.entry_in_revision(published, entry.bs_id)
                assert edited is not None  # the edit keeps the entry's id
                return redirect("catalogues:entry", pk=edited.pk)
    revision = entry.revision
    context = {
        "entry": entry,
        "revision": revision,
        "catalogue": revision.catalogue,
        "game_system": revision.owner_game_system,
        "form": form,
        "refused": refused,
    }
    return render(request, "catalogues/entry_edit.html", context, status=status)
