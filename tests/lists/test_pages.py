"""The list pages: only the owner sees a list, My lists, rename, duplicate, delete."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from lists.models import ArmyList
from lists.services import ListState

pytestmark = pytest.mark.django_db


def per_list_urls(list_id: int) -> list[str]:
    return [
        reverse(name, args=[list_id])
        for name in ("lists:builder", "lists:rename", "lists:duplicate", "lists:delete")
    ]


def test_another_player_gets_404_for_every_page_of_a_list(
    client: Client, dwarven_list: ListState, rival: Any
) -> None:
    list_id = dwarven_list.army_list.pk
    client.force_login(rival)

    for url in per_list_urls(list_id):
        assert client.get(url).status_code in (404, 405), url
        assert client.post(url, {"name": "Mine now"}).status_code == 404, url

    army_list = ArmyList.objects.get(pk=list_id)
    assert army_list.name == "Grudge settlers"
    assert ArmyList.objects.count() == 1


def test_a_visitor_gets_404_too_and_guessing_ids_finds_nothing(
    client: Client, dwarven_list: ListState, rival: Any
) -> None:
    list_id = dwarven_list.army_list.pk
    for url in per_list_urls(list_id):
        assert client.post(url).status_code == 404, url
    client.force_login(rival)
    for guess in (list_id + 1, list_id + 1000, 0):
        for url in per_list_urls(guess):
            assert client.post(url).status_code == 404, url


def test_my_lists_needs_an_account(client: Client) -> None:
    for url in (reverse("lists:mine"), reverse("lists:new")):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("account_login"))


def test_my_lists_shows_only_mine_last_edited_first(
    client: Client, dwarven_list: ListState, player: Any, rival: Any
) -> None:
    from lists import services

    older = services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    services.rename_list(army_list=dwarven_list.army_list, name="Edited last")
    services.duplicate_list(army_list=dwarven_list.army_list, user=rival)
    client.force_login(player)

    page = client.get(reverse("lists:mine")).content.decode()

    rows = re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', page)
    assert rows == ["Edited last", older.name]
    assert "Dwarven Holds" in page
    assert "The 9th Age" in page
    assert "4,500" in page


def test_my_lists_shows_a_bounded_page_at_a_time(
    client: Client, dwarven_list: ListState, player: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lists import services
    from lists.views import mine

    monkeypatch.setattr(mine, "MY_LISTS_PAGE_SIZE", 2)
    for _ in range(2):
        services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    client.force_login(player)

    first = client.get(reverse("lists:mine")).content.decode()
    second = client.get(reverse("lists:mine"), {"page": "2"}).content.decode()
    beyond = client.get(reverse("lists:mine"), {"page": "x²"})

    row = r'<th scope="row"><a href="[^"]+">([^<]+)</a>'
    assert len(re.findall(row, first)) == 2
    assert re.findall(row, second) == [dwarven_list.army_list.name]
    assert 'rel="next"' in first
    assert beyond.status_code == 200


def test_rename_duplicate_and_delete_from_my_lists(
    client: Client, dwarven_list: ListState, player: Any
) -> None:
    list_id = dwarven_list.army_list.pk
    client.force_login(player)

    assert client.get(reverse("lists:rename", args=[list_id])).status_code == 200
    bad = client.post(reverse("lists:rename", args=[list_id]), {"name": ""})
    assert bad.status_code == 400
    response = client.post(reverse("lists:rename", args=[list_id]), {"name": "Karak list"})
    assert response.status_code == 302
    assert ArmyList.objects.get(pk=list_id).name == "Karak list"

    response = client.post(reverse("lists:duplicate", args=[list_id]))
    assert response.status_code == 302
    assert ArmyList.objects.filter(owner=player).count() == 2

    confirm = client.get(reverse("lists:delete", args=[list_id]))
    assert confirm.status_code == 200
    assert ArmyList.objects.filter(pk=list_id).exists()
    response = client.post(reverse("lists:delete", args=[list_id]))
    assert response.status_code == 302
    assert not ArmyList.objects.filter(pk=list_id).exists()
    assert ArmyList.objects.filter(owner=player).count() == 1


def test_the_list_page_shows_the_pinned_revisions(
    client: Client, dwarven_list: ListState, player: Any
) -> None:
    client.force_login(player)
    page = client.get(reverse("lists:builder", args=[dwarven_list.army_list.pk]))
    revision = dwarven_list.report.closure.game_system_revision

    assert page.status_code == 200
    assert f"revision {revision.number}" in page.content.decode()


def test_the_header_links_to_my_lists_or_to_log_in(client: Client, player: Any) -> None:
    home = client.get(reverse("catalogues:home")).content.decode()
    assert reverse("account_login") in home
    assert reverse("account_signup") in home
    assert reverse("lists:mine") not in home

    client.force_login(player)
    home = client.get(reverse("catalogues:home")).content.decode()
    assert reverse("lists:mine") in home
    assert reverse("lists:new") in home
    assert reverse("account_logout") in home
