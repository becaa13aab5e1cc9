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

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, TypeVar, cast

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
    renamer = _Renamer(names)
    return _with(
        view,
        game_system_name=name_of(names, view.game_system_id, view.game_system_name),
        forces=[renamer.force(force, None) for force in view.forces],
        costs=renamer.costs(view.costs),
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
    # a reason's ``name`` is its own entry's unless its params say which
    params = localized_params({"entry_id": reason.entry_id, **reason.params}, names)
    if "entry_id" not in reason.params:
        del params["entry_id"]
    if params == reason.params:
        return reason
    return replace(reason, params=params, message=words(reason.code, params))


# Helpers


_Item = TypeVar("_Item")


class _Renamer:
    """Renames one view. The parts views share (categories, profiles, rules and their lists,
    shared by every selection of an entry and between evaluations) are renamed once each and
    returned as they are when the table names nothing in them."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.done: dict[int, Any] = {}  # id of a shared part (alive in the view) -> renamed

    def _shared(self, item: _Item, rename: Callable[[_Item], _Item]) -> _Item:
        found = self.done.get(id(item))
        if found is None:
            found = self.done[id(item)] = rename(item)
        return cast("_Item", found)

    def _list(self, items: list[_Item], rename: Callable[[_Item], _Item]) -> list[_Item]:
        def renamed_list(items: list[_Item]) -> list[_Item]:
            out = [self._shared(item, rename) for item in items]
            return items if all(a is b for a, b in zip(out, items, strict=True)) else out

        return self._shared(items, renamed_list)

    def costs(self, costs: list[CostView]) -> list[CostView]:
        return self._list(costs, self._named_cost)

    def _named_cost(self, cost: CostView) -> CostView:
        return _named(cost, cost.type_id, self.names)

    def _rule(self, rule: RuleView) -> RuleView:
        return _named(rule, rule.id, self.names)

    def _profile(self, profile: ProfileView) -> ProfileView:
        names = self.names
        if profile.id not in names and profile.type_id not in names:
            return profile
        return _with(
            profile,
            name=name_of(names, profile.id, profile.name),
            type_name=name_of(names, profile.type_id, profile.type_name),
        )

    def _category(self, category: CategoryView) -> CategoryView:
        renamed = _named(category, category.entry_id, self.names)
        profiles = self._list(category.profiles, self._profile)
        rules = self._list(category.rules, self._rule)
        if profiles is category.profiles and rules is category.rules:
            return renamed
        return _with(renamed, profiles=profiles, rules=rules)

    def categories(self, categories: list[CategoryView]) -> list[CategoryView]:
        return self._list(categories, self._category)

    def selection(self, selection: SelectionView, parent: SelectionView | None) -> SelectionView:
        names = self.names
        group_name = selection.entry_group_name
        if group_name is not None:
            group_id = (selection.entry_group_id or "").rsplit("::", 1)[-1]
            group_name = name_of(names, group_id, group_name)
        copy = _with(
            selection,
            name=names.get(selection.base_entry_id, names.get(selection.entry_id, selection.name)),
            costs=self.costs(selection.costs),
            categories=self.categories(selection.categories),
            profiles=self._list(selection.profiles, self._profile),
            rules=self._list(selection.rules, self._rule),
            entry_group_name=group_name,
            parent=parent,
            children=[],
        )
        copy.children = [self.selection(child, copy) for child in selection.children]
        return copy

    def force(self, force: ForceView, parent: ForceView | None) -> ForceView:
        names = self.names
        copy = _with(
            force,
            name=name_of(names, force.entry_id, force.name),
            catalogue_name=name_of(names, force.catalogue_id, force.catalogue_name),
            categories=self.categories(force.categories),
            profiles=self._list(force.profiles, self._profile),
            rules=self._list(force.rules, self._rule),
            parent=parent,
            selections=[],
            child_forces=[],
        )
        copy.selections = [self.selection(s, None) for s in force.selections]
        copy.child_forces = [self.force(child, copy) for child in force.child_forces]
        return copy


def _named(item: _Named, element_id: str, names: Names) -> _Named:
    name = names.get(element_id)
    return item if name is None or name == item.name else _with(item, name=name)


def _with(item: _Item, **changes: Any) -> _Item:
    """A copy of a view object with some fields changed: ``dataclasses.replace`` without its
    checks, which cost most of a list's renaming (the views are slotted, without a custom
    ``__init__`` logic to run)."""
    copy = object.__new__(type(item))
    for slot in type(item).__slots__:  # type: ignore[attr-defined]
        object.__setattr__(copy, slot, changes[slot] if slot in changes else getattr(item, slot))
    return copy
