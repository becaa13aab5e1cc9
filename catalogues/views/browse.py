"""Browse pages: game systems, catalogues (revisions, entry search), entries, points comparison."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from catalogues import params, selectors
from catalogues.forms import EntrySearchForm
from catalogues.models import GameSystem, Revision
from catalogues.names import names_for, reader_language

ENTRIES_PER_PAGE = 50


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "catalogues/home.html", {"game_systems": selectors.game_system_list()})


def game_system_detail(request: HttpRequest, slug: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=slug)
    revisions = selectors.revision_list(game_system=game_system)
    revision = selectors.revision_pick(revisions, _number(request, "revision"))
    catalogues = selectors.catalogue_list(game_system=game_system)
    context = {
        "game_system": game_system,
        "revision": revision,
        "revisions": revisions,
        "staff_edits": selectors.revision_edits(revisions),
        "catalogues": [c for c in catalogues if not c.library],
        "libraries": [c for c in catalogues if c.library],
        "cost_types": selectors.cost_types(revision),
        "force_entries": selectors.force_entries(revision),
        "sources": selectors.sources(revision),
        "readme": selectors.revision_part(revision, "readme") or "",
        "rules": selectors.game_rules(game_system=game_system),
        **_entry_listing(request, revision),
    }
    return render(request, "catalogues/game_system_detail.html", context)


def game_system_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """Every rule the validator enforces for the game, anchored by code (citations link here)."""
    game_system = get_object_or_404(GameSystem, slug=slug)
    rules = selectors.game_rules(game_system=game_system)
    if rules is None:
        raise Http404
    context = {
        "game_system": game_system,
        "game": rules,
        "rules": selectors.shown_rules(rules, reader_language()),
    }
    return render(request, "catalogues/game_system_rules.html", context)


def catalogue_detail(request: HttpRequest, system_slug: str, slug: str) -> HttpResponse:
    catalogue = selectors.catalogue_get(system_slug, slug)
    revisions = selectors.revision_list(catalogue=catalogue)
    revision = selectors.revision_pick(revisions, _number(request, "revision"))
    context = {
        "catalogue": catalogue,
        "game_system": catalogue.game_system,
        "revision": revision,
        "revisions": revisions,
        "staff_edits": selectors.revision_edits(revisions),
        "latest": revisions.first(),
        "sources": selectors.sources(revision),
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
            catalogue, _number(request, "from"), _number(request, "to")
        ),
        "cost_types": [t for t in _game_system_cost_types(catalogue.game_system) if not t.hidden],
    }
    return render(request, "catalogues/catalogue_compare.html", context)


def entry_detail(request: HttpRequest, pk: int) -> HttpResponse:
    entry = selectors.entry_get(pk)
    revision = entry.revision
    catalogue = revision.catalogue
    game_system = revision.owner_game_system
    sources = selectors.sources(revision)
    game_system_revision = selectors.latest_game_system_revision(game_system)
    context = {
        "names": names_for(
            [revision.pk, *([game_system_revision.pk] if game_system_revision else [])]
        ),
        "entry": entry,
        "revision": revision,
        "catalogue": catalogue,
        "game_system": game_system,
        "cost_types": _game_system_cost_types(game_system),
        "profile_tables": selectors.profile_tables(entry),
        "parent": selectors.entry_in_revision(revision, entry.parent_bs_id)
        if entry.parent_bs_id
        else None,
        "options": selectors.entry_options(entry),
        "other_revisions": selectors.entry_other_revisions(entry),
        "source": next((s for s in sources if s.id == entry.source), None),
        # Staff edit the newest revision only: an edit publishes the one after it.
        "editable": request.user.is_staff and selectors.is_latest_revision(revision),
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
    game_system_revision = selectors.latest_game_system_revision(revision.owner_game_system)
    entries = selectors.entry_search(
        filters, revisions=revisions, category_order=selectors.category_order(game_system_revision)
    )
    shown = [r.pk for r in revisions]
    return {
        "names": names_for([*shown, *([game_system_revision.pk] if game_system_revision else [])]),
        "search_form": form,
        "filters": filters,
        "page": _page(request, entries),
        "entry_cost_types": selectors.cost_types(game_system_revision),
        "query_without_page": _query_without(request, "page"),
    }


def _page(request: HttpRequest, items: Any) -> Page[Any]:
    paginator = Paginator(items, ENTRIES_PER_PAGE)
    return paginator.get_page(_number(request, "page"))


def _number(request: HttpRequest, name: str) -> int | None:
    """A revision or page number from the query string; a page for any other value is not
    there (404), never an error."""
    try:
        return params.parse_int(request.GET.get(name), name=name, minimum=1)
    except params.BadParameter as error:
        raise Http404(_("No such page: %(reason)s") % {"reason": error}) from error


def _query_without(request: HttpRequest, key: str) -> str:
    query = request.GET.copy()
    query.pop(key, None)
    return query.urlencode()
