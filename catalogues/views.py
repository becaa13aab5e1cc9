"""Browse pages (game systems, catalogues, entries, points comparison) and the staff upload."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from catalogues import selectors, services
from catalogues.forms import EntrySearchForm, UploadForm
from catalogues.models import GameSystem, ImportJob, Revision

ENTRIES_PER_PAGE = 50
FINISHED = frozenset({ImportJob.Status.SUCCEEDED, ImportJob.Status.FAILED})


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "catalogues/home.html", {"game_systems": selectors.game_system_list()})


def game_system_detail(request: HttpRequest, slug: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=slug)
    revisions = selectors.revision_list(game_system=game_system)
    revision = selectors.revision_pick(revisions, request.GET.get("revision"))
    catalogues = selectors.catalogue_list(game_system=game_system)
    context = {
        "game_system": game_system,
        "revision": revision,
        "revisions": revisions,
        "catalogues": [c for c in catalogues if not c.library],
        "libraries": [c for c in catalogues if c.library],
        "cost_types": selectors.cost_types(revision),
        "force_entries": selectors.force_entries(revision),
        "provenance": selectors.provenance(revision),
        "readme": selectors.revision_part(revision, "readme") or "",
        **_entry_listing(request, revision),
    }
    return render(request, "catalogues/game_system_detail.html", context)


def catalogue_detail(request: HttpRequest, system_slug: str, slug: str) -> HttpResponse:
    catalogue = selectors.catalogue_get(system_slug, slug)
    revisions = selectors.revision_list(catalogue=catalogue)
    revision = selectors.revision_pick(revisions, request.GET.get("revision"))
    context = {
        "catalogue": catalogue,
        "game_system": catalogue.game_system,
        "revision": revision,
        "revisions": revisions,
        "latest": revisions.first(),
        "provenance": selectors.provenance(revision),
        "readme": selectors.revision_part(revision, "readme") or "",
        **_entry_listing(request, revision),
    }
    return render(request, "catalogues/catalogue_detail.html", context)


def catalogue_compare(request: HttpRequest, system_slug: str, slug: str) -> HttpResponse:
    catalogue = selectors.catalogue_get(system_slug, slug)
    context = {
        "catalogue": catalogue,
        "game_system": catalogue.game_system,
        "revisions": selectors.revision_list(catalogue=catalogue),
        "comparison": selectors.compare_catalogue(
            catalogue, request.GET.get("from"), request.GET.get("to")
        ),
        "cost_types": [t for t in _game_system_cost_types(catalogue.game_system) if not t.hidden],
    }
    return render(request, "catalogues/catalogue_compare.html", context)


def entry_detail(request: HttpRequest, pk: int) -> HttpResponse:
    entry = selectors.entry_get(pk)
    revision = entry.revision
    catalogue = revision.catalogue
    game_system = catalogue.game_system if catalogue else revision.game_system
    assert game_system is not None  # a revision belongs to a catalogue or a game system
    provenance = selectors.provenance(revision)
    context = {
        "entry": entry,
        "revision": revision,
        "catalogue": catalogue,
        "game_system": game_system,
        "cost_types": _game_system_cost_types(game_system),
        "profile_tables": _profile_tables(entry.profiles),
        "parent": selectors.entry_in_revision(revision, entry.parent_bs_id)
        if entry.parent_bs_id
        else None,
        "options": selectors.entry_options(entry),
        "other_revisions": selectors.entry_other_revisions(entry),
        "provenance": provenance,
        "source": next(
            (s for s in provenance.sources if s.id == provenance.entry_sources.get(entry.bs_id)),
            None,
        ),
    }
    return render(request, "catalogues/entry_detail.html", context)


# Helpers


def _game_system_cost_types(game_system: GameSystem) -> list[selectors.CostType]:
    return selectors.cost_types(selectors.latest_game_system_revision(game_system))


def _entry_listing(request: HttpRequest, revision: Revision) -> dict[str, Any]:
    """Search form, filters and one page of a revision's entries, for the listing partial.

    A catalogue also lists the root entries it imports from its libraries.
    """
    revisions = selectors.listing_revisions(revision)
    categories, types = selectors.entry_filter_options(revisions)
    form = EntrySearchForm(request.GET, categories=categories, types=types)
    filters = form.filters()
    owner = revision.catalogue.game_system if revision.catalogue else revision.game_system
    game_system_revision = selectors.latest_game_system_revision(owner) if owner else None
    entries = selectors.entry_search(
        filters, revisions=revisions, category_order=selectors.category_order(game_system_revision)
    )
    return {
        "search_form": form,
        "filters": filters,
        "page": _page(request, entries),
        "entry_cost_types": selectors.cost_types(game_system_revision),
        "query_without_page": _query_without(request, "page"),
    }


def _page(request: HttpRequest, items: Any) -> Page[Any]:
    paginator = Paginator(items, ENTRIES_PER_PAGE)
    return paginator.get_page(request.GET.get("page"))


def _query_without(request: HttpRequest, key: str) -> str:
    query = request.GET.copy()
    query.pop(key, None)
    return query.urlencode()


def _profile_tables(profiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Profiles grouped by profile type: one table each, a column per characteristic."""
    tables: dict[str, dict[str, Any]] = {}
    for profile in profiles:
        key = str(profile.get("typeId") or profile.get("typeName") or "")
        table = tables.setdefault(
            key, {"type_name": profile.get("typeName") or "Profile", "columns": [], "rows": []}
        )
        values = {}
        for characteristic in profile.get("characteristics") or []:
            name = str(characteristic.get("name", ""))
            if name not in table["columns"]:
                table["columns"].append(name)
            values[name] = characteristic.get("value", "")
        table["rows"].append({"name": profile.get("name", ""), "values": values})
    for table in tables.values():
        table["rows"] = [
            {"name": row["name"], "cells": [row["values"].get(c, "") for c in table["columns"]]}
            for row in table["rows"]
        ]
    return list(tables.values())


# Staff upload


@staff_member_required
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            uploads = form.cleaned_data["uploads"]
            job = services.start_import_job(
                files=[(f.name or "upload", f.read()) for f in uploads],
                user=request.user if request.user.is_authenticated else None,
            )
            return redirect("catalogues:import_job", pk=job.pk)
    else:
        form = UploadForm()
    jobs = selectors.import_job_list()[:10]
    return render(request, "catalogues/upload.html", {"form": form, "jobs": jobs})


@staff_member_required
def import_job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "catalogues/import_job.html", _job_context(pk))


@staff_member_required
def import_job_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's status panel alone: the job page polls it until the job ends."""
    return render(request, "catalogues/_import_job_status.html", _job_context(pk))


def _job_context(pk: int) -> dict[str, Any]:
    job = selectors.import_job_get(pk)
    return {
        "job": job,
        "finished": job.status in FINISHED,
        "imported": selectors.import_job_revisions(job),
    }
