"""In a real browser: a player switches the builder to Italian with the header's switcher and
reads the list, its problems and its add panel in Italian; the choice stays with the account."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from accounts.models import Preferences
from catalogues.models import GameSystem
from lists import services
from tests.browser.builder_helpers import errors, log_in, new_list
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS

ITALIAN_NAMES = json.loads(
    (
        Path(__file__).resolve().parents[2] / "catalogues/data/the-9th-age-3rd/locale/it.json"
    ).read_text(encoding="utf-8")
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_builder_switches_to_italian(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, DWARVEN_HOLDS, {POINTS: 10}, force_entry_id=DWARVEN_FORCE)
    force_id = army_list.document["roster"]["forces"][0]["id"]
    for _ in range(6):  # over the points limit, and past the King's own maximum
        army_list = services.add_selection(
            army_list=army_list, version=army_list.version, force_id=force_id, entry_id=KING
        ).army_list
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    problem = errors(page).and_(page.locator('[data-code="cost_limit.exceeded"]'))
    expect(problem).to_contain_text("over the limit")

    page.locator('.language-switcher button[data-language="it"]').click()

    expect(page.locator("html")).to_have_attribute("lang", "it")
    assert page.url.endswith(f"/lists/{army_list.pk}/")
    expect(page.locator("#problems-heading")).to_contain_text("Problemi")
    expect(problem).to_contain_text("oltre il limite")
    expect(problem.locator(".badge")).to_have_text("errore")
    # the game data in the reader's language too (the pack's own Italian names)
    expect(page.locator("#list-panel")).to_contain_text(ITALIAN_NAMES[KING])
    expect(page.locator("#list-panel")).not_to_contain_text("King")
    limited = page.locator('#add-panel button.add-over[data-code="explain.max_reached"]').first
    expect(limited).to_contain_text("è limitato a")
    expect(page.locator("#add-panel details.add-force summary")).to_have_text(
        "Aggiungi una forza o un distaccamento"
    )
    expect(page.locator('.language-switcher button[aria-current="true"]')).to_have_attribute(
        "data-language", "it"
    )
    assert Preferences.objects.get(user=user).language == "it"
    assert page_errors == []
