"""In a real browser: sign up, confirm the email, log in, build a list with the wizard, and
rename, duplicate and delete it from My lists."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import override_settings
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.models import GameSystem
from lists import services
from lists.models import ArmyList
from tests.browser.builder_helpers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EMAIL = "player@example.com"
PASSWORD = "a-long-Password-2026"


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def sign_up(page: Page, live_server: LiveServer) -> None:
    """Sign up as the quick start does (no mail server): in at once, then confirm the link."""
    fill_sign_up(page, live_server)
    expect(page.get_by_role("heading", level=1)).to_have_text("My lists")
    expect(page.get_by_role("status")).to_contain_text("console")
    confirm(page)


def fill_sign_up(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Email:").fill(EMAIL)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again):").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()


def confirm(page: Page) -> None:
    (message,) = mail.outbox
    (link,) = re.findall(r"https?://\S+/accounts/confirm-email/\S+/", message.body)
    page.goto(link)
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My lists")
    assert get_user_model().objects.get(email=EMAIL).emailaddress_set.get().verified


@pytest.mark.parametrize("width", [1280, 375])
def test_a_confirmation_printed_in_the_console_is_said_to_be_there(
    page_errors: list[str], live_server: LiveServer, page: Page, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    with override_settings(MAIL_PRINTED=True, ACCOUNT_EMAIL_VERIFICATION="mandatory"):
        fill_sign_up(page, live_server)
        expect(page.locator('[data-code="account.mail_printed"]')).to_be_visible()
        screenshot(page, f"sign-up-mail-printed-{width}")
        confirm(page)
    screenshot(page, f"sign-up-confirmed-{width}")
    assert page_errors == []


def test_with_a_mail_server_the_address_is_confirmed_before_signing_in(
    page_errors: list[str], live_server: LiveServer, page: Page
) -> None:
    with override_settings(MAIL_PRINTED=False, ACCOUNT_EMAIL_VERIFICATION="mandatory"):
        fill_sign_up(page, live_server)
        expect(page.locator('[data-code="account.mail_sent"]')).to_be_visible()
        page.goto(f"{live_server.url}/lists/")
        expect(page.get_by_role("heading", level=1)).not_to_have_text("My lists")
        confirm(page)
    assert page_errors == []


def log_in(page: Page, live_server: LiveServer, email: str, password: str) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Email:").fill(email)
    page.get_by_label("Password:").fill(password)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("My lists")


def test_sign_up_build_a_list_and_manage_it(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    sign_up(page, live_server)
    page.get_by_role("button", name="Log out").click()
    log_in(page, live_server, EMAIL, PASSWORD)
    expect(page.get_by_text("You have no lists yet.")).to_be_visible()

    page.get_by_role("navigation", name="Your account").get_by_role("link", name="New list").click()
    page.get_by_role("link", name=ninth_age.name).click()
    page.get_by_role("link", name="Dwarven Holds").click()
    expect(page.get_by_label("Limit of pts")).to_have_value("4500")
    page.get_by_label("Name of the list").fill("Karak Norn")
    page.get_by_label("Yes: the list must have one").check()
    page.get_by_role("button", name="Create the list").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Karak Norn")
    army_list = ArmyList.objects.get(name="Karak Norn")
    assert page.url.endswith(f"/lists/{army_list.pk}/")
    assert {"id": "list-option:general_required", "name": "yes"} in army_list.document["roster"][
        "tags"
    ]

    page.get_by_role("link", name="My lists").click()
    rows = page.locator("#my-lists tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Dwarven Holds")
    expect(rows.first).to_contain_text("0 / 4,500")

    page.get_by_role("link", name="Rename Karak Norn").click()
    page.get_by_label("Name").fill("Karak Ankor")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Karak Ankor")

    page.get_by_role("button", name="Duplicate Karak Ankor").click()
    expect(rows).to_have_count(2)
    expect(page.locator("#my-lists")).to_contain_text("Copy of Karak Ankor")

    page.get_by_role("link", name="Delete Copy of Karak Ankor").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete Copy of Karak Ankor?")
    dialog.get_by_role("button", name="Keep it").click()
    expect(dialog).to_be_hidden()
    expect(rows).to_have_count(2)
    page.get_by_role("link", name="Delete Copy of Karak Ankor").click()
    dialog.get_by_role("button", name="Delete the list").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Karak Ankor")
    assert list(ArmyList.objects.values_list("name", flat=True)) == ["Karak Ankor"]
    assert page_errors == []


def test_without_javascript_delete_asks_on_its_own_page(
    browser: Browser, live_server: LiveServer, ninth_age: GameSystem
) -> None:
    player = get_user_model().objects.create_user("p", EMAIL, PASSWORD)
    player.emailaddress_set.create(email=EMAIL, verified=True, primary=True)
    services.create_list(
        user=player,
        game_system=ninth_age,
        catalogue=ninth_age.catalogues.get(bs_id="t9a3-dh"),
        name="Grudge settlers",
        cost_limits={},
        options={},
        force_entry_id=None,
    )
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    log_in(page, live_server, EMAIL, PASSWORD)

    page.get_by_role("link", name="Delete Grudge settlers").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete Grudge settlers?")
    page.get_by_role("button", name="Delete the list").click()

    expect(page.get_by_text("You have no lists yet.")).to_be_visible()
    assert not ArmyList.objects.exists()
    context.close()
