"""The "Check a roster file" page, and the example list pages' downloads and "Not available
now" lists, through the Django test client."""

from __future__ import annotations

import html
import io
import json
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from armybuilder.engine import rulebook
from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY
from catalogues.models import Catalogue, GameSystem, Revision
from tests.catalogues import closure_data as data
from tests.catalogues.documents import import_documents
from tests.catalogues.roster_data import army_with_hidden_entries

pytestmark = pytest.mark.django_db

CHECK = reverse("catalogues:roster_check")
EXAMPLE = "dwarven-holds-too-many-characters"


def exported(client: Client, spec: dict[str, Any]) -> bytes:
    body = json.dumps({**spec, "format": "ros"})
    response = client.post("/api/v1/rosters/export/", body, content_type="application/json")
    assert response.status_code == 200, response.content[:500]
    return bytes(response.content)


def check(client: Client, name: str, content: bytes) -> Any:
    return client.post(CHECK, {"roster": SimpleUploadedFile(name, content)})


def text(response: Any) -> str:
    return html.unescape(response.content.decode())


def test_the_header_links_the_page(client: Client) -> None:
    home = client.get(reverse("catalogues:home"))
    page = client.get(CHECK)

    assert f'href="{CHECK}"' in home.content.decode()
    assert page.status_code == 200
    assert 'type="file"' in page.content.decode()
    assert 'enctype="multipart/form-data"' in page.content.decode()


def test_an_uploaded_roster_is_shown_evaluated(client: Client, hidden_army: Catalogue) -> None:
    spec = data.list_spec()
    spec["forces"][0]["selections"].append({"entryId": data.HAMMER_LINK, "number": 1})

    response = check(client, "hammers.ros", exported(client, spec))

    assert response.status_code == 200
    report = response.context["report"]
    assert [p.code for p in report.problems] == ["closure.hammer.max"]
    page = text(response)
    assert 'id="verdict" data-verdict="illegal"' in page
    assert '<tr data-code="closure.hammer.max">' in page
    assert "closure-test.md, line 12" in page  # the rule cited
    assert '<details class="unavailable' in page  # the page explains what cannot be added
    assert 'id="unknown-entries"' not in page


def test_an_entry_missing_from_the_stored_data_is_highlighted(
    client: Client, hidden_army: Catalogue
) -> None:
    content = exported(client, data.list_spec())
    newer = army_with_hidden_entries(revision=2)
    newer["catalogue"]["entryLinks"] = []
    import_documents(newer)

    response = check(client, "list.ros", content)

    assert response.status_code == 200
    (unknown,) = response.context["report"].unknown_entries
    assert unknown.code == SELECTION_UNKNOWN_ENTRY
    page = text(response)
    assert 'id="unknown-entries"' in page
    assert f"{SELECTION_UNKNOWN_ENTRY} · {unknown.entry_id}" in page


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("list.txt", b"hello", "format.unsupported"),
        ("list.ros", b"<roster", "format.malformed"),
        ("list.rosz", b"not a zip", "format.zip"),
    ],
)
def test_a_bad_file_shows_its_code_and_changes_nothing(
    client: Client, hidden_army: Catalogue, name: str, content: bytes, code: str
) -> None:
    before = Revision.objects.count()

    response = check(client, name, content)

    assert response.status_code == 400
    assert response.context["error"].code == code
    assert f'id="roster-error" data-code="{code}"' in text(response)
    assert "report" not in response.context
    assert Revision.objects.count() == before


def test_a_post_without_a_file_asks_for_one(client: Client) -> None:
    response = client.post(CHECK, {})

    assert response.status_code == 400
    errors = response.context["form"].errors.as_data()
    assert {field: [e.code for e in found] for field, found in errors.items()} == {
        "roster": ["required"]
    }
    assert '<li data-code="required">' in text(response)
    assert "report" not in response.context


def test_an_example_page_offers_downloads_and_says_what_cannot_be_added(
    client: Client, ninth_age: GameSystem
) -> None:
    url = reverse("catalogues:example_list", args=[ninth_age.slug, EXAMPLE])

    response = client.get(url)

    page = text(response)
    for extension in ("ros", "rosz"):
        download = reverse(
            "catalogues:example_list_download", args=[ninth_age.slug, EXAMPLE, extension]
        )
        assert f'href="{download}"' in page
    unavailable = response.context["report"].unavailable
    assert unavailable  # a character-heavy list has maxed-out and hidden entries
    assert '<details class="unavailable' in page
    for item in unavailable:
        assert f'data-entry-id="{item.entry_id}"' in page
        assert all(f'data-code="{reason.code}"' in page for reason in item.reasons)
        # a reason names its rule in words, never the data's internal constraint id
        assert all(
            f"· {reason.constraint_id}<" not in page
            for reason in item.reasons
            if reason.constraint_id
        )
    ruled = [r for item in unavailable for r in item.reasons if r.rule]
    rules_page = reverse("catalogues:game_system_rules", args=[ninth_age.slug])
    # and links it to its entry on the game's rules page
    assert all(
        f'Rule: <a href="{rules_page}#{r.rule_code}">{r.rule["section"]}</a>' in page for r in ruled
    )


def test_an_italian_reader_sees_the_italian_rulebooks_section_beside_each_reason_and_problem(
    client: Client, ninth_age: GameSystem
) -> None:
    url = reverse("catalogues:example_list", args=[ninth_age.slug, EXAMPLE])

    response = client.get(url, HTTP_ACCEPT_LANGUAGE="it")

    page = text(response)
    report = response.context["report"]
    ruled = [r.rule for item in report.unavailable for r in item.reasons if r.rule]
    ruled += [p.rule for p in report.problems if p.rule]
    italian = {rulebook.italian_place_of(rule)[0] for rule in ruled} - {""}
    assert italian  # the 9th Age's rulebook titles the sections these rules sit in
    assert all(f">{html.escape(section, quote=False)}</a>" in page for section in italian)
    assert all(
        f">{rule['section']}</a>" not in page
        for rule in ruled
        if rulebook.italian_place_of(rule)[0] not in ("", rule["section"])
    )


def test_an_example_downloads_as_a_roster_file(client: Client, ninth_age: GameSystem) -> None:
    args = [ninth_age.slug, EXAMPLE]

    ros = client.get(reverse("catalogues:example_list_download", args=[*args, "ros"]))
    rosz = client.get(reverse("catalogues:example_list_download", args=[*args, "rosz"]))

    assert ros.status_code == rosz.status_code == 200
    assert ros["Content-Type"] == "application/xml"
    assert ros["Content-Disposition"].startswith('attachment; filename="')
    assert ros["Content-Disposition"].endswith('.ros"')
    with zipfile.ZipFile(io.BytesIO(rosz.content)) as archive:
        (member,) = archive.namelist()
        assert archive.read(member) == ros.content


def test_a_download_of_an_unknown_example_is_a_404(client: Client, ninth_age: GameSystem) -> None:
    missing = reverse("catalogues:example_list_download", args=[ninth_age.slug, "nope", "ros"])

    assert client.get(missing).status_code == 404
    assert (
        client.get(f"/systems/{ninth_age.slug}/examples/{EXAMPLE}/download.zip").status_code == 404
    )


def test_a_file_declaring_a_body_over_the_limit_is_refused_unread(
    client: Client, hidden_army: Catalogue, settings: Any
) -> None:
    settings.ROSTER_MAX_UPLOAD_BYTES = 1000
    # Not even valid multipart: it is refused on its Content-Length alone.
    body = b"x" * 200_000

    response = client.generic("POST", CHECK, body, content_type="multipart/form-data; boundary=z")

    assert response.status_code == 413
    assert response.context["error"].code == "format.too_large"
    assert 'id="roster-error" data-code="format.too_large"' in response.content.decode()
