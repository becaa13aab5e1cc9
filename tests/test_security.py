"""Passwords, proxies, headers and a database that is down (``docs/security.md``)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory, override_settings

from armybuilder.security import TrustedProxyMiddleware, client_address
from tests.conftest import REPO_ROOT, require_service
from tests.test_settings import CONFIG_VARIABLES, run_probe

LOGIN = "/accounts/login/"
PROXY = "10.0.0.2"
REDIS_URL = "redis://127.0.0.1:6379/13"


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    cache.clear()


def _failed_login(client: Client, **headers: Any) -> HttpResponse:
    response: HttpResponse = client.post(
        LOGIN, {"login": "victim@example.com", "password": "wrong-guess"}, **headers
    )
    return response


# --------------------------------------------------------------------------- the client


def test_the_client_address_comes_from_a_trusted_proxy_only() -> None:
    proxies = ("10.0.0.0/24",)
    forwarded = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "1.2.3.4, 198.51.100.7"}

    # what the proxy appended is believed, what the client wrote before it is not
    assert client_address(forwarded, proxies) == "198.51.100.7"
    assert client_address({**forwarded, "REMOTE_ADDR": "203.0.113.5"}, proxies) == "203.0.113.5"
    assert client_address(forwarded, ()) == PROXY
    assert client_address({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "junk"}, proxies) == PROXY
    chained = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7, 10.0.0.9"}
    assert client_address(chained, proxies) == "198.51.100.7"


def _seen(**meta: str) -> HttpRequest:
    seen: list[HttpRequest] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(request)
        return HttpResponse()

    TrustedProxyMiddleware(view)(RequestFactory().get("/", **meta))
    return seen[0]


def test_forwarding_headers_from_anyone_but_a_trusted_proxy_are_dropped() -> None:
    headers = {"HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    with override_settings(TRUSTED_PROXIES=[]):
        request = _seen(REMOTE_ADDR="203.0.113.5", **headers)
        assert "HTTP_X_FORWARDED_PROTO" not in request.META
        assert request.META["REMOTE_ADDR"] == "203.0.113.5"
        assert not request.is_secure()
    with override_settings(
        TRUSTED_PROXIES=["10.0.0.0/24"],
        SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
    ):
        request = _seen(REMOTE_ADDR="203.0.113.5", **headers)
        assert "HTTP_X_FORWARDED_PROTO" not in request.META
        request = _seen(REMOTE_ADDR=PROXY, **headers)
        assert request.is_secure()
        assert request.META["REMOTE_ADDR"] == "198.51.100.7"


# -------------------------------------------------------------------------- passwords


@pytest.mark.django_db
def test_a_throttled_login_answers_429_with_retry_after() -> None:
    client = Client()
    statuses = [_failed_login(client).status_code for _attempt in range(6)]

    assert statuses[:5] == [200] * 5  # the form again, saying the login failed
    assert statuses[5] == 429
    response = _failed_login(client)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 60


@pytest.mark.django_db
def test_a_forged_forwarded_for_does_not_reset_the_throttle() -> None:
    client = Client()
    for attempt in range(5):
        _failed_login(client, HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}")
    response = _failed_login(client, HTTP_X_FORWARDED_FOR="192.0.2.200")
    assert response.status_code == 429


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=["10.0.0.0/24"])
def test_behind_a_trusted_proxy_each_client_has_its_own_bucket() -> None:
    client = Client()
    for _attempt in range(10):
        _failed_login(client, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7")
    # the per-address limit (10 a minute) stops the first client, not another behind the proxy
    blocked = client.post(
        LOGIN,
        {"login": "other@example.com", "password": "x"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    other = client.post(
        LOGIN,
        {"login": "other@example.com", "password": "x"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR="198.51.100.8",
    )
    assert blocked.status_code == 429
    assert other.status_code == 200


CONSUME = """
import django
django.setup()
from django.test import RequestFactory
from allauth.core.exceptions import ImmediateHttpResponse
from armybuilder.security import AccountAdapter

request = RequestFactory().post(
    "/accounts/login/", REMOTE_ADDR="203.0.113.9", SERVER_NAME="testserver"
)
answers = []
for _attempt in range(5):
    try:
        AccountAdapter().pre_authenticate(request, email="victim@example.com", password="x")
        answers.append("counted")
    except ImmediateHttpResponse as refused:
        answers.append(refused.response.status_code)
print(answers)
"""


@pytest.mark.django_db
@pytest.mark.services
def test_login_failures_are_counted_across_processes_with_redis() -> None:
    """Another process (another gunicorn worker) spends the attempts; this one refuses."""
    require_service("Redis", "127.0.0.1", 6379)
    caches = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    with override_settings(CACHES=caches):
        from django.core.cache import caches as handler

        handler["default"].clear()
        env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
        worker = subprocess.run(
            [sys.executable, "-c", CONSUME],
            cwd=REPO_ROOT,
            env={
                **env,
                "DJANGO_SETTINGS_MODULE": "armybuilder.settings",
                "DJANGO_ALLOWED_HOSTS": "testserver",
                "CACHE_URL": REDIS_URL,
            },
            capture_output=True,
            text=True,
            check=False,
        )
        assert worker.returncode == 0, worker.stderr
        assert worker.stdout.strip() == str(["counted"] * 5)
        response = _failed_login(Client(), REMOTE_ADDR="203.0.113.9")
        assert response.status_code == 429
        handler["default"].clear()


@pytest.mark.django_db
def test_the_admin_signs_in_through_the_throttled_login_page() -> None:
    response = Client().get("/admin/login/")

    assert response.status_code == 302
    assert response["Location"].startswith(LOGIN)


@pytest.mark.django_db
def test_http_basic_does_not_authenticate_api_requests() -> None:
    get_user_model().objects.create_user(
        "staff", "staff@example.com", "staff-password-1", is_staff=True
    )
    credentials = base64.b64encode(b"staff:staff-password-1").decode()
    response = Client().get("/api/v1/import-jobs/", HTTP_AUTHORIZATION=f"Basic {credentials}")

    assert response.status_code in (401, 403)
    assert "Basic" not in response.get("WWW-Authenticate", "")


# ---------------------------------------------------------------------------- headers


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_and_a_permissions_policy() -> None:
    for path in ("/", "/api/v1/docs/", "/gallery/"):
        response = Client().get(path)
        assert response.status_code == 200, path
        policy = response["Content-Security-Policy"]
        assert "default-src 'self'" in policy
        assert "script-src 'self'" in policy
        assert "unsafe" not in policy
        assert "frame-ancestors 'none'" in policy
        if path == "/api/v1/docs/":  # its inline script and style carry the request's nonce
            assert "script-src 'self' 'nonce-" in policy
            assert 'nonce="' in response.content.decode()
        assert "camera=()" in response["Permissions-Policy"]


def test_hsts_preload_needs_a_max_age_of_a_year() -> None:
    base = {"DJANGO_SECRET_KEY": "x" * 50, "DJANGO_DEBUG": "0", "DJANGO_HSTS_PRELOAD": "1"}
    short = run_probe(**base, DJANGO_HSTS_SECONDS=str(60 * 60 * 24 * 30))
    year = run_probe(**base, DJANGO_HSTS_SECONDS=str(60 * 60 * 24 * 365))

    assert short.returncode != 0
    assert "DJANGO_HSTS_PRELOAD" in short.stderr
    assert year.returncode == 0, year.stderr
    probe = "from django.conf import settings; print(settings.SECURE_HSTS_PRELOAD)"
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env = {**env, "DJANGO_SETTINGS_MODULE": "armybuilder.settings", **base}
    del env["DJANGO_HSTS_PRELOAD"]
    defaults = [
        subprocess.run(
            [sys.executable, "-c", "import django; django.setup()\n" + probe],
            cwd=REPO_ROOT,
            env={**env, **extra},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for extra in ({}, {"DJANGO_HSTS_SECONDS": str(60 * 60 * 24 * 30)})
    ]
    assert defaults == ["True", "False"]  # preload follows a year's max-age


def test_x_forwarded_proto_is_trusted_only_with_a_named_proxy() -> None:
    probe = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    env = {**env, "DJANGO_SETTINGS_MODULE": "armybuilder.settings"}
    answers = [
        subprocess.run(
            [sys.executable, "-c", "import django; django.setup()\n" + probe],
            cwd=REPO_ROOT,
            env={**env, **extra},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for extra in ({}, {"DJANGO_TRUSTED_PROXIES": "10.0.0.2"})
    ]
    assert answers == ["None", "('HTTP_X_FORWARDED_PROTO', 'https')"]


# ---------------------------------------------------------------------- database down

DATABASE_DOWN = """
import json
import django
django.setup()
from django.test import Client, override_settings
# (a deployment serves collected static files; this checkout has none collected)
plain = {"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
client = Client(raise_request_exception=False)
answers = {}
with override_settings(STORAGES=plain):
    for path in ("/gallery/", "/api/v1/game-systems/"):
        response = client.get(path)
        answers[path] = [response.status_code, response.get("Retry-After"),
                         response["Content-Type"], response.content.decode()[:2000]]
print(json.dumps(answers))
"""


def test_a_database_that_is_down_answers_503() -> None:
    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-c", DATABASE_DOWN],
        cwd=REPO_ROOT,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "armybuilder.settings",
            "DJANGO_SECRET_KEY": "x" * 50,
            "DJANGO_DEBUG": "0",
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            # a port nothing listens on
            "DATABASE_URL": "postgres://nobody@127.0.0.1:1/armybuilder_down",
        },
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    status, retry, content_type, body = answers["/gallery/"]
    assert (status, retry) == (503, "30")
    assert content_type.startswith("text/html")
    assert "(503)" in body
    status, retry, content_type, body = answers["/api/v1/game-systems/"]
    assert (status, retry, content_type) == (503, "30", "application/json")
    assert "detail" in json.loads(body)
