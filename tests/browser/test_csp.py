"""Every kind of page works under the Content-Security-Policy: a real browser loads each one,
does what htmx does there, and reports no violation (console or ``securitypolicyviolation``
event)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import DataSource, DataSourceCheck, Entry, GameSystem, ImportJob
from lists import sharing
from lists.models import Visibility
from tests.browser.builder_helpers import add_unit, log_in, new_list

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Chromium fires this event for every violation, inline or not, before the console message.
VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__csp.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def _watch(page: Page) -> list[str]:
    console: list[str] = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.add_init_script(VIOLATIONS)
    return console


def _visit(page: Page, url: str, console: list[str]) -> None:
    response = page.goto(url)
    assert response is not None, url
    assert response.status < 400, (url, response.status)
    page.wait_for_load_state("networkidle")
    violations = page.evaluate("window.__csp")
    assert violations == [], (url, violations)
    assert console == [], (url, console)


def test_every_kind_of_page_loads_without_a_csp_violation(
    page: Page, live_server: LiveServer, ninth_age: GameSystem
) -> None:
    console = _watch(page)
    user = log_in(page, live_server.url)
    user.is_staff = True
    user.save()
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500}, "t9a3-dh-force")
    sharing.set_visibility(army_list=army_list, visibility=Visibility.PUBLIC)
    job = ImportJob.objects.create(
        status=ImportJob.Status.RUNNING, progress=40, message="Reading", created_by=user
    )
    source = DataSource.objects.create(url="https://example.org/index.bsi")
    check = DataSourceCheck.objects.create(
        source=source, status=DataSourceCheck.Status.RUNNING, files_total=3
    )
    entry = Entry.objects.filter(revision__catalogue__game_system=ninth_age, root=True).first()
    assert entry is not None
    base = live_server.url
    token = army_list.share_token
    for path in (
        "/",
        f"/systems/{ninth_age.slug}/",
        "/lists/",
        "/lists/new/",
        f"/lists/new/?game={ninth_age.slug}",
        f"/s/{token}/",
        f"/s/{token}/print/",
        f"/lists/{army_list.pk}/history/",
        "/gallery/",
        "/verify/",
        "/lists/import/",
        "/rosters/check/",
        "/upload/",
        f"/upload/jobs/{job.pk}/",  # polls its status with htmx
        "/sources/",
        f"/sources/{source.pk}/",
        f"/sources/checks/{check.pk}/",  # polls its status with htmx
        f"/entries/{entry.pk}/edit/",
        "/api/v1/game-systems/",  # the browsable API
    ):
        _visit(page, f"{base}{path}", console)

    # Swagger UI runs (its inline script and style carry the nonce) and draws the schema
    _visit(page, f"{base}/api/v1/docs/", console)
    expect(page.locator(".swagger-ui .info")).to_contain_text("armybuilder API")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.evaluate("window.__csp") == []

    # the builder: htmx loads the add panel, then an edit swaps the list in
    _visit(page, f"{base}/lists/{army_list.pk}/", console)
    add_unit(page, "King")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == []
    assert console == []


def test_the_login_page_loads_without_a_csp_violation(
    page: Page, live_server: LiveServer, db: Any
) -> None:
    console = _watch(page)
    get_user_model().objects.create_user("someone", "someone@example.com", "pw-someone-1")
    _visit(page, f"{live_server.url}/accounts/login/", console)
    page.get_by_label("Email").fill("someone@example.com")
    page.get_by_label("Password").fill("pw-someone-1")
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == []
    assert console == []
