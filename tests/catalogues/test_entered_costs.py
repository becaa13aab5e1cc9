"""Costs no source gives (Battleground's unit cards, Fantasy Warriors' army lists): the pages say
that the player enters them, on the entry page, in the catalogue's listing, on the shared
upgrade's own page, and in an example list's verdict and totals."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from catalogues.examples import shipped_examples
from catalogues.models import Catalogue, Entry
from tests.catalogues.packs import NINTH_AGE, load_pack
from tests.engine.packs import pack_documents


def _pages(client: Client, game: str, catalogue_id: str, entry_id: str) -> tuple[str, str]:
    game_system = load_pack(game)
    catalogue = Catalogue.objects.get(game_system=game_system, bs_id=catalogue_id)
    entry = Entry.objects.get(revision__catalogue=catalogue, bs_id=entry_id)
    listing = client.get(reverse("catalogues:catalogue", args=[game_system.slug, catalogue.slug]))
    detail = client.get(reverse("catalogues:entry", args=[entry.pk]))
    assert (listing.status_code, detail.status_code) == (200, 200)
    return listing.content.decode(), detail.content.decode()


def _costs_card(detail: str) -> str:
    return detail.split('id="costs-heading"')[1].split("</section>")[0]


def _rule(game: str, rule_id: str) -> dict[str, Any]:
    game_system, _ = pack_documents(game)
    (rule,) = [r for r in game_system["gameSystem"]["sharedRules"] if r["id"] == rule_id]
    return rule


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "catalogue_id", "entry_id", "rule_id"),
    [
        ("battleground", "bg-undead", "bg-undead-ghoul-pack", "bg-entered-cost"),
        ("fantasy-warriors", "fw-orcs", "fw-orcs-general", "fw-entered-cost"),
    ],
)
def test_a_cost_the_player_enters_is_said_so_on_the_pages(
    client: Client, game: str, catalogue_id: str, entry_id: str, rule_id: str
) -> None:
    rule = _rule(game, rule_id)
    listing, detail = _pages(client, game, catalogue_id, entry_id)

    costs_card = _costs_card(detail)
    # The costs card names the rule and points to it; the rules section prints its text once.
    assert f'<a href="#rule-{rule_id}">{escape(rule["name"])}</a>' in costs_card
    assert escape(rule["description"]) not in costs_card
    assert detail.count(escape(rule["description"])) == 1
    assert f'id="rule-{rule_id}"' in detail
    assert "No costs." not in costs_card
    assert "badge-unverified" in detail.split('id="costs-heading"')[0]
    assert escape(rule["name"]) in listing


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "upgrade_id", "rule_id"),
    [
        ("battleground", "bg-printed-cost", "bg-entered-cost"),
        ("fantasy-warriors", "fw-list-cost", "fw-entered-cost"),
        ("fantasy-warriors", "fw-list-cost-per-figure", "fw-per-figure-entered-cost"),
    ],
)
def test_the_upgrade_the_player_counts_says_what_it_is(
    client: Client, game: str, upgrade_id: str, rule_id: str
) -> None:
    rule = _rule(game, rule_id)
    game_system = load_pack(game)
    upgrade = Entry.objects.get(revision__game_system=game_system, bs_id=upgrade_id)

    detail = client.get(reverse("catalogues:entry", args=[upgrade.pk])).content.decode()

    assert "No rules text on this entry." not in detail
    assert escape(rule["description"]) in detail
    assert f'<a href="#rule-{rule_id}">' in _costs_card(detail)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "slug", "name", "not_entered"),
    [
        (
            "battleground",
            "men-of-hawkshold-legal-2000",
            "Men of Hawkshold, legal at a 2000 limit (card costs to enter)",
            9,
        ),
        (
            "battleground",
            "orc-army-legal-2000",
            "Orc Army, legal at a 2000 limit (card costs to enter)",
            9,
        ),
        (
            "battleground",
            "undead-army-legal-2000",
            "Undead Army, legal at a 2000 limit (card costs to enter)",
            7,
        ),
        (
            "fantasy-warriors",
            "orcs-legal-2000",
            "Orchi (Orcs), legal at a 2000 limit (army-list costs to enter)",
            9,
        ),
    ],
)
def test_an_example_list_says_how_many_costs_its_total_leaves_out(
    client: Client, game: str, slug: str, name: str, not_entered: int
) -> None:
    game_system = load_pack(game)

    page = client.get(reverse("catalogues:example_list", args=[game_system.slug, slug]))

    html = page.content.decode()
    said = f'class="costs-not-entered" data-count="{not_entered}"'
    verdict = html.split('id="verdict"')[1].split("</div>")[0]
    assert verdict.startswith(' data-verdict="legal"')
    assert said in verdict
    assert said in html.split('id="totals-not-entered"')[1].split("</tr>")[0]
    assert escape(name) in html


@pytest.mark.django_db
def test_a_list_whose_costs_are_all_given_says_nothing_of_the_kind(client: Client) -> None:
    game_system = load_pack(NINTH_AGE)
    example = next(e for e in shipped_examples() if e.game == NINTH_AGE)

    page = client.get(reverse("catalogues:example_list", args=[game_system.slug, example.slug]))

    html = page.content.decode()
    assert 'id="verdict"' in html
    assert 'class="costs-not-entered"' not in html
    assert 'id="totals-not-entered"' not in html
