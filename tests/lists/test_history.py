"""History services: sessions, diffs between stored versions, restore, and pruning on save."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from lists import history, services, sharing
from lists.diff import ChangeKind
from lists.models import ListVersion, VersionKind
from lists.pruning import prune_versions
from lists.retention import DAILY_DAYS, KEEP_LAST, SESSION_GAP
from lists.services import EditRejected, ListState, StaleVersion
from tests.lists.conftest import KING, WARRIORS, add, force_id

pytestmark = pytest.mark.django_db


def test_a_diff_between_stored_versions_says_what_changed(dwarven_list: ListState) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)

    result = history.diff_versions(army_list=state.army_list, old_number=1, new_number=3)

    kinds = [c.kind for c in result.changes]
    assert kinds.count(ChangeKind.UNIT_ADDED) == 2
    assert ChangeKind.COST_CHANGED in kinds
    added = [c.describe() for c in result.changes if c.kind == ChangeKind.UNIT_ADDED]
    assert any("King" in text for text in added)
    backwards = history.diff_versions(army_list=state.army_list, old_number=3, new_number=1)
    assert [c.kind for c in backwards.changes].count(ChangeKind.UNIT_REMOVED) == 2


def test_a_version_is_evaluated_once_for_many_diffs(
    dwarven_list: ListState, django_assert_num_queries: Any
) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    history.snapshot_cache_clear()
    first = history.diff_versions(army_list=state.army_list, old_number=1, new_number=3)

    # the two versions' rows, without their documents: nothing is loaded or evaluated again
    with django_assert_num_queries(2):
        again = history.diff_versions(army_list=state.army_list, old_number=1, new_number=3)

    assert again.changes == first.changes
    history.snapshot_cache_clear()


def test_a_diff_of_a_version_that_is_not_kept_is_refused(dwarven_list: ListState) -> None:
    with pytest.raises(EditRejected) as refused:
        history.diff_versions(army_list=dwarven_list.army_list, old_number=1, new_number=7)

    assert refused.value.code == history.UNKNOWN_VERSION


def test_restoring_makes_an_old_version_the_newest(dwarven_list: ListState) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    army_list = state.army_list

    restored = history.restore_version(army_list=army_list, version=3, number=2)

    assert restored.army_list.version == 4
    newest = ListVersion.objects.get(army_list=army_list, number=4)
    assert newest.kind == VersionKind.RESTORE
    assert (
        newest.document["roster"]["forces"]
        == (ListVersion.objects.get(army_list=army_list, number=2).document["roster"]["forces"])
    )
    assert ListVersion.objects.filter(army_list=army_list).count() == 4  # nothing lost
    # and undo goes back to what was there before the restore
    undone = services.undo(army_list=restored.army_list, version=4)
    assert len(undone.army_list.document["roster"]["forces"][0]["selections"]) == 2


def test_restoring_on_a_stale_version_changes_nothing(dwarven_list: ListState) -> None:
    state = add(dwarven_list, KING)

    with pytest.raises(StaleVersion):
        history.restore_version(army_list=state.army_list, version=1, number=1)
    assert ListVersion.objects.filter(army_list=state.army_list).count() == 2


def test_versions_are_grouped_into_sessions(dwarven_list: ListState) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    old = timezone.now() - SESSION_GAP * 3
    ListVersion.objects.filter(army_list=state.army_list, number=1).update(created_at=old)

    sessions = history.version_sessions(army_list=state.army_list)

    assert [[v.number for v in s.versions] for s in sessions] == [[3, 2], [1]]


def test_each_save_prunes_what_the_policy_no_longer_keeps(dwarven_list: ListState) -> None:
    army_list = dwarven_list.army_list
    long_ago = timezone.now() - timedelta(days=3)
    # 60 stored versions from three days ago, one edit a second (one editing session)
    ListVersion.objects.bulk_create(
        ListVersion(
            army_list=army_list,
            number=n,
            document=army_list.document,
            pinned=army_list.pinned,
            kind=VersionKind.EDIT,
        )
        for n in range(2, 62)
    )
    for n in range(1, 62):
        ListVersion.objects.filter(army_list=army_list, number=n).update(
            created_at=long_ago + timedelta(seconds=n)
        )
    army_list.version = 61
    army_list.undo_stack = []
    army_list.save()

    state = services.add_selection(
        army_list=army_list, version=61, force_id=force_id(dwarven_list), entry_id=KING
    )

    kept = set(ListVersion.objects.filter(army_list=army_list).values_list("number", flat=True))
    assert {1, 61, 62} <= kept
    assert len(kept) == KEEP_LAST + 1  # the newest 50 and the first
    assert state.army_list.version == 62
    assert prune_versions(army_list=state.army_list) == 0


def test_pruning_a_forked_version_leaves_the_fork_its_document_and_reads_no_documents(
    dwarven_list: ListState, player: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    fork = sharing.fork_list(army_list=state.army_list, user=player, version_number=2)
    army_list = state.army_list
    army_list.undo_stack = []  # (nothing else protects version 2)
    monkeypatch.setattr("lists.retention.KEEP_LAST", 1)  # (rather than 50 more versions)
    later = timezone.now() + timedelta(days=2)  # past the day every version is kept for
    ListVersion.objects.filter(army_list=army_list, number=2).update(
        created_at=timezone.now() - timedelta(days=DAILY_DAYS)
    )
    queries: list[str] = []

    def record(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        assert prune_versions(army_list=army_list, now=later) == 1

    fork.refresh_from_db()
    assert fork.forked_from is None
    assert fork.document == ListVersion.objects.get(army_list=fork).document
    assert not ListVersion.objects.filter(army_list=army_list, number=2).exists()
    # the rows deleted are read for their keys only, not their documents
    reads = [sql for sql in queries if sql.startswith("SELECT")]
    assert reads
    assert not any('."document"' in sql for sql in reads)
