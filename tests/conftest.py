"""Shared fixtures. Tests that need real services are marked ``services``: on a laptop they
skip when a service is down; with ``CI`` set they fail instead, so CI never skips them."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

if TYPE_CHECKING:
    from catalogues.models import GameSystem

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"
BSDATA = SHARED / "bsdata"


def service_reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def missing(reason: str) -> NoReturn:
    """Something a test needs is not there: skip on a laptop, fail in CI (``CI`` set)."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and CI must not skip.")
    pytest.skip(reason)


def require_service(name: str, host: str, port: int) -> None:
    if not service_reachable(host, port):
        missing(f"{name} is not reachable at {host}:{port}")


def require_shared(path: Path) -> Path:
    if not path.exists():
        missing(f"{path} is not beside the repository")
    return path


@pytest.fixture
def fresh_closure_cache() -> Iterator[None]:
    """For a test that counts compilations: the closure cache starts and ends empty. (Keyed by
    content, the cache is otherwise right to share across tests and test databases.)"""
    # Imported here: the engine's tests share this file and never load the Django app.
    from catalogues import closures

    closures.cache_clear()
    yield
    closures.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def _closures_left_unsettled() -> Iterator[None]:
    """Settling a compiled closure is a full collection of every object the process holds,
    and a test process compiles hundreds among thousands of tests' objects (a fifth of the
    database tests' time): only the tests of the settling settle (``settled_closures``)."""
    from catalogues import closures

    with closures.settling(enabled=False):
        yield


@pytest.fixture
def settled_closures() -> Iterator[None]:
    """For a test of how compiled closures are kept out of the collector's passes."""
    from catalogues import closures

    with closures.settling(enabled=True):
        yield


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing() -> None:
    """A PBKDF2 hash takes about half a second by design; tests check who may sign in, not
    how hard a stolen hash is to crack."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A SQLite test database is a file, as the quick start's is: a Celery worker or a second
    thread in a test then shares it (an in-memory database is one process's alone)."""
    from django.conf import settings

    for database in settings.DATABASES.values():
        test = database.setdefault("TEST", {})
        if database["ENGINE"] == "django.db.backends.sqlite3" and not test.get("NAME"):
            test["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> None:
    """The test database, with the shipped game packs loaded once for the whole session.

    Each test runs in a transaction that is rolled back, so the packs stay; a test that
    commits (``transaction=True``, the browser tests) empties every table as it ends, and the
    packs are loaded again before the next test that does not commit (``pytest_runtest_setup``).
    """
    from tests.catalogues.packs import load_all_packs

    with django_db_blocker.unblock():
        load_all_packs()


@pytest.fixture(autouse=True)
def _counters_start_at_zero(request: pytest.FixtureRequest) -> None:
    """Throttles and allauth's rate limits count in the cache: each test starts uncounted."""
    if request.node.get_closest_marker("django_db") or {"db", "transactional_db"} & set(
        request.fixturenames
    ):
        from django.core.cache import cache

        cache.clear()


@pytest.fixture
def empty_store(db: None) -> None:
    """For a test of the catalogue store itself: it starts with none of the session's packs
    (their deletion is rolled back with the test)."""
    from catalogues.models import GameSystem

    GameSystem.objects.all().delete()


@pytest.fixture
def ninth_age(db: None) -> GameSystem:
    """The Ninth Age pack with its example lists."""
    from tests.catalogues.packs import NINTH_AGE, load_pack

    return load_pack(NINTH_AGE)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``--dist loadgroup``), the tests that drive Chromium run one after
    another on one worker, and those that start a Celery worker or a second writer on
    another, so two browsers never fight for the two cores and the browser group, the
    longest, is not made longer by the services tests queued behind it."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif item.get_closest_marker("services"):
            item.add_marker(pytest.mark.xdist_group("services"))


def _empties_the_database(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    return bool(
        (marker and marker.kwargs.get("transaction"))
        or "transactional_db" in fixtures
        or "live_server" in fixtures
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    try:
        return (yield)
    finally:
        if _empties_the_database(item):
            item.config.stash[_PACKS_GONE] = True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.config.stash.get(_PACKS_GONE, False) and not _empties_the_database(item):
        from pytest_django.plugin import blocking_manager_key

        from tests.catalogues.packs import load_all_packs

        with item.config.stash[blocking_manager_key].unblock():
            load_all_packs()
        item.config.stash[_PACKS_GONE] = False
    return (yield)


_PACKS_GONE = pytest.StashKey[bool]()
