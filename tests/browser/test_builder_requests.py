"""In a real browser: every click on the builder page is one request, whose answer leaves the
page as a reload of it shows it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem
from tests.browser.builder_helpers import act, add_unit, editor, log_in, new_list, open_unit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What a player sees of the builder, but the editor and the row it marks open (a reload opens
# none): every row, headings and gauges, totals, the verdict, problems, each add-panel entry
# with whether it can be pressed and why not, and whether undo and redo can be.
PAGE_STATE = """() => {
  const text = (e) => (e ? e.innerText.replace(/\\s+/g, " ").trim() : "");
  const all = (selector) => [...document.querySelectorAll(selector)];
  const byId = (id) => document.getElementById(id);
  return {
    rows: all("#list-panel .row").map((r) => [r.id, r.className.replace(" row-open", ""), text(r)]),
    headings: all("#list-panel .force-head, #list-panel .cat").map((e) => [e.className, text(e)]),
    limits: all("#bar .limit-input").map((e) => e.value),
    status: text(document.querySelector("#bar .bld-status")),
    totals: all("#bar .bld-totals li").map((e) => [e.className, text(e)]),
    tabs: [text(byId("tab-totals")), text(byId("tab-count"))],
    problems: all("#problems-panel li").map((e) => [e.className, e.dataset.code, text(e)]),
    add: all("#add-entries .add-entry").map((e) => {
      const button = e.querySelector("button");
      return [e.id, text(e), button ? !button.disabled : null, button ? button.className : ""];
    }),
    forces: all("#add-entries select option").map((e) => e.value),
    undo: [byId("undo-button").disabled, byId("redo-button").disabled],
  };
}"""


class Requests:
    """The requests the page sends to the server (not for its static files)."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.sent: list[str] = []

        def seen(request: Request) -> None:
            if request.url.startswith(base_url) and "/static/" not in request.url:
                self.sent.append(f"{request.method} {request.url}")

        page.on("request", seen)

    def of(self, page: Page, action: Callable[[], Any]) -> list[str]:
        """The requests ``action`` makes, once its answer is in and none is in flight."""
        start = len(self.sent)
        act(page, action)
        page.wait_for_function("() => !document.querySelector('.htmx-request')")
        return self.sent[start:]


def one_request_leaving_the_page_as_reloaded(
    page: Page, requests: Requests, action: Callable[[], Any]
) -> None:
    sent = requests.of(page, action)
    assert len(sent) == 1, sent
    assert sent[0].startswith("POST ")
    shown = page.evaluate(PAGE_STATE)
    page.reload()
    assert page.evaluate(PAGE_STATE) == shown


def test_a_stepper_an_add_a_remove_an_option_and_undo_redo_are_one_request_each(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500}, "t9a3-dh-force")
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    requests = Requests(page, live_server.url)

    add_unit(page, "King")
    add_unit(page, "Clan Warriors")
    add = page.locator("#add-panel li.add-entry button", has_text="Clan Warriors").first
    one_request_leaving_the_page_as_reloaded(page, requests, add.click)

    open_unit(page, "Clan Warriors")
    more = editor(page).get_by_role("button", name="One more Models")
    one_request_leaving_the_page_as_reloaded(page, requests, more.click)
    expect(page.locator("#list-panel .row-open")).to_have_count(1)

    open_unit(page, "Clan Warriors")
    shields = editor(page).get_by_label("Shields", exact=True)
    one_request_leaving_the_page_as_reloaded(page, requests, shields.check)

    open_unit(page, "King")
    throne = editor(page).get_by_label("Mount: War Throne", exact=True)
    one_request_leaving_the_page_as_reloaded(page, requests, throne.check)

    open_unit(page, "Clan Warriors")
    remove = editor(page).get_by_role("button", name="Remove", exact=True)
    one_request_leaving_the_page_as_reloaded(page, requests, remove.click)

    undo, redo = page.locator("#undo-button"), page.locator("#redo-button")
    one_request_leaving_the_page_as_reloaded(page, requests, undo.click)
    one_request_leaving_the_page_as_reloaded(page, requests, redo.click)
    assert page_errors == []


def test_the_key_that_was_pressed_keeps_focus_after_its_answer(
    live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500}, "t9a3-dh-force")
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    add_unit(page, "Clan Warriors")  # (15 models)
    more = editor(page).get_by_role("button", name="One more Models")
    more.focus()

    act(page, lambda: page.keyboard.press("Enter"))

    expect(editor(page).get_by_role("button", name="One more Models")).to_be_focused()
    act(page, lambda: page.keyboard.press("Enter"))
    expect(editor(page).get_by_label("Models", exact=True)).to_have_value("17")
