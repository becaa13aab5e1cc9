"""Category gauges: the figures beside each category agree with the problems of the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.gauges import Gauge, category_gauges
from armybuilder.engine.listspec import build_roster
from tests.engine.packs import PACKS, compiled_pack


def _gauges(game: str, example: str) -> dict[str, Gauge]:
    spec = json.loads((PACKS / game / "examples" / example).read_text())
    roster = build_roster(compiled_pack(game), spec)
    return {g.constraint_id: g for g in category_gauges(roster)}


def test_ninth_age_percentages_are_resolved_against_the_cost_limit() -> None:
    gauges = _gauges("the-9th-age-3rd", "dwarven-holds-too-many-characters.json")
    characters = gauges["t9a3-dh-force-characters-max"]
    assert characters.percent == 40
    assert characters.limit == 4500 * 0.4
    assert characters.value > characters.limit
    assert characters.broken
    core = gauges["t9a3-dh-force-core-min"]
    assert (core.kind, core.percent, core.broken) == ("min", 25, False)


def test_forty_k_slots_count_selections_per_detachment() -> None:
    gauges = _gauges("warhammer-40k-9th", "space-marines-patrol-slots.json")
    hq_max = gauges["w40k9-fe-patrol-hq-max"]
    assert (hq_max.measure, hq_max.limit, hq_max.broken) == ("selections", 2, True)
    assert hq_max.value > 2
    troops_min = gauges["w40k9-fe-patrol-troops-min"]
    assert troops_min.broken
    assert troops_min.value < troops_min.limit


@pytest.mark.parametrize(
    "path",
    sorted(PACKS.glob("*/examples/*.json")),
    ids=lambda p: f"{p.parent.parent.name}/{p.stem}",
)
def test_a_broken_gauge_is_a_problem_of_its_category(path: Path) -> None:
    spec = json.loads(path.read_text())
    roster = build_roster(compiled_pack(path.parent.parent.name), spec)
    problems = evaluate(roster).problems
    broken = {(g.force_id, g.constraint_id) for g in category_gauges(roster) if g.broken}
    reported = {(p.owner_id, p.constraint_id) for p in problems if p.owner_type == "category"}
    assert broken <= reported
