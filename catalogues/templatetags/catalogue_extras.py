"""Display helpers for catalogue data: cost values, an entry's costs by cost type, and the costs
a list leaves for the player to enter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.urls import reverse

from armybuilder.engine.systems.common import ENTERED_COST_RULE_SUFFIX
from catalogues.models import Entry, Revision
from catalogues.selectors import ComparedEntry, CostType
from catalogues.services.validation import ListReport

register = template.Library()


@dataclass(frozen=True)
class ShownCost:
    name: str
    value: Any
    unverified: bool


@register.filter
def named(item: Any, names: Mapping[str, str] | None) -> str:
    """A game data element's name in the reader's language: ``names`` is a name table (the
    view's, or ``owner_names`` for game systems and catalogues); an element it does not
    name keeps its own. ``item``: a model with a ``bs_id``, an object or dict with an
    ``id`` (or a ``typeId``)."""
    if isinstance(item, Mapping):
        own = str(item.get("name", ""))
        key = item.get("id") or item.get("typeId")
    else:
        own = str(getattr(item, "name", ""))
        key = getattr(item, "bs_id", None) or getattr(item, "id", None)
    if not names or not isinstance(key, str):
        return own
    return names.get(key, own)


@register.filter
def number(value: Any) -> str:
    """A cost or limit as people write it: ``200`` rather than ``200.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


@register.inclusion_tag("catalogues/_costs_inline.html")
def inline_costs(entry: Entry, types: Sequence[CostType]) -> dict[str, list[ShownCost]]:
    """An entry's non-zero costs on one line, as lists show them."""
    return {"costs": entry_costs(entry, types, skip_zero=True)}


@register.simple_tag
def entry_costs(
    entry: Entry, types: Sequence[CostType], skip_zero: bool = False
) -> list[ShownCost]:
    """An entry's costs in the game system's cost type order, hidden cost types left out."""
    by_type = {str(cost.get("typeId", "")): cost for cost in entry.costs or []}
    names = {cost_type.id: cost_type.name for cost_type in types}
    hidden = {cost_type.id for cost_type in types if cost_type.hidden}
    order = [t.id for t in types if t.id in by_type] + [t for t in by_type if t not in names]
    return [
        ShownCost(
            name=names.get(type_id) or str(by_type[type_id].get("name", "")),
            value=by_type[type_id].get("value"),
            unverified=by_type[type_id].get("unverified") is True,
        )
        for type_id in order
        if type_id not in hidden and not (skip_zero and not by_type[type_id].get("value"))
    ]


@register.simple_tag
def entered_cost_rules(entry: Entry) -> list[dict[str, Any]]:
    """The entry's rules saying that the player enters its cost (no source gives it): shown
    beside its costs, so a missing cost reads as theirs to enter, not as free."""
    return [
        rule
        for rule in entry.rules or []
        if str(rule.get("id", "")).endswith(ENTERED_COST_RULE_SUFFIX)
    ]


@register.simple_tag
def costs_not_entered(report: ListReport) -> int:
    """How many costs of the list the player has still to enter (the games' hooks report each
    as ``<game>.cost.not_entered``): the list's total leaves them out, so its verdict and totals
    must say so."""
    return len(report.costs_not_entered)


@dataclass(frozen=True)
class CostChange:
    old: Any
    new: Any
    delta: float | None


@register.simple_tag
def cost_change(item: ComparedEntry, type_id: str) -> CostChange:
    """One cost type's values before and after, for a row of the points comparison."""
    return CostChange(
        old=item.old_costs.get(type_id), new=item.new_costs.get(type_id), delta=item.delta(type_id)
    )


@register.filter
def revision_url(revision: Revision) -> str:
    """The browse page showing this revision of its game system or catalogue."""
    if revision.catalogue is not None:
        catalogue = revision.catalogue
        path = reverse("catalogues:catalogue", args=[catalogue.game_system.slug, catalogue.slug])
    else:
        assert revision.game_system is not None  # a revision belongs to one or the other
        path = reverse("catalogues:game_system", args=[revision.game_system.slug])
    return f"{path}?revision={revision.number}"
