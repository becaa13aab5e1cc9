"""The shipped game packs, loaded as a deployment loads them (``manage.py load_catalogues``).

The test session loads every pack once (``tests/conftest.py``); ``load_pack`` then finds the
pack already there and only loads it again where a test emptied the database.
"""

from __future__ import annotations

import hashlib
import io
from functools import cache

from django.core.management import call_command

from catalogues.examples import PACKS_DIR, shipped_examples
from catalogues.models import GameSystem, Revision

NINTH_AGE = "the-9th-age-3rd"


def load_pack(game: str) -> GameSystem:
    """One pack, loaded unless it already is; returns its game system (named by the pack's
    example lists)."""
    if Revision.objects.filter(sha256__in=_file_digests(game)).count() < len(_file_digests(game)):
        call_command("load_catalogues", game, stdout=io.StringIO())
    (game_system_id,) = {e.game_system_id for e in shipped_examples() if e.game == game}
    return GameSystem.objects.get(bs_id=game_system_id)


def load_all_packs() -> None:
    call_command("load_catalogues", stdout=io.StringIO())


@cache
def _file_digests(game: str) -> frozenset[str]:
    return frozenset(
        hashlib.sha256(path.read_bytes()).hexdigest() for path in (PACKS_DIR / game).glob("*.json")
    )
