"""Fixtures of the catalogue app's tests: the small test armies, imported through the real
import service, and a closure cache that starts empty for every test."""

from __future__ import annotations

import pytest

from catalogues.models import Catalogue
from tests.catalogues import closure_data, roster_data


@pytest.fixture(autouse=True)
def _closures_start_empty(fresh_closure_cache: None) -> None:
    """Every test here may build lists; see ``fresh_closure_cache``."""


@pytest.fixture
def army(db: None) -> Catalogue:
    """Closure Wars: the game system, its library and the army linking to it."""
    return closure_data.import_closure_wars()


@pytest.fixture
def hidden_army(db: None) -> Catalogue:
    """Closure Wars with entries a player cannot add (``roster_data``)."""
    return roster_data.import_army()
