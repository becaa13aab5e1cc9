"""Evaluated lists on the pages (example lists, checked roster files): problems, what cannot
be added, and the example lists offered for a game system or catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import reverse

from armybuilder import messages
from armybuilder.engine.report import ERROR, WARNING, Problem
from catalogues.examples import ExampleList, example_lists
from catalogues.models import Catalogue, GameSystem
from catalogues.selectors import game_rules
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
def worded(item: messages.Worded) -> str:
    """A problem's or why-not reason's message in the reader's language."""
    return messages.word(item)


@register.filter
def cited_section(rule: Mapping[str, Any] | None) -> str:
    """The section a problem's or reason's rule cites, titled as in the reader's rulebook."""
    return messages.rule_section(rule)


@register.filter
def severity_word(severity: str) -> str:
    """error, warning or note in the reader's language: one set of words everywhere."""
    return messages.severity(severity)


@register.filter
def severity_badge(problem: Problem) -> str:
    """The badge class showing a problem's severity."""
    return SEVERITY_BADGES.get(problem.severity, "")


@register.simple_tag
def rule_url(game_system: GameSystem, code: str, rule: Mapping[str, Any] | None) -> str:
    """Where a citation (a problem's or a reason's ``rule``, with the code its problem carries)
    opens: that code's entry on the game system's rules page, or "" when nothing is cited or
    the game has no entry for the code."""
    if not rule:
        return ""
    game = game_rules(game_system=game_system)
    if game is None or game.entry(code) is None:
        return ""
    return f"{reverse('catalogues:game_system_rules', args=[game_system.slug])}#{code}"
