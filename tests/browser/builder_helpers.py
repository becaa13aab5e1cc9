"""Driving the builder page in a real browser: log in, open a list, act and wait for htmx."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Locator, Page, expect

from catalogues.models import Catalogue, GameSystem
from lists import services
from lists.models import ArmyList

# Counts the answers settled (of edits and of units opened; every element an answer swaps
# settles, all of them before the first settle event), so a step can wait for its own.
SETTLE_COUNTER = """
window.__settled = 0;
document.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail.xhr;
  if (xhr && !xhr.__counted) {
    xhr.__counted = true;
    window.__settled += 1;
  }
});
"""
# Screenshots go here when BUILDER_SCREENSHOTS names a folder (to look at the page).
SCREENSHOTS = os.environ.get("BUILDER_SCREENSHOTS")


def log_in(page: Page, base_url: str, username: str = "builder") -> Any:
    """A player, logged in in ``page``'s browser context (the session cookie of a client)."""
    user = get_user_model().objects.create_user(username, f"{username}@example.com", "pw-9-builder")
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base_url}])
    page.add_init_script(SETTLE_COUNTER)
    return user


def new_list(
    user: Any,
    game_system: GameSystem,
    catalogue_id: str,
    limits: dict[str, float],
    force_entry_id: str | None = None,
    setup: dict[str, str] | None = None,
) -> ArmyList:
    state = services.create_list(
        user=user,
        game_system=game_system,
        catalogue=Catalogue.objects.get(game_system=game_system, bs_id=catalogue_id),
        name="Browser list",
        cost_limits=limits,
        options={},
        force_entry_id=force_entry_id,
        setup_selections=setup,
    )
    return state.army_list


def act(page: Page, action: Callable[[], Any]) -> None:
    """Do something that sends one edit, and wait until its answer is swapped in."""
    before = page.evaluate("window.__settled")
    action()
    # (a function, not an expression: Playwright would eval an expression in the page,
    # which the site's Content-Security-Policy forbids)
    page.wait_for_function(f"() => window.__settled > {before}")


def add_unit(page: Page, name: str, force: str | None = None) -> None:
    """Add a unit from the add panel (of ``force`` when there are several); its editor opens."""
    panel = page.locator("#add-panel")
    if force is not None:
        panel = panel.locator("details.add-force-panel", has_text=force)
    button = panel.locator(
        "li.add-entry button", has=page.locator("span", has_text=re.compile(f"^{re.escape(name)}$"))
    ).first
    act(page, button.click)
    expect(page.locator("#editor-heading")).to_contain_text(name)


def editor(page: Page) -> Locator:
    return page.locator("#editor-panel")


def set_count(page: Page, option: str, count: int) -> None:
    field = editor(page).get_by_label(option, exact=True)
    field.fill(str(count))
    act(page, lambda: field.press("Enter"))
    expect(editor(page).get_by_label(option, exact=True)).to_have_value(str(count))


def check(page: Page, option: str) -> None:
    """Tick a checkbox or pick a radio button of the open editor."""
    control = editor(page).get_by_label(option, exact=True)
    act(page, control.check)
    expect(editor(page).get_by_label(option, exact=True)).to_be_checked()


def open_unit(page: Page, name: str, nth: int = 0) -> None:
    link = page.locator("#list-panel a.row-main", has_text=name).nth(nth)
    act(page, link.click)
    expect(page.locator("#editor-heading")).to_contain_text(name)


def errors(page: Page) -> Locator:
    return page.locator("#problems-panel li.problem-error")


def no_horizontal_scroll(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    wide = page.evaluate(
        "(width) => [...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > width + 1)"
        ".map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 5)",
        width,
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wide


def screenshot(page: Page, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


def tab_to(page: Page, selector: str, text: str | None = None, limit: int = 400) -> None:
    """Press Tab until the focused element matches ``selector`` (and contains ``text``)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(
            "([selector, text]) => { const e = document.activeElement;"
            " return !!e && e.matches(selector) && (!text || e.textContent.includes(text)"
            " || (e.labels && [...e.labels].some(l => l.textContent.includes(text)))); }",
            [selector, text],
        ):
            return
    raise AssertionError(f"Tab never reached {selector} {text or ''}")


def focus_is_visible(page: Page) -> bool:
    """The focused element draws a focus ring (an outline or box shadow)."""
    return bool(
        page.evaluate(
            "() => { const s = getComputedStyle(document.activeElement);"
            " return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0"
            " || s.boxShadow !== 'none'; }"
        )
    )
