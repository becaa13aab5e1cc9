"""The roster file API and ``explain`` on ``POST /api/validate/``, against data imported
through the real import service (``closure_data``) or the game packs (``load_catalogues``)."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from lxml import etree

from armybuilder.engine.explain import HIDDEN, HIDDEN_BY_MODIFIER, MAX_REACHED
from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY
from catalogues.examples import shipped_examples
from catalogues.models import Catalogue, GameSystem, Revision
from catalogues.services.rosters import UNKNOWN_FORCE
from tests.catalogues import closure_data as data
from tests.catalogues import roster_data
from tests.catalogues.documents import import_documents
from tests.catalogues.packs import load_pack
from tests.conftest import BSDATA, require_shared

CATALOGUE_NAMESPACE = b"http://www.battlescribe.net/schema/catalogueSchema"
ROSTER_NAMESPACE = b"http://www.battlescribe.net/schema/rosterSchema"
VALIDATE = "/api/v1/validate/"
CHECK = "/api/v1/rosters/check/"
EXPORT = "/api/v1/rosters/export/"

pytestmark = pytest.mark.django_db


def post_json(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.content[:500]
    payload: dict[str, Any] = response.json()
    return payload


def reasons(report: dict[str, Any], owner_type: str) -> dict[str, list[tuple[str, str]]]:
    """entry id -> [(reason code, constraint id)] of what the report's owners cannot add."""
    return {
        item["entry_id"]: [(r["code"], r["constraint_id"]) for r in item["reasons"]]
        for item in report["unavailable"]
        if item["owner_type"] == owner_type
    }


def severe(report: dict[str, Any]) -> list[str]:
    return sorted(p["code"] for p in report["problems"] if p["severity"] in ("error", "warning"))


def totals(report: dict[str, Any]) -> dict[str, float]:
    return {t["type_id"]: t["value"] for t in report["totals"]}


def upload(client: Client, name: str, content: bytes, **fields: Any) -> Any:
    return client.post(CHECK, {"file": SimpleUploadedFile(name, content), **fields})


def exported(client: Client, spec: dict[str, Any], extension: str = "ros") -> bytes:
    response = post_json(client, EXPORT, {**spec, "format": extension})
    assert response.status_code == 200, response.content[:500]
    return bytes(response.content)


# ------------------------------------------------------------------------------ explain


def test_explain_names_a_reached_maximum_and_a_hiding_condition(
    client: Client, hidden_army: Catalogue
) -> None:
    report = ok(post_json(client, VALIDATE, {**data.list_spec(), "explain": True}))

    assert report["explained"] is True
    at_force = reasons(report, "force")
    (hammer_id,) = [entry for entry in at_force if entry.startswith(data.HAMMER_LINK)]
    assert at_force[hammer_id] == [(MAX_REACHED, "cls-hammer-max")]
    assert at_force[roster_data.RIVAL] == [(HIDDEN_BY_MODIFIER, "")]
    assert at_force[roster_data.SECRET] == [(HIDDEN, "")]
    assert data.SWORDSMEN not in at_force  # it has no maximum: always addable
    assert all(item["message"] for item in report["unavailable"] for item in item["reasons"])


def test_without_a_hammer_the_rival_is_available(client: Client, hidden_army: Catalogue) -> None:
    spec = data.list_spec()
    spec["forces"][0]["selections"].pop()  # the hammer

    report = ok(post_json(client, VALIDATE, {**spec, "explain": True}))

    assert set(reasons(report, "force")) == {roster_data.SECRET}


def test_a_full_selection_explains_its_option(client: Client, hidden_army: Catalogue) -> None:
    spec = data.list_spec()
    spec["forces"][0]["selections"][0]["selections"][0]["number"] = 10  # the most swords

    report = ok(post_json(client, VALIDATE, {**spec, "explain": True}))

    (swordsmen,) = [s["id"] for s in report["forces"][0]["selections"] if s["name"] == "Swordsmen"]
    assert [
        (u["owner_id"], u["entry_id"])
        for u in report["unavailable"]
        if u["owner_type"] == "selection"
    ] == [(swordsmen, data.SWORDS)]
    assert reasons(report, "selection") == {data.SWORDS: [(MAX_REACHED, "cls-swords-max")]}
    (swords,) = [u for u in report["unavailable"] if u["owner_type"] == "selection"]
    assert (swords["reasons"][0]["params"]["count"], swords["reasons"][0]["params"]["limit"]) == (
        10,
        10,
    )


def test_explain_is_off_unless_asked(client: Client, hidden_army: Catalogue) -> None:
    report = ok(post_json(client, VALIDATE, data.list_spec()))

    assert report["explained"] is False
    assert report["unavailable"] == []


# ----------------------------------------------------------------------- check a file


@pytest.mark.parametrize("extension", ["ros", "rosz"])
def test_an_exported_list_checks_the_same(
    client: Client, hidden_army: Catalogue, extension: str
) -> None:
    spec = data.list_spec()
    spec["forces"][0]["selections"].append({"entryId": data.HAMMER_LINK, "number": 1})
    validated = ok(post_json(client, VALIDATE, spec))

    content = exported(client, spec, extension)
    checked = ok(upload(client, f"list.{extension}", content))

    assert severe(checked) == severe(validated) == ["closure.hammer.max"]
    assert totals(checked) == totals(validated) == {data.PTS: 90.0}
    assert checked["forces"] == validated["forces"]
    assert checked["catalogues"] == validated["catalogues"]


def test_a_selection_missing_from_the_newest_catalogue_is_reported(
    client: Client, hidden_army: Catalogue
) -> None:
    content = exported(client, data.list_spec())
    newer = roster_data.army_with_hidden_entries(revision=2)
    newer["catalogue"]["entryLinks"] = []  # the hammer is gone
    import_documents(newer)

    checked = ok(upload(client, "list.ros", content))
    pinned = ok(upload(client, "list.ros", content, catalogueRevisions='{"cls-army": 1}'))

    (unknown,) = [p for p in checked["problems"] if p["code"] == SELECTION_UNKNOWN_ENTRY]
    assert unknown["entry_id"].startswith(data.HAMMER_LINK)
    assert unknown["owner_type"] == "force"
    assert checked["legal"] is False
    # Swordsmen and four swords, plus the 30 points the file records for the lost hammer
    assert totals(checked) == {data.PTS: 60.0}
    assert "30 pts" in unknown["message"]
    assert pinned["legal"] is True
    assert totals(pinned) == {data.PTS: 60.0}


def test_a_check_can_explain(client: Client, hidden_army: Catalogue) -> None:
    content = exported(client, data.list_spec())

    checked = ok(upload(client, "list.ros", content, explain="true"))

    assert reasons(checked, "force")[roster_data.RIVAL] == [(HIDDEN_BY_MODIFIER, "")]


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<roster id="r" name="&lol2;" gameSystemId="cls-gs"/>"""


def zipped(content: bytes, member: str = "list.ros") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, content)
    return buffer.getvalue()


def roster_xml(game_system: str = data.GAME_SYSTEM_ID, force_entry: str = data.FORCE_ID) -> bytes:
    return (
        f'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" name="R" '
        f'battleScribeVersion="2.03" gameSystemId="{game_system}"><forces>'
        f'<force id="f" name="F" entryId="{force_entry}" catalogueId="{data.ARMY_ID}"/>'
        f"</forces></roster>"
    ).encode()


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("list.txt", b"hello", "format.unsupported"),
        ("list.ros", b"<roster id='r' name='R'", "format.malformed"),
        ("list.ros", BILLION_LAUGHS, "format.dtd"),
        ("list.rosz", b"not a zip", "format.zip"),
        ("list.rosz", zipped(b"\0" * 2_000_000), "format.zip_ratio"),  # a zip bomb's ratio
        ("list.ros", json.dumps(data.army_document()).encode(), "format.malformed"),
        ("list.ros", b'<catalogue id="c" name="C"/>', "format.wrong_root"),
        ("list.ros", roster_xml(game_system="nope"), "list_spec.unknown_game_system"),
        ("list.ros", roster_xml(force_entry="nope"), UNKNOWN_FORCE),
    ],
)
def test_a_bad_file_is_refused_with_a_code_and_changes_nothing(
    client: Client, hidden_army: Catalogue, name: str, content: bytes, code: str
) -> None:
    before = Revision.objects.count(), GameSystem.objects.count()

    response = upload(client, name, content)

    # Well-formed as a request, but not a roster file that can be checked.
    assert response.status_code == 422, response.content[:500]
    assert response.json()["code"] == code
    assert (Revision.objects.count(), GameSystem.objects.count()) == before


def test_an_oversized_file_is_refused(
    client: Client, hidden_army: Catalogue, settings: Any
) -> None:
    content = exported(client, data.list_spec())
    settings.ROSTER_MAX_UPLOAD_BYTES = len(content) - 1

    response = upload(client, "list.ros", content)

    assert response.status_code == 422
    assert response.json()["code"] == "format.too_large"


def test_a_file_that_unzips_too_large_is_refused(
    client: Client, hidden_army: Catalogue, settings: Any
) -> None:
    content = exported(client, data.list_spec())
    settings.ROSTER_MAX_UNZIPPED_BYTES = len(content) - 1

    response = upload(client, "list.rosz", zipped(content))

    assert response.status_code == 422
    assert response.json()["code"] == "format.too_large_unzipped"


@pytest.mark.parametrize(
    "fields",
    [
        {"catalogueRevisions": "[1]"},
        {"catalogueRevisions": '{"a": ' + "[" * 1000 + "]" * 1000 + "}"},
        {"catalogueRevisions": '{"a": 0}'},
        {"gameSystemRevision": "0"},
        {"gameSystemRevision": "²"},
        {"gameSystemRevision": "9" * 30},
        {"explain": "yes"},
    ],
)
def test_a_malformed_upload_says_which_field(
    client: Client, hidden_army: Catalogue, fields: dict[str, Any]
) -> None:
    content = exported(client, data.list_spec())

    response = upload(client, "list.ros", content, **fields)

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "list_spec.malformed"
    assert set(body["field_errors"]) == set(fields)


def test_an_upload_without_a_file_says_so(client: Client, hidden_army: Catalogue) -> None:
    response = client.post(CHECK, {"explain": "true"})

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "list_spec.malformed"
    assert set(body["field_errors"]) == {"file"}


def test_a_json_body_is_refused(client: Client, hidden_army: Catalogue) -> None:
    response = post_json(client, CHECK, data.list_spec())

    assert response.status_code == 415


# ------------------------------------------------------------------------------ export


def test_export_writes_a_roster_file_battlescribe_opens(
    client: Client, hidden_army: Catalogue
) -> None:
    response = post_json(client, EXPORT, {**data.list_spec(), "format": "rosz"})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Content-Disposition"] == 'attachment; filename="closure-test-list.rosz"'
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        (member,) = archive.namelist()
        xml = archive.read(member)
    assert member == "closure-test-list.ros"
    assert xml.startswith(b"<?xml")
    assert b'xmlns="http://www.battlescribe.net/schema/rosterSchema"' in xml


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"format": "pdf"}, "list_spec.malformed"),
        ({"gameSystemId": "nope"}, "list_spec.unknown_game_system"),
    ],
)
def test_export_refuses_what_validate_refuses(
    client: Client, hidden_army: Catalogue, change: dict[str, Any], code: str
) -> None:
    response = post_json(client, EXPORT, {**data.list_spec(), **change})

    assert response.status_code == (400 if code == "list_spec.malformed" else 422)
    assert response.json()["code"] == code


# ---------------------------------------------------------------- the game packs' lists


@pytest.fixture(scope="module")
def roster_schema() -> etree.XMLSchema:
    """BattleScribe's 2.03 schema, with the namespace its comment says a roster uses."""
    xsd = require_shared(BSDATA / "schemas" / "v2_03-Catalogue.xsd").read_bytes()
    return etree.XMLSchema(etree.fromstring(xsd.replace(CATALOGUE_NAMESPACE, ROSTER_NAMESPACE)))


@pytest.mark.parametrize("game", sorted({e.game for e in shipped_examples()}))
def test_every_example_list_round_trips_through_a_roster_file(
    client: Client, game: str, roster_schema: etree.XMLSchema
) -> None:
    game_system = load_pack(game)
    examples = [e for e in shipped_examples() if e.game == game]

    for example in examples:
        page = f"/systems/{game_system.slug}/examples/{example.slug}"
        api = f"/api/v1/game-systems/{game_system.pk}/examples/{example.slug}/"
        expected = ok(client.get(api))["report"]
        for extension in ("ros", "rosz"):
            download = client.get(f"{page}/download.{extension}")
            assert download.status_code == 200, example.slug
            if extension == "ros":
                valid = roster_schema.validate(etree.fromstring(download.content))
                assert valid, (example.slug, roster_schema.error_log.last_error)
            checked = ok(upload(client, f"{example.slug}.{extension}", download.content))
            assert severe(checked) == severe(expected), example.slug
            assert totals(checked) == totals(expected), example.slug


# ------------------------------------------------------------------------------ schema


def test_the_schema_documents_the_roster_file_api(client: Client) -> None:
    # (test_api.py validates the whole schema, failing on any generator warning)
    schema = ok(client.get("/api/v1/schema/", {"format": "json"}))

    check = schema["paths"]["/api/v1/rosters/check/"]["post"]
    assert set(check["requestBody"]["content"]) == {"multipart/form-data"}
    assert set(check["responses"]) == {"200", "400", "415", "422", "429"}
    export = schema["paths"]["/api/v1/rosters/export/"]["post"]
    assert set(export["responses"]["200"]["content"]) == {"application/xml", "application/zip"}
    report = schema["components"]["schemas"]["ListReport"]["properties"]
    assert report["unavailable"]["items"]["$ref"].endswith("/Unavailable")
    validate_request = schema["components"]["schemas"]["ValidateRequest"]["properties"]
    assert validate_request["explain"]["type"] == "boolean"


def test_an_upload_declaring_a_body_over_the_limit_is_refused_unread(
    client: Client, hidden_army: Catalogue, settings: Any
) -> None:
    settings.ROSTER_MAX_UPLOAD_BYTES = 1000
    # Not even valid multipart: it is refused on its Content-Length alone.
    body = b"x" * 200_000

    response = client.generic("POST", CHECK, body, content_type="multipart/form-data; boundary=z")

    assert response.status_code == 400
    assert response.json()["code"] == "list_spec.too_large"
