"""The shipped game packs, loaded as a deployment loads them (``manage.py load_catalogues``)."""

from __future__ import annotations

import io

from django.core.management import call_command

from catalogues.examples import shipped_examples
from catalogues.models import GameSystem

NINTH_AGE = "the-9th-age-3rd"


def load_pack(game: str) -> GameSystem:
    """Load one pack folder; returns its game system (named by the pack's example lists)."""
    call_command("load_catalogues", game, stdout=io.StringIO())
    (game_system_id,) = {e.game_system_id for e in shipped_examples() if e.game == game}
    return GameSystem.objects.get(bs_id=game_system_id)
