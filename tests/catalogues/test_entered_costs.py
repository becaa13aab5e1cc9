"""Costs no source gives (Battleground's unit cards, Fantasy Warriors' army lists): the pages say
that the player enters them, on the entry page and in the catalogue's listing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from catalogues.models import Catalogue, Entry
from tests.catalogues.packs import load_pack


def _pages(client: Client, game: str, catalogue_id: str, entry_id: str) -> tuple[str, str]:
    game_system = load_pack(game)
    catalogue = Catalogue.objects.get(game_system=game_system, bs_id=catalogue_id)
    entry = Entry.objects.get(revision__catalogue=catalogue, bs_id=entry_id)
    listing = client.get(reverse("catalogues:catalogue", args=[game_system.slug, catalogue.slug]))
    detail = client.get(reverse("catalogues:entry", args=[entry.pk]))
    assert (listing.status_code, detail.status_code) == (200, 200)
    return listing.content.decode(), detail.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "catalogue_id", "entry_id", "rule_name"),
    [
        (
            "battleground",
            "bg-undead",
            "bg-undead-ghoul-pack",
            "Cost printed on the card, entered by the player",
        ),
        (
            "fantasy-warriors",
            "fw-orcs",
            "fw-orcs-general",
            "Base cost from the army list, entered by the player",
        ),
    ],
)
def test_a_cost_the_player_enters_is_said_so_on_the_pages(
    client: Client, game: str, catalogue_id: str, entry_id: str, rule_name: str
) -> None:
    listing, detail = _pages(client, game, catalogue_id, entry_id)

    costs_card = detail.split('id="costs-heading"')[1].split("</section>")[0]
    assert rule_name in costs_card
    assert "No costs." not in costs_card
    assert "badge-unverified" in detail.split('id="costs-heading"')[0]
    assert rule_name in listing


@pytest.mark.django_db
def test_a_sourced_cost_says_nothing_of_the_kind(client: Client) -> None:
    _, detail = _pages(client, "fantasy-warriors", "fw-dwarfs", "fw-dwarfs-condottiero")

    costs_card = detail.split('id="costs-heading"')[1].split("</section>")[0]
    assert "entered by the player" not in detail
    assert '<td class="num">34</td>' in costs_card  # L2658
