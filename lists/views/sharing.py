"""Pages for sharing lists: the shared page, its exports and print view, share settings,
forks, the gallery, the verify page and importing a roster file. Thin: each calls one
service from ``lists.sharing``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from armybuilder.engine.formats import FormatError
from armybuilder.messages import refusal as worded_refusal
from catalogues.examples import example_get
from catalogues.models import GameSystem
from catalogues.services.rosters import read_capped, roster_limits
from catalogues.services.validation import ListSpecRejected
from lists import services, sharing
from lists.errors import answered
from lists.exports import ExportFormat, faction_names, force_sections, revision_labels, verify
from lists.gallery import GalleryFilter
from lists.models import ArmyList, Visibility
from lists.selectors import owned_list
from lists.services import EditRejected, StaleVersion
from lists.sharing_forms import ForkForm, ImportForm, VerifyForm, VisibilityForm

GALLERY_PAGE_SIZE = 20


def share_url(request: HttpRequest, army_list: ArmyList) -> str:
    return request.build_absolute_uri(reverse("sharing:shared", args=[army_list.share_token]))


@require_safe
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page behind a share link, evaluated on the server as it is served."""
    army_list = sharing.shared_list(token=token, user=request.user)
    return _shared_page(request, army_list, "lists/shared.html")


@require_safe
def shared_print(request: HttpRequest, token: str) -> HttpResponse:
    army_list = sharing.shared_list(token=token, user=request.user)
    return _shared_page(request, army_list, "lists/print.html")


def _shared_page(
    request: HttpRequest,
    army_list: ArmyList,
    template: str,
    *,
    fork_error: EditRejected | None = None,
    status: int = 200,
) -> HttpResponse:
    view = sharing.evaluate_shared(army_list=army_list)
    report = view.state.report.localized()
    is_owner = army_list.owner_id == request.user.pk
    context: dict[str, Any] = {
        "army_list": army_list,
        "report": report,
        "checked_at": view.checked_at,
        "forces": [
            (force, force_sections(force, report.totals)) for force in report.view.all_forces()
        ],
        "factions": ", ".join(faction_names(report)),
        "revisions": revision_labels(report),
        "share_url": share_url(request, army_list),
        "is_owner": is_owner,
        "indexable": army_list.visibility == Visibility.PUBLIC,
        "formats": list(ExportFormat),
        "visibility_form": VisibilityForm(initial={"visibility": army_list.visibility})
        if is_owner
        else None,
        # Only signed-in visitors can fork, so only they are shown which versions are kept.
        "fork_versions": sharing.fork_choices(army_list=army_list)
        if request.user.is_authenticated
        else None,
        "fork_error": fork_error,
    }
    response = render(request, template, context, status=status)
    if not context["indexable"]:
        response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def shared_export(request: HttpRequest, token: str, fmt: str) -> HttpResponse:
    army_list = sharing.shared_list(token=token, user=request.user)
    return export_response(request, army_list, fmt)


@require_safe
def list_export(request: HttpRequest, list_id: str, fmt: str) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=int(list_id))
    return export_response(request, army_list, fmt)


def export_response(request: HttpRequest, army_list: ArmyList, fmt: str) -> HttpResponse:
    """The list in ``fmt`` as a download (the pages and the API answer the same file)."""
    exported = sharing.export_list(
        army_list=army_list,
        fmt=ExportFormat(fmt),
        share_url=share_url(request, army_list),
        verify_url=request.build_absolute_uri(reverse("sharing:verify")),
    )
    response = HttpResponse(exported.content, content_type=exported.content_type)
    response["Content-Disposition"] = f'attachment; filename="{exported.filename}"'
    if army_list.visibility != Visibility.PUBLIC:
        response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_POST
def shared_fork(request: HttpRequest, token: str) -> HttpResponse:
    """Fork the kept version chosen on the shared page (the current one is preselected)
    into a private list; a version the list does not keep is refused with the page again."""
    army_list = sharing.shared_list(token=token, user=request.user)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("sharing:shared", args=[token]))
    form = ForkForm(request.POST)
    if not form.is_valid():
        return _refused_fork(
            request, army_list, EditRejected(services.BAD_VERSION, _("Choose a version to fork."))
        )
    try:
        fork = sharing.fork_list(
            army_list=army_list, user=request.user, version_number=form.cleaned_data["version"]
        )
    except EditRejected as error:
        return answered(_refused_fork(request, army_list, error), error)
    messages.success(request, _("Forked into your lists as “%(name)s”.") % {"name": fork.name})
    return redirect("lists:builder", fork.pk)


@require_POST
def copy_example(request: HttpRequest, slug: str, example: str) -> HttpResponse:
    """Copy a shipped example list into my lists, and open it in the builder."""
    game_system = get_object_or_404(GameSystem, slug=slug)
    found = example_get(game_system=game_system, slug=example)
    page = reverse("catalogues:example_list", args=[slug, example])
    if not request.user.is_authenticated:
        return redirect_to_login(page)
    try:
        army_list = sharing.copy_example(user=request.user, example=found)
    except (ListSpecRejected, EditRejected) as error:
        messages.error(request, error.detail, extra_tags=error.code)
        return redirect(page)
    messages.success(request, _("Copied into your lists as “%(name)s”.") % {"name": army_list.name})
    return redirect("lists:builder", army_list.pk)


def _refused_fork(request: HttpRequest, army_list: ArmyList, error: EditRejected) -> HttpResponse:
    return _shared_page(request, army_list, "lists/shared.html", fork_error=error, status=400)


@login_required
@require_POST
def list_fork(request: HttpRequest, list_id: int) -> HttpResponse:
    """Fork one of my own lists at a chosen version."""
    army_list = owned_list(user=request.user, list_id=list_id)
    form = ForkForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a version to fork."), extra_tags=services.BAD_VERSION)
        return redirect("sharing:history", army_list.pk)
    try:
        fork = sharing.fork_list(
            army_list=army_list, user=request.user, version_number=form.cleaned_data["version"]
        )
    except EditRejected as error:
        messages.error(request, error.detail, extra_tags=error.code)
        return redirect("sharing:history", army_list.pk)
    messages.success(request, _("Forked into your lists as “%(name)s”.") % {"name": fork.name})
    return redirect("lists:builder", fork.pk)


@login_required
@require_POST
def set_visibility(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    form = VisibilityForm(request.POST)
    if form.is_valid():
        try:
            sharing.set_visibility(army_list=army_list, visibility=form.cleaned_data["visibility"])
        except StaleVersion as stale:
            messages.error(request, stale.detail, extra_tags=stale.code)
        else:
            messages.success(request, _("Visibility changed."))
    else:
        messages.error(
            request, _("Choose private, unlisted or public."), extra_tags=services.BAD_VALUE
        )
    return redirect("sharing:shared", army_list.share_token)


@login_required
@require_POST
def rotate_link(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    try:
        sharing.rotate_share_token(army_list=army_list)
    except StaleVersion as stale:
        messages.error(request, stale.detail, extra_tags=stale.code)
    else:
        messages.success(request, _("The list has a new share link; the old one no longer works."))
    return redirect("sharing:shared", army_list.share_token)


@require_safe
def gallery(request: HttpRequest) -> HttpResponse:
    """Public lists, filtered by game, faction, points and legality, most recent first."""
    filtered = GalleryFilter(request.GET, queryset=sharing.public_lists())
    page = Paginator(filtered.qs, GALLERY_PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "lists/gallery.html",
        {"filter": filtered, "page": page, "query": query.urlencode()},
        status=200 if filtered.is_valid() else 400,
    )


def verify_page(request: HttpRequest) -> HttpResponse:
    """Paste a text export (or upload any export) and learn whether the server wrote it."""
    form = VerifyForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data, filename = form.payload()
            try:
                context["result"] = verify(data, filename)
            except FormatError as error:
                context["error"] = worded_refusal(error)
                status = 400
        else:
            status = 400
    return render(request, "lists/verify.html", context, status=status)


@login_required
def import_page(request: HttpRequest) -> HttpResponse:
    """Upload a ``.ros``/``.rosz``: it becomes a new private list (nothing stored if refused)."""
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"form": form, "limit": roster_limits()}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["roster"]
            try:
                result = sharing.import_list(
                    user=request.user, data=read_capped(upload), filename=upload.name or ""
                )
            except (ListSpecRejected, EditRejected) as error:
                context["error"] = error
                return answered(render(request, "lists/import.html", context, status=400), error)
            else:
                context["result"] = result
        else:
            status = 400
    return render(request, "lists/import.html", context, status=status)
