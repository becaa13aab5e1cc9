"""Accounts: sign up with an email address and a password, confirm it, log in and out,
reset a forgotten password, and too many failed log-ins are refused."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Password-2026"


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Iterator[None]:
    """allauth counts attempts in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


def link_in(message: Any) -> str:
    (link,) = re.findall(r"https?://[^/\s]+(/accounts/\S+/)", message.body)
    return str(link)


def sign_up(client: Client, email: str = "new@example.com") -> Any:
    return client.post(
        reverse("account_signup"), {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    )


@override_settings(MAIL_PRINTED=False, ACCOUNT_EMAIL_VERIFICATION="mandatory")
def test_with_a_mail_server_sign_up_confirm_the_email_and_land_on_my_lists(
    client: Client,
) -> None:
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert client.get(reverse("lists:mine")).status_code == 302  # not logged in before confirming
    sent = client.get(response["Location"]).content.decode()
    assert 'data-code="account.mail_sent"' in sent
    assert 'data-code="account.mail_printed"' not in sent

    (message,) = mail.outbox
    assert message.to == ["new@example.com"]
    confirm = link_in(message)
    assert client.get(confirm).status_code == 200
    response = client.post(confirm)

    assert response.status_code == 302
    assert response["Location"] == reverse("lists:mine")
    assert client.get(reverse("lists:mine")).status_code == 200
    user = get_user_model().objects.get(email="new@example.com")
    assert user.emailaddress_set.get().verified


@override_settings(MAIL_PRINTED=True, ACCOUNT_EMAIL_VERIFICATION="optional")
def test_without_a_mail_server_a_new_player_is_signed_in_and_told_where_the_link_is(
    client: Client,
) -> None:
    response = sign_up(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("lists:mine")
    mine = client.get(reverse("lists:mine"))
    assert mine.status_code == 200  # in at once, before confirming
    assert "console" in mine.content.decode()  # the message says where the link went
    (message,) = mail.outbox
    client.post(link_in(message))
    user = get_user_model().objects.get(email="new@example.com")
    assert user.emailaddress_set.get().verified
    assert client.get(reverse("lists:mine")).status_code == 200


@override_settings(MAIL_PRINTED=True, ACCOUNT_EMAIL_VERIFICATION="mandatory")
def test_a_confirmation_required_without_a_mail_server_says_where_the_link_is(
    client: Client,
) -> None:
    response = sign_up(client)

    sent = client.get(response["Location"]).content.decode()
    assert 'data-code="account.mail_printed"' in sent
    assert len(mail.outbox) == 1


def test_log_in_and_out_with_email_and_password(client: Client) -> None:
    user = get_user_model().objects.create_user("p", "p@example.com", PASSWORD)
    user.emailaddress_set.create(email="p@example.com", verified=True, primary=True)

    response = client.post(
        reverse("account_login"), {"login": "p@example.com", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.get(reverse("lists:mine")).status_code == 200

    client.post(reverse("account_logout"))
    assert client.get(reverse("lists:mine")).status_code == 302


def test_reset_a_forgotten_password(client: Client) -> None:
    user = get_user_model().objects.create_user("p", "p@example.com", "old-Password-2026")
    user.emailaddress_set.create(email="p@example.com", verified=True, primary=True)

    client.post(reverse("account_reset_password"), {"email": "p@example.com"})
    (message,) = mail.outbox
    reset = client.get(link_in(message))  # redirects to the key-less URL holding the key
    assert reset.status_code == 302
    response = client.post(reset["Location"], {"password1": PASSWORD, "password2": PASSWORD})

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_too_many_failed_log_ins_are_refused_even_with_the_right_password(
    client: Client,
) -> None:
    user = get_user_model().objects.create_user("p", "p@example.com", PASSWORD)
    user.emailaddress_set.create(email="p@example.com", verified=True, primary=True)
    for _ in range(5):
        wrong = client.post(
            reverse("account_login"), {"login": "p@example.com", "password": "wrong"}
        )
        assert wrong.status_code == 200

    locked = client.post(reverse("account_login"), {"login": "p@example.com", "password": PASSWORD})

    assert locked.status_code != 302
    assert "_auth_user_id" not in client.session


def test_account_pages_use_the_site_layout(client: Client) -> None:
    page = client.get(reverse("account_signup")).content.decode()

    assert 'class="site-header"' in page
    assert 'id="content"' in page
    assert 'name="password1"' in page


def test_the_upload_pages_still_need_staff(client: Client) -> None:
    player = get_user_model().objects.create_user("p", "p@example.com", PASSWORD)
    client.force_login(player)
    assert client.get(reverse("catalogues:upload")).status_code == 302

    player.is_staff = True
    player.save()
    assert client.get(reverse("catalogues:upload")).status_code == 200


def mail_backend(**env: str) -> str:
    return setting("EMAIL_BACKEND", **env)


def setting(name: str, **env: str) -> str:
    """A setting as the settings module picks it in a fresh interpreter with ``env``."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("EMAIL_") and k != "ACCOUNT_EMAIL_VERIFICATION"
    }
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings; "
            f"print(settings.{name})",
        ],
        cwd=REPO_ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "armybuilder.settings", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


def test_mail_is_printed_unless_a_mail_server_is_configured() -> None:
    assert mail_backend() == "django.core.mail.backends.console.EmailBackend"
    assert (
        mail_backend(EMAIL_HOST="smtp.example.com") == "django.core.mail.backends.smtp.EmailBackend"
    )


def test_confirming_the_address_is_required_only_with_a_mail_server() -> None:
    assert setting("ACCOUNT_EMAIL_VERIFICATION") == "optional"
    assert setting("ACCOUNT_EMAIL_VERIFICATION", EMAIL_HOST="smtp.example.com") == "mandatory"
    assert setting("ACCOUNT_EMAIL_VERIFICATION", ACCOUNT_EMAIL_VERIFICATION="none") == "none"
