"""What a new player meets first, looked at in a real browser: the home page leads to an account,
My lists keeps its main action in sight, and the builder's phone tabs stay one tidy row."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem
from tests.browser.builder_helpers import log_in, new_list

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_is_shown_where_to_start(live_server: LiveServer, page: Page) -> None:
    page.goto(f"{live_server.url}/")
    lede = page.locator("main .page-head")

    lede.get_by_role("link", name="Create an account").click()

    expect(page).to_have_url(f"{live_server.url}/accounts/signup/")


def test_my_lists_keeps_new_list_at_the_end_of_the_title_line(
    live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    user = log_in(page, live_server.url)
    new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500})
    page.goto(f"{live_server.url}/lists/")

    head = page.locator("main .page-head").bounding_box()
    button = page.locator("main .page-head").get_by_role("link", name="New list").bounding_box()
    assert head is not None
    assert button is not None
    assert abs((head["x"] + head["width"]) - (button["x"] + button["width"])) <= 1

    # Duplicate is a form button among links: it reads as a link, in the links' colour.
    rename = page.locator("#my-lists").get_by_role("link", name="Rename").first
    duplicate = page.locator("#my-lists button.link-button").first
    colour = "(element) => getComputedStyle(element).color"
    assert duplicate.evaluate(colour) == rename.evaluate(colour)


def test_the_phone_tabs_stay_on_one_line(
    live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500})
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")

    heights = page.locator(".bld-tabs a").evaluate_all(
        "(tabs) => tabs.map((tab) => tab.getBoundingClientRect().height)"
    )
    line = page.locator(".bld-tabs a").first.evaluate(
        "(tab) => { const s = getComputedStyle(tab);"
        " return parseFloat(s.lineHeight) + parseFloat(s.paddingTop) + parseFloat(s.paddingBottom)"
        " + parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth); }"
    )
    assert len(heights) == 4
    assert max(heights) <= line + 1, (heights, line)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_long_wizard_choice_wraps_beside_its_radio_button(
    live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/lists/new/?game={ninth_age.slug}&faction=dwarven-holds")

    # Each label's text lines (wrapped or not) start right of its radio button.
    overhangs = page.locator("fieldset label:has(input[type=radio])").evaluate_all(
        "(labels) => labels.map((label) => {"
        " const input = label.querySelector('input').getBoundingClientRect();"
        " const range = document.createRange(); range.selectNodeContents(label);"
        " range.setStartAfter(label.querySelector('input'));"
        " const lines = [...range.getClientRects()].filter((r) => r.width > 0);"
        " return [lines.length, Math.min(...lines.map((r) => r.left)) - input.right]; })"
    )
    assert any(lines > 1 for lines, _ in overhangs), overhangs
    assert all(gap >= 0 for _, gap in overhangs), overhangs
