"""The read-only catalogue API and its OpenAPI schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from drf_spectacular.drainage import GENERATOR_STATS

from catalogues.models import Catalogue, ImportJob
from tests.catalogues import browse_data as data
from tests.catalogues.documents import import_documents


@pytest.fixture
def orcs(db: None) -> Catalogue:
    return data.import_test_battles(revisions=2)


def get(client: Client, path: str, **params: Any) -> Any:
    response = client.get(path, params)
    assert response.status_code == 200, response.content
    return response.json()


def names(payload: dict[str, Any]) -> list[str]:
    return sorted(item["name"] for item in payload["results"])


@pytest.mark.usefixtures("empty_store")
def test_game_systems(client: Client, orcs: Catalogue) -> None:
    payload = get(client, "/api/v1/game-systems/")

    assert payload["count"] == 1
    (item,) = payload["results"]
    assert item["bs_id"] == data.GAME_SYSTEM_ID
    assert item["latest_revision"] == 1
    assert item["catalogue_count"] == 1
    assert client.get(item["page_url"]).status_code == 200


@pytest.mark.usefixtures("empty_store")
def test_catalogues_filter_by_game_system_and_library(client: Client, orcs: Catalogue) -> None:
    game_system_id = orcs.game_system_id

    matching = get(client, "/api/v1/catalogues/", game_system=game_system_id, library="false")
    libraries = get(client, "/api/v1/catalogues/", library="true")
    other = get(client, "/api/v1/catalogues/", game_system=game_system_id + 1)

    assert [
        (c["name"], c["latest_revision"], c["revision_count"]) for c in matching["results"]
    ] == [("Test Orcs", 2, 2)]
    assert libraries["count"] == 0
    assert other["count"] == 0


def test_revisions_and_document_download(client: Client, orcs: Catalogue) -> None:
    payload = get(client, "/api/v1/revisions/", catalogue=orcs.pk)

    assert [r["number"] for r in payload["results"]] == [2, 1]
    latest = payload["results"][0]
    assert latest["kind"] == "catalogue"
    assert "document" not in latest
    download = client.get(latest["document_url"])
    assert download.status_code == 200
    assert download["Content-Disposition"] == 'attachment; filename="test-orcs-r2.json"'
    assert json.loads(download.content)["catalogue"]["id"] == data.CATALOGUE_ID


def test_game_system_revisions(client: Client, orcs: Catalogue) -> None:
    payload = get(client, "/api/v1/revisions/", game_system=orcs.game_system_id)

    assert [(r["kind"], r["number"]) for r in payload["results"]] == [("gameSystem", 1)]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({}, ["Battle Wagon", "Grots", "Warboss"]),
        ({"q": "grot"}, ["Grots"]),
        ({"category": data.TROOPS}, ["Grots"]),
        ({"type": "upgrade", "shared": "true"}, ["Big Choppa", "Kustom Job", "Shoota"]),
        ({"type": "group", "shared": "true"}, ["Weapons"]),
    ],
)
def test_entries_of_a_catalogues_latest_revision(
    client: Client, orcs: Catalogue, params: dict[str, str], expected: list[str]
) -> None:
    payload = get(client, "/api/v1/entries/", catalogue=orcs.pk, **params)

    assert names(payload) == expected


def test_points_comparison(client: Client, orcs: Catalogue) -> None:
    latest = get(client, f"/api/v1/catalogues/{orcs.pk}/compare/")
    backwards = get(client, f"/api/v1/catalogues/{orcs.pk}/compare/", **{"from": 2, "to": 1})

    assert (latest["old_revision"], latest["new_revision"]) == (1, 2)
    assert [e["name"] for e in latest["added"]] == ["Grots"]
    assert [e["name"] for e in latest["removed"]] == ["Boyz"]
    (warboss,) = latest["changed"]
    assert (warboss["old_costs"][data.PTS], warboss["new_costs"][data.PTS]) == (80, 95)
    assert [e["name"] for e in backwards["added"]] == ["Boyz"]
    assert client.get(f"/api/v1/catalogues/{orcs.pk}/compare/?to=99").status_code == 404


def test_points_comparison_needs_two_revisions(client: Client, db: None) -> None:
    orcs = data.import_test_battles(revisions=1)

    assert client.get(f"/api/v1/catalogues/{orcs.pk}/compare/").status_code == 404


def test_entries_of_a_catalogue_include_what_it_offers_from_its_library(
    client: Client, db: None
) -> None:
    import_documents(data.game_system_document(), *data.library_documents())
    freebooters = Catalogue.objects.get(bs_id="tst-freebooters")
    library = Catalogue.objects.get(bs_id="tst-library")

    assert names(get(client, "/api/v1/entries/", catalogue=freebooters.pk)) == [
        "Gretchin Mob",
        "Kaptain",
        "Squig Herd",
    ]
    assert names(get(client, "/api/v1/entries/", catalogue=library.pk)) == ["Squig Herd"]


def test_entries_of_a_revision(client: Client, orcs: Catalogue) -> None:
    first = data.revision(1)

    payload = get(client, "/api/v1/entries/", revision=first.pk)

    assert names(payload) == ["Battle Wagon", "Boyz", "Warboss"]
    boyz = next(e for e in payload["results"] if e["name"] == "Boyz")
    assert boyz["primary_category"] == "Troops"
    assert {"typeId": data.PTS, "name": "pts", "value": 70, "unverified": True} in boyz["costs"]
    assert (boyz["unverified"], boyz["importable"]) == (True, True)


def test_entry_detail(client: Client, orcs: Catalogue) -> None:
    warboss = data.entry("tst-warboss", 2)

    payload = get(client, f"/api/v1/entries/{warboss.pk}/")

    assert payload["bs_id"] == "tst-warboss"
    assert [p["name"] for p in payload["profiles"]] == ["Warboss"]
    assert sorted(r["name"] for r in payload["rules"]) == ["Da Boss", "Waaagh!"]


def test_entries_are_paginated(client: Client, db: None) -> None:
    import_documents(
        data.game_system_document(),
        data.horde_document(60),
    )

    first = get(client, "/api/v1/entries/", q="horde unit")
    small = get(client, "/api/v1/entries/", q="horde unit", page_size=25, page=3)

    assert first["count"] == 60
    assert len(first["results"]) == 50
    assert first["next"] is not None
    assert len(small["results"]) == 10
    assert small["next"] is None


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/game-systems/999999/",
        "/api/v1/catalogues/999999/",
        "/api/v1/revisions/999999/",
        "/api/v1/revisions/999999/document/",
        "/api/v1/entries/999999/",
        "/api/v1/entries/?catalogue=999999",
    ],
)
def test_unknown_ids_are_404(client: Client, orcs: Catalogue, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/entries/?revision=abc",
        "/api/v1/catalogues/?library=maybe",
        # Unicode digits that str.isdigit() and int() accept, and ids beyond 64 bits.
        "/api/v1/entries/?revision=²",
        "/api/v1/entries/?catalogue=١٢",
        "/api/v1/revisions/?game_system=" + "9" * 25,
        "/api/v1/revisions/?catalogue=9223372036854775808",
        "/api/v1/catalogues/?game_system=0",
        "/api/v1/game-systems/?page_size=null",
        "/api/v1/game-systems/?page_size=0",
        "/api/v1/game-systems/?page_size=201",
        "/api/v1/game-systems/?page=0",
        "/api/v1/game-systems/?page=last",
        # the schema's integers have no empty form
        "/api/v1/entries/?catalogue=",
        "/api/v1/game-systems/?page=",
        "/api/v1/catalogues/{orcs}/compare/?from=²",
        # PostgreSQL refuses a NUL in a query: refused here first.
        "/api/v1/entries/?q=%00",
        "/api/v1/entries/?category=a%01b",
        "/api/v1/entries/?q=" + "a" * 201,
    ],
)
def test_malformed_filters_are_400(client: Client, orcs: Catalogue, path: str) -> None:
    response = client.get(path.format(orcs=orcs.pk))

    assert response.status_code == 400
    assert response.json()["detail"]
    assert response.json()["parameter"] in path


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/entries/" + "9" * 25 + "/",
        "/api/v1/entries/9223372036854775808/",
        "/api/v1/revisions/²/",
        "/api/v1/game-systems/" + "9" * 20 + "/examples/",
        "/api/v1/no-such-endpoint/",
    ],
)
def test_ids_out_of_range_are_json_404s(client: Client, orcs: Catalogue, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


def test_hidden_entries_are_not_served(client: Client, orcs: Catalogue) -> None:
    secret = data.entry("tst-secret", 2)

    assert client.get(f"/api/v1/entries/{secret.pk}/").status_code == 404


def test_the_api_is_read_only(client: Client, orcs: Catalogue) -> None:
    admin = User.objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(admin)

    assert client.post("/api/v1/game-systems/", {"name": "x"}).status_code == 405
    assert client.delete(f"/api/v1/catalogues/{orcs.pk}/").status_code == 405


def test_import_jobs_are_for_staff_each_their_own(client: Client, db: None) -> None:
    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    colleague = User.objects.create_user("colleague", password="pw", is_staff=True)
    superuser = User.objects.create_superuser("root", password="pw")
    job = ImportJob.objects.create(
        status=ImportJob.Status.SUCCEEDED, progress=100, created_by=staff
    )
    url = f"/api/v1/import-jobs/{job.pk}/"

    anonymous = client.get(url)
    client.force_login(colleague)
    others = client.get(url), get(client, "/api/v1/import-jobs/")
    client.force_login(staff)
    payload = get(client, url)
    client.force_login(superuser)
    seen_by_superuser = get(client, "/api/v1/import-jobs/")

    assert anonymous.status_code in (401, 403)
    assert others[0].status_code == 404
    assert others[1]["results"] == []
    assert (payload["status"], payload["progress"]) == ("succeeded", 100)
    assert [j["id"] for j in seen_by_superuser["results"]] == [job.pk]


def test_openapi_schema_generates_without_warnings(db: None, tmp_path: Path) -> None:
    # The equivalent of ``manage.py spectacular --validate --fail-on-warn``, counting only
    # this generation's warnings.
    GENERATOR_STATS.reset()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "s.yml"))

    assert "/api/v1/entries/{id}/" in (tmp_path / "s.yml").read_text()


def test_openapi_schema_documents_the_filters(client: Client, db: None) -> None:
    schema = get(client, "/api/v1/schema/", format="json")

    parameters = {p["name"] for p in schema["paths"]["/api/v1/entries/"]["get"]["parameters"]}
    assert {"q", "category", "type", "shared", "revision", "catalogue", "page"} <= parameters


def test_schema_and_docs_are_served(client: Client, db: None) -> None:
    schema = client.get("/api/v1/schema/")
    docs = client.get("/api/v1/docs/")

    assert schema.status_code == 200
    assert b"/api/v1/entries/" in schema.content
    assert docs.status_code == 200
    assert b"cdn" not in docs.content.lower()


def test_the_docs_page_declares_its_language_and_links_back_to_the_site(
    client: Client, db: None
) -> None:
    html = client.get("/api/v1/docs/").content.decode()

    assert '<html lang="en' in html
    assert 'href="/"' in html


@pytest.mark.django_db
def test_a_factions_outline_is_served_once_per_revision_set(client: Client) -> None:
    from tests.catalogues.packs import NINTH_AGE, load_pack

    game_system = load_pack(NINTH_AGE)
    catalogue = Catalogue.objects.get(game_system=game_system, bs_id="t9a3-dh")
    url = f"/api/v1/catalogues/{catalogue.pk}/outline/"

    first = client.get(url)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    other_revision = client.get(url, {"revision": 99})

    assert first.status_code == 200
    body = first.json()
    assert {r["bs_id"] for r in body["revisions"]} >= {"t9a3-dh", game_system.bs_id}
    names = {e["name"] for e in body["entries"]}
    assert {"King", "Clan Warriors"} <= names
    king = next(e for e in body["entries"] if e["id"] == "t9a3-dh-king")
    assert king["costs"]["t9a3-pts"] > 0
    assert king["children"]  # its options, as the data nests them
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert other_revision.status_code == 404
