"""Staff editing: an entry's name, costs and constraint values change in a new revision,
published through the import path with who and why; the revision edited stays as it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogues.models import Catalogue, Entry, Revision, RevisionEdit
from catalogues.services.staff_edits import (
    EditRefused,
    EntryChanges,
    editable_entry,
    publish_entry_edit,
)
from tests.catalogues.closure_data import PTS, SWORDS, newest

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> User:
    return User.objects.create_user("editor", password="pw", is_staff=True)


@pytest.fixture
def sword(army: Catalogue) -> Entry:
    return Entry.objects.get(revision=newest(army), bs_id=SWORDS)


def _node(revision: Revision, bs_id: str) -> dict[str, Any]:
    swordsmen = revision.body["selectionEntries"][0]
    node: dict[str, Any] = next(e for e in swordsmen["selectionEntries"] if e["id"] == bs_id)
    return node


def test_an_edit_publishes_the_next_revision_with_who_and_why(
    army: Catalogue, sword: Entry, staff: User
) -> None:
    old = sword.revision
    old_document = Revision.objects.get(pk=old.pk).document

    published = publish_entry_edit(
        entry=sword,
        changes=EntryChanges(name="Longsword", costs={PTS: 7}, constraints={"cls-swords-max": 8}),
        note="Errata 1.1: swords cost 7",
        user=staff,
    )

    assert published.number == old.number + 1
    assert newest(army).pk == published.pk
    node = _node(published, SWORDS)
    assert (node["name"], node["costs"][0]["value"], node["constraints"][0]["value"]) == (
        "Longsword",
        7,
        8,
    )
    indexed = Entry.objects.get(revision=published, bs_id=SWORDS)
    assert (indexed.name, indexed.costs[0]["value"]) == ("Longsword", 7)
    # The revision edited is untouched, document and index alike.
    assert Revision.objects.get(pk=old.pk).document == old_document
    assert Entry.objects.get(pk=sword.pk).name == "Sword"
    edit = RevisionEdit.objects.get(revision=published)
    assert (edit.based_on, edit.edited_by, edit.note) == (old, staff, "Errata 1.1: swords cost 7")
    assert [(c["field"], c["key"], c["old"], c["new"]) for c in edit.changes] == [
        ("name", "", "Sword", "Longsword"),
        ("cost", PTS, 5, 7),
        ("constraint", "cls-swords-max", 10, 8),
    ]


def test_what_an_edit_may_change_is_read_from_the_entry(sword: Entry) -> None:
    editable = editable_entry(entry=sword)

    assert editable.name == "Sword"
    assert [(c.key, c.label, c.value) for c in editable.costs] == [(PTS, "pts", 5)]
    assert [(c.key, c.value) for c in editable.constraints] == [("cls-swords-max", 10)]


@pytest.mark.parametrize(
    ("changes", "note", "code"),
    [
        (EntryChanges(name="Sword"), "no change", "edit.no_change"),
        (EntryChanges(costs={PTS: 6}), "  ", "edit.bad_note"),
        (EntryChanges(name="two\nlines"), "why", "edit.bad_name"),
        (EntryChanges(costs={PTS: float("inf")}), "why", "edit.bad_value"),
        (EntryChanges(costs={PTS: 1e12}), "why", "edit.bad_value"),
        (EntryChanges(constraints={"cls-swords-max": -1}), "why", "edit.bad_value"),
        (EntryChanges(costs={"no-such-type": 3}), "why", "edit.unknown_cost"),
        (EntryChanges(constraints={"nope": 3}), "why", "edit.unknown_constraint"),
    ],
)
def test_a_bad_edit_is_refused_with_its_code_and_publishes_nothing(
    army: Catalogue, sword: Entry, staff: User, changes: EntryChanges, note: str, code: str
) -> None:
    count = Revision.objects.count()

    with pytest.raises(EditRefused) as refused:
        publish_entry_edit(entry=sword, changes=changes, note=note, user=staff)

    assert refused.value.code == code
    assert Revision.objects.count() == count
    assert not RevisionEdit.objects.exists()


def test_an_older_revision_is_not_edited(army: Catalogue, sword: Entry, staff: User) -> None:
    publish_entry_edit(entry=sword, changes=EntryChanges(costs={PTS: 6}), note="one", user=staff)

    with pytest.raises(EditRefused) as refused:
        publish_entry_edit(
            entry=sword, changes=EntryChanges(costs={PTS: 9}), note="two", user=staff
        )

    assert refused.value.code == "edit.stale_revision"
    assert RevisionEdit.objects.count() == 1


# The page


def test_the_edit_page_is_for_staff_only(client: Client, sword: Entry) -> None:
    page = reverse("catalogues:entry_edit", args=[sword.pk])

    assert client.get(page).status_code == 302
    client.force_login(User.objects.create_user("player", password="pw"))
    assert client.get(page).status_code == 404
    assert client.post(page, {"name": "Hacked", "note": "x"}).status_code == 404
    assert not RevisionEdit.objects.exists()


def test_staff_publish_from_the_page_and_the_revisions_list_shows_the_edit(
    client: Client, army: Catalogue, sword: Entry, staff: User
) -> None:
    client.force_login(staff)
    entry_page = client.get(reverse("catalogues:entry", args=[sword.pk])).content.decode()
    edit_url = reverse("catalogues:entry_edit", args=[sword.pk])
    assert edit_url in entry_page
    form = client.get(edit_url)
    assert form.status_code == 200

    response = client.post(
        edit_url,
        {"name": "Sword", "cost_0": "6", "constraint_0": "12", "note": "FAQ 2: more swords"},
    )

    published = newest(army)
    assert response.status_code == 302
    new_entry = Entry.objects.get(revision=published, bs_id=SWORDS)
    assert response["Location"] == reverse("catalogues:entry", args=[new_entry.pk])
    catalogue_page = client.get(
        reverse("catalogues:catalogue", args=[army.game_system.slug, army.slug])
    ).content.decode()
    assert f'data-revision="{published.number}"' in catalogue_page
    assert "FAQ 2: more swords" in catalogue_page
    assert "editor" in catalogue_page
    # The older revision's entry page offers no edit: only the newest is edited.
    old_page = client.get(reverse("catalogues:entry", args=[sword.pk])).content.decode()
    assert edit_url not in old_page


def test_a_stale_edit_from_the_page_is_a_409_with_its_code(
    client: Client, sword: Entry, staff: User
) -> None:
    client.force_login(staff)
    publish_entry_edit(entry=sword, changes=EntryChanges(costs={PTS: 6}), note="one", user=staff)

    response = client.post(
        reverse("catalogues:entry_edit", args=[sword.pk]),
        {"name": "Sword", "cost_0": "8", "constraint_0": "10", "note": "late"},
    )

    assert response.status_code == 409
    assert 'data-code="edit.stale_revision"' in response.content.decode()


def test_a_bad_value_on_the_page_is_a_400_and_changes_nothing(
    client: Client, sword: Entry, staff: User
) -> None:
    client.force_login(staff)
    count = Revision.objects.count()

    response = client.post(
        reverse("catalogues:entry_edit", args=[sword.pk]),
        {"name": "Sword", "cost_0": "1e400", "constraint_0": "-3", "note": "x"},
    )

    assert response.status_code == 400
    assert Revision.objects.count() == count
