"""In a real browser: from a game system page to its example lists, legal and illegal."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues import closures
from catalogues.models import GameSystem
from tests.browser.test_browse import watch_for_errors

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def ninth_age() -> Iterator[GameSystem]:
    closures.cache_clear()
    call_command("load_catalogues", "the-9th-age-3rd", stdout=io.StringIO())
    yield GameSystem.objects.get(bs_id="t9a3-gs")
    closures.cache_clear()


def test_example_lists_from_the_game_system_page(
    live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    errors = watch_for_errors(page)
    page.goto(f"{live_server.url}/systems/{ninth_age.slug}/")
    examples = page.locator("section[aria-labelledby=examples-heading]")

    examples.get_by_role("link", name="Dwarven Holds, legal 4500").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Dwarven Holds, legal 4500")
    expect(page.locator("#verdict")).to_contain_text("Legal")
    expect(page.get_by_role("heading", name="Forces")).to_be_visible()
    totals = page.locator("section[aria-labelledby=totals-heading] tbody tr").first
    expect(totals).to_contain_text("4500")

    page.go_back()
    examples.get_by_role("link", name="too many characters").click()

    expect(page.locator("#verdict")).to_contain_text("Illegal")
    problems = page.locator("section[aria-labelledby=problems-heading] tbody tr")
    expect(problems).to_have_count(1)
    expect(problems.first).to_contain_text("t9a.characters.max_percent")
    expect(problems.first).to_contain_text("the-9th-age-3rd.md")
    assert errors == []
