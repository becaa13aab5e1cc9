"""``POST /api/validate/``: a List spec checked against the stored data, nothing stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

from catalogues.models import Catalogue, Entry, GameSystem, Revision
from tests.catalogues import closure_data as data
from tests.catalogues.documents import import_documents

URL = "/api/v1/validate/"


def post(client: Client, body: Any) -> Any:
    text = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, text, content_type="application/json")


def validated(client: Client, spec: dict[str, Any]) -> dict[str, Any]:
    response = post(client, spec)
    assert response.status_code == 200, response.content
    payload: dict[str, Any] = response.json()
    return payload


def codes(report: dict[str, Any]) -> list[str]:
    return sorted(p["code"] for p in report["problems"])


def test_a_legal_list_comes_back_evaluated(client: Client, army: Catalogue) -> None:
    report = validated(client, data.list_spec())

    assert report["legal"] is True
    assert report["problems"] == []
    assert report["totals"] == [
        {"type_id": data.PTS, "name": "pts", "value": 60.0, "limit": 100.0, "over": False}
    ]
    assert report["game_system"]["bs_id"] == data.GAME_SYSTEM_ID
    assert {c["bs_id"] for c in report["catalogues"]} == {data.ARMY_ID, data.LIBRARY_ID}
    (force,) = report["forces"]
    by_name = {s["name"]: s for s in force["selections"]}
    swordsmen, hammer = by_name["Swordsmen"], by_name["Great Hammer"]
    assert swordsmen["number"] == 1
    ((sword_name, sword_number, sword_costs),) = [
        (s["name"], s["number"], s["costs"]) for s in swordsmen["selections"]
    ]
    assert (sword_name, sword_number) == ("Sword", 4)
    assert sword_costs[0]["value"] == 20.0
    assert hammer["entry_id"].startswith(data.HAMMER_LINK)


def test_a_broken_rule_is_reported_with_its_code_ids_and_rule(
    client: Client, army: Catalogue
) -> None:
    spec = data.list_spec()
    spec["forces"][0]["selections"].append({"entryId": data.HAMMER_LINK, "number": 1})

    report = validated(client, spec)

    assert report["legal"] is False
    assert report["error_count"] == 1
    (problem,) = report["problems"]
    assert problem["code"] == "closure.hammer.max"
    assert problem["severity"] == "error"
    assert problem["constraint_id"] == "cls-hammer-max"
    assert (problem["owner_type"], problem["entry_id"]) == ("selection", data.HAMMER_LINK)
    # the section titled as the reader's rulebook has it: a game with no registry keeps the digest's
    assert problem["rule"] == {**data.HAMMER_RULE, "title": data.HAMMER_RULE["section"]}
    # what the message names, as data a client words in its own language
    assert problem["params"]["kind"] == "constraint.max"
    assert (problem["params"]["count"], problem["params"]["limit"]) == (2, 1)


def test_costs_over_the_limit(client: Client, army: Catalogue) -> None:
    report = validated(client, data.list_spec(costLimits={data.PTS: 50}))

    assert codes(report) == ["cost_limit.exceeded"]
    assert report["totals"][0]["over"] is True


def test_revisions_can_be_pinned(client: Client, army: Catalogue) -> None:
    import_documents(data.library_document(revision=2, hammer_points=45))

    newest = validated(client, data.list_spec())
    pinned = validated(client, data.list_spec(catalogueRevisions={data.LIBRARY_ID: 1}))

    assert newest["totals"][0]["value"] == 75
    assert pinned["totals"][0]["value"] == 60
    assert {c["number"] for c in pinned["catalogues"]} == {1}


def test_the_newest_game_system_revision_is_used_unless_pinned(
    client: Client, army: Catalogue
) -> None:
    import_documents(data.game_system_document(revision=2))

    newest = validated(client, data.list_spec())
    pinned = validated(client, data.list_spec(gameSystemRevision=1))

    assert newest["game_system"]["number"] == 2
    assert pinned["game_system"]["number"] == 1


def test_a_logged_in_session_needs_no_csrf_token(army: Catalogue) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_user("player"))

    assert post(client, data.list_spec()).status_code == 200


def _unknown_entry() -> dict[str, Any]:
    spec = data.list_spec()
    spec["forces"][0]["selections"][0]["selections"][0]["entryId"] = "cls-nothing"
    return spec


def _force(**changes: Any) -> dict[str, Any]:
    spec = data.list_spec()
    spec["forces"][0].update(changes)
    return spec


def _deep() -> dict[str, Any]:
    selection: dict[str, Any] = {"entryId": data.SWORDSMEN}
    for _ in range(20):
        selection = {"entryId": data.SWORDSMEN, "selections": [selection]}
    return _force(selections=[selection])


@pytest.mark.parametrize(
    ("body", "code"),
    [
        pytest.param(data.list_spec(gameSystemId="nope"), "list_spec.unknown_game_system", id="gs"),
        pytest.param(
            data.list_spec(gameSystemId="\t"), "list_spec.unknown_game_system", id="gs-blank"
        ),
        pytest.param(_force(catalogueId="nope"), "list_spec.unknown_catalogue", id="catalogue"),
        pytest.param(_force(forceEntryId="nope"), "list_spec.not_buildable", id="force-entry"),
        pytest.param(_unknown_entry(), "list_spec.not_buildable", id="entry"),
        pytest.param(
            data.list_spec(catalogueRevisions={data.ARMY_ID: 9}),
            "list_spec.unknown_revision",
            id="catalogue-revision",
        ),
        pytest.param(
            data.list_spec(gameSystemRevision=9), "list_spec.unknown_revision", id="gs-revision"
        ),
        pytest.param(
            _force(selections=[{"entryId": data.SWORDSMEN, "number": 0}]),
            "list_spec.malformed",
            id="count-zero",
        ),
        pytest.param(
            _force(selections=[{"entryId": data.SWORDSMEN, "number": 10**9}]),
            "list_spec.malformed",
            id="count-huge",
        ),
        pytest.param(_deep(), "list_spec.malformed", id="too-deep"),
        pytest.param(
            _force(selections=[{"entryId": data.SWORDSMEN}] * 2001),
            "list_spec.malformed",
            id="too-many",
        ),
        pytest.param(_force(selections="all"), "list_spec.malformed", id="not-a-list"),
        pytest.param({"forces": []}, "list_spec.malformed", id="no-game-system"),
        pytest.param([1, 2], "list_spec.malformed", id="not-an-object"),
        pytest.param("{not json", "list_spec.malformed", id="not-json"),
        pytest.param("[" * 1000 + "]" * 1000, "list_spec.malformed", id="json-1000-deep"),
        pytest.param(
            '{"gameSystemId": "x", "options": ' + "[" * 70 + "]" * 70 + "}",
            "list_spec.malformed",
            id="json-over-the-depth-limit",
        ),
        pytest.param({**data.list_spec(), "explain": 0}, "list_spec.malformed", id="explain-0"),
        pytest.param(data.list_spec(gameSystemId=""), "list_spec.malformed", id="empty-id"),
        pytest.param(data.list_spec(gameSystemId=5), "list_spec.malformed", id="id-number"),
        pytest.param(
            data.list_spec(costLimits={"pts": -1}), "list_spec.malformed", id="limit-negative"
        ),
        pytest.param(
            data.list_spec(costLimits={"pts": "5"}), "list_spec.malformed", id="limit-string"
        ),
        pytest.param(
            data.list_spec(costLimits={"pts": 1e308}), "list_spec.malformed", id="limit-huge"
        ),
        pytest.param(
            _force(selections=[{"entryId": data.SWORDSMEN, "number": "2"}]),
            "list_spec.malformed",
            id="count-string",
        ),
    ],
)
def test_bad_input_is_a_4xx_with_a_code_and_changes_nothing(
    client: Client, army: Catalogue, body: Any, code: str
) -> None:
    models = (GameSystem, Catalogue, Revision, Entry, User)
    before = [m.objects.count() for m in models]

    response = post(client, body)

    # 400: the body does not match the schema; 422: well-formed, but not a list we can build.
    assert response.status_code == (400 if code == "list_spec.malformed" else 422), response.content
    payload = response.json()
    assert payload["code"] == code
    assert payload["detail"]
    assert [m.objects.count() for m in models] == before


@pytest.mark.parametrize("url", [URL, "/api/v1/rosters/export/"])
def test_a_body_over_the_size_limit_is_refused_unread(
    client: Client, army: Catalogue, settings: Any, url: str
) -> None:
    body = json.dumps({**data.list_spec(), "format": "ros"})
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(body) - 1

    refused = client.post(url, body, content_type="application/json")
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(body)
    accepted = client.post(url, body, content_type="application/json")

    assert refused.status_code == 400
    assert refused.json()["code"] == "list_spec.too_large"
    assert refused.json()["params"] == {"limit": len(body) - 1}
    assert accepted.status_code == 200


def test_a_malformed_body_says_which_field(client: Client, army: Catalogue) -> None:
    response = post(client, _force(selections=[{"entryId": data.SWORDSMEN, "number": 0}]))

    errors = response.json()["field_errors"]
    assert "number" in errors["forces"]["0"]["selections"]["0"]


@pytest.mark.django_db
def test_a_body_of_another_media_type_is_the_documented_415(client: Client) -> None:
    response = client.post("/api/v1/validate/", data="gameSystemId=x", content_type="text/plain")

    assert response.status_code == 415
    assert response.json()["detail"]


def test_the_schema_documents_validation_and_examples() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)

    validate = schema["paths"]["/api/v1/validate/"]["post"]
    assert set(validate["responses"]) == {"200", "400", "415", "422", "429"}
    assert "/api/v1/game-systems/{game_system_pk}/examples/" in schema["paths"]
    assert "/api/v1/game-systems/{game_system_pk}/examples/{slug}/" in schema["paths"]
    selection = schema["components"]["schemas"]["RosterSelection"]
    assert selection["properties"]["selections"]["items"]["$ref"].endswith("/RosterSelection")
