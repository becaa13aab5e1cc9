"""What a game's rules give a selection to spend on what it holds: a Warmachine warcaster's
warjack points over its battlegroup, spent and left."""

from __future__ import annotations

import json

from armybuilder.engine import edit
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.gauges import Allowance
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.roster import Selection
from armybuilder.engine.systems import allowances
from tests.engine.packs import PACKS, compiled_pack

WARMACHINE = "warmachine-mk2"


def _example(name: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((PACKS / WARMACHINE / "examples" / name).read_text())
    return loaded


def test_a_full_battlegroup_spends_every_warjack_point() -> None:
    roster = build_roster(compiled_pack(WARMACHINE), _example("cygnar-skirmish-50-legal.json"))
    view = evaluate(roster).view
    (stryker,) = [s for s in view.all_selections() if s.name == "Commander Coleman Stryker"]

    assert allowances(view) == [
        Allowance(stryker.id, "wmh.warjack_points", "Warjack points", 6.0, 6.0)
    ]


def test_a_warcaster_without_warjacks_leaves_its_points_unused() -> None:
    roster = build_roster(compiled_pack(WARMACHINE), _example("cygnar-skirmish-50-legal.json"))
    (stryker,) = [s for s in roster.all_selections() if s.node.name == "Commander Coleman Stryker"]
    for jack in list(stryker.children):
        if jack.node.name in ("Charger", "Ironclad", "Lancer"):
            roster.remove_selection(jack)
    edit.select_entry(roster, stryker.force, _child_id(stryker, "Charger"), stryker)

    (allowance,) = allowances(evaluate(roster).view)

    assert (allowance.used, allowance.available, allowance.unused) == (4.0, 6.0, 2.0)


def test_a_game_whose_rules_give_none_has_no_allowances() -> None:
    example = PACKS / "the-9th-age-3rd" / "examples" / "dwarven-holds-legal-4500.json"
    roster = build_roster(compiled_pack("the-9th-age-3rd"), json.loads(example.read_text()))

    assert allowances(evaluate(roster).view) == []


def _child_id(selection: Selection, name: str) -> str:
    (node,) = [n for n in selection.node.entries() if n.name == name]
    return node.path_id
