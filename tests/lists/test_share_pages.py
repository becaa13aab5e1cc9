"""Sharing pages: the shared page, visibility and link rotation, exports, print, forks,
gallery, verify, import and history, through the test client."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from armybuilder.engine.document import roster_document
from armybuilder.engine.formats import write_xml
from catalogues.examples import shipped_examples
from catalogues.models import Catalogue
from catalogues.services.validation import validate_list_spec
from lists import history, services, sharing
from lists.exports import CODE_PATTERN
from lists.models import ArmyList, ListVersion, VersionKind, Visibility
from lists.services import ListState
from tests.catalogues.packs import load_pack
from tests.lists.conftest import KING, WARRIORS, add

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared_list(dwarven_list: ListState) -> ArmyList:
    state = add(add(dwarven_list, KING), WARRIORS)
    state = services.set_custom(
        army_list=state.army_list,
        version=state.army_list.version,
        target_id=next(s.id for s in state.roster.all_selections() if s.node.id == KING),
        name="Thorgrim",
        notes="The general, on foot",
    )
    return sharing.set_visibility(army_list=state.army_list, visibility=Visibility.UNLISTED)


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def shared_url(army_list: ArmyList) -> str:
    return reverse("sharing:shared", args=[army_list.share_token])


def test_the_shared_page_shows_the_whole_list_and_its_verdict(shared_list: ArmyList) -> None:
    response = Client().get(shared_url(shared_list))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Thorgrim (King)" in html
    assert "The general, on foot" in html
    assert "Clan Warriors" in html
    assert "Characters" in html  # category headings with their totals
    assert 'id="verdict" data-verdict="illegal"' in html  # a King and one unit: no legal army
    assert "Dwarven Holds (revision" in html
    assert '<meta property="og:title" content="Grudge settlers">' in html
    description = re.search(r'<meta property="og:description" content="([^"]*)"', html)
    assert description is not None
    assert "The 9th Age" in description.group(1)
    assert "Dwarven Holds" in description.group(1)
    assert "/ 4,500 pts" in description.group(1)
    assert "legal" in description.group(1).lower()  # the preview a chat app shows, in words
    assert '<meta name="robots" content="noindex, nofollow">' in html
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert 'id="sharing-heading"' not in html  # owner controls are the owner's


def test_a_public_list_is_indexable(shared_list: ArmyList) -> None:
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PUBLIC)

    response = Client().get(shared_url(shared_list))

    assert "noindex" not in response.content.decode()
    assert "X-Robots-Tag" not in response


def test_private_missing_and_rotated_links_all_give_the_same_404(
    shared_list: ArmyList, rival: Any, player: Any
) -> None:
    old = shared_url(shared_list)
    sharing.rotate_share_token(army_list=shared_list)
    rotated = Client().get(old)
    missing = Client().get(reverse("sharing:shared", args=["c" * 43]))
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PRIVATE)
    private = logged_in(rival).get(shared_url(shared_list))

    assert rotated.status_code == missing.status_code == private.status_code == 404
    assert rotated.content == missing.content == private.content
    assert logged_in(player).get(shared_url(shared_list)).status_code == 200


def test_the_owner_changes_visibility_and_rotates_the_link(
    shared_list: ArmyList, player: Any, rival: Any
) -> None:
    owner = logged_in(player)
    page = owner.get(shared_url(shared_list)).content.decode()
    assert 'id="sharing-heading"' in page

    response = owner.post(
        reverse("sharing:visibility", args=[shared_list.pk]), {"visibility": "public"}
    )
    assert response.status_code == 302
    assert ArmyList.objects.get(pk=shared_list.pk).visibility == Visibility.PUBLIC
    assert (
        owner.post(
            reverse("sharing:visibility", args=[shared_list.pk]), {"visibility": "world"}
        ).status_code
        == 302
    )
    assert ArmyList.objects.get(pk=shared_list.pk).visibility == Visibility.PUBLIC

    old = shared_list.share_token
    owner.post(reverse("sharing:rotate_link", args=[shared_list.pk]))
    new = ArmyList.objects.get(pk=shared_list.pk).share_token
    assert new != old
    assert Client().get(reverse("sharing:shared", args=[old])).status_code == 404
    # nobody else can change the settings of a list
    rival_client = logged_in(rival)
    assert (
        rival_client.post(
            reverse("sharing:visibility", args=[shared_list.pk]), {"visibility": "private"}
        ).status_code
        == 404
    )
    assert (
        rival_client.post(reverse("sharing:rotate_link", args=[shared_list.pk])).status_code == 404
    )
    assert ArmyList.objects.get(pk=shared_list.pk).share_token == new


@pytest.mark.parametrize("fmt", ["txt", "md", "json", "ros", "rosz"])
def test_every_export_downloads_from_the_share_link(shared_list: ArmyList, fmt: str) -> None:
    response = Client().get(reverse("sharing:shared_export", args=[shared_list.share_token, fmt]))

    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="grudge-settlers.{fmt}"'
    verified = Client().post(
        reverse("sharing:verify"),
        {"file": SimpleUploadedFile(f"grudge-settlers.{fmt}", response.content)},
    )
    assert 'id="verify-result" data-verified="yes"' in verified.content.decode()


def test_the_owner_exports_by_id_and_others_get_404(
    shared_list: ArmyList, player: Any, rival: Any
) -> None:
    url = reverse("sharing:export", args=[shared_list.pk, "txt"])

    assert logged_in(player).get(url).status_code == 200
    assert logged_in(rival).get(url).status_code == 404
    assert logged_in(player).get(url.replace("/txt/", "/pdf/")).status_code == 404


def test_the_print_view_has_one_section_per_force(shared_list: ArmyList) -> None:
    response = Client().get(reverse("sharing:shared_print", args=[shared_list.share_token]))

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="print-force"') == len(shared_list.document["roster"]["forces"])
    assert "lists-print.css" in html
    assert "Thorgrim (King)" in html


def test_verify_tells_a_pasted_export_from_a_tampered_one(shared_list: ArmyList) -> None:
    text = (
        Client()
        .get(reverse("sharing:shared_export", args=[shared_list.share_token, "txt"]))
        .content.decode()
    )
    assert CODE_PATTERN.search(text)

    genuine = Client().post(reverse("sharing:verify"), {"text": text}).content.decode()
    tampered = (
        Client()
        .post(reverse("sharing:verify"), {"text": text.replace("Thorgrim", "Grimgor")})
        .content.decode()
    )
    empty = Client().post(reverse("sharing:verify"), {"text": " "})

    assert 'data-verified="yes"' in genuine
    assert '<pre class="verified-text">' in genuine
    assert "Thorgrim" in genuine.split('class="verified-text"')[1]
    assert 'data-verified="no"' in tampered
    assert empty.status_code == 400


def test_forking_from_a_share_link(shared_list: ArmyList, rival: Any) -> None:
    url = reverse("sharing:shared_fork", args=[shared_list.share_token])

    anonymous = Client().post(url, {"version": 1})
    assert anonymous.status_code == 302
    assert anonymous["Location"] == reverse("account_login") + "?next=" + shared_url(shared_list)
    response = logged_in(rival).post(url, {"version": shared_list.version})

    fork = ArmyList.objects.get(owner=rival)
    assert response.status_code == 302
    assert response["Location"] == reverse("lists:builder", args=[fork.pk])
    assert fork.forked_from is not None
    assert fork.forked_from.army_list_id == shared_list.pk
    assert fork.forked_from.number == shared_list.version
    assert fork.visibility == Visibility.PRIVATE
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PRIVATE)
    assert logged_in(rival).post(url, {"version": 1}).status_code == 404
    assert ArmyList.objects.filter(owner=rival).count() == 1


def test_a_visitor_chooses_which_kept_version_to_fork(shared_list: ArmyList, rival: Any) -> None:
    html = logged_in(rival).get(shared_url(shared_list)).content.decode()

    select = re.search(r'<select name="version" id="fork-version">(.*?)</select>', html, re.S)
    assert select is not None
    options = re.findall(
        r'<option value="(\d+)" data-kind="(\w+)" data-verdict="(\w+)"( selected)?>'
        r"([^<]*)</option>",
        select.group(1),
    )
    assert [(int(value), kind, verdict) for value, kind, verdict, _, _ in options] == [
        (4, "edit", "illegal"),
        (3, "edit", "illegal"),
        (2, "edit", "illegal"),
        (1, "create", "illegal"),
    ]
    assert [int(value) for value, _, _, chosen, _ in options if chosen] == [shared_list.version]
    labels = [label for *_, label in options]
    when = r"\d{4}-\d\d-\d\d \d\d:\d\d"
    # each label: its number, date, summary and points (the words around them are translated)
    assert re.match(rf"v4 · {when} · .* · Edited King · 410 ", labels[0])
    assert re.match(rf"v2 · {when} · .* · Added King · 210 ", labels[2])
    assert re.match(rf"v1 · {when} · ", labels[3])
    assert 'id="fork-version"' not in Client().get(shared_url(shared_list)).content.decode()

    response = logged_in(rival).post(
        reverse("sharing:shared_fork", args=[shared_list.share_token]), {"version": 2}
    )

    fork = ArmyList.objects.get(owner=rival)
    assert response.status_code == 302
    assert fork.forked_from == ListVersion.objects.get(army_list=shared_list, number=2)
    forces = fork.document["roster"]["forces"]
    assert [s["entryId"] for s in forces[0]["selections"]] == [KING]


@pytest.mark.parametrize(
    ("version", "code"),
    [
        ("99", sharing.UNKNOWN_VERSION),
        ("0", services.BAD_VERSION),
        ("x", services.BAD_VERSION),
        ("", services.BAD_VERSION),
        ("1.5", services.BAD_VERSION),
        ("9" * 30, services.BAD_VERSION),
        (None, services.BAD_VERSION),
    ],
)
def test_forking_a_version_the_list_does_not_keep_is_refused(
    shared_list: ArmyList, rival: Any, version: str | None, code: str
) -> None:
    data = {} if version is None else {"version": version}

    response = logged_in(rival).post(
        reverse("sharing:shared_fork", args=[shared_list.share_token]), data
    )

    assert response.status_code == 400
    assert f'id="fork-error" data-code="{code}"' in response.content.decode()
    assert not ArmyList.objects.filter(owner=rival).exists()


def test_a_number_only_another_list_has_is_refused(
    shared_list: ArmyList, player: Any, rival: Any
) -> None:
    longer = services.duplicate_list(army_list=shared_list, user=player)
    state = services.load_list(army_list=longer)
    for entry in (WARRIORS, KING, WARRIORS, KING):
        state = add(state, entry)
    assert state.army_list.version > shared_list.version

    response = logged_in(rival).post(
        reverse("sharing:shared_fork", args=[shared_list.share_token]),
        {"version": state.army_list.version},
    )

    assert response.status_code == 400
    assert f'id="fork-error" data-code="{sharing.UNKNOWN_VERSION}"' in response.content.decode()
    assert not ArmyList.objects.filter(owner=rival).exists()


def test_a_private_list_reveals_no_versions(shared_list: ArmyList, rival: Any) -> None:
    token = shared_list.share_token
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PRIVATE)
    client = logged_in(rival)
    missing = "A" * 43

    for path in ("sharing:shared", "sharing:shared_fork"):
        send = client.get if path == "sharing:shared" else client.post
        private = send(reverse(path, args=[token]), {"version": 1})
        unknown = send(reverse(path, args=[missing]), {"version": 1})
        assert private.status_code == unknown.status_code == 404
        assert private.content == unknown.content
        assert b"fork-version" not in private.content
    assert not ArmyList.objects.filter(owner=rival).exists()


def test_the_gallery_filters_public_lists(
    shared_list: ArmyList, player: Any, ninth_age: Any
) -> None:
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PUBLIC)
    hidden = services.duplicate_list(army_list=shared_list, user=player)
    sharing.set_visibility(army_list=hidden, visibility=Visibility.UNLISTED)
    gallery = reverse("sharing:gallery")

    def names(query: dict[str, Any]) -> list[str]:
        response = Client().get(gallery, query)
        assert response.status_code == 200
        return re.findall(r'<h2><a href="/s/[^"]+/">([^<]+)</a></h2>', response.content.decode())

    assert names({}) == ["Grudge settlers"]
    assert names({"game": ninth_age.pk}) == ["Grudge settlers"]
    points = shared_list.points
    assert names({"points_min": points - 1, "points_max": points + 1}) == ["Grudge settlers"]
    assert names({"points_min": points + 1}) == []
    assert not shared_list.legal
    assert names({"legal": "on"}) == []
    legal = services.duplicate_list(army_list=shared_list, user=player)
    sharing.set_visibility(army_list=legal, visibility=Visibility.PUBLIC)
    # the gallery filters on the verdict stored with each save
    ArmyList.objects.filter(pk=legal.pk).update(name="Legal settlers", legal=True, error_count=0)
    assert names({"legal": "on"}) == ["Legal settlers"]
    assert Client().get(gallery, {"points_min": "lots"}).status_code == 400


def test_the_gallery_offers_only_the_chosen_games_factions(
    shared_list: ArmyList, ninth_age: Any
) -> None:
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PUBLIC)
    w40k = load_pack("warhammer-40k-9th")
    necrons = Catalogue.objects.get(bs_id="w40k9-nec")
    gallery = reverse("sharing:gallery")

    def faction_options(query: dict[str, Any]) -> set[str]:
        response = Client().get(gallery, query)
        assert response.status_code == 200
        html = response.content.decode()
        select = re.search(r'<select name="faction"[^>]*>(.*?)</select>', html, re.S)
        assert select is not None
        return set(re.findall(r'<option value="(\d+)"', select.group(1)))

    nine = {str(c.pk) for c in Catalogue.objects.filter(game_system=ninth_age, library=False)}
    assert faction_options({"game": ninth_age.pk}) == nine
    assert str(necrons.pk) in faction_options({"game": w40k.pk})
    assert faction_options({}) >= nine | {str(necrons.pk)}
    # a faction left chosen from the game chosen before no longer hides every list
    stale = Client().get(gallery, {"game": ninth_age.pk, "faction": necrons.pk})
    assert "Grudge settlers</a>" in stale.content.decode()
    assert "Grudge settlers</a>" not in (Client().get(gallery, {"game": w40k.pk}).content.decode())


def test_the_gallery_is_paginated_newest_first(shared_list: ArmyList, player: Any) -> None:
    sharing.set_visibility(army_list=shared_list, visibility=Visibility.PUBLIC)
    for _ in range(21):
        copy = services.duplicate_list(army_list=shared_list, user=player)
        sharing.set_visibility(army_list=copy, visibility=Visibility.PUBLIC)

    first = Client().get(reverse("sharing:gallery")).content.decode()
    second = Client().get(reverse("sharing:gallery"), {"page": 2}).content.decode()

    assert first.count('class="card gallery-item"') == 20
    assert second.count('class="card gallery-item"') == 2
    assert "Grudge settlers</a>" in second  # the oldest comes last


def test_importing_a_roster_file_makes_a_new_list(shared_list: ArmyList, rival: Any) -> None:
    ros = (
        Client()
        .get(reverse("sharing:shared_export", args=[shared_list.share_token, "ros"]))
        .content
    )
    client = logged_in(rival)

    response = client.post(
        reverse("sharing:import"), {"roster": SimpleUploadedFile("grudge.ros", ros)}
    )

    assert response.status_code == 200
    imported = ArmyList.objects.get(owner=rival)
    assert imported.versions.get().kind == VersionKind.IMPORT
    assert 'id="import-result"' in response.content.decode()


def test_a_hostile_import_is_refused_with_a_clear_error(rival: Any) -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;">]>'
        b"<roster>&b;</roster>"
    )
    response = logged_in(rival).post(
        reverse("sharing:import"), {"roster": SimpleUploadedFile("x.ros", bomb)}
    )

    assert response.status_code == 422
    assert 'id="import-error" data-code="format.dtd"' in response.content.decode()
    assert not ArmyList.objects.filter(owner=rival).exists()
    assert Client().get(reverse("sharing:import")).status_code == 302  # log in first


def test_the_history_page_diffs_and_restores(
    shared_list: ArmyList, player: Any, rival: Any
) -> None:
    client = logged_in(player)
    url = reverse("sharing:history", args=[shared_list.pk])

    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    for number in range(1, shared_list.version + 1):
        assert f'id="version-{number}"' in html

    diff = client.get(url, {"old": 1, "new": shared_list.version}).content.decode()
    assert re.search(r'data-kind="unit.added">[^<]*Thorgrim', diff)
    for query, code in (
        ({"old": 1, "new": 999}, history.UNKNOWN_VERSION),
        ({"old": "x", "new": 1}, services.BAD_VERSION),
    ):
        refused = client.get(url, query)
        assert refused.status_code == 400
        assert f'id="diff-error" data-code="{code}"' in refused.content.decode()

    response = client.post(
        reverse("sharing:restore", args=[shared_list.pk]),
        {"version": shared_list.version, "number": 1},
    )
    assert response.status_code == 302
    newest = ListVersion.objects.filter(army_list=shared_list).first()
    assert newest is not None
    assert newest.kind == VersionKind.RESTORE
    assert newest.document["roster"]["forces"][0].get("selections") is None
    assert logged_in(rival).get(url).status_code == 404


def test_forking_my_own_older_version_from_history(shared_list: ArmyList, player: Any) -> None:
    response = logged_in(player).post(
        reverse("sharing:fork", args=[shared_list.pk]), {"version": 2}
    )

    assert response.status_code == 302
    fork = ArmyList.objects.exclude(pk=shared_list.pk).get()
    assert fork.forked_from is not None
    assert fork.forked_from.number == 2


def test_read_only_pages_refuse_other_methods(shared_list: ArmyList, player: Any) -> None:
    client = logged_in(player)

    for url in (
        shared_url(shared_list),
        reverse("sharing:gallery"),
        reverse("sharing:history", args=[shared_list.pk]),
        reverse("sharing:shared_export", args=[shared_list.share_token, "txt"]),
    ):
        assert client.delete(url).status_code == 405, url


def test_a_unit_that_costs_nothing_shows_no_empty_cost_badge(player: Any) -> None:
    load_pack("warhammer-40k-9th")
    example = next(
        e for e in shipped_examples() if e.slug == "space-marines-strike-force-battalion"
    )
    document = roster_document(validate_list_spec(spec=example.spec).view)
    imported = sharing.import_list(user=player, data=write_xml(document), filename="sm.ros")
    army_list = sharing.set_visibility(army_list=imported.army_list, visibility=Visibility.UNLISTED)

    html = Client().get(shared_url(army_list)).content.decode()

    badges = re.findall(r'<span class="badge" data-code="unit-costs">([^<]*)</span>', html)
    assert "85 pts, 5 PL" in badges  # the Captain
    assert all(badge.strip() for badge in badges)
    assert "Battalion Detachment command cost" in html
    assert '<span class="badge"></span>' not in html


def test_an_example_list_is_copied_into_my_lists_in_one_click(ninth_age: Any, player: Any) -> None:
    copy = reverse("sharing:copy_example", args=[ninth_age.slug, "dwarven-holds-legal-4500"])
    page = reverse("catalogues:example_list", args=[ninth_age.slug, "dwarven-holds-legal-4500"])
    client = logged_in(player)
    assert 'id="copy-example"' in client.get(page).content.decode()

    response = client.post(copy)

    army_list = ArmyList.objects.get(owner=player)
    assert response.status_code == 302
    assert response["Location"] == reverse("lists:builder", args=[army_list.pk])
    assert army_list.visibility == Visibility.PRIVATE
    assert army_list.legal
    assert army_list.points_limit == 4500
    assert army_list.versions.get().kind == VersionKind.IMPORT
    assert len(army_list.document["roster"]["forces"][0]["selections"]) > 1
    assert client.get(response["Location"]).status_code == 200


def test_copying_an_example_signed_out_or_unknown_stores_nothing(
    ninth_age: Any, player: Any
) -> None:
    copy = reverse("sharing:copy_example", args=[ninth_age.slug, "dwarven-holds-legal-4500"])

    signed_out = Client().post(copy)
    unknown = logged_in(player).post(
        reverse("sharing:copy_example", args=[ninth_age.slug, "no-such-example"])
    )
    read = logged_in(player).get(copy)

    assert signed_out.status_code == 302
    assert signed_out["Location"].startswith(reverse("account_login"))
    assert (unknown.status_code, read.status_code) == (404, 405)
    assert not ArmyList.objects.exists()
