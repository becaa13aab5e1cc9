"""API v1 for lists: a device signs in, creates and edits a list with If-Match, shares it;
strangers get the same 404 as for nothing; every refusal is a code."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import DeviceToken
from catalogues.models import Catalogue, GameSystem
from lists.models import ArmyList, ListVersion, Visibility
from lists.services import ListState
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS, WARRIORS, force_id

pytestmark = pytest.mark.django_db

LISTS = "/api/v1/lists/"
PASSWORD = "pw-player-1"


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def detail(army_list: ArmyList | ListState) -> str:
    pk = army_list.army_list.pk if isinstance(army_list, ListState) else army_list.pk
    return f"{LISTS}{pk}/"


def etag(client: APIClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return str(response["ETag"])


def test_a_device_signs_in_with_email_and_password_and_uses_its_token(player: Any) -> None:
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    client = APIClient()

    response = client.post(
        "/api/v1/auth/token/",
        {"email": player.email, "password": PASSWORD, "device": "Anna's phone"},
        format="json",
    )

    assert response.status_code == 201
    token = response.json()["token"]
    assert response.json()["device"]["name"] == "Anna's phone"
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(LISTS).status_code == 200
    (device,) = client.get("/api/v1/auth/devices/").json()
    assert device["current"] is True
    assert client.delete(f"/api/v1/auth/devices/{device['key']}/").status_code == 204
    assert client.get(LISTS).status_code == 401
    assert not DeviceToken.objects.exists()


def test_a_wrong_password_or_an_unconfirmed_address_gets_no_token(
    player: Any, settings: Any
) -> None:
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"  # as with a mail server
    client = APIClient()
    wrong = client.post(
        "/api/v1/auth/token/", {"email": player.email, "password": "nope"}, format="json"
    )
    unconfirmed = client.post(
        "/api/v1/auth/token/", {"email": player.email, "password": PASSWORD}, format="json"
    )

    assert (wrong.status_code, wrong.json()["code"]) == (401, "auth.bad_credentials")
    assert (unconfirmed.status_code, unconfirmed.json()["code"]) == (403, "auth.email_unverified")
    assert not DeviceToken.objects.exists()


def test_a_device_left_unnamed_signs_in_as_the_schema_allows(player: Any) -> None:
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)

    response = APIClient().post(
        "/api/v1/auth/token/",
        {"email": player.email, "password": PASSWORD, "device": ""},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert DeviceToken.objects.get().device_name == ""


def test_the_schema_says_what_password_the_sign_in_refuses_as_malformed(player: Any) -> None:
    schema = APIClient().get("/api/v1/schema/?format=json").json()
    password = schema["components"]["schemas"]["SignIn"]["properties"]["password"]

    with_nul = APIClient().post(
        "/api/v1/auth/token/", {"email": player.email, "password": "pw\x00"}, format="json"
    )

    assert re.fullmatch(password["pattern"], "pw\x00") is None
    assert re.fullmatch(password["pattern"], "any other pass phrase: ünïcode, \t tabs") is not None
    assert with_nul.status_code == 400
    assert not DeviceToken.objects.exists()


def test_token_sign_in_is_throttled_with_retry_after(player: Any, settings: Any) -> None:
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "sign_in": "2/min"}
    client = APIClient()
    body = {"email": player.email, "password": "guess"}

    statuses = [client.post("/api/v1/auth/token/", body, format="json") for _ in range(3)]

    assert [r.status_code for r in statuses] == [401, 401, 429]
    assert statuses[2].json()["code"] == "request.throttled"
    assert int(statuses[2]["Retry-After"]) > 0


def test_signing_out_everywhere_revokes_every_token(player: Any) -> None:
    tokens = [DeviceToken.objects.create(user=player, device_name=f"d{i}")[1] for i in range(2)]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {tokens[0]}")

    assert client.delete("/api/v1/auth/devices/").status_code == 204

    for token in tokens:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        assert client.get(LISTS).status_code == 401


def test_http_basic_is_not_accepted(player: Any) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic cGxheWVyQGV4YW1wbGUuY29tOnB3LXBsYXllci0x")

    response = client.get(LISTS)

    assert response.status_code == 401
    assert response.json()["code"] == "auth.required"


def test_create_a_list_with_the_wizards_choices(player: Any, ninth_age: GameSystem) -> None:
    catalogue = Catalogue.objects.get(game_system=ninth_age, bs_id=DWARVEN_HOLDS)
    client = signed_in(player)

    response = client.post(
        LISTS,
        {
            "name": "From the app",
            "catalogue": catalogue.pk,
            "cost_limits": {POINTS: 4500},
            "force_entry_id": DWARVEN_FORCE,
        },
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert response["Location"] == detail(ArmyList.objects.get(owner=player))
    assert response["ETag"] == body["etag"]
    assert body["list"]["name"] == "From the app"
    assert body["list"]["points_limit"] == 4500
    assert [f["entryId"] for f in body["document"]["roster"]["forces"]] == [DWARVEN_FORCE]
    assert body["report"]["legal"] in (True, False)
    assert {t["type_id"] for t in body["report"]["totals"]} >= {POINTS}


def test_a_create_naming_another_games_force_is_refused_with_its_code(
    player: Any, ninth_age: GameSystem
) -> None:
    catalogue = Catalogue.objects.get(game_system=ninth_age, bs_id=DWARVEN_HOLDS)

    response = signed_in(player).post(
        LISTS,
        {"name": "x", "catalogue": catalogue.pk, "force_entry_id": "no-such-force"},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "edit.unknown_force"
    assert not ArmyList.objects.exists()


def test_an_edit_needs_if_match_and_a_stale_one_is_refused(
    player: Any, dwarven_list: ListState
) -> None:
    client = signed_in(player)
    url = f"{detail(dwarven_list)}edits/add/"
    fields = {"force_id": force_id(dwarven_list), "entry_id": KING}
    first = etag(client, detail(dwarven_list))

    missing = client.post(url, fields, format="json")
    added = client.post(f"{url}?include=document", fields, format="json", HTTP_IF_MATCH=first)
    stale = client.post(url, fields, format="json", HTTP_IF_MATCH=first)

    assert (missing.status_code, missing.json()["code"]) == (428, "request.precondition_required")
    assert added.status_code == 200
    assert added["ETag"] != first
    kings = added.json()["document"]["roster"]["forces"][0]["selections"]
    assert [s["entryId"] for s in kings] == [KING]
    assert (stale.status_code, stale.json()["code"]) == (412, "edit.stale_version")
    assert stale.json()["params"] == {"current_version": 2}
    assert ArmyList.objects.get(pk=dwarven_list.army_list.pk).version == 2


def test_an_edit_answers_the_document_only_when_asked(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = f"{detail(dwarven_list)}edits/add/"
    fields = {"force_id": force_id(dwarven_list), "entry_id": KING}

    added = client.post(
        url, fields, format="json", HTTP_IF_MATCH=etag(client, detail(dwarven_list))
    )
    unknown = client.post(
        f"{url}?include=everything", fields, format="json", HTTP_IF_MATCH=added["ETag"]
    )
    read = client.get(detail(dwarven_list))

    body = added.json()
    assert "document" not in body
    assert (body["etag"], body["list"]["version"], body["can_undo"]) == (added["ETag"], 2, True)
    (unit,) = body["report"]["forces"][0]["selections"]
    assert unit["entry_id"] == KING
    assert body["report"]["totals"][0]["value"] > 0
    assert (unknown.status_code, unknown.json()["code"]) == (400, "request.invalid")
    assert read["ETag"] == added["ETag"]
    assert [s["id"] for s in read.json()["document"]["roster"]["forces"][0]["selections"]] == [
        unit["id"]
    ]


def test_every_write_changes_the_etag(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    seen = [etag(client, url)]

    for method, path, body in [
        ("patch", "", {"name": "Renamed"}),
        ("post", "visibility/", {"visibility": Visibility.UNLISTED}),
        ("post", "share-link/", None),
        ("post", "edits/cost-limit/", {"cost_type_id": POINTS, "value": 3000}),
    ]:
        response = getattr(client, method)(
            f"{url}{path}", body, format="json", HTTP_IF_MATCH=seen[-1]
        )
        assert response.status_code == 200, (path, response.json())
        assert response["ETag"] == etag(client, url)
        seen.append(response["ETag"])

    assert len(set(seen)) == len(seen)
    stored = ArmyList.objects.get(pk=dwarven_list.army_list.pk)
    assert (stored.name, stored.visibility, stored.points_limit) == (
        "Renamed",
        Visibility.UNLISTED,
        3000,
    )


def test_bad_edit_input_is_a_400_with_a_code_and_changes_nothing(
    player: Any, dwarven_list: ListState
) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    tag = etag(client, url)

    cases = [
        ("edits/count/", {"selection_id": "selection-1", "count": -1}, "request.invalid"),
        ("edits/count/", {"selection_id": "selection-999", "count": 2}, "edit.unknown_selection"),
        ("edits/add/", {"force_id": "force-999", "entry_id": KING}, "edit.unknown_force"),
        ("edits/custom/", {"target_id": "roster", "notes": "a\x00b"}, "request.invalid"),
        ("edits/undo/", {}, "edit.nothing_to_undo"),
    ]
    for path, body, code in cases:
        response = client.post(f"{url}{path}", body, format="json", HTTP_IF_MATCH=tag)
        assert (response.status_code, response.json()["code"]) == (400, code), path

    stored = ArmyList.objects.get(pk=dwarven_list.army_list.pk)
    assert stored.version == dwarven_list.army_list.version


def test_another_players_list_is_the_same_404_as_none(
    player: Any, rival: Any, dwarven_list: ListState
) -> None:
    client = signed_in(rival)
    url = detail(dwarven_list)
    tag = etag(signed_in(player), url)

    reads = [client.get(url), client.get(f"{LISTS}999999/")]
    writes = [
        client.patch(url, {"name": "mine now"}, format="json", HTTP_IF_MATCH=tag),
        client.delete(url, HTTP_IF_MATCH=tag),
    ]

    assert {r.status_code for r in reads + writes} == {404}
    assert {r.json()["code"] for r in reads + writes} == {"not_found"}
    assert client.get(LISTS).json()["count"] == 0
    assert ArmyList.objects.get(pk=dwarven_list.army_list.pk).name == "Grudge settlers"


def test_anonymous_requests_for_lists_are_refused(dwarven_list: ListState) -> None:
    response = APIClient().get(detail(dwarven_list))

    assert response.status_code == 401
    assert response.json()["code"] == "auth.required"


def test_share_resolve_anonymously_and_fork_as_another_player(
    player: Any, rival: Any, dwarven_list: ListState
) -> None:
    owner = signed_in(player)
    url = detail(dwarven_list)
    private_token = owner.get(url).json()["share_token"]
    assert APIClient().get(f"/api/v1/shared/{private_token}/").status_code == 404

    shared = owner.post(
        f"{url}visibility/",
        {"visibility": Visibility.UNLISTED},
        format="json",
        HTTP_IF_MATCH=etag(owner, url),
    ).json()
    token = shared["share_token"]
    seen = APIClient().get(f"/api/v1/shared/{token}/")
    fork = signed_in(rival).post(f"/api/v1/shared/{token}/fork/", {}, format="json")

    assert seen.status_code == 200
    assert seen.json()["share_token"] is None  # the link is the owner's to hand out
    assert seen.json()["list"]["name"] == "Grudge settlers"
    assert fork.status_code == 201
    forked = ArmyList.objects.get(owner=rival)
    assert forked.forked_from is not None
    assert forked.forked_from.army_list_id == dwarven_list.army_list.pk
    assert fork.json()["list"]["id"] == forked.pk


def test_duplicate_and_delete(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)

    copy = client.post(f"{url}duplicate/")
    assert copy.status_code == 201
    copy_url = copy["Location"]
    assert client.delete(copy_url).status_code == 428
    assert client.delete(copy_url, HTTP_IF_MATCH=copy["ETag"]).status_code == 204

    assert list(ArmyList.objects.filter(owner=player)) == [dwarven_list.army_list]


def test_my_lists_are_paginated_and_mine_only(
    player: Any, rival: Any, dwarven_list: ListState
) -> None:
    body = signed_in(player).get(LISTS).json()

    assert body["count"] == 1
    (item,) = body["results"]
    assert (item["id"], item["url"]) == (dwarven_list.army_list.pk, detail(dwarven_list))
    assert signed_in(rival).get(LISTS).json()["results"] == []


def test_the_api_before_versions_leads_on_with_a_308() -> None:
    # As an app calls it: no session, no CSRF cookie.
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/validate/?explain=1", {}, content_type="application/json")

    assert response.status_code == 308
    assert response["Location"] == "/api/v1/validate/?explain=1"


def test_why_not_names_the_rule_by_its_code(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    query = {"force_id": force_id(dwarven_list), "entry_id": KING}

    before = client.get(f"{url}why-not/", query).json()
    for _ in range(6):
        client.post(f"{url}edits/add/", query, format="json", HTTP_IF_MATCH=etag(client, url))
    after = client.get(f"{url}why-not/", query).json()
    hidden = client.get(f"{url}why-not/", {**query, "entry_id": "no-such-entry"})

    assert before == {"can_add": True, "reasons": []}
    # a limit reached does not stop the add (the list then shows the broken rule) ...
    assert after["can_add"] is True
    assert [r["code"] for r in after["reasons"]] == ["explain.max_reached"]
    assert after["reasons"][0]["constraint_id"]
    # ... an entry the force does not offer does
    assert (hidden.status_code, hidden.json()["code"]) == (400, "edit.unknown_entry")


def test_history_diff_and_restore(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    fields = {"force_id": force_id(dwarven_list), "entry_id": KING}
    client.post(f"{url}edits/add/", fields, format="json", HTTP_IF_MATCH=etag(client, url))

    versions = client.get(f"{url}versions/").json()
    diff = client.get(f"{url}diff/", {"old": 1, "new": 2}).json()
    missing = client.get(f"{url}diff/", {"old": 1, "new": 99})
    restored = client.post(
        f"{url}restore/", {"number": 1}, format="json", HTTP_IF_MATCH=etag(client, url)
    )

    assert [v["number"] for v in versions] == [2, 1]
    assert [v["kind"] for v in versions] == ["edit", "create"]
    assert [c["kind"] for c in diff["changes"]][:1] == ["unit.added"]
    assert diff["changes"][0]["params"]["label"]
    assert (missing.status_code, missing.json()["code"]) == (400, "history.unknown_version")
    assert restored.status_code == 200
    assert restored.json()["document"]["roster"]["forces"][0].get("selections", []) == []
    assert restored.json()["list"]["version"] == 3


def test_export_import_and_verify(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    fields = {"force_id": force_id(dwarven_list), "entry_id": KING}
    client.post(f"{url}edits/add/", fields, format="json", HTTP_IF_MATCH=etag(client, url))

    ros = client.get(f"{url}export/ros/")
    text = client.get(f"{url}export/txt/")
    unknown = client.get(f"{url}export/pdf/")
    imported = client.post(
        f"{LISTS}import/",
        {"file": SimpleUploadedFile("grudge.ros", ros.content)},
        format="multipart",
    )
    genuine = APIClient().post("/api/v1/verify/", {"text": text.content.decode()}, format="json")
    tampered = APIClient().post(
        "/api/v1/verify/",
        {"text": text.content.decode().replace("King", "Queen")},
        format="json",
    )

    assert ros.status_code == 200
    assert ros["Content-Type"] == "application/xml"
    assert unknown.status_code == 404
    assert imported.status_code == 201, imported.json()
    assert imported.json()["left_out"] == []
    kings = imported.json()["document"]["roster"]["forces"][0]["selections"]
    assert [s["entryId"] for s in kings] == [KING]
    assert genuine.json()["valid"] is True
    assert tampered.json()["valid"] is False


def test_the_gallery_lists_public_lists_only(
    player: Any, dwarven_list: ListState, ninth_age: GameSystem
) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    assert APIClient().get("/api/v1/gallery/").json()["count"] == 0

    client.post(
        f"{url}visibility/",
        {"visibility": Visibility.PUBLIC},
        format="json",
        HTTP_IF_MATCH=etag(client, url),
    )
    found = APIClient().get("/api/v1/gallery/", {"game": ninth_age.pk}).json()
    other_game = APIClient().get("/api/v1/gallery/", {"game": 999999})
    not_an_id = APIClient().get("/api/v1/gallery/", {"game": "x"})
    empty = [APIClient().get(f"/api/v1/gallery/?{name}=") for name in ("game", "legal")]

    assert [item["id"] for item in found["results"]] == [dwarven_list.army_list.pk]
    assert other_game.json()["results"] == []
    assert (not_an_id.status_code, not_an_id.json()["code"]) == (400, "request.invalid")
    assert [(r.status_code, r.json()["code"]) for r in empty] == [(400, "request.invalid")] * 2


def test_each_version_records_who_made_it_and_through_what(
    player: Any, dwarven_list: ListState
) -> None:
    device, token = DeviceToken.objects.create(user=player, device_name="tablet")
    app = APIClient()
    app.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    url = detail(dwarven_list)
    app.post(
        f"{url}edits/cost-limit/",
        {"cost_type_id": POINTS, "value": 3000},
        format="json",
        HTTP_IF_MATCH=etag(app, url),
    )
    page = Client()
    page.force_login(player)
    page.post(
        reverse("lists:edit", args=[dwarven_list.army_list.pk, "cost-limit"]),
        {"cost_type_id": POINTS, "value": "2500", "version": "2"},
    )

    versions = ListVersion.objects.filter(army_list=dwarven_list.army_list).order_by("number")
    made = [(v.number, v.author_id, v.channel, v.device_id) for v in versions]
    assert made[1:] == [
        (2, player.pk, "api", device.pk),
        (3, player.pk, "page", None),
    ]


def test_an_empty_or_foreign_file_is_not_verified(client: Any) -> None:
    empty = client.post("/api/v1/verify/", {"file": SimpleUploadedFile("file", b"")})
    prose = client.post(
        "/api/v1/verify/", {"text": "Just a list."}, content_type="application/json"
    )

    assert (empty.status_code, empty.json()["valid"], empty.json()["code"]) == (200, False, "")
    assert (prose.status_code, prose.json()["valid"]) == (200, False)


def test_offers_and_options_are_the_builders(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    added = client.post(
        f"{url}edits/add/",
        {"force_id": force_id(dwarven_list), "entry_id": WARRIORS},
        format="json",
        HTTP_IF_MATCH=etag(client, url),
    ).json()
    (unit,) = added["report"]["forces"][0]["selections"]

    offers = client.get(f"{url}offers/").json()
    options = client.get(f"{url}selections/{unit['id']}/options/")
    missing = client.get(f"{url}selections/selection-999/options/")

    (force,) = offers
    assert force["force_id"] == force_id(dwarven_list)
    entries = {e["entry_id"]: e for c in force["categories"] for e in c["entries"]}
    assert entries[KING]["available"] is True
    assert entries[KING]["costs"][0]["value"] > 0
    assert options.status_code == 200
    body = options.json()
    assert body["selection_id"] == unit["id"]
    controls = {o["control"] for g in body["groups"] for o in g["options"]}
    assert controls <= {"checkbox", "radio", "stepper"}
    assert controls
    assert missing.status_code == 404


def test_a_rename_or_a_name_alone_keeps_the_notes(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)

    def post(path: str, body: dict[str, Any]) -> Any:
        return client.post(
            f"{url}{path}?include=document", body, format="json", HTTP_IF_MATCH=etag(client, url)
        )

    post("edits/custom/", {"target_id": "roster", "notes": "Bring the anvil."})
    renamed = client.patch(url, {"name": "Renamed"}, format="json", HTTP_IF_MATCH=etag(client, url))
    king = post("edits/add/", {"force_id": force_id(dwarven_list), "entry_id": KING}).json()
    selection = king["document"]["roster"]["forces"][0]["selections"][0]["id"]
    post("edits/custom/", {"target_id": selection, "notes": "Oathsworn."})
    named = post("edits/custom/", {"target_id": selection, "name": "Thorek"}).json()
    cleared = post("edits/custom/", {"target_id": selection, "notes": None}).json()
    nothing = post("edits/custom/", {"target_id": selection})

    assert renamed.json()["document"]["roster"]["customNotes"] == "Bring the anvil."
    (unit,) = named["document"]["roster"]["forces"][0]["selections"]
    assert (unit["customName"], unit["customNotes"]) == ("Thorek", "Oathsworn.")
    (unit,) = cleared["document"]["roster"]["forces"][0]["selections"]
    assert (unit["customName"], unit.get("customNotes")) == ("Thorek", None)
    assert (nothing.status_code, nothing.json()["code"]) == (400, "edit.nothing_to_change")


def test_if_match_is_strong_and_star_matches_the_list(player: Any, dwarven_list: ListState) -> None:
    client = signed_in(player)
    url = detail(dwarven_list)
    body = {"cost_type_id": POINTS, "value": 3000}

    weak = client.post(
        f"{url}edits/cost-limit/", body, format="json", HTTP_IF_MATCH=f"W/{etag(client, url)}"
    )
    star = client.post(f"{url}edits/cost-limit/", body, format="json", HTTP_IF_MATCH="*")

    assert weak.status_code == 412
    assert star.status_code == 200


def test_a_missing_catalogue_is_a_refused_choice_not_a_missing_page(player: Any) -> None:
    response = signed_in(player).post(LISTS, {"name": "x", "catalogue": 2**62}, format="json")

    assert (response.status_code, response.json()["code"]) == (400, "edit.unknown_catalogue")


def test_token_sign_in_shares_the_pages_lockout_per_account(player: Any, settings: Any) -> None:
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login_failed": "3/5m/key"}
    guesses = [
        APIClient(REMOTE_ADDR=f"192.0.2.{n}").post(
            "/api/v1/auth/token/", {"email": player.email, "password": "guess"}, format="json"
        )
        for n in range(4)
    ]
    right = APIClient(REMOTE_ADDR="192.0.2.99").post(
        "/api/v1/auth/token/", {"email": player.email, "password": PASSWORD}, format="json"
    )

    assert [g.status_code for g in guesses] == [401, 401, 401, 429]
    assert guesses[3].json()["code"] == "auth.throttled"
    assert int(guesses[3]["Retry-After"]) > 0
    assert right.status_code == 429  # the account is locked for a while, whoever asks


def test_a_forged_forwarded_for_does_not_reset_the_throttle(player: Any, settings: Any) -> None:
    settings.API_THROTTLE_RATES = {**settings.API_THROTTLE_RATES, "sign_in": "2/min"}
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    answers = [
        APIClient(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"1.1.1.{n}, 198.51.100.7").post(
            "/api/v1/auth/token/",
            {"email": f"nobody{n}@example.com", "password": "x"},
            format="json",
        )
        for n in range(3)
    ]

    assert [a.status_code for a in answers] == [401, 401, 429]


def test_the_old_paths_lead_on_even_without_a_slash(client: Any) -> None:
    assert client.get("/api/v1").status_code == 301  # the common middleware adds the slash
    assert client.get("/api/schema/")["Location"] == "/api/v1/schema/"


def test_options_on_my_lists_is_a_405_pointing_at_the_allowed_methods(player: Any) -> None:
    response = signed_in(player).options(LISTS)

    assert (response.status_code, response.json()["code"]) == (405, "request.method_not_allowed")
    assert "POST" in response["Allow"]
