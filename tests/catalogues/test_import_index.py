"""The entry index an import builds: provenance, what importing catalogues offer, and jobs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User

from armybuilder.engine.formats import write_xml
from catalogues import selectors
from catalogues.models import Entry, ImportJob, Revision
from catalogues.services.import_jobs import start_import_job
from catalogues.services.imports import import_files
from tests.catalogues.documents import as_file

# These tests count what the store holds, so it starts without the session's packs.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_store")]

PTS = "pts"
GST: dict[str, Any] = {
    "gameSystem": {
        "id": "ix-gs",
        "name": "Index Game",
        "revision": 1,
        "costTypes": [{"id": PTS, "name": "pts", "defaultCostLimit": -1}],
        "categoryEntries": [{"id": "ix-tall", "name": "Tall"}],
    }
}
PACK: dict[str, Any] = {
    "catalogue": {
        "id": "ix-pack",
        "name": "Pack",
        "revision": 1,
        "gameSystemId": "ix-gs",
        "sources": [{"id": "digest", "title": "The digest", "reference": "p. 1"}],
        "selectionEntries": [
            {
                "id": "ix-cited",
                "name": "Cited",
                "type": "unit",
                "source": "digest",
                "costs": [{"name": "pts", "typeId": PTS, "value": 10}],
            },
            {"id": "ix-guessed", "name": "Guessed", "type": "unit", "unverified": True},
            {
                "id": "ix-guessed-cost",
                "name": "Guessed cost",
                "type": "unit",
                "costs": [{"name": "pts", "typeId": PTS, "value": 5, "unverified": True}],
            },
            {
                "id": "ix-guessed-limit",
                "name": "Guessed limit",
                "type": "unit",
                "source": "digest",
                "constraints": [
                    {
                        "id": "ix-sourced-min",
                        "type": "min",
                        "value": 1,
                        "field": "selections",
                        "scope": "parent",
                    },
                    {
                        "id": "ix-guessed-max",
                        "type": "max",
                        "value": 3,
                        "field": "selections",
                        "scope": "roster",
                        "unverified": True,
                        "comment": "Inferred from the community data.",
                        "rule": {"game": "ix", "section": "2.6 Rarity", "line": 9},
                    },
                ],
                "modifiers": [
                    {
                        "type": "increment",
                        "field": "ix-guessed-max",
                        "value": "1",
                        "unverified": True,
                    }
                ],
                "categoryLinks": [
                    {"id": "ix-tall-link", "targetId": "ix-tall", "unverified": True}
                ],
                "profiles": [{"id": "ix-base", "name": "Base", "typeId": "t", "unverified": True}],
            },
        ],
    }
}
LIBRARY: dict[str, Any] = {
    "catalogue": {
        "id": "ix-lib",
        "name": "Library",
        "revision": 1,
        "gameSystemId": "ix-gs",
        "library": True,
        "selectionEntries": [
            {"id": "ix-offered", "name": "Offered", "type": "unit"},
            {"id": "ix-kept", "name": "Kept", "type": "unit", "import": False},
        ],
        "entryLinks": [
            {"id": "ix-l1", "name": "Linked", "targetId": "ix-linked", "type": "selectionEntry"},
            {
                "id": "ix-l2",
                "name": "Linked, kept",
                "targetId": "ix-linked-kept",
                "type": "selectionEntry",
                "import": False,
            },
        ],
        "sharedSelectionEntries": [
            {"id": "ix-linked", "name": "Linked", "type": "unit"},
            {"id": "ix-linked-kept", "name": "Linked, kept", "type": "unit"},
        ],
    }
}
FACTION: dict[str, Any] = {
    "catalogue": {
        "id": "ix-faction",
        "name": "Faction",
        "revision": 1,
        "gameSystemId": "ix-gs",
        "catalogueLinks": [
            {"id": "ix-cl", "name": "Library", "targetId": "ix-lib", "importRootEntries": True}
        ],
        "selectionEntries": [{"id": "ix-own", "name": "Own", "type": "unit"}],
    }
}


def _entry(bs_id: str) -> Entry:
    return Entry.objects.get(bs_id=bs_id)


@pytest.mark.parametrize("form", ["json", "xml"])
def test_provenance_is_in_the_index(form: str) -> None:
    pack = as_file("pack.json", PACK) if form == "json" else ("pack.cat", write_xml(PACK))
    import_files(files=[as_file("gs.json", GST), pack])

    cited, guessed, guessed_cost = (
        _entry(i) for i in ("ix-cited", "ix-guessed", "ix-guessed-cost")
    )
    assert (cited.source, cited.unverified) == ("digest", False)
    assert (guessed.source, guessed.unverified) == ("", True)
    assert guessed_cost.unverified is True
    assert [c["unverified"] for c in guessed_cost.costs] == [True]
    assert [c["unverified"] for c in cited.costs] == [False]
    assert (cited.unverified_values, guessed.unverified_values) == ([], [])


@pytest.mark.parametrize("form", ["json", "xml"])
def test_an_entry_whose_own_limit_or_category_no_source_gives_is_unverified(form: str) -> None:
    pack = as_file("pack.json", PACK) if form == "json" else ("pack.cat", write_xml(PACK))
    import_files(files=[as_file("gs.json", GST), pack])

    entry = _entry("ix-guessed-limit")

    assert (entry.source, entry.unverified) == ("digest", True)
    assert [c["unverified"] for c in entry.costs] == []
    assert entry.unverified_values == [
        {
            "kind": "limit",
            "id": "ix-guessed-max",
            "label": "max 3 selections (2.6 Rarity)",
            "comment": "Inferred from the community data.",
        },
        {"kind": "modifier", "id": "", "label": "increment ix-guessed-max 1", "comment": ""},
        {"kind": "category", "id": "ix-tall-link", "label": "Tall", "comment": ""},
        {"kind": "profile", "id": "ix-base", "label": "Base", "comment": ""},
    ]


def _listed(revision: Revision) -> list[str]:
    entries = selectors.entry_search(
        selectors.EntryFilters(), revisions=selectors.listing_revisions(revision)
    )
    return sorted(e.bs_id for e in entries)


def test_root_entries_not_imported_stay_in_their_own_catalogue() -> None:
    import_files(
        files=[as_file("gs.json", GST), as_file("lib.json", LIBRARY), as_file("f.json", FACTION)]
    )

    assert {e.bs_id: e.importable for e in Entry.objects.filter(root=True)} == {
        "ix-offered": True,
        "ix-kept": False,
        "ix-linked": True,
        "ix-linked-kept": False,
        "ix-own": True,
    }
    library = Revision.objects.get(catalogue__bs_id="ix-lib")
    faction = Revision.objects.get(catalogue__bs_id="ix-faction")
    assert _listed(library) == ["ix-kept", "ix-linked", "ix-linked-kept", "ix-offered"]
    assert _listed(faction) == ["ix-linked", "ix-offered", "ix-own"]


def test_start_import_job_queues_the_files_and_runs_them_on_commit(
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    user = User.objects.create_user("staff", is_staff=True)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = start_import_job(files=[as_file("gs.json", GST)], user=user)

    assert (job.status, job.created_by) == (ImportJob.Status.PENDING, user)
    assert [(f.name, bytes(f.data)) for f in job.files.all()] == [as_file("gs.json", GST)]
    assert len(callbacks) == 1
    callbacks[0]()
    job.refresh_from_db()
    assert job.status == ImportJob.Status.SUCCEEDED
    assert Revision.objects.filter(game_system__bs_id="ix-gs").exists()
    assert not job.files.exists()


def test_each_user_follows_their_own_import_jobs() -> None:
    staff = User.objects.create_user("staff", is_staff=True)
    colleague = User.objects.create_user("colleague", is_staff=True)
    root = User.objects.create_superuser("root")
    own, others = (ImportJob.objects.create(created_by=user) for user in (staff, colleague))

    assert list(ImportJob.objects.for_user(staff)) == [own]
    assert set(ImportJob.objects.for_user(root)) == {own, others}
    assert not ImportJob.objects.for_user(AnonymousUser()).exists()
