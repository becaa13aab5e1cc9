"""Two writers on one list at once: exactly one edit wins, none is lost silently (on Postgres,
and on the SQLite file the quick start uses)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from lists import services
from lists.models import ArmyList
from lists.services import ListState, StaleVersion
from tests.lists.conftest import force_id

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ENTRIES = ["t9a3-dh-king", "t9a3-dh-clan-warriors"]


def test_two_writers_on_one_version_one_wins_and_the_other_is_told(
    dwarven_list: ListState,
) -> None:
    list_id, force = dwarven_list.army_list.pk, force_id(dwarven_list)
    # Each writer loads the list before either writes, as two open tabs do.
    tabs = [ArmyList.objects.get(pk=list_id) for _ in ENTRIES]
    start = threading.Barrier(len(ENTRIES))
    outcomes: dict[str, Any] = {}

    def write(tab: ArmyList, entry_id: str) -> None:
        try:
            start.wait(timeout=30)
            outcomes[entry_id] = services.add_selection(
                army_list=tab, version=1, force_id=force, entry_id=entry_id
            )
        except StaleVersion as stale:
            outcomes[entry_id] = stale
        finally:
            connection.close()  # each thread has its own connection

    threads = [
        threading.Thread(target=write, args=(tab, entry))
        for tab, entry in zip(tabs, ENTRIES, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    won = [entry for entry, outcome in outcomes.items() if isinstance(outcome, ListState)]
    told = [outcome for outcome in outcomes.values() if isinstance(outcome, StaleVersion)]
    assert len(won) == 1
    assert len(told) == 1
    assert told[0].current_version == 2
    stored = ArmyList.objects.get(pk=list_id)
    assert stored.version == 2
    assert sorted(stored.versions.values_list("number", flat=True)) == [1, 2]
    assert [s["entryId"] for s in stored.document["roster"]["forces"][0]["selections"]] == won
