"""Shared lists on the pages: costs, unit labels and options as the exports write them."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from armybuilder.engine.view import SelectionView
from catalogues.services.validation import CostTotal, ListReport
from lists import exports

register = template.Library()


@register.filter
def costs(pairs: Sequence[tuple[str, float]]) -> str:
    return exports.cost_text(pairs)


@register.filter
def total(value: CostTotal) -> str:
    return exports.total_text(value)


@register.filter
def unit_label(selection: SelectionView) -> str:
    return exports.unit_label(selection)


@register.filter
def unit_costs(selection: SelectionView, totals: Sequence[CostTotal]) -> str:
    return exports.selection_costs(selection, totals)


@register.filter
def options(selection: SelectionView) -> str:
    return exports.options_text(selection)


@register.filter
def og_description(report: ListReport, factions: str) -> str:
    """The link preview's description: game, faction, points and verdict."""
    parts = [report.view.game_system_name, factions, *map(exports.total_text, report.totals)]
    return " · ".join([p for p in parts if p] + [exports.verdict(report)])
