"""Headless Chromium for page tests: the distribution's browser, driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.conftest import missing

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_chromium() -> None:
    if not CHROMIUM.exists():
        missing(f"{CHROMIUM} is not installed (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One browser per test module, closed before the next module's tests run."""
    require_chromium()
    with pytest.MonkeyPatch.context() as patch:
        # Playwright's sync API keeps an event loop running in the test thread, which Django
        # takes for an async context; the ORM calls the tests make there are plain sync ones.
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield browser
            browser.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def page_errors(page: Page) -> list[str]:
    """Every failed request and script error the page produces, collected as it runs."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: (
            errors.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    return errors


@pytest.fixture(autouse=True)
def _fresh_rates() -> None:
    """Each test starts with no list creations (or login failures) counted."""
    from django.core.cache import cache

    cache.clear()
