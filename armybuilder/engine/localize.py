"""Game data's names in a reader's language, applied to what the engine has evaluated.

The engine evaluates with the data's own (canonical) names, which rosters, exports and
verification codes keep so files stay interchangeable. A page or an API answer in another
language passes a name table (element id -> name, read from the pack's translations by the
web layer) to these functions, which return copies: the evaluated view and the problems are
shared with caches and never changed in place.

A name is looked up by the id of what carries it: a selection by its entry (the definition,
then the link's path), a force by its force entry, a catalogue or game system by its id, a
category, cost type, profile, profile type or rule by its own. A name the table does not hold
(community data without translations, a player's custom name) stays as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, TypeVar

from armybuilder.engine.explain import Reason
from armybuilder.engine.report import Problem, words
from armybuilder.engine.view import (
    CategoryView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    RuleView,
    SelectionView,
)

Names = Mapping[str, str]

# No table: every name is the data's own.
NO_NAMES: Names = MappingProxyType({})

# A problem's or reason's params that name an element, each beside the param holding its id.
NAMED_PARAMS: tuple[tuple[str, str], ...] = (
    ("name", "entry_id"),
    ("cost_type", "cost_type_id"),
    ("race", "race_id"),
    ("where", "where_id"),
    ("spell", "spell_id"),
)

_Named = TypeVar("_Named", CostView, RuleView, CategoryView)


def name_of(names: Names, element_id: str, default: str) -> str:
    """The element's name in the table's language, else ``default`` (its own)."""
    return names.get(element_id, default)


def localized_view(view: RosterView, names: Names) -> RosterView:
    """A copy of ``view`` whose game data names are the table's (``view`` itself when the
    table is empty: nothing to rename)."""
    if not names:
        return view
    return replace(
        view,
        game_system_name=name_of(names, view.game_system_id, view.game_system_name),
        forces=[_force(force, None, names) for force in view.forces],
        costs=[_named(cost, cost.type_id, names) for cost in view.costs],
    )


def localized_params(params: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """A problem's or reason's params with the names it carries beside their ids renamed."""
    out = dict(params)
    for name_key, id_key in NAMED_PARAMS:
        element_id = out.get(id_key)
        if isinstance(element_id, str) and isinstance(out.get(name_key), str):
            base_id = element_id.rsplit("::", 1)[-1]
            out[name_key] = names.get(base_id, names.get(element_id, out[name_key]))
    return out


def localized_problem(problem: Problem, names: Names) -> Problem:
    """A copy of ``problem`` naming what it concerns in the table's language."""
    if not names or not problem.params:
        return problem
    params = localized_params(problem.params, names)
    if params == problem.params:
        return problem
    return replace(problem, params=params, message=words(problem.code, params))


def localized_reason(reason: Reason, names: Names) -> Reason:
    """A copy of a why-not ``reason`` naming what it concerns in the table's language."""
    if not names or not reason.params:
        return reason
    params = localized_params(reason.params, names)
    if params == reason.params:
        return reason
    return replace(reason, params=params, message=words(reason.code, params))


# Helpers


def _named(item: _Named, element_id: str, names: Names) -> _Named:
    name = names.get(element_id)
    return item if name is None or name == item.name else replace(item, name=name)


def _profile(profile: ProfileView, names: Names) -> ProfileView:
    return replace(
        profile,
        name=name_of(names, profile.id, profile.name),
        type_name=name_of(names, profile.type_id, profile.type_name),
    )


def _category(category: CategoryView, names: Names) -> CategoryView:
    renamed = _named(category, category.entry_id, names)
    if not category.profiles and not category.rules:
        return renamed
    return replace(
        renamed,
        profiles=[_profile(p, names) for p in category.profiles],
        rules=[_named(r, r.id, names) for r in category.rules],
    )


def _selection(
    selection: SelectionView, parent: SelectionView | None, names: Names
) -> SelectionView:
    group_id = (selection.entry_group_id or "").rsplit("::", 1)[-1]
    copy = replace(
        selection,
        name=names.get(selection.base_entry_id, names.get(selection.entry_id, selection.name)),
        costs=[_named(cost, cost.type_id, names) for cost in selection.costs],
        categories=[_category(c, names) for c in selection.categories],
        profiles=[_profile(p, names) for p in selection.profiles],
        rules=[_named(r, r.id, names) for r in selection.rules],
        entry_group_name=(
            None
            if selection.entry_group_name is None
            else name_of(names, group_id, selection.entry_group_name)
        ),
        parent=parent,
        children=[],
    )
    copy.children = [_selection(child, copy, names) for child in selection.children]
    return copy


def _force(force: ForceView, parent: ForceView | None, names: Names) -> ForceView:
    copy = replace(
        force,
        name=name_of(names, force.entry_id, force.name),
        catalogue_name=name_of(names, force.catalogue_id, force.catalogue_name),
        categories=[_category(c, names) for c in force.categories],
        profiles=[_profile(p, names) for p in force.profiles],
        rules=[_named(r, r.id, names) for r in force.rules],
        parent=parent,
        selections=[],
        child_forces=[],
    )
    copy.selections = [_selection(s, None, names) for s in force.selections]
    copy.child_forces = [_force(child, copy, names) for child in force.child_forces]
    return copy
