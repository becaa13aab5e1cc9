"""The history page of a list: versions by editing session, a diff of any two, restore."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from lists import history, services
from lists.selectors import owned_list
from lists.services import EditRejected, StaleVersion
from lists.sharing_forms import DiffForm, RestoreForm


@login_required
@require_safe
def history_page(request: HttpRequest, list_id: int) -> HttpResponse:
    """Every kept version, grouped into sessions; with ``?old=&new=``, what changed."""
    army_list = owned_list(user=request.user, list_id=list_id)
    sessions = history.version_sessions(army_list=army_list)
    context: dict[str, Any] = {
        "army_list": army_list,
        "sessions": sessions,
        "marked": history.MARKED_KINDS,
    }
    status = 200
    form = DiffForm(request.GET) if {"old", "new"} <= request.GET.keys() else None
    if form is not None:
        if form.is_valid():
            try:
                context["diff"] = history.diff_versions(
                    army_list=army_list,
                    old_number=form.cleaned_data["old"],
                    new_number=form.cleaned_data["new"],
                )
            except EditRejected as error:
                context["diff_error"] = error
                status = 400
        else:
            context["diff_error"] = EditRejected(
                services.BAD_VERSION, _("Choose two versions to compare.")
            )
            status = 400
    return render(request, "lists/history.html", context, status=status)


@login_required
@require_POST
def restore(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    form = RestoreForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a version to restore."), extra_tags=services.BAD_VERSION)
        return redirect("sharing:history", army_list.pk)
    try:
        state = history.restore_version(
            army_list=army_list,
            version=form.cleaned_data["version"],
            number=form.cleaned_data["number"],
        )
    except StaleVersion as stale:
        messages.error(
            request,
            _("The list changed in another tab or device; look again and retry."),
            extra_tags=stale.code,
        )
    except EditRejected as error:
        messages.error(request, error.detail, extra_tags=error.code)
    else:
        messages.success(
            request,
            _("Version %(number)d restored as version %(new)d.")
            % {"number": form.cleaned_data["number"], "new": state.army_list.version},
        )
    return redirect("sharing:history", army_list.pk)
