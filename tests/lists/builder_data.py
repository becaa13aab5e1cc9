"""Example lists of the shipped packs, stored and evaluated as the builder page gets them."""

from __future__ import annotations

import json
from typing import Any

from armybuilder.engine.listspec import build_roster
from armybuilder.engine.roster import Roster
from catalogues.closures import compiled_closure
from catalogues.services.validation import ListReport, report_roster, stored_closure
from tests.catalogues.packs import load_pack
from tests.engine.packs import PACKS


def example_spec(game: str, name: str) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((PACKS / game / "examples" / f"{name}.json").read_text())
    return spec


def evaluated(game: str, spec: dict[str, Any]) -> tuple[Roster, ListReport]:
    """The pack loaded, ``spec`` built on its stored revisions and evaluated with explain."""
    load_pack(game)
    closure = stored_closure(spec=spec)
    roster = build_roster(compiled_closure(closure), spec)
    return roster, report_roster(closure=closure, roster=roster, explain=True)


def selection_named(roster: Roster, name: str) -> str:
    return next(s.id for s in roster.all_selections() if s.node.name == name)
