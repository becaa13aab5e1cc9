"""In a real browser: building lists on the builder page, at desktop and phone widths, with
the mouse and with the keyboard alone, and two tabs editing one list."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem
from tests.browser.builder_helpers import (
    act,
    add_unit,
    check,
    errors,
    log_in,
    new_list,
    no_horizontal_scroll,
    screenshot,
    set_count,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}

# A legal 4500-point Dwarven Holds army: (unit, [(option, count or None to tick/pick)]).
NINTH_AGE_PLAN: list[tuple[str, list[tuple[str, int | None]]]] = [
    ("King", [("Mount: War Throne", None)]),
    ("Thane", [("Battle Standard Bearer", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Grudge Buster", []),
    ("Grudge Buster", []),
    ("Anvil of Power", []),
    ("Field Artillery", [("Organ Gun", None)]),
    ("Field Artillery", [("Dwarf Cannon", None)]),
    ("Steam Copter", [("Shrapnel Grenades", None)]),
    ("Rangers", []),
    ("King's Guard", []),
    ("Miners", []),
    ("Runic Smith", []),
    ("Engineer", []),
    ("Grey Beards", [("Models", 12), ("Musician", None), ("Standard Bearer", None)]),
]


def build_ninth_age(page: Page) -> None:
    for unit, options in NINTH_AGE_PLAN:
        add_unit(page, unit)
        for option, count in options:
            if count is None:
                check(page, option)
            else:
                set_count(page, option, count)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_legal_ninth_age_list_from_an_empty_list(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    ninth_age: GameSystem,
    viewport: dict[str, int],
) -> None:
    page.set_viewport_size(viewport)
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500})
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    expect(page.locator("#list-panel")).to_contain_text("No force yet")

    act(page, page.get_by_role("button", name="Add force").click)
    expect(page.locator("#list-panel .force")).to_have_count(1)
    build_ninth_age(page)

    expect(errors(page)).to_have_count(0)
    expect(page.locator("#verdict")).to_have_text("Legal")
    expect(page.locator("#bar")).to_contain_text("4497")
    characters = page.locator("#list-panel .cat", has_text="Characters")
    expect(characters.locator(".gauge")).to_contain_text("(40%)")
    no_horizontal_scroll(page)
    screenshot(page, f"ninth-age-{viewport['width']}")
    assert page_errors == []
