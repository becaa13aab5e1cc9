"""The example list pages: a shipped example list, built and validated against stored data."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from catalogues.examples import evaluate_example, example_get
from catalogues.models import GameSystem
from catalogues.services.rosters import export_roster
from catalogues.views.rosters import roster_download


def example_list_detail(request: HttpRequest, slug: str, example: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=slug)
    evaluated = evaluate_example(example_get(game_system=game_system, slug=example), explain=True)
    context = {
        "game_system": game_system,
        "example": evaluated.example,
        "report": evaluated.report.localized() if evaluated.report is not None else None,
        "error": evaluated.error,
    }
    return render(request, "catalogues/example_list.html", context)


def example_list_download(
    request: HttpRequest, slug: str, example: str, extension: str
) -> HttpResponse:
    """The example list as a ``.ros`` or ``.rosz`` file BattleScribe and New Recruit open."""
    game_system = get_object_or_404(GameSystem, slug=slug)
    evaluated = evaluate_example(example_get(game_system=game_system, slug=example))
    if evaluated.report is None:
        raise Http404(_("This example cannot be built from the stored data."))
    return roster_download(export_roster(report=evaluated.report, extension=f".{extension}"))
