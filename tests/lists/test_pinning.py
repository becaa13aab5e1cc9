"""A list keeps the catalogue revisions it was built with when newer ones are imported."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from catalogues.models import Catalogue
from lists import services
from lists.services import ListState
from tests.catalogues.documents import import_documents
from tests.lists.conftest import DWARVEN_HOLDS, KING, force_id

pytestmark = pytest.mark.django_db


def newer_revision_with_dearer_king() -> None:
    """Import the next revision of Dwarven Holds, where a King costs 100 points more."""
    current = Catalogue.objects.get(bs_id=DWARVEN_HOLDS).revisions.first()
    assert current is not None
    document = copy.deepcopy(current.document)
    body = document["catalogue"]
    body["revision"] = current.number + 1
    entries = body.get("sharedSelectionEntries", []) + body.get("selectionEntries", [])
    king = next(e for e in entries if e["id"] == KING)
    for cost in king["costs"]:
        cost["value"] = float(cost["value"]) + 100
    import_documents(document)


def king_points(state: ListState) -> float:
    (king,) = [s for s in state.report.view.all_selections() if s.entry_id == KING]
    return sum(c.value for c in king.costs)


def test_a_list_keeps_its_revisions_after_a_newer_one_is_imported(
    dwarven_list: ListState, player: Any
) -> None:
    state = services.add_selection(
        army_list=dwarven_list.army_list,
        version=1,
        force_id=force_id(dwarven_list),
        entry_id=KING,
    )
    pinned = dict(state.army_list.pinned["catalogues"])
    points = king_points(state)

    newer_revision_with_dearer_king()
    reloaded = services.load_list(army_list=state.army_list)
    edited = services.set_custom(
        army_list=state.army_list, version=2, target_id="roster", name=None, notes="still old"
    )

    assert Catalogue.objects.get(bs_id=DWARVEN_HOLDS).revisions.count() == 2
    for later in (reloaded, edited):
        (revision,) = later.report.closure.catalogue_revisions
        assert revision.pk == pinned[DWARVEN_HOLDS]
        assert king_points(later) == points
    assert edited.army_list.pinned["catalogues"] == pinned

    fresh = services.create_list(
        user=player,
        game_system=state.army_list.game_system,
        catalogue=state.army_list.catalogue,
        name="New one",
        cost_limits={},
        options={},
        force_entry_id="t9a3-dh-force",
    )
    assert fresh.army_list.pinned["catalogues"][DWARVEN_HOLDS] != pinned[DWARVEN_HOLDS]
    fresh = services.add_selection(
        army_list=fresh.army_list, version=1, force_id=force_id(fresh), entry_id=KING
    )
    assert king_points(fresh) == points + 100


def test_the_revisions_a_list_is_pinned_to_are_remembered_until_the_store_changes(
    dwarven_list: ListState, django_assert_num_queries: Any
) -> None:
    pinned = dwarven_list.army_list.pinned
    first = services.closure_of(pinned)
    with django_assert_num_queries(1):  # (the store's generation)
        assert services.closure_of(pinned) is first

    newer_revision_with_dearer_king()
    again = services.closure_of(pinned)

    assert again is not first
    assert [r.pk for r in again.catalogue_revisions] == [r.pk for r in first.catalogue_revisions]
