"""Values no source gives on an entry's own limits, modifiers, categories or profiles (e.g. a
Dwarven Holds rarity tier inferred from the community data): the pages mark the entry and its
page says which value and why; rows of revisions stored before the index held them are filled
by the migration, since an identical re-import changes nothing."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from catalogues.models import Catalogue, Entry
from tests.catalogues.packs import NINTH_AGE, load_pack
from tests.engine.packs import pack_documents

pytestmark = pytest.mark.django_db

DWARVEN_HOLDS = "t9a3-dh"
HIGHBORN_ELVES = "t9a3-he"
# Limits only the community catalogue gives: the rules text leaves them to the Army Books.
COMMUNITY_ONLY_LIMITS = {
    HIGHBORN_ELVES: {
        "t9a3-he-high-prince-items",
        "t9a3-he-commander-items",
        "t9a3-he-mage-items",
        "t9a3-he-phoenix-element",
    },
    DWARVEN_HOLDS: {"t9a3-dh-steam-copter-weapons", "t9a3-dh-field-artillery-weapon"},
}
OWN_VALUES = ("constraints", "modifiers", "categoryLinks", "profiles")


def _marked_in_data(node: dict[str, Any]) -> set[str]:
    """Ids of the entries (at any depth) with a value of their own marked unverified."""
    found: set[str] = set()
    for container in ("selectionEntries", "sharedSelectionEntries", "selectionEntryGroups"):
        for child in node.get(container) or []:
            if any(v.get("unverified") for c in OWN_VALUES for v in child.get(c) or []):
                found.add(child["id"])
            found |= _marked_in_data(child)
    return found


def _catalogue_body(catalogue_id: str) -> dict[str, Any]:
    _, catalogues = pack_documents(NINTH_AGE)
    (body,) = [c["catalogue"] for c in catalogues if c["catalogue"]["id"] == catalogue_id]
    found: dict[str, Any] = body
    return found


def _marked_in_index(catalogue_id: str) -> set[str]:
    entries = Entry.objects.filter(revision__catalogue__bs_id=catalogue_id)
    return {e.bs_id for e in entries if e.unverified and e.unverified_values}


def test_every_entry_with_an_unverified_value_of_its_own_is_marked() -> None:
    load_pack(NINTH_AGE)
    _, catalogues = pack_documents(NINTH_AGE)

    for document in catalogues:
        body = document["catalogue"]
        assert _marked_in_index(body["id"]) == _marked_in_data(body), body["id"]
    # The Dwarven Holds rarity limits whose tier no source here gives, nested ones included.
    assert _marked_in_index(DWARVEN_HOLDS)
    for catalogue_id, entry_ids in COMMUNITY_ONLY_LIMITS.items():
        assert entry_ids <= _marked_in_index(catalogue_id), catalogue_id


def _first_with_unverified_limit() -> tuple[str, dict[str, Any]]:
    """A Dwarven Holds root entry whose own limit no source gives, and that limit."""
    return next(
        (entry["id"], constraint)
        for entry in _catalogue_body(DWARVEN_HOLDS)["selectionEntries"]
        for constraint in entry.get("constraints") or []
        if constraint.get("unverified")
    )


def test_the_entry_page_says_which_limit_no_source_gives_and_why(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    catalogue = Catalogue.objects.get(game_system=game_system, bs_id=DWARVEN_HOLDS)
    entry_id, rarity = _first_with_unverified_limit()
    entry = Entry.objects.get(revision__catalogue=catalogue, bs_id=entry_id)
    # Neither the entry as a whole nor a cost of it is what the data marks.
    assert not any(c["unverified"] for c in entry.costs)

    detail = client.get(reverse("catalogues:entry", args=[entry.pk])).content.decode()
    listing = client.get(reverse("catalogues:catalogue", args=[game_system.slug, catalogue.slug]))

    assert "badge-unverified" in detail.split("</h1>")[0]
    card = detail.split('id="unverified-values"')[1].split("</section>")[0]
    assert f"{rarity['type']} {rarity['value']} {rarity['field']}" in card
    assert escape(rarity["rule"]["section"]) in card
    assert escape(rarity["comment"]) in card
    assert listing.status_code == 200
    assert entry_id in {e.bs_id for e in listing.context["page"] if e.unverified}


def test_an_entry_with_no_such_value_has_no_unverified_card(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    verified = next(
        e
        for e in Entry.objects.filter(revision__catalogue__game_system=game_system)
        if not e.unverified
    )

    detail = client.get(reverse("catalogues:entry", args=[verified.pk])).content.decode()

    assert 'id="unverified-values"' not in detail
    assert "badge-unverified" not in detail


def test_the_migration_fills_the_rows_of_revisions_stored_before_it() -> None:
    load_pack(NINTH_AGE)
    Entry.objects.update(unverified=False, unverified_values=[])
    migration = importlib.import_module("catalogues.migrations.0004_entry_unverified_values")

    migration.fill(apps, None)

    assert _marked_in_index(DWARVEN_HOLDS) == _marked_in_data(_catalogue_body(DWARVEN_HOLDS))
    # Loading the pack again is still a no-op: the stored revisions are recognised.
    before = Entry.objects.count()
    load_pack(NINTH_AGE)
    assert Entry.objects.count() == before


def test_the_provenance_migration_fills_the_rows_as_the_import_does() -> None:
    load_pack(NINTH_AGE)
    fields = ("bs_id", "revision_id", "unverified", "source", "importable")
    # the provenance migration predates own unverified values, which set ``unverified`` too
    imported = set(Entry.objects.filter(unverified_values=[]).values_list(*fields))
    assert any(row[3] for row in imported), "no sourced row to refill"
    Entry.objects.update(unverified=False, source="", importable=True)
    migration = importlib.import_module("catalogues.migrations.0003_entry_provenance_importable")

    migration.fill(apps, None)

    assert set(Entry.objects.filter(unverified_values=[]).values_list(*fields)) == imported
