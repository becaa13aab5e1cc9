"""Fixtures of the catalogue app's tests: the small test armies, imported through the real
import service."""

from __future__ import annotations

import pytest

from catalogues.models import Catalogue
from tests.catalogues import closure_data, roster_data


@pytest.fixture
def army(db: None) -> Catalogue:
    """Closure Wars: the game system, its library and the army linking to it."""
    return closure_data.import_closure_wars()


@pytest.fixture
def hidden_army(db: None) -> Catalogue:
    """Closure Wars with entries a player cannot add (``roster_data``)."""
    return roster_data.import_army()
