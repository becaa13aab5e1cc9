"""Fixtures for the lists layer: players, and a Ninth Age list to edit."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from catalogues.models import Catalogue, GameSystem
from lists import services
from lists.services import ListState

DWARVEN_HOLDS = "t9a3-dh"
KING = "t9a3-dh-king"
WARRIORS = "t9a3-dh-clan-warriors"
DWARVEN_FORCE = "t9a3-dh-force"
POINTS = "t9a3-pts"


@pytest.fixture(autouse=True)
def _creations_unlimited(settings: Any) -> None:
    """A test may create as many lists as it needs (``tests/lists/test_quotas.py`` sets the
    rate it tests; the counters start at zero, ``tests/conftest.py``)."""
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000


@pytest.fixture
def player(db: None) -> Any:
    return get_user_model().objects.create_user("player", "player@example.com", "pw-player-1")


@pytest.fixture
def rival(db: None) -> Any:
    return get_user_model().objects.create_user("rival", "rival@example.com", "pw-rival-1")


@pytest.fixture
def dwarven_list(player: Any, ninth_age: GameSystem) -> ListState:
    """A new 4500-point Dwarven Holds list with its army force."""
    return services.create_list(
        user=player,
        game_system=ninth_age,
        catalogue=Catalogue.objects.get(game_system=ninth_age, bs_id=DWARVEN_HOLDS),
        name="Grudge settlers",
        cost_limits={POINTS: 4500},
        options={},
        force_entry_id=DWARVEN_FORCE,
    )


def force_id(state: ListState) -> str:
    (force,) = state.roster.forces
    return force.id


def add(state: ListState, entry_id: str, parent: str | None = None) -> ListState:
    """Add an entry to the list's first force (or under ``parent``) at its current version."""
    return services.add_selection(
        army_list=state.army_list,
        version=state.army_list.version,
        force_id=force_id(state),
        entry_id=entry_id,
        parent_selection_id=parent,
    )
