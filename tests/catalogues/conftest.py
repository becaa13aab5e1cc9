"""Fixtures of the catalogue app's tests: the small test armies, imported through the real
import service."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from catalogues.models import Catalogue
from tests.catalogues import closure_data, roster_data
from tests.catalogues.source_server import T9A_FILES, SourceServer
from tests.conftest import BSDATA, require_shared


@pytest.fixture
def army(db: None) -> Catalogue:
    """Closure Wars: the game system, its library and the army linking to it."""
    return closure_data.import_closure_wars()


@pytest.fixture
def hidden_army(db: None) -> Catalogue:
    """Closure Wars with entries a player cannot add (``roster_data``)."""
    return roster_data.import_army()


@pytest.fixture
def source_server(settings: Any) -> Iterator[SourceServer]:
    """A data source server on 127.0.0.1, which downloads may reach for the test."""
    settings.DATA_SOURCES_ALLOW_LOOPBACK = True
    with SourceServer() as running:
        yield running


@pytest.fixture
def t9a_files() -> dict[str, bytes]:
    """BSData's files (``T9A_FILES``), read in place from beside the repository."""
    folder = require_shared(BSDATA / "t9a-3rd")
    return {name: (folder / name).read_bytes() for name in T9A_FILES}
