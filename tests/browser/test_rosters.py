"""In a real browser: download an example list as a .ros, then upload it on "Check a roster
file" and see it evaluated the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_downloaded_example_uploads_and_checks_the_same(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    ninth_age: GameSystem,
    tmp_path: Path,
) -> None:
    page.goto(
        f"{live_server.url}/systems/{ninth_age.slug}/examples/dwarven-holds-too-many-characters/"
    )
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "illegal")
    unavailable = page.locator("details.unavailable").first
    unavailable.locator("summary").click()
    expect(unavailable.locator("li li").first).to_be_visible()

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download .ros").click()
    saved = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(saved)

    page.get_by_role("navigation", name="Main").get_by_role(
        "link", name="Check a roster file"
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Check a roster file")
    page.get_by_label("Roster file").set_input_files(saved)
    page.get_by_role("button", name="Check").click()

    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "illegal")
    problems = page.locator("section[aria-labelledby=problems-heading] tbody tr")
    expect(problems).to_have_count(1)
    expect(problems.first).to_have_attribute("data-code", "t9a.characters.max_percent")
    expect(page.locator("dl.meta")).to_contain_text(saved.name)
    assert saved.suffix == ".ros"
    assert page_errors == []
