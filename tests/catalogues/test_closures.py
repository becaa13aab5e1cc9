"""Compiled closures from stored revisions: link following, pinning and the cache."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from armybuilder.engine.compile import Compiled
from catalogues import closures
from catalogues.closures import ClosureError, compiled_for, compiled_for_catalogue, resolve_closure
from catalogues.examples import shipped_examples
from catalogues.models import Catalogue, GameSystem, Revision
from catalogues.services.validation import stored_closure
from tests.catalogues import closure_data as data
from tests.catalogues.documents import import_documents
from tests.catalogues.packs import NINTH_AGE, load_pack

pytestmark = pytest.mark.usefixtures("fresh_closure_cache")


def hammer_points(compiled: Compiled) -> float:
    (hammer,) = [
        n for n in compiled.root_entries(data.ARMY_ID) if n.path_id.startswith(data.HAMMER_LINK)
    ]
    return float(hammer.costs[0]["value"])


def test_a_catalogue_closure_follows_its_catalogue_links(army: Catalogue) -> None:
    closure = resolve_closure(game_system=army.game_system, catalogue_revisions=[data.newest(army)])

    assert {r.owner.bs_id for r in closure.catalogue_revisions} == {
        data.ARMY_ID,
        data.LIBRARY_ID,
    }
    assert closure.game_system_revision.number == 1
    compiled = closures.compiled_closure(closure)
    assert set(compiled.catalogues) == {data.ARMY_ID, data.LIBRARY_ID}
    assert hammer_points(compiled) == 30


def test_a_second_call_does_not_recompile(army: Catalogue) -> None:
    first = compiled_for_catalogue(data.newest(army))
    second = compiled_for_catalogue(data.newest(army))

    assert second is first
    assert closures.cache_info() == (1, 1)


@pytest.mark.usefixtures("settled_closures")
def test_a_compiled_closure_is_kept_out_of_the_collectors_passes(army: Catalogue) -> None:
    compiled = compiled_for_catalogue(data.newest(army))

    assert gc.get_freeze_count() > 0
    assert not any(tracked is compiled for tracked in gc.get_objects())


def test_the_collector_lets_an_edits_young_objects_go_by_reference_count() -> None:
    assert gc.get_threshold()[0] == closures.YOUNG_GENERATION_THRESHOLD


@pytest.mark.usefixtures("settled_closures")
def test_a_dropped_closure_is_collected_when_the_next_one_is_compiled(army: Catalogue) -> None:
    compiled = compiled_for_catalogue(data.newest(army))
    assert hammer_points(compiled) == 30  # its entry nodes point back at their parents
    dropped = weakref.ref(compiled)
    del compiled
    closures.cache_clear()

    compiled_for_catalogue(data.newest(army))

    assert dropped() is None


def test_a_newer_revision_of_a_linked_catalogue_makes_a_new_closure(army: Catalogue) -> None:
    revision = data.newest(army)
    before = resolve_closure(game_system=army.game_system, catalogue_revisions=[revision])
    old = closures.compiled_closure(before)

    import_documents(data.library_document(revision=2, hammer_points=45))
    after = resolve_closure(game_system=army.game_system, catalogue_revisions=[revision])

    assert after.key != before.key
    assert data.newest(Catalogue.objects.get(bs_id=data.LIBRARY_ID)).pk in after.key.pks
    new = closures.compiled_closure(after)
    assert new is not old
    assert (hammer_points(old), hammer_points(new)) == (30, 45)


def test_pinned_revisions_are_kept(army: Catalogue) -> None:
    library = Catalogue.objects.get(bs_id=data.LIBRARY_ID)
    old_library = data.newest(library)
    import_documents(data.library_document(revision=2, hammer_points=45))

    closure = resolve_closure(
        game_system=army.game_system, catalogue_revisions=[data.newest(army), old_library]
    )

    assert old_library in closure.catalogue_revisions
    assert hammer_points(closures.compiled_closure(closure)) == 30


def test_the_game_system_revision_the_catalogue_was_written_against_is_used(
    army: Catalogue,
) -> None:
    import_documents(data.game_system_document(revision=2))
    game_system = army.game_system

    written_against = resolve_closure(
        game_system=game_system, catalogue_revisions=[data.newest(army)]
    )
    newest = resolve_closure(game_system=game_system, catalogue_revisions=[])

    assert written_against.game_system_revision.number == 1
    assert newest.game_system_revision.number == 2


def test_revisions_of_another_game_system_are_refused(army: Catalogue) -> None:
    import_documents(
        {"gameSystem": {**data.game_system_document()["gameSystem"], "id": "cls-other"}}
    )
    other = GameSystem.objects.get(bs_id="cls-other")

    with pytest.raises(ClosureError):
        compiled_for(
            game_system_revision=data.newest(other), catalogue_revisions=[data.newest(army)]
        )
    with pytest.raises(ClosureError):
        resolve_closure(game_system=other, catalogue_revisions=[data.newest(army)])


@pytest.mark.django_db
def test_a_resolved_closure_is_remembered_until_a_revision_is_stored_or_deleted(
    fresh_closure_cache: None, django_assert_max_num_queries: Any
) -> None:
    load_pack(NINTH_AGE)
    spec = next(e.spec for e in shipped_examples() if e.game == NINTH_AGE)
    first = stored_closure(spec=spec)

    with django_assert_max_num_queries(1):  # the store's generation
        again = stored_closure(spec=spec)
    assert again is first

    extra = Revision.objects.get(pk=first.catalogue_revisions[0].pk)
    extra.pk, extra.number, extra.sha256 = None, extra.number + 1, "0" * 64
    extra.save()
    newer = stored_closure(spec=spec)
    assert newer is not first
    assert extra.pk in {r.pk for r in newer.catalogue_revisions}

    Revision.objects.filter(pk=extra.pk).delete()
    assert extra.pk not in {r.pk for r in stored_closure(spec=spec).catalogue_revisions}
