"""Browse pages: game systems, catalogues (revisions, search, pagination), entries, compare."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from catalogues.models import Catalogue, Entry
from tests.catalogues import browse_data as data
from tests.catalogues.documents import import_documents

pytestmark = pytest.mark.django_db


def catalogue_url(catalogue: Catalogue, name: str = "catalogues:catalogue") -> str:
    return reverse(name, args=[catalogue.game_system.slug, catalogue.slug])


def entry_url(bs_id: str, revision: int = 1) -> str:
    return reverse("catalogues:entry", args=[data.entry(bs_id, revision).pk])


@pytest.fixture
def orcs() -> Catalogue:
    return data.import_test_battles(revisions=2)


@pytest.mark.usefixtures("empty_store")
def test_home_lists_game_systems(client: Client, orcs: Catalogue) -> None:
    response = client.get(reverse("catalogues:home"))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Test Battles" in html
    assert 'id="no-game-systems"' not in html
    assert response.context["game_systems"][0].catalogue_count == 1


@pytest.mark.usefixtures("empty_store")
def test_home_without_data_says_so(client: Client) -> None:
    response = client.get(reverse("catalogues:home"))

    assert response.status_code == 200
    assert list(response.context["game_systems"]) == []
    assert 'id="no-game-systems"' in response.content.decode()


def test_game_system_page_shows_catalogues_cost_types_forces_and_sources(
    client: Client, orcs: Catalogue
) -> None:
    response = client.get(reverse("catalogues:game_system", args=[orcs.game_system.slug]))

    assert response.status_code == 200
    assert [c.name for c in response.context["catalogues"]] == ["Test Orcs"]
    cost_types = response.context["cost_types"]
    assert [(t.name, t.hidden, t.default_limit) for t in cost_types] == [
        ("pts", False, 1000),
        ("CP", True, None),
    ]
    (battalion,) = response.context["force_entries"]
    assert [(s.name, s.minimum, s.maximum) for s in battalion.slots] == [
        ("Troops", 2, 6),
        ("HQ", 1, 2),
    ]
    assert [s.title for s in response.context["sources"]] == ["Test Battles digest"]
    html = response.content.decode()
    assert "Battalion" in html
    assert "Test Battles digest" in html


def test_catalogue_page_groups_latest_entries_by_primary_category_in_force_order(
    client: Client, orcs: Catalogue
) -> None:
    response = client.get(catalogue_url(orcs))

    assert response.status_code == 200
    assert response.context["revision"].number == 2
    listed = [(e.primary_category, e.name) for e in response.context["page"]]
    # Root entries and root links' targets; hidden and nested entries are not listed.
    assert listed == [("Troops", "Grots"), ("HQ", "Battle Wagon"), ("HQ", "Warboss")]
    html = response.content.decode()
    assert "95 pts" in html
    assert "Orcs for testing." in html  # the readme
    assert "Test Battles digest" in html  # the pack's sources


def test_catalogue_page_keeps_older_revisions(client: Client, orcs: Catalogue) -> None:
    response = client.get(catalogue_url(orcs), {"revision": 1})

    assert response.status_code == 200
    assert response.context["revision"].number == 1
    assert [r.number for r in response.context["revisions"]] == [2, 1]
    assert "Boyz" in [e.name for e in response.context["page"]]
    assert "80 pts" in response.content.decode()


def test_unverified_costs_carry_a_badge(client: Client, orcs: Catalogue) -> None:
    listing = client.get(catalogue_url(orcs), {"revision": 1})
    detail = client.get(entry_url("tst-boyz"))
    verified = client.get(entry_url("tst-warboss"))

    latest = client.get(catalogue_url(orcs))

    assert [e.bs_id for e in listing.context["page"] if e.unverified] == ["tst-boyz"]
    # An entry marked unverified as a whole, not only one of its costs.
    assert [e.bs_id for e in latest.context["page"] if e.unverified] == ["tst-grots"]
    assert [c for e in latest.context["page"] for c in e.costs if c["unverified"]] == []
    for page in (listing, latest):
        assert page.content.decode().count('class="badge badge-unverified" title=') == 1
    assert "badge-unverified" in detail.content.decode().split('id="costs-heading"')[1]
    assert 'class="badge badge-unverified"' not in verified.content.decode()


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ({"q": "boss"}, ["Warboss"]),
        ({"q": "WAGON"}, ["Battle Wagon"]),
        ({"category": data.TROOPS}, ["Grots"]),
        ({"type": "unit", "q": "grot"}, ["Grots"]),
        ({"type": "upgrade"}, []),
        ({"type": "upgrade", "shared": "on"}, ["Big Choppa", "Kustom Job", "Shoota"]),
        ({"type": "group", "shared": "on"}, ["Weapons"]),
        ({"q": "secret", "shared": "on"}, []),  # hidden entries are never listed
    ],
)
def test_catalogue_search(
    client: Client, orcs: Catalogue, query: dict[str, str], names: list[str]
) -> None:
    response = client.get(catalogue_url(orcs), query)

    assert response.status_code == 200
    assert sorted(e.name for e in response.context["page"]) == names


def test_search_with_an_unknown_category_shows_the_error(client: Client, orcs: Catalogue) -> None:
    response = client.get(catalogue_url(orcs), {"category": "no-such-category"})

    assert response.status_code == 200
    errors = response.context["search_form"].errors.as_data()
    assert {field: [e.code for e in found] for field, found in errors.items()} == {
        "category": ["invalid_choice"]
    }
    shown = re.search(r'id="search-errors">(.*?)</div>', response.content.decode(), re.S)
    assert shown is not None
    assert re.findall(r'<p data-field="(\w+)" data-code="([\w.]+)">', shown.group(1)) == [
        ("category", "invalid_choice")
    ]


def test_catalogue_entries_are_paginated(client: Client) -> None:
    import_documents(
        data.game_system_document(),
        data.horde_document(60),
    )
    horde = Catalogue.objects.get(bs_id="tst-horde")

    first = client.get(catalogue_url(horde))
    second = client.get(catalogue_url(horde), {"page": "2", "q": "horde"})

    assert first.context["page"].paginator.count == 60
    assert len(first.context["page"]) == 50
    assert second.context["page"][0].name == "Horde Unit 050"
    assert len(second.context["page"]) == 10
    assert "page=2" in first.content.decode()
    assert "q=horde&amp;page=1" in second.content.decode()


def test_entry_page_shows_costs_categories_profiles_and_rules(
    client: Client, orcs: Catalogue
) -> None:
    response = client.get(entry_url("tst-warboss", 2))

    assert response.status_code == 200
    (table,) = response.context["profile_tables"]
    assert table["columns"] == ["M", "WS"]
    assert table["rows"] == [{"name": "Warboss", "cells": ['5"', "2+"]}]
    assert response.context["source"].title == "Test Battles digest"
    assert [r.number for r in response.context["other_revisions"]] == [1]
    html = response.content.decode()
    for text in ("95", "HQ", "Da Boss", "Leads from the front.", "Waaagh!", "Charge twice"):
        assert text in html
    assert ">CP<" not in html  # hidden cost type


def test_nested_entry_links_to_its_parent(client: Client, orcs: Catalogue) -> None:
    response = client.get(entry_url("tst-choppa", 2))

    assert response.status_code == 200
    assert response.context["parent"].name == "Weapons"


def test_compare_lists_added_removed_and_changed_costs(client: Client, orcs: Catalogue) -> None:
    response = client.get(catalogue_url(orcs, "catalogues:catalogue_compare"))

    assert response.status_code == 200
    comparison = response.context["comparison"]
    assert (comparison.old.number, comparison.new.number) == (1, 2)
    assert [e.name for e in comparison.added] == ["Grots"]
    assert [e.name for e in comparison.removed] == ["Boyz"]
    assert [(e.name, e.delta(data.PTS)) for e in comparison.changed] == [("Warboss", 15)]
    html = response.content.decode()
    assert "+15" in html
    # A removed entry links to its page in the older revision, the others to the newer one.
    assert entry_url("tst-boyz", 1) in html
    assert entry_url("tst-grots", 2) in html


def test_compare_the_other_way_round(client: Client, orcs: Catalogue) -> None:
    response = client.get(catalogue_url(orcs, "catalogues:catalogue_compare"), {"from": 2, "to": 1})

    comparison = response.context["comparison"]
    assert [e.name for e in comparison.added] == ["Boyz"]
    assert [(e.name, e.delta(data.PTS)) for e in comparison.changed] == [("Warboss", -15)]


def test_compare_with_one_revision_has_nothing_to_compare(client: Client) -> None:
    orcs = data.import_test_battles(revisions=1)

    response = client.get(catalogue_url(orcs, "catalogues:catalogue_compare"))

    assert response.status_code == 200
    assert response.context["comparison"] is None


@pytest.mark.parametrize(
    "path",
    [
        "/systems/no-such-system/",
        "/systems/test-battles/catalogues/no-such-catalogue/",
        "/systems/test-battles/catalogues/test-orcs/?revision=99",
        "/systems/test-battles/catalogues/test-orcs/?revision=abc",
        "/systems/test-battles/catalogues/test-orcs/compare/?from=1&to=99",
        "/systems/test-battles/?revision=7",
        "/entries/999999/",
        # Unicode digits that str.isdigit() and int() accept, and numbers beyond 64 bits.
        "/systems/test-battles/?revision=²",
        "/systems/test-battles/catalogues/test-orcs/?revision=" + "9" * 25,
        "/systems/test-battles/catalogues/test-orcs/compare/?from=²",
        "/systems/test-battles/catalogues/test-orcs/?page=" + "9" * 25,
        "/entries/" + "9" * 25 + "/",
        "/entries/9223372036854775808/",
    ],
)
def test_unknown_ids_are_404(client: Client, orcs: Catalogue, path: str) -> None:
    assert client.get(path).status_code == 404


def test_entry_page_lists_its_options(client: Client, orcs: Catalogue) -> None:
    response = client.get(entry_url("tst-warboss", 2))

    # Defined in place and linked (a hidden link left out), a group with its members.
    weapons, kustom = response.context["options"]
    assert (weapons.entry.name, kustom.entry.name) == ("Weapons", "Kustom Job")
    assert [choice.entry.name for choice in weapons.choices] == ["Big Choppa", "Shoota"]
    assert kustom.choices == []
    # How many one Warboss takes: the group's own constraints, and the link's for a link.
    assert (weapons.minimum, weapons.maximum) == (1, 2)
    assert (kustom.minimum, kustom.maximum) == (None, 1)
    assert [(c.minimum, c.maximum) for c in weapons.choices] == [(None, None), (None, None)]
    html = response.content.decode()
    assert "min 1, max 2" in html
    assert "min 0, max 1" in html
    assert "min 0, no maximum" in html
    assert "10 pts" in response.content.decode()


@pytest.mark.parametrize("model", ["gamesystem", "catalogue", "revision", "entry", "importjob"])
def test_admin_lists_the_store_read_only(admin_client: Client, orcs: Catalogue, model: str) -> None:
    changelist = admin_client.get(reverse(f"admin:catalogues_{model}_changelist"))
    add = admin_client.get(reverse(f"admin:catalogues_{model}_add"))

    assert changelist.status_code == 200
    assert add.status_code == 403  # rows come from imports only


def test_admin_revision_page_links_the_document(admin_client: Client, orcs: Catalogue) -> None:
    revision = data.revision(2)

    response = admin_client.get(reverse("admin:catalogues_revision_change", args=[revision.pk]))

    assert response.status_code == 200
    assert reverse("api:revision-document", args=[revision.pk]) in response.content.decode()


def test_admin_keeps_revisions_and_their_index_as_imported(
    admin_client: Client, orcs: Catalogue
) -> None:
    revision = data.revision(2)
    warboss = data.entry("tst-warboss", 2)

    edit = admin_client.post(
        reverse("admin:catalogues_revision_change", args=[revision.pk]), {"name": "Edited"}
    )
    delete = admin_client.post(
        reverse("admin:catalogues_entry_delete", args=[warboss.pk]), {"post": "yes"}
    )

    assert (edit.status_code, delete.status_code) == (403, 403)
    revision.refresh_from_db()
    assert revision.name == "Test Orcs"
    assert Entry.objects.filter(pk=warboss.pk).exists()


def test_catalogue_lists_what_it_offers_from_a_library(client: Client) -> None:
    import_documents(data.game_system_document(), *data.library_documents())
    freebooters = Catalogue.objects.get(bs_id="tst-freebooters")

    response = client.get(catalogue_url(freebooters))
    search = client.get(catalogue_url(freebooters), {"q": "squig"})

    assert [e.name for e in response.context["page"]] == ["Gretchin Mob", "Squig Herd", "Kaptain"]
    assert "Test Greenskin Library</span>" in response.content.decode()
    assert [e.name for e in search.context["page"]] == ["Squig Herd"]
    game_system_page = client.get(reverse("catalogues:game_system", args=["test-battles"]))
    assert [c.name for c in game_system_page.context["libraries"]] == ["Test Greenskin Library"]


def test_a_unit_linked_from_a_library_shows_its_options(client: Client) -> None:
    import_documents(data.game_system_document(), *data.library_documents())
    listed = Entry.objects.get(bs_id="tst-gretchin", revision__catalogue__bs_id="tst-freebooters")

    response = client.get(reverse("catalogues:entry", args=[listed.pk]))

    assert [option.entry.name for option in response.context["options"]] == ["Grot Blasta"]
