"""Game data's names in the reader's language: the builder, the wizard, my lists, the API, the
outline and the rules pages; exports and verification keep the data's own names (issue 20)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from catalogues.models import Catalogue, GameSystem
from lists import services
from lists.models import ArmyList
from lists.services import ListState
from tests.catalogues.packs import load_pack
from tests.lists.conftest import KING, WARRIORS, add

pytestmark = pytest.mark.django_db


def _client(user: Any | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _get(client: Client, url: str, language: str, **headers: Any) -> Any:
    """A page or API answer as a reader of ``language`` gets it: the request's
    Accept-Language, and the language active while it is served."""
    with translation.override(language):
        return client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)


def _page(client: Client, url: str, language: str) -> str:
    response = _get(client, url, language)
    assert response.status_code == 200, response.content[:300]
    return str(response.content.decode())


def _body_of(html: str) -> str:
    """What the page shows below its header (the list's own name and the site's are above)."""
    return html.split("</header>", 1)[-1]


@pytest.fixture
def dwarven_king_and_warriors(dwarven_list: ListState) -> ListState:
    return add(add(dwarven_list, KING), WARRIORS)


@pytest.fixture
def dwarf_army(player: Any) -> ListState:
    """A Fantasy Warriors list (the pack's own language is Italian) with its army force."""
    game_system = load_pack("fantasy-warriors")
    return services.create_list(
        user=player,
        game_system=game_system,
        catalogue=Catalogue.objects.get(game_system=game_system, bs_id="fw-dwarfs"),
        name="Barak",
        cost_limits={},
        options={},
        force_entry_id="fw-force-army",
    )


def test_the_builder_names_the_list_and_its_add_panel_in_the_readers_language(
    player: Any, dwarven_king_and_warriors: ListState
) -> None:
    url = reverse("lists:builder", args=[dwarven_king_and_warriors.army_list.pk])
    client = _client(player)

    italian = _body_of(_page(client, url, "it"))
    english = _body_of(_page(client, url, "en"))

    for name in ("Guerrieri del Clan", "Personaggi", "Base", "Barbegrigie", "Roccaforti dei Nani"):
        assert name in italian, name
    assert "Clan Warriors" not in italian
    assert "Grey Beards" not in italian
    for name in ("Clan Warriors", "Characters", "Grey Beards"):
        assert name in english, name
    assert "Guerrieri del Clan" not in english


def test_the_add_panel_and_a_units_options_read_in_italian(
    player: Any, dwarven_king_and_warriors: ListState
) -> None:
    state = dwarven_king_and_warriors
    client = _client(player)
    king = next(s.id for s in state.roster.forces[0].selections if s.node.id == KING)

    panel = _page(client, reverse("lists:builder", args=[state.army_list.pk]), "it")
    editor = _page(
        client, f"{reverse('lists:builder', args=[state.army_list.pk])}?selection={king}", "it"
    )

    assert "Guardia del Re" in panel
    assert "King&#x27;s Guard" not in panel
    assert "Cavalcatura" in editor


def test_fantasy_warriors_reads_in_english_and_in_its_own_italian(
    player: Any, dwarf_army: ListState
) -> None:
    url = reverse("lists:builder", args=[dwarf_army.army_list.pk])
    client = _client(player)

    # (the page holds its add panel)
    english = _body_of(_page(client, url, "en"))
    italian = _body_of(_page(client, url, "it"))

    assert "Dwarf Warlord" in english
    assert "Army" in english
    assert "Condottiero dei Nani" not in english
    assert "Condottiero dei Nani" in italian
    assert "Esercito" in italian
    assert "Dwarf Warlord" not in italian


def test_my_lists_names_the_game_and_faction_in_the_readers_language(
    player: Any, dwarven_list: ListState
) -> None:
    client = _client(player)

    italian = _page(client, reverse("lists:mine"), "it")
    english = _page(client, reverse("lists:mine"), "en")

    assert "Roccaforti dei Nani" in italian
    assert "La 9ª Era: Battaglie Fantasy, 3ª Edizione" in italian
    assert "Dwarven Holds" in english
    assert "Roccaforti dei Nani" not in english


def test_the_new_list_wizard_reads_each_language_in_its_own_words(player: Any) -> None:
    game_system = load_pack("warmachine-mk2")
    url = f"{reverse('lists:new')}?game={game_system.slug}&faction=cygnar"
    client = _client(player)

    italian = _page(client, url, "it")
    english = _page(client, url, "en")

    assert "Duello: 15 punti, 1 warcaster" in italian
    assert "Duel: 15 pts, 1 warcaster" in english
    assert "Duello" not in english
    assert "Apocalisse" not in english


def test_a_list_read_through_the_api_names_its_evaluation_in_the_askers_language(
    player: Any, dwarven_king_and_warriors: ListState
) -> None:
    url = reverse("api:list-detail", args=[dwarven_king_and_warriors.army_list.pk])
    client = _client(player)

    italian = _get(client, url, "it").json()
    english = _get(client, url, "en").json()

    def names(body: dict[str, Any]) -> list[str]:
        (force,) = body["report"]["forces"]
        return [s["name"] for s in force["selections"]]

    assert "Guerrieri del Clan" in names(italian)
    assert "Re" in names(italian)
    assert "Clan Warriors" in names(english)
    assert [t["name"] for t in italian["report"]["totals"]] == ["punti"]
    # the document is the list as stored: the data's own names, whoever reads it
    stored = italian["document"]["roster"]["forces"][0]["selections"]
    assert {s["name"] for s in stored} == {"King", "Clan Warriors"}


def test_the_outline_follows_the_askers_language_and_its_etag_with_it(
    ninth_age: GameSystem,
) -> None:
    catalogue = Catalogue.objects.get(game_system=ninth_age, bs_id="t9a3-dh")
    url = f"/api/v1/catalogues/{catalogue.pk}/outline/"
    client = _client()

    italian = _get(client, url, "it")
    english = _get(client, url, "en")

    assert "Re" in {e["name"] for e in italian.json()["entries"]}
    assert "King" in {e["name"] for e in english.json()["entries"]}
    assert italian["ETag"] != english["ETag"]
    assert "Accept-Language" in italian["Vary"]
    assert _get(client, url, "it", HTTP_IF_NONE_MATCH=italian["ETag"]).status_code == 304
    assert _get(client, url, "en", HTTP_IF_NONE_MATCH=italian["ETag"]).status_code == 200


@pytest.mark.parametrize("fmt", ["ros", "json", "txt", "md"])
def test_exports_keep_the_datas_own_names_and_still_verify(
    player: Any, dwarven_king_and_warriors: ListState, fmt: str
) -> None:
    army_list = ArmyList.objects.get(pk=dwarven_king_and_warriors.army_list.pk)
    client = _client(player)

    exported = _get(client, reverse("sharing:export", args=[army_list.pk, fmt]), "it")
    text = exported.content.decode()
    with translation.override("it"):
        verified = client.post(
            reverse("sharing:verify"), {"text": text}, HTTP_ACCEPT_LANGUAGE="it"
        ).content.decode()

    assert exported.status_code == 200
    assert "Clan Warriors" in text
    assert "Guerrieri del Clan" not in text
    assert 'data-verified="yes"' in verified


def test_the_rules_page_gives_each_summary_in_the_readers_language(ninth_age: GameSystem) -> None:
    url = reverse("catalogues:game_system_rules", args=[ninth_age.slug])

    italian = _page(_client(), url, "it")
    english = _page(_client(), url, "en")

    bsb_it = italian.split('id="t9a.bsb.max_one"')[1].split("</li>\n  \n")[0]
    bsb_en = english.split('id="t9a.bsb.max_one"')[1].split("</li>\n  \n")[0]
    assert "Un esercito ha al massimo un Alfiere dello Stendardo da Battaglia." in bsb_it
    assert "An army has at most one Battle Standard Bearer." in bsb_en
    assert "Un esercito ha al massimo" not in bsb_en
    for entry in (bsb_it, bsb_en):
        assert "Alfiere dello Stendardo da Battaglia" in entry
        assert "page 56" in entry or "pagina 56" in entry


def test_the_shared_and_print_pages_read_in_the_visitors_language(
    player: Any, dwarven_king_and_warriors: ListState
) -> None:
    token = dwarven_king_and_warriors.army_list.share_token
    client = _client(player)

    for name in ("shared", "shared_print"):
        url = reverse(f"sharing:{name}", args=[token])
        # the kept versions' summaries (the fork choices) are the history's words, not data
        italian = re.sub(r"<select.*?</select>", "", _body_of(_page(client, url, "it")), flags=re.S)
        english = _body_of(_page(client, url, "en"))
        assert "Guerrieri del Clan" in italian, name
        assert "Clan Warriors" not in italian, name
        assert "Clan Warriors" in english, name


def test_an_example_list_reads_in_the_visitors_language(ninth_age: GameSystem) -> None:
    url = reverse("catalogues:example_list", args=[ninth_age.slug, "dwarven-holds-legal-4500"])

    italian = _body_of(_page(_client(), url, "it"))
    english = _body_of(_page(_client(), url, "en"))

    assert "Guerrieri del Clan" in italian
    assert "Clan Warriors" in english
