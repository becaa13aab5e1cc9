"""Evaluated lists on the pages (example lists, checked roster files): problems, what cannot
be added, and the example lists offered for a game system or catalogue."""

from __future__ import annotations

from django import template

from armybuilder.engine.report import ERROR, WARNING, Problem
from catalogues.examples import ExampleList, example_lists
from catalogues.models import Catalogue, GameSystem
from catalogues.services.validation import ListReport, Unavailable

register = template.Library()

# The badge colour of each severity (notes stay plain).
SEVERITY_BADGES = {ERROR: "badge-removed", WARNING: "badge-changed"}


@register.simple_tag
def examples_for(game_system: GameSystem, catalogue: Catalogue | None = None) -> list[ExampleList]:
    """The example lists of a game system, or those using one of its catalogues."""
    return example_lists(game_system=game_system, catalogue=catalogue or None)


@register.filter
def problems_of(report: ListReport, owner_id: str) -> list[Problem]:
    """The problems a force or selection of the report owns."""
    return report.problems_of(owner_id)


@register.filter
def owner_of(report: ListReport, problem: Problem) -> str:
    return report.owner_label(problem)


@register.filter
def unavailable_at(report: ListReport, owner_id: str) -> list[Unavailable]:
    """The entries a force or selection offers that cannot be added now."""
    return report.unavailable_at(owner_id)


@register.filter
def severity_badge(problem: Problem) -> str:
    """The badge class showing a problem's severity."""
    return SEVERITY_BADGES.get(problem.severity, "")
