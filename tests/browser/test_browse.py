"""In a real browser: from the home page to an entry, search, and an upload's live status."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import ImportJob
from tests.catalogues import browse_data as data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def orcs() -> None:
    data.import_test_battles(revisions=2)


def test_browse_from_home_to_an_entry(
    page_errors: list[str], live_server: LiveServer, page: Page, orcs: None
) -> None:

    page.goto(live_server.url)
    page.get_by_role("link", name="Test Battles").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Test Battles")
    page.get_by_role("link", name="Test Orcs").click()
    expect(page.get_by_role("heading", name="HQ")).to_be_visible()
    page.get_by_role("link", name="Warboss").click()

    expect(page.get_by_role("heading", level=1)).to_contain_text("Warboss")
    expect(page.get_by_role("table").filter(has_text="WS")).to_contain_text("2+")
    expect(page.locator("#costs-heading + .table-wrap")).to_contain_text("95")
    page.get_by_role("link", name="Test Orcs").click()
    expect(page).to_have_url(re.compile(r"/catalogues/test-orcs/\?revision=2$"))
    assert page_errors == []


def test_search_and_filter_a_catalogue(live_server: LiveServer, page: Page, orcs: None) -> None:
    page.goto(f"{live_server.url}/systems/test-battles/catalogues/test-orcs/")

    page.get_by_role("searchbox", name="Name").fill("grot")
    page.get_by_role("button", name="Search").click()

    results = page.locator("section[aria-labelledby=entries-heading]")
    expect(results).to_contain_text("Grots")
    expect(results).not_to_contain_text("Warboss")
    expect(page.get_by_text("1 entry found")).to_be_visible()

    page.get_by_role("link", name="Clear").click()
    page.get_by_label("Category").select_option(label="HQ")
    page.get_by_role("button", name="Search").click()
    expect(results).to_contain_text("Warboss")
    expect(results).not_to_contain_text("Grots")


def test_an_older_revision_is_picked_and_compared(
    live_server: LiveServer, page: Page, orcs: None
) -> None:
    page.goto(f"{live_server.url}/systems/test-battles/catalogues/test-orcs/")

    page.get_by_label("Show revision").select_option("1")
    page.get_by_role("button", name="Show").click()
    boyz = page.locator(".entry-list li", has_text="Boyz")
    expect(boyz).to_contain_text("70 pts")
    expect(boyz.locator(".badge-unverified")).to_have_text("unverified")

    page.get_by_role("link", name="Compare points between revisions").click()
    expect(page.locator("table")).to_contain_text("+15")


def test_an_import_job_page_follows_the_job(live_server: LiveServer, page: Page) -> None:
    staff = User.objects.create_user("staff", password="pw", is_staff=True)
    client = Client()
    client.force_login(staff)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    job = ImportJob.objects.create(
        status=ImportJob.Status.RUNNING, progress=40, message="Reading", created_by=staff
    )

    page.goto(f"{live_server.url}/upload/jobs/{job.pk}/")
    expect(page.locator("#job-status")).to_have_attribute("data-status", "running")
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportJob.Status.FAILED,
        progress=100,
        message="Nothing was imported.",
        errors=[{"file": "broken.cat", "code": "format.xml", "message": "not well-formed"}],
    )

    # The vendored htmx polls the status panel until the job ends.
    expect(page.get_by_role("alert")).to_contain_text("broken.cat", timeout=5_000)
    expect(page.locator("#job-status")).not_to_have_attribute("hx-trigger", re.compile("."))
