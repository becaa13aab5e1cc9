"""The shipped example lists: found per game system, shown built and validated, and served by
the API, all against the game packs loaded through ``load_catalogues``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from armybuilder.engine import systems
from catalogues import examples
from catalogues.examples import ExampleList, example_lists, shipped_examples
from catalogues.models import Catalogue
from tests.catalogues import closure_data as data
from tests.catalogues.packs import load_pack

SHIPPED = shipped_examples()
# cost types the data hides, so a report's totals leave them out (an example still records them)
HIDDEN_COST_TYPES = frozenset({"fw-vs"})  # Fantasy Warriors' victory score


def hidden_cost_types(game_system_id: str) -> frozenset[str]:
    """The data's hidden cost types and the game hook's bookkeeping ones (Warmachine's)."""
    return HIDDEN_COST_TYPES | systems.bookkeeping_cost_types(game_system_id)


def get(client: Client, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return response


def severe_codes(report: dict[str, Any]) -> list[str]:
    return sorted(p["code"] for p in report["problems"] if p["severity"] in ("error", "warning"))


def test_every_pack_ships_example_lists_for_its_game_system() -> None:
    games = {e.game for e in SHIPPED}

    assert {p.name for p in examples.PACKS_DIR.iterdir() if (p / "examples").is_dir()} == games
    for example in SHIPPED:
        assert example.game_system_id, example.slug
        assert example.catalogue_ids, example.slug


@pytest.mark.django_db
def test_the_game_system_and_catalogue_pages_link_their_examples(client: Client) -> None:
    game_system = load_pack("the-9th-age-3rd")
    elves = Catalogue.objects.get(game_system=game_system, bs_id="t9a3-he")

    system_page = get(client, reverse("catalogues:game_system", args=[game_system.slug]))
    elves_page = get(
        client, reverse("catalogues:catalogue", args=[game_system.slug, elves.slug])
    ).content.decode()

    for example in example_lists(game_system=game_system):
        url = reverse("catalogues:example_list", args=[game_system.slug, example.slug])
        assert url in system_page.content.decode()
        assert (url in elves_page) == ("t9a3-he" in example.catalogue_ids), example.slug
    assert len(example_lists(game_system=game_system)) == sum(
        1 for e in SHIPPED if e.game == "the-9th-age-3rd"
    )


@pytest.mark.django_db
@pytest.mark.parametrize("example", SHIPPED, ids=lambda e: f"{e.game}/{e.slug}")
def test_each_example_is_built_and_has_its_expected_outcome(
    client: Client, example: ExampleList
) -> None:
    game_system = load_pack(example.game)

    detail = get(
        client, reverse("api:game-system-example", args=[game_system.pk, example.slug])
    ).json()
    page = get(
        client, reverse("catalogues:example_list", args=[game_system.slug, example.slug])
    ).content.decode()

    report = detail["report"]
    expected = example.spec["expected"]
    assert detail["error"] is None
    assert severe_codes(report) == sorted(expected.get("codes", []))
    totals = {t["type_id"]: t["value"] for t in report["totals"]}
    hidden = hidden_cost_types(example.game_system_id)
    shown = {k: v for k, v in expected["totals"].items() if k not in hidden}
    assert shown
    assert set(shown) <= set(totals)
    assert not hidden & set(totals)
    assert {k: totals[k] for k in shown} == pytest.approx(shown)
    assert report["legal"] is (not expected["codes"])
    verdict = "legal" if report["legal"] else "illegal"
    assert f'id="verdict" data-verdict="{verdict}"' in page
    assert sorted(re.findall(r'<tr data-code="([^"]+)"', page)) == sorted(
        p["code"] for p in report["problems"]
    )


@pytest.mark.django_db
def test_the_api_lists_a_game_systems_examples(client: Client) -> None:
    game_system = load_pack("warmachine-mk2")

    listed = get(client, reverse("api:game-system-examples", args=[game_system.pk])).json()

    shipped = sorted(e.slug for e in SHIPPED if e.game == "warmachine-mk2")
    assert sorted(item["slug"] for item in listed) == shipped
    for item in listed:
        assert get(client, item["page_url"])
        assert get(client, item["url"]).json()["example"]["slug"] == item["slug"]


@pytest.mark.django_db
def test_examples_need_their_catalogues_stored(client: Client) -> None:
    game_system = load_pack("warhammer-40k-9th")
    Catalogue.objects.filter(game_system=game_system, bs_id="w40k9-ork").delete()

    listed = example_lists(game_system=game_system)

    assert listed
    assert all("w40k9-ork" not in e.catalogue_ids for e in listed)
    orks = next(e for e in SHIPPED if "w40k9-ork" in e.catalogue_ids)
    page = client.get(reverse("catalogues:example_list", args=[game_system.slug, orks.slug]))
    assert page.status_code == 404
    api = client.get(reverse("api:game-system-example", args=[game_system.pk, orks.slug]))
    assert api.status_code == 404


@pytest.mark.django_db
def test_an_example_the_stored_data_cannot_build_shows_why(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    army = data.import_closure_wars()
    spec = data.list_spec(name="Needs a newer army")
    spec["forces"][0]["selections"].append({"entryId": "cls-army-catapult"})
    monkeypatch.setattr(examples, "shipped_examples", lambda: (ExampleList("x", "new", spec),))

    page = get(client, reverse("catalogues:example_list", args=[army.game_system.slug, "new"]))
    detail = get(
        client, reverse("api:game-system-example", args=[army.game_system.pk, "new"])
    ).json()

    assert 'role="alert" data-code="list_spec.not_buildable"' in page.content.decode()
    assert detail["report"] is None
    assert detail["error"]["code"] == "list_spec.not_buildable"


@pytest.mark.django_db
def test_an_example_file_posted_to_the_validation_api_gets_its_expected_outcome(
    client: Client,
) -> None:
    load_pack("warmachine-mk2")
    example = next(e for e in SHIPPED if e.slug == "cygnar-illegal-over-points")

    response = client.post("/api/v1/validate/", example.spec, content_type="application/json")

    assert response.status_code == 200, response.content
    assert severe_codes(response.json()) == sorted(example.spec["expected"]["codes"])


@pytest.mark.django_db
def test_the_totals_show_the_limit_a_battle_size_enforces(client: Client) -> None:
    game_system = load_pack("warhammer-40k-9th")
    url = reverse("catalogues:example_list", args=[game_system.slug, "space-marines-over-2000"])

    response = get(client, url)

    report = response.context["report"]
    (points,) = [t for t in report.totals if t.type_id == "w40k9-pts"]
    # The list states no limit of its own; the Strike Force's 2000 points is what is checked.
    assert points.limit == 2000
    assert points.over
    assert "w40k9.battle_size.points" in {p.code for p in report.problems}


@pytest.mark.django_db
def test_a_list_without_forces_is_not_legal(client: Client) -> None:
    load_pack("warhammer-40k-9th")
    spec = {"gameSystemId": "w40k9-gs", "forces": []}

    response = client.post("/api/v1/validate/", spec, content_type="application/json")

    report = response.json()
    assert response.status_code == 200
    assert report["legal"] is False
    assert [p["code"] for p in report["problems"]] == ["roster.no_forces"]
