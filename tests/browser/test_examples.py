"""In a real browser: from a game system page to its example lists, legal and illegal."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_example_lists_from_the_game_system_page(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    page.goto(f"{live_server.url}/systems/{ninth_age.slug}/")
    examples = page.locator("section[aria-labelledby=examples-heading]")

    examples.get_by_role("link", name="Dwarven Holds, legal 4500").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Dwarven Holds, legal 4500")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
    expect(page.locator("#forces-heading")).to_be_visible()
    points = page.locator("section[aria-labelledby=totals-heading] tbody tr").first.locator("td")
    expect(points).to_have_text(["4,465", "4,500"])  # the total, then the limit

    page.go_back()
    examples.get_by_role("link", name="too many characters").click()

    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "illegal")
    problems = page.locator("section[aria-labelledby=problems-heading] tbody tr")
    expect(problems).to_have_count(1)
    expect(problems.first).to_have_attribute("data-code", "t9a.characters.max_percent")
    expect(problems.first).to_contain_text("the-9th-age-3rd.md")
    assert page_errors == []
