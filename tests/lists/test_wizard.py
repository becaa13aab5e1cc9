"""The new-list wizard for every shipped game and for imported community data."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.forms import Form
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from catalogues.examples import shipped_examples
from catalogues.models import GameSystem
from catalogues.services.imports import import_files
from lists import setup
from lists.models import ArmyList
from tests.catalogues.packs import load_pack
from tests.conftest import BSDATA, require_shared
from tests.engine.builders import compiled_with

pytestmark = pytest.mark.django_db

GAMES = sorted({e.game for e in shipped_examples()})
# What each pack declares as its size: the main cost limit suggested, and a named size.
SIZES = {
    "the-9th-age-3rd": ("4500", None),
    "warmachine-mk2": ("50", "Skirmish"),  # encounter levels are the forces
    "warhammer-40k-9th": (None, "Strike Force"),  # battle sizes are a setup choice
    "battleground": ("2000", None),
    "fantasy-warriors": ("2000", None),
}


def links(html: str, parameter: str) -> list[str]:
    return re.findall(rf"[?&;]{parameter}=([-\w]+)", html)


def last_choices(form: Form) -> dict[str, Any]:
    """Every field filled: the last choice of each choice field, a number where asked."""
    data: dict[str, Any] = {"name": "Wizard list"}
    for name, field in form.fields.items():
        choices = [value for value, _label in getattr(field, "choices", []) if value]
        if choices:
            data[name] = choices[-1]
        elif name.startswith("limit_"):
            data[name] = "1234"
    return data


def walk_wizard(client: Client, game_name: str) -> tuple[str, Form, str]:
    """Through steps 1 and 2 by their links: returns step 3's URL, form and HTML."""
    start = client.get(reverse("lists:new")).content.decode()
    (game_slug,) = [
        slug
        for slug in links(start, "game")
        if game_name in start.split(f"game={slug}")[1].split("</a>")[0]
    ]
    factions = client.get(f"{reverse('lists:new')}?game={game_slug}")
    assert factions.status_code == 200
    faction_slug = links(factions.content.decode(), "faction")[0]
    url = f"{reverse('lists:new')}?game={game_slug}&faction={faction_slug}"
    step = client.get(url)
    assert step.status_code == 200
    return url, step.context["form"], step.content.decode()


@pytest.mark.parametrize("game", GAMES)
def test_the_wizard_offers_each_game_its_own_sizes_and_creates_the_list(
    client: Client, player: Any, game: str
) -> None:
    game_system = load_pack(game)
    client.force_login(player)
    url, form, html = walk_wizard(client, game_system.name)
    default_limit, named_size = SIZES[game]

    assert form["limit_0"].value() == (int(default_limit) if default_limit else None)
    if named_size:
        assert named_size in html
    for option in form.list_options:
        assert escape(option.name) in html
    assert "force" in form.fields

    data = last_choices(form)
    response = client.post(url, data)

    assert response.status_code == 302, response.content.decode()[:2000]
    army_list = ArmyList.objects.get(owner=player)
    assert response["Location"] == reverse("lists:builder", args=[army_list.pk])
    body = army_list.document["roster"]
    assert body["name"] == "Wizard list"
    assert [f["entryId"] for f in body["forces"]] == [data["force"]]
    assert {"typeId": form.cost_types[0].id, "value": 1234.0} in [
        {"typeId": c["typeId"], "value": c["value"]} for c in body["costLimits"]
    ]
    tags = {t["id"]: t["name"] for t in body.get("tags", [])}
    for index, option in enumerate(form.list_options):
        assert tags[f"list-option:{option.id}"] == str(data.get(f"option_{index}", ""))
    chosen = {s["entryId"] for s in _all_selections(body)}
    for index, _choice in enumerate(form.setup_choices):
        assert data[f"setup_{index}"] in chosen
    assert army_list.versions.count() == 1


def test_the_wizard_sets_a_40k_battle_size(client: Client, player: Any) -> None:
    game_system = load_pack("warhammer-40k-9th")
    client.force_login(player)
    url, form, _html = walk_wizard(client, game_system.name)
    index, battle_size = next(
        (i, c) for i, c in enumerate(form.setup_choices) if c.name == "Battle Size"
    )
    strike_force = next(o.id for o in battle_size.options if o.name == "Strike Force")
    data = {**last_choices(form), f"setup_{index}": strike_force, "force": "w40k9-fe-battalion"}

    assert client.post(url, data).status_code == 302

    body = ArmyList.objects.get(owner=player).document["roster"]
    assert strike_force in {s["entryId"] for s in _all_selections(body)}


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ({"limit_0": "-1"}, "min_value"),
        ({"limit_0": "lots"}, "invalid"),
        ({"limit_0": "1e12"}, "max_value"),
        ({"force": "not-a-force"}, "invalid_choice"),
        ({"option_0": "maybe"}, "invalid_choice"),
        ({"name": ""}, "required"),
        ({"name": "x" * 201}, "max_length"),
    ],
)
def test_the_wizard_refuses_bad_input_and_creates_nothing(
    client: Client, player: Any, bad: dict[str, str], code: str
) -> None:
    game_system = load_pack("the-9th-age-3rd")
    client.force_login(player)
    url, form, _html = walk_wizard(client, game_system.name)
    good = last_choices(form)

    response = client.post(url, {**good, **bad})

    assert response.status_code == 400
    errors = response.context["form"].errors.as_data()
    assert {field: [e.code for e in found] for field, found in errors.items()} == {
        field: [code] for field in bad
    }
    (field,) = bad
    shown = re.search(
        rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', response.content.decode()
    )
    assert shown is not None
    assert re.findall(r'data-code="([^"]+)"', shown.group(1)) == [code]
    assert not ArmyList.objects.exists()
    assert client.post(url, good).status_code == 302  # the same form, filled well, is taken


def test_the_wizard_answers_404_for_an_unknown_game_or_faction(client: Client, player: Any) -> None:
    game_system = load_pack("the-9th-age-3rd")
    client.force_login(player)

    assert client.get(f"{reverse('lists:new')}?game=no-such-game").status_code == 404
    assert (
        client.get(f"{reverse('lists:new')}?game={game_system.slug}&faction=nope").status_code
        == 404
    )


@pytest.mark.usefixtures("empty_store")
def test_the_wizard_works_on_imported_community_40k_data(client: Client, player: Any) -> None:
    folder = require_shared(BSDATA / "wh40k-9e")
    names = ["Warhammer 40,000.gst", "Necrons.cat"]
    import_files(files=[(name, (folder / name).read_bytes()) for name in names])
    client.force_login(player)
    url, form, _html = walk_wizard(client, "Warhammer 40,000")

    assert form["limit_0"].value() is None  # the data's default of 0 means no limit
    (battle_size,) = [c for c in form.setup_choices if c.name == "Battle Size"]
    assert any("Strike Force" in o.name for o in battle_size.options)
    assert any("Battalion" in label for _value, label in form.fields["force"].choices)
    strike_force = next(o.id for o in battle_size.options if "Strike Force" in o.name)
    battalion = next(v for v, label in form.fields["force"].choices if "Battalion" in label)
    index = form.setup_choices.index(battle_size)
    data = {"name": "Community list", "limit_0": "2000", "force": battalion}
    data[f"setup_{index}"] = strike_force

    response = client.post(url, data)

    assert response.status_code == 302, response.content.decode()[:2000]
    army_list = ArmyList.objects.get(owner=player)
    body = army_list.document["roster"]
    assert [f["entryId"] for f in body["forces"]] == [battalion]
    assert strike_force in {s["entryId"] for s in _all_selections(body)}
    assert army_list.points_limit == 2000


def test_a_game_no_other_data_set_shares_a_name_with_shows_no_internal_id(
    client: Client, player: Any
) -> None:
    pack = load_pack("warhammer-40k-9th")
    client.force_login(player)

    wizard = client.get(reverse("lists:new")).content.decode()
    home = client.get(reverse("catalogues:home")).content.decode()

    assert f"game={pack.slug}" in wizard
    assert pack.name in home
    for html in (wizard, home):
        assert pack.bs_id not in html
        assert 'data-code="data-set-id"' not in html


def test_the_wizard_tells_two_data_sets_of_one_game_apart(client: Client, player: Any) -> None:
    pack = load_pack("warhammer-40k-9th")
    folder = require_shared(BSDATA / "wh40k-9e")
    names = ["Warhammer 40,000.gst", "Necrons.cat"]
    import_files(files=[(name, (folder / name).read_bytes()) for name in names])
    community = GameSystem.objects.exclude(pk=pack.pk).get(name=pack.name)
    client.force_login(player)

    html = client.get(reverse("lists:new")).content.decode()

    cards = {slug: html.split(f'game={slug}"')[1].split("</li>")[0] for slug in links(html, "game")}
    assert community.name == pack.name
    assert pack.bs_id in cards[pack.slug]
    assert community.bs_id in cards[community.slug]
    assert 'data-code="data-set-id"' in cards[pack.slug]
    packs_factions = pack.catalogues.filter(library=False).count()
    assert f"{packs_factions} factions" in cards[pack.slug]
    assert "1 faction" in cards[community.slug]


def _all_selections(body: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []

    def walk(selections: list[dict[str, Any]]) -> None:
        for selection in selections:
            found.append(selection)
            walk(selection.get("selections") or [])

    for force in body.get("forces") or []:
        walk(force.get("selections") or [])
    return found


def test_a_default_limit_of_0_is_offered_blank_for_every_cost_type_it_is_given_to() -> None:
    compiled = compiled_with(
        [{"id": "u", "name": "Unit", "type": "unit", "costs": [{"typeId": "pts", "value": 5}]}],
        costTypes=[
            {"id": "pts", "name": "pts", "defaultCostLimit": 0},
            {"id": "cp", "name": "CP", "defaultCostLimit": 0},
            {"id": "pl", "name": "PL", "defaultCostLimit": -1},
        ],
    )

    offered = {c.id: c.default_limit for c in setup.cost_types(compiled)}

    # a new list starts with the data's limits: one of 0 is shown, blank, so it can be cleared
    assert offered == {"pts": None, "cp": None}
