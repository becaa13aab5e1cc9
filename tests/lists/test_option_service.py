"""``set_option_count``: the one edit behind a checkbox and a stepper."""

from __future__ import annotations

import pytest

from armybuilder.engine.model import selectable
from lists import services
from lists.services import EditRejected, ListState
from tests.lists.conftest import force_id

pytestmark = pytest.mark.django_db


def _unit(state: ListState, entry_name: str) -> ListState:
    force = state.roster.forces[0]
    entry = next(
        n.path_id
        for n in state.roster.compiled.root_entries(force.catalogue_id)
        if n.name == entry_name
    )
    return services.add_selection(
        army_list=state.army_list,
        version=state.army_list.version,
        force_id=force_id(state),
        entry_id=entry,
    )


def _option(state: ListState, selection_id: str, name: str) -> str:
    selection = state.roster.selection(selection_id)
    return next(n.path_id for n in selectable(selection.node.children) if n.name == name)


def _picks(state: ListState, selection_id: str) -> dict[str, int]:
    selection = state.roster.selection(selection_id)
    return {c.node.name: c.amount for c in selection.children}


def _set(state: ListState, selection_id: str, entry_id: str, count: int) -> ListState:
    return services.set_option_count(
        army_list=state.army_list,
        version=state.army_list.version,
        selection_id=selection_id,
        entry_id=entry_id,
        count=count,
    )


def test_a_stepper_sets_the_count_and_zero_removes(dwarven_list: ListState) -> None:
    state = _unit(dwarven_list, "Clan Warriors")
    unit = state.roster.forces[0].selections[-1].id
    models = _option(state, unit, "Models")
    state = _set(state, unit, models, 25)
    assert _picks(state, unit)["Models"] == 25
    state = _set(state, unit, models, 20)
    assert _picks(state, unit)["Models"] == 20
    musician = _option(state, unit, "Musician")
    state = _set(state, unit, musician, 1)
    assert _picks(state, unit)["Musician"] == 1
    state = _set(state, unit, musician, 0)
    assert "Musician" not in _picks(state, unit)


def test_an_option_the_selection_lacks_is_refused_and_nothing_changes(
    dwarven_list: ListState,
) -> None:
    state = _unit(dwarven_list, "Clan Warriors")
    unit = state.roster.forces[0].selections[-1].id
    version = state.army_list.version
    with pytest.raises(EditRejected) as refused:
        _set(state, unit, "no-such-entry", 1)
    assert refused.value.code == services.UNKNOWN_ENTRY
    state.army_list.refresh_from_db()
    assert state.army_list.version == version
