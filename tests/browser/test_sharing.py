"""In a real browser: share a list and open the link logged out, make it private and see the
link fail, fork it as another user, download every export and read the .ros back, verify a
pasted text export and a tampered one, diff two versions and restore one; and the pages
at phone width without horizontal scrolling."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import Catalogue, GameSystem
from lists import services, sharing
from lists.models import ArmyList, VersionKind, Visibility
from lists.services import ListState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KING = "t9a3-dh-king"
WARRIORS = "t9a3-dh-clan-warriors"
# Where the screenshots go when asked for (they are looked at, not compared).
SCREENSHOTS = os.environ.get("SHARING_SCREENSHOTS")


def _user(name: str) -> Any:
    return get_user_model().objects.create_user(name, f"{name}@example.com", f"pw-{name}-1")


def _context(browser: Browser, live_server: LiveServer, user: Any | None, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    return context


@pytest.fixture
def contexts(browser: Browser, live_server: LiveServer) -> Iterator[Any]:
    opened: list[BrowserContext] = []

    def open_page(user: Any | None = None, width: int = 1280) -> Page:
        context = _context(browser, live_server, user, width)
        opened.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for context in opened:
        context.close()


@pytest.fixture
def owner() -> Any:
    return _user("owner")


@pytest.fixture
def dwarven(owner: Any, ninth_age: GameSystem) -> ListState:
    state = services.create_list(
        user=owner,
        game_system=ninth_age,
        catalogue=Catalogue.objects.get(game_system=ninth_age, bs_id="t9a3-dh"),
        name="Grudge settlers",
        cost_limits={"t9a3-pts": 4500},
        options={},
        force_entry_id="t9a3-dh-force",
    )
    for entry in (KING, WARRIORS):
        (force,) = state.roster.forces
        state = services.add_selection(
            army_list=state.army_list,
            version=state.army_list.version,
            force_id=force.id,
            entry_id=entry,
        )
    return state


def _shot(page: Page, name: str) -> None:
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


def _no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} scrolls sideways ({width}px)"


def test_share_open_logged_out_make_private_and_fork(
    contexts: Any, live_server: LiveServer, dwarven: ListState, owner: Any
) -> None:
    army_list = dwarven.army_list
    mine = contexts(owner)
    mine.goto(f"{live_server.url}/lists/")
    mine.get_by_role("link", name="Share Grudge settlers").click()
    mine.get_by_label("Anyone with the link").check()
    mine.get_by_role("button", name="Save visibility").click()
    expect(mine.get_by_text("Visibility changed.")).to_be_visible()
    link = mine.get_by_label("Share link").input_value()
    assert army_list.share_token in link
    _shot(mine, "shared-owner-1280")

    stranger = contexts()
    response = stranger.goto(link)
    assert response is not None
    assert response.status == 200
    expect(stranger.get_by_role("heading", level=1)).to_have_text("Grudge settlers")
    expect(stranger.locator("#verdict")).to_be_visible()
    expect(stranger.locator("#revisions")).to_contain_text("Dwarven Holds (revision")
    expect(stranger.get_by_role("heading", name="Sharing")).to_have_count(0)
    assert stranger.locator('meta[name="robots"]').get_attribute("content") == "noindex, nofollow"

    expect(stranger.get_by_label("Version to fork")).to_have_count(0)
    stranger.get_by_role("button", name="Fork into my lists").click()
    expect(stranger).to_have_url(re.compile(r"/accounts/login/\?next="))

    rival = _user("rival")
    theirs = contexts(rival)
    theirs.goto(link)
    version = theirs.get_by_label("Version to fork")
    expect(version).to_have_value(str(army_list.version))
    expect(version.locator("option")).to_have_count(3)
    expect(version.locator("option").first).to_contain_text("(current)")
    version.select_option("2")
    _shot(theirs, "shared-fork-1280")
    theirs.get_by_role("button", name="Fork into my lists").click()
    expect(theirs.get_by_text("Forked into your lists")).to_be_visible()
    fork = ArmyList.objects.get(owner=rival)
    assert fork.forked_from is not None
    assert fork.forked_from.army_list_id == army_list.pk
    assert fork.forked_from.number == 2
    assert fork.visibility == Visibility.PRIVATE
    assert [s["entryId"] for s in fork.document["roster"]["forces"][0]["selections"]] == [KING]
    assert fork.versions.get().kind == VersionKind.FORK

    mine.get_by_label("Private").check()
    mine.get_by_role("button", name="Save visibility").click()
    expect(mine.get_by_text("Visibility changed.")).to_be_visible()
    response = stranger.goto(link)
    assert response is not None
    assert response.status == 404
    expect(stranger.get_by_text("Grudge settlers")).to_have_count(0)
    response = theirs.goto(link)
    assert response is not None
    assert response.status == 404


def test_every_export_downloads_and_the_ros_reads_back(
    contexts: Any, live_server: LiveServer, dwarven: ListState, owner: Any, tmp_path: Path
) -> None:
    sharing.set_visibility(army_list=dwarven.army_list, visibility=Visibility.UNLISTED)
    page = contexts(owner)
    page.goto(f"{live_server.url}/s/{dwarven.army_list.share_token}/")
    saved: dict[str, Path] = {}
    for label, suffix in [
        ("Text for a forum post (.txt)", ".txt"),
        ("Markdown (.md)", ".md"),
        ("JSON roster document (.json)", ".json"),
        ("BattleScribe roster (.ros)", ".ros"),
        ("BattleScribe roster, zipped (.rosz)", ".rosz"),
    ]:
        page.locator("details.downloads summary").click()
        with page.expect_download() as download_info:
            page.get_by_role("link", name=label).click()
        path = tmp_path / download_info.value.suggested_filename
        download_info.value.save_as(path)
        assert path.suffix == suffix
        assert path.stat().st_size > 0
        saved[suffix] = path
        page.keyboard.press("Escape")
        page.goto(f"{live_server.url}/s/{dwarven.army_list.share_token}/")
    assert "Grudge settlers" in saved[".txt"].read_text()

    page.get_by_role("navigation", name="Your account").get_by_role("link", name="Import").click()
    page.get_by_label("Roster file").set_input_files(saved[".ros"])
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#import-result")).to_be_visible()
    expect(page.locator("#left-out")).to_have_count(0)
    imported = ArmyList.objects.exclude(pk=dwarven.army_list.pk).get()
    assert imported.points == dwarven.army_list.points
    assert imported.versions.get().kind == VersionKind.IMPORT


def test_verify_a_pasted_export_then_a_tampered_one(
    contexts: Any, live_server: LiveServer, dwarven: ListState, owner: Any, tmp_path: Path
) -> None:
    # the list is private: its export is the owner's alone
    assert Client().get(f"/s/{dwarven.army_list.share_token}/export/txt/").status_code == 404
    client = Client()
    client.force_login(owner)
    export = client.get(f"/lists/{dwarven.army_list.pk}/export/txt/").content.decode()

    page = contexts(width=375)
    page.goto(f"{live_server.url}/verify/")
    page.get_by_label("Paste a text or Markdown export").fill(export)
    page.get_by_role("button", name="Verify").click()
    expect(page.locator("#verify-result")).to_have_attribute("data-verified", "yes")
    _no_horizontal_scroll(page)
    _shot(page, "verify-375")

    tampered = export.replace("4,500", "4,000", 1)
    assert tampered != export
    page.get_by_label("Paste a text or Markdown export").fill(tampered)
    page.get_by_role("button", name="Verify").click()
    expect(page.locator("#verify-result")).to_have_attribute("data-verified", "no")


def test_diff_two_versions_and_restore_one(
    contexts: Any, live_server: LiveServer, dwarven: ListState, owner: Any
) -> None:
    page = contexts(owner)
    page.goto(f"{live_server.url}/lists/{dwarven.army_list.pk}/history/")
    expect(page.locator("#version-3")).to_be_visible()
    page.get_by_label("From version").select_option("1")
    page.get_by_label("To version").select_option("3")
    page.get_by_role("button", name="Show what changed").click()
    changes = page.locator(".diff-list li")
    added = page.locator('.diff-list li[data-kind="unit.added"]')
    expect(added.filter(has_text="King")).to_have_count(1)
    expect(added.filter(has_text="Clan Warriors")).to_have_count(1)
    expect(changes.and_(page.locator('[data-kind="cost.changed"]'))).to_have_count(1)
    _shot(page, "history-1280")

    page.get_by_role("button", name="Restore v1").click()
    expect(page.get_by_text("Version 1 restored as version 4.")).to_be_visible()
    expect(page.locator("#version-4")).to_have_attribute("data-kind", "restore")
    restored = ArmyList.objects.get(pk=dwarven.army_list.pk)
    assert restored.version == 4
    assert restored.document["roster"]["forces"][0].get("selections") is None


@pytest.mark.parametrize("width", [1280, 375])
def test_the_pages_fit_the_screen(
    contexts: Any, live_server: LiveServer, dwarven: ListState, owner: Any, width: int
) -> None:
    army_list = sharing.set_visibility(army_list=dwarven.army_list, visibility=Visibility.PUBLIC)
    anonymous = contexts(width=width)
    signed_in = contexts(owner, width=width)
    pages = [
        (anonymous, f"/s/{army_list.share_token}/", "shared"),
        (signed_in, f"/s/{army_list.share_token}/", "shared-owner"),
        (anonymous, f"/s/{army_list.share_token}/print/", "print"),
        (anonymous, "/gallery/", "gallery"),
        (anonymous, "/verify/", "verify"),
        (signed_in, "/lists/import/", "import"),
        (signed_in, f"/lists/{army_list.pk}/history/?old=1&new=3", "history"),
    ]
    for page, path, name in pages:
        response = page.goto(f"{live_server.url}{path}")
        assert response is not None
        assert response.status == 200, path
        _no_horizontal_scroll(page)
        _shot(page, f"{name}-{width}")
    gallery = pages[3][0]
    gallery.goto(f"{live_server.url}/gallery/")
    expect(gallery.get_by_role("link", name="Grudge settlers")).to_be_visible()
