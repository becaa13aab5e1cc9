"""The settings module's environment contract, checked in fresh interpreters because settings
are read once per process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO_ROOT

PROBE = """
import json
from django.conf import settings
print(json.dumps({
    "debug": settings.DEBUG,
    "engine": settings.DATABASES["default"]["ENGINE"],
    "name": str(settings.DATABASES["default"]["NAME"]),
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "broker": settings.CELERY_BROKER_URL,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
}))
"""

CONFIG_VARIABLES = (
    "DJANGO_SECRET_KEY",
    "DJANGO_DEBUG",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "DJANGO_SECURE_SSL_REDIRECT",
)


def run_probe(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in CONFIG_VARIABLES}
    clean["DJANGO_SETTINGS_MODULE"] = "armybuilder.settings"
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + PROBE],
        cwd=REPO_ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def settings_with(**env: str) -> dict[str, object]:
    result = run_probe(**env)
    assert result.returncode == 0, result.stderr
    values: dict[str, object] = json.loads(result.stdout)
    return values


def test_a_bare_checkout_uses_sqlite_eager_celery_and_debug() -> None:
    values = settings_with()
    assert values["engine"] == "django.db.backends.sqlite3"
    assert str(values["name"]).endswith("db.sqlite3")
    assert values["eager"] is True
    assert values["debug"] is True


def test_database_and_broker_come_from_the_environment() -> None:
    values = settings_with(
        DATABASE_URL="postgres://someone@db.internal:5432/lists",
        CELERY_BROKER_URL="redis://cache.internal:6379/0",
    )
    assert values["engine"] == "django.db.backends.postgresql"
    assert values["name"] == "lists"
    assert values["eager"] is False
    assert values["broker"] == "redis://cache.internal:6379/0"


def test_a_real_secret_key_turns_debug_off_and_hardens_the_site() -> None:
    values = settings_with(DJANGO_SECRET_KEY="a-real-secret-" + "x" * 40)
    assert values["debug"] is False
    assert values["ssl_redirect"] is True


def test_it_refuses_to_start_with_debug_off_and_the_development_key() -> None:
    result = run_probe(DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
