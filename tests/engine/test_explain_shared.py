"""Explaining many entries with one shared evaluator says what a fresh one per entry says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import explain
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.model import selectable
from tests.engine.packs import PACKS, compiled_pack


@pytest.mark.parametrize(
    "path",
    sorted(PACKS.glob("*/examples/*.json")),
    ids=lambda p: f"{p.parent.parent.name}/{p.stem}",
)
def test_a_shared_evaluator_explains_like_fresh_ones(path: Path) -> None:
    roster = build_roster(compiled_pack(path.parent.parent.name), json.loads(path.read_text()))
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
