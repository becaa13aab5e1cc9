"""Battleground: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

import pytest
from pack_specs import (
    costs_without_provenance,
    misplaced_rule_refs,
    pack_documents,
    rule_refs,
)

from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.systems import battleground
from armybuilder.engine.systems.battleground import CORE, ELITE, POINTS
from armybuilder.engine.view import CategoryView, ForceView, RosterView, SelectionView
from tests.conftest import SHARED, require_shared

HAWKSHOLD = "bg-hawkshold"


def _unit(entry_id: str, category: str, force_id: str = "f1") -> SelectionView:
    return SelectionView(
        id=f"s-{entry_id}",
        entry_id=entry_id,
        base_entry_id=entry_id,
        name=entry_id,
        type="unit",
        number=1,
        hidden=False,
        force_id=force_id,
        costs=[],
        categories=[CategoryView(entry_id=category, name=category, primary=True)],
        profiles=[],
        rules=[],
    )


def _force(
    selections: list[SelectionView], catalogue: str = HAWKSHOLD, force_id: str = "f1"
) -> ForceView:
    return ForceView(
        id=force_id,
        entry_id="bg-force-army",
        name="Army",
        catalogue_id=catalogue,
        catalogue_name=catalogue,
        hidden=False,
        selections=selections,
        categories=[],
    )


def _roster(forces: list[ForceView], limit: float | None = 2000, **options: str) -> RosterView:
    return RosterView(
        id="r",
        name="",
        game_system_id="bg-gs",
        game_system_name="Battleground",
        forces=forces,
        costs=[],
        cost_limits={} if limit is None else {POINTS: limit},
        options=options,
    )


def _army(core: int, elites: list[str]) -> list[SelectionView]:
    return [_unit(f"core-{i}", CORE) for i in range(core)] + [_unit(e, ELITE) for e in elites]


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in battleground.check(roster))


@pytest.mark.parametrize(
    ("limit", "core", "elites", "codes"),
    [
        (2000, 4, ["knights", "longbowmen"], []),  # BG-T8: min core 4, max elite 2
        (2000, 3, [], ["bg.core.min"]),
        (2000, 4, ["knights", "longbowmen", "knights"], ["bg.elite.max"]),
        (2500, 5, ["knights", "longbowmen"], []),  # BG-T9: floor, 5 core and 2 elite
        (2500, 4, ["a", "b", "c"], ["bg.core.min", "bg.elite.max"]),
        (1500, 3, ["knights", "longbowmen"], ["bg.elite.max"]),  # BG-T2, default reading
        (1750, 3, [], []),  # E3: 1750 needs 3 core
    ],
)
def test_core_minimum_and_elite_maximum_count_on_the_limit(
    limit: float, core: int, elites: list[str], codes: list[str]
) -> None:
    assert _codes(_roster([_force(_army(core, elites))], limit)) == codes


@pytest.mark.parametrize(
    ("reading", "elites", "codes"),
    [
        ("total_ceil", ["knights", "longbowmen"], []),  # BG-T2, reading E2-b
        ("per_type_floor", ["knights", "longbowmen"], []),  # BG-T2, reading E2-c
        ("total_ceil", ["knights", "longbowmen", "knights"], ["bg.elite.max"]),
        ("per_type_floor", ["knights", "knights", "longbowmen"], ["bg.elite.max"]),
    ],
)
def test_elite_readings_are_list_options(reading: str, elites: list[str], codes: list[str]) -> None:
    roster = _roster([_force(_army(3, elites))], 1500, elite_rule=reading)
    assert _codes(roster) == codes


def test_per_type_reading_reports_the_offending_entry() -> None:
    roster = _roster([_force(_army(3, ["knights", "knights"]))], 1500, elite_rule="per_type_floor")
    (problem,) = battleground.check(roster)
    assert (problem.owner_type, problem.entry_id) == ("selection", "knights")


def test_free_army_building_switches_core_and_elite_off() -> None:  # BG-T7
    army = [_force(_army(0, ["knights", "longbowmen", "knights"]))]
    assert _codes(_roster(army)) == ["bg.core.min", "bg.elite.max"]
    assert _codes(_roster(army, free_army_building="on")) == []


def test_races_cannot_mix_unless_each_force_is_a_player() -> None:  # BG-T5, BG-T12
    forces = [
        _force(_army(2, ["trolls"]), "bg-orcs", "f1"),
        _force(_army(2, []), "bg-undead", "f2"),
    ]
    (problem,) = battleground.check(_roster(forces))
    assert (problem.code, problem.owner_id) == ("bg.single_race", "f2")
    assert problem.rule is not None
    assert problem.rule["line"] == 85
    assert _codes(_roster(forces, multiplayer="on")) == []


def test_small_games_warn_and_need_no_core() -> None:  # E3
    (problem,) = battleground.check(_roster([_force([])], 450))
    assert (problem.code, problem.severity) == ("bg.small_game", "warning")


def test_without_a_limit_only_the_race_rule_applies() -> None:
    assert _codes(_roster([_force(_army(0, ["a", "b", "c"]))], None)) == []


def test_unknown_options_are_reported_and_defaults_used() -> None:
    roster = _roster([_force(_army(4, ["a", "b", "c"]))], elite_rule="sometimes", colour="red")
    assert _codes(roster) == [
        "bg.elite.max",
        "bg.option.invalid",
        "bg.option.invalid",
    ]


# ------------------------------------------------------------------------------- the pack

PACK = "battleground"


def test_pack_documents_are_canonical_and_every_link_resolves() -> None:
    game_system, catalogues = pack_documents(PACK)
    assert game_system["gameSystem"]["battleScribeVersion"] == "2.03"
    assert {c["catalogue"]["gameSystemId"] for c in catalogues} == {"bg-gs"}
    assert len(catalogues) >= 2
    assert unresolved_links(game_system, catalogues) == []


def test_pack_declares_the_options_the_hook_reads() -> None:
    game_system, _ = pack_documents(PACK)
    declared = {
        o["id"]: tuple(v["id"] for v in o["values"])
        for o in game_system["gameSystem"]["listOptions"]
    }
    assert declared == battleground.OPTIONS
    assert all(
        o["default"] == battleground.OPTIONS[o["id"]][0]
        for o in game_system["gameSystem"]["listOptions"]
    )


def test_rule_references_cite_the_digest_rows_of_their_rules() -> None:
    rules_folder = require_shared(SHARED / "rules")
    refs = rule_refs(PACK, battleground)
    assert len(refs) > 5
    assert misplaced_rule_refs(refs, rules_folder) == []


def test_every_cost_names_its_source_or_is_marked_unverified() -> None:
    assert costs_without_provenance(PACK) == []


def test_every_unit_is_core_elite_or_other() -> None:
    tiers = {CORE, ELITE, "bg-cat-other"}
    for catalogue in pack_documents(PACK)[1]:
        for entry in catalogue["catalogue"]["selectionEntries"]:
            assert {link["targetId"] for link in entry["categoryLinks"]} & tiers, entry["id"]
