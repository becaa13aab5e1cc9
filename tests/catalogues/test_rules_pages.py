"""The rules page of a game system lists every rule its validator enforces, one anchor per code,
and every citation on the pages (the builder's problems, the shared page, example lists and
what cannot be added now) links to an anchor that exists there."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from armybuilder.engine import rulebook
from catalogues.examples import example_lists
from catalogues.models import Catalogue, GameSystem
from lists import services, sharing
from lists.models import Visibility
from tests.catalogues.packs import NINTH_AGE, load_pack
from tests.engine.packs import pack_names

pytestmark = pytest.mark.django_db

ANCHOR = re.compile(r'<li class="card rule-entry" id="([^"]+)"')


def _get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def _rules_url(game_system: GameSystem) -> str:
    return reverse("catalogues:game_system_rules", args=[game_system.slug])


def _anchors(client: Client, game_system: GameSystem) -> set[str]:
    return set(ANCHOR.findall(_get(client, _rules_url(game_system))))


def _rule_links(page: str, game_system: GameSystem) -> list[str]:
    """The codes a page's citations link to on the game system's rules page."""
    return re.findall(rf'href="{re.escape(_rules_url(game_system))}#([^"]+)"', page)


@pytest.mark.parametrize("game", pack_names())
def test_the_rules_page_lists_every_registered_rule_with_its_anchor(
    client: Client, game: str
) -> None:
    game_system = load_pack(game)
    registry = rulebook.game_for_system(game_system.bs_id)
    assert registry is not None

    page = _get(client, _rules_url(game_system))

    assert ANCHOR.findall(page) == [rule.code for rule in registry.rules]
    for rule in registry.rules:
        assert html.escape(rule.summary) in page, rule.code
        assert f'href="#{rule.code}"' in page
    assert f'href="{_rules_url(game_system)}"' in _get(
        client, reverse("catalogues:game_system", args=[game_system.slug])
    )


def test_the_rules_page_gives_each_rules_digest_line_and_rulebook_line(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)

    page = _get(client, _rules_url(game_system))

    entry = page.split('id="t9a.rarity.rare"')[1].split("</li>\n  \n")[0]
    assert "2.6 Rarity: Rare" in entry
    assert "the-9th-age-3rd.md" in entry
    assert "line 138" in entry
    assert "rulebook line 735" in entry
    assert "Rarità - Restrizioni per le Unità e gli oggetti" in entry


def test_a_game_system_without_registered_rules_has_no_rules_page(client: Client) -> None:
    other = GameSystem.objects.create(bs_id="no-hook-gs", name="Unhooked", slug="unhooked")

    assert client.get(_rules_url(other)).status_code == 404
    assert client.get("/systems/no-such-system/rules/").status_code == 404


def test_an_example_lists_citations_link_to_anchors_of_the_rules_page(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    anchors = _anchors(client, game_system)
    illegal = [e for e in example_lists(game_system=game_system) if not e.meant_legal]
    linked: list[str] = []

    for example in illegal:
        page = _get(
            client, reverse("catalogues:example_list", args=[game_system.slug, example.slug])
        )
        codes = re.findall(r'<tr data-code="([^"]+)">', page)
        links = _rule_links(page, game_system)
        assert set(codes) <= set(links), example.slug  # every problem row cites its entry
        linked += links

    assert linked
    assert sorted(set(linked) - anchors) == []


def test_what_cannot_be_added_links_its_limits_rule(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    anchors = _anchors(client, game_system)
    example = next(e for e in example_lists(game_system=game_system) if e.meant_legal)

    page = _get(client, reverse("catalogues:example_list", args=[game_system.slug, example.slug]))
    reasons = page.split('class="unavailable small"')[1:]

    reason_links = [code for part in reasons for code in _rule_links(part, game_system)]
    assert reason_links
    assert sorted(set(reason_links) - anchors) == []


def _list_with_problems(user: Any, game_system: GameSystem) -> services.ListState:
    """A new Dwarven Holds list with nothing in it: too few points spent, too little Core."""
    return services.create_list(
        user=user,
        game_system=game_system,
        catalogue=Catalogue.objects.get(game_system=game_system, bs_id="t9a3-dh"),
        name="Empty hold",
        cost_limits={"t9a3-pts": 4500},
        options={},
        force_entry_id="t9a3-dh-force",
    )


def test_the_builder_and_shared_pages_link_each_problems_rule(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    anchors = _anchors(client, game_system)
    player = get_user_model().objects.create_user("rules-reader", "r@example.com", "pw-rules-1")
    state = _list_with_problems(player, game_system)
    codes = {p.code for p in state.report.problems if p.rule}
    assert "t9a.army_points.under_minimum" in codes
    client.force_login(player)

    builder = _get(client, reverse("lists:builder", args=[state.army_list.pk]))
    sharing.set_visibility(army_list=state.army_list, visibility=Visibility.UNLISTED)
    shared = _get(Client(), reverse("sharing:shared", args=[state.army_list.share_token]))

    for page in (builder, shared):
        links = set(_rule_links(page, game_system))
        assert codes <= links
        assert links <= anchors
