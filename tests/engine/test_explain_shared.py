"""Explaining many entries with one shared evaluator says what a fresh one per entry says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import explain
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.model import selectable
from armybuilder.engine.roster import Roster
from tests.engine.packs import PACKS, compiled_pack
from tests.engine.realdata import compiled_for, load_spec


@pytest.mark.parametrize(
    "path",
    sorted(PACKS.glob("*/examples/*.json")),
    ids=lambda p: f"{p.parent.parent.name}/{p.stem}",
)
def test_a_shared_evaluator_explains_like_fresh_ones(path: Path) -> None:
    roster = build_roster(compiled_pack(path.parent.parent.name), json.loads(path.read_text()))
    _explains_alike(roster)


def test_a_shared_evaluator_explains_a_real_rosters_options_like_fresh_ones() -> None:
    # community data: units whose many options sit in nested groups with modifiers
    spec = load_spec("space_marines_battalion_2000.json")
    _explains_alike(build_roster(compiled_for(spec["gameSystemId"]), spec))


def _explains_alike(roster: Roster) -> None:
    shared = Evaluator(roster)
    places = [
        (
            force,
            parent,
            parent.node.children if parent else roster.compiled.root_entries(force.catalogue_id),
        )
        for force in roster.all_forces()
        for parent in [None, *force.all_selections()]
    ]
    for force, parent, nodes in places:
        for node in selectable(nodes):
            fresh = explain(roster, force, node.path_id, parent)
            assert explain(roster, force, node.path_id, parent, shared) == fresh
