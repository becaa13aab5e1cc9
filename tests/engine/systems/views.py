"""Hand-built evaluated views for the hook tests: a hook reads only the roster view, so a test
builds just the selections, forces and figures its rule looks at.

Categories given by id are named after it, the first one primary; pass a ``CategoryView`` where
the name or the primary flag matters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from armybuilder.engine.view import (
    CategoryView,
    CharacteristicView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    SelectionView,
)


def profile(type_id: str, values: Mapping[str, object], name: str = "") -> ProfileView:
    characteristics = [CharacteristicView(k, k, str(v)) for k, v in values.items()]
    return ProfileView(
        id=type_id,
        name=name or type_id,
        type_id=type_id,
        type_name=type_id,
        hidden=False,
        characteristics=characteristics,
    )


def selection(
    entry_id: str,
    *children: SelectionView,
    categories: Iterable[str | CategoryView] = (),
    kind: str = "unit",
    number: int = 1,
    profiles: Sequence[ProfileView] = (),
    costs: Mapping[str, float] | None = None,
    force_id: str = "f1",
) -> SelectionView:
    return SelectionView(
        id=f"s-{entry_id}",
        entry_id=entry_id,
        base_entry_id=entry_id,
        name=entry_id,
        type=kind,
        number=number,
        hidden=False,
        force_id=force_id,
        costs=_costs(costs or {}),
        categories=_categories(categories),
        profiles=list(profiles),
        rules=[],
        children=list(children),
    )


def force(
    selections: Sequence[SelectionView],
    entry_id: str = "force",
    catalogue_id: str = "catalogue",
    force_id: str = "f1",
    categories: Iterable[str | CategoryView] = (),
) -> ForceView:
    return ForceView(
        id=force_id,
        entry_id=entry_id,
        name=entry_id,
        catalogue_id=catalogue_id,
        catalogue_name=catalogue_id,
        hidden=False,
        selections=list(selections),
        categories=_categories(categories),
    )


def roster(
    game_system_id: str,
    forces: Sequence[ForceView],
    costs: Mapping[str, float] | None = None,
    limits: Mapping[str, float | None] | None = None,
    options: Mapping[str, str] | None = None,
) -> RosterView:
    """A roster view; a limit of None means the roster has none of that cost type."""
    return RosterView(
        id="r",
        name="",
        game_system_id=game_system_id,
        game_system_name=game_system_id,
        forces=list(forces),
        costs=_costs(costs or {}),
        cost_limits={k: v for k, v in (limits or {}).items() if v is not None},
        options=dict(options or {}),
    )


def _costs(costs: Mapping[str, float]) -> list[CostView]:
    return [CostView(type_id, type_id, value) for type_id, value in costs.items()]


def _categories(categories: Iterable[str | CategoryView]) -> list[CategoryView]:
    return [
        c if isinstance(c, CategoryView) else CategoryView(entry_id=c, name=c, primary=i == 0)
        for i, c in enumerate(categories)
    ]
