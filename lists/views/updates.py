"""A list's data update: what newer data changes, in words; update (migrate) or keep."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from armybuilder.errors import ApplicationError
from lists import services, updates
from lists.errors import EditRejected, answered
from lists.models import ArmyList, RevalidationJob
from lists.selectors import owned_list
from lists.services import MigrationRefused, StaleVersion

RECENT_JOBS = 20


@login_required
@require_safe
def update_page(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    return _page(request, army_list)


def _page(
    request: HttpRequest, army_list: ArmyList, *, refusal: ApplicationError | None = None
) -> HttpResponse:
    pending = updates.pending_update(army_list=army_list)
    context: dict[str, Any] = {
        "army_list": army_list,
        "notice": updates.notice(pending) if pending else None,
        "refusal": refusal,
    }
    response = render(request, "lists/update.html", context)
    return answered(response, refusal) if refusal else response


@login_required
@require_POST
def migrate(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    try:
        services.migrate_list(
            army_list=army_list,
            version=services.parse_version(request.POST.get("version")),
            confirm_removals=request.POST.get("confirm_removals") == "1",
        )
    except StaleVersion as stale:
        messages.error(
            request,
            _("The list changed in another tab or device; look again and retry."),
            extra_tags=stale.code,
        )
        return redirect("lists:update", army_list.pk)
    except (MigrationRefused, EditRejected) as refusal:
        army_list.refresh_from_db()
        return _page(request, army_list, refusal=refusal)
    messages.success(
        request, _("The list is on the newest data now. Undo goes back to the previous data.")
    )
    return redirect("lists:builder", army_list.pk)


@login_required
@require_POST
def keep(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    services.keep_pinned(army_list=army_list)
    messages.success(
        request,
        _("The list stays on its data. You will be told again when newer data arrives."),
    )
    return redirect("lists:builder", army_list.pk)


@staff_member_required
@require_safe
def revalidations(request: HttpRequest) -> HttpResponse:
    """Staff follow the re-validation jobs: lists done of total (the panel polls itself while
    one is running)."""
    jobs = list(RevalidationJob.objects.all()[:RECENT_JOBS])
    context = {
        "jobs": jobs,
        "running": any(j.status in (j.Status.PENDING, j.Status.RUNNING) for j in jobs),
    }
    template = (
        "lists/_revalidations.html"
        if getattr(request, "htmx", False)
        else "lists/revalidations.html"
    )
    return render(request, template, context)
