"""Every page fits a 375 px phone and a 1280 px desktop window: no horizontal scrolling of the
page itself (wide tables scroll inside their own box), however long a source URL or id is."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from catalogues.examples import example_lists
from catalogues.models import Catalogue, Entry, GameSystem
from tests.catalogues.packs import load_pack

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (375, 1280)


def _pages(game_system: GameSystem) -> list[str]:
    catalogue = Catalogue.objects.filter(game_system=game_system, library=False).first()
    assert catalogue is not None
    entry = Entry.objects.filter(revision__catalogue=catalogue, hidden=False).first()
    assert entry is not None
    return [
        "/",
        f"/systems/{game_system.slug}/",
        f"/systems/{game_system.slug}/catalogues/{catalogue.slug}/",
        f"/entries/{entry.pk}/",
        *(
            f"/systems/{game_system.slug}/examples/{e.slug}/"
            for e in example_lists(game_system=game_system)[:2]
        ),
        "/rosters/check/",
        "/no/such/page/",
    ]


def test_no_page_is_wider_than_the_window(live_server: LiveServer, page: Page) -> None:
    # The 40k pack cites its sources by long URLs.
    game_system = load_pack("warhammer-40k-9th")
    too_wide = []
    for path in _pages(game_system):
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(f"{live_server.url}{path}")
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > width:
                too_wide.append((path, width, scroll_width))

    assert too_wide == []
