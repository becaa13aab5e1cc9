"""Shared fixtures. Tests that need real services are marked ``services``: on a laptop they
skip when a service is down; with ``CI`` set they fail instead, so CI never skips them."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

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
    """Compiled closures are cached per process by revision primary keys, which repeat across
    test databases: a test that builds lists starts and ends with an empty cache."""
    # Imported here: the engine's tests share this file and never load the Django app.
    from catalogues import closures

    closures.cache_clear()
    yield
    closures.cache_clear()


@pytest.fixture
def ninth_age(fresh_closure_cache: None) -> GameSystem:
    """The Ninth Age pack with its example lists (needs a ``django_db`` mark)."""
    from tests.catalogues.packs import NINTH_AGE, load_pack

    return load_pack(NINTH_AGE)
