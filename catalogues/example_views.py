"""The example list pages: a shipped example list, built and validated against stored data."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from catalogues.examples import evaluate_example, example_get
from catalogues.models import GameSystem


def example_list_detail(request: HttpRequest, slug: str, example: str) -> HttpResponse:
    game_system = get_object_or_404(GameSystem, slug=slug)
    evaluated = evaluate_example(example_get(game_system=game_system, slug=example))
    context = {
        "game_system": game_system,
        "example": evaluated.example,
        "report": evaluated.report,
        "error": evaluated.error,
    }
    return render(request, "catalogues/example_list.html", context)
