"""Battleground: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.report import INFO, Problem
from armybuilder.engine.systems import battleground
from armybuilder.engine.systems.battleground import (
    CORE,
    ELITE,
    POINTS,
    PRINTED_COST,
    PRINTED_COST_RULE,
    command_actions,
    command_actions_in_turn_two,
    command_decks,
)
from armybuilder.engine.systems.common import ENTERED_COST_RULE_SUFFIX
from armybuilder.engine.view import ForceView, RosterView, RuleView, SelectionView
from tests.engine.packs import (
    compiled_pack,
    list_spec_files,
    one_force_spec,
    pack_documents,
    pack_nodes,
)
from tests.engine.systems import views

HAWKSHOLD = "bg-hawkshold"
# The infos every roster with a limit gets; the composition tests leave them out.
COMMAND_INFOS = ("bg.command.actions", "bg.command.turn_two", "bg.command.decks")


def _unit(entry_id: str, category: str) -> SelectionView:
    return views.selection(entry_id, categories=[category])


def _force(
    selections: list[SelectionView], catalogue: str = HAWKSHOLD, force_id: str = "f1"
) -> ForceView:
    return views.force(selections, "bg-force-army", catalogue, force_id)


def _roster(forces: list[ForceView], limit: float | None = 2000, **options: str) -> RosterView:
    return views.roster("bg-gs", forces, limits={POINTS: limit}, options=options)


def _army(core: int, elites: list[str]) -> list[SelectionView]:
    return [_unit(f"core-{i}", CORE) for i in range(core)] + [_unit(e, ELITE) for e in elites]


def _checked(roster: RosterView) -> list[Problem]:
    return [p for p in battleground.check(roster) if p.code not in COMMAND_INFOS]


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in _checked(roster))


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
    (problem,) = _checked(roster)
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
    (problem,) = _checked(_roster(forces))
    assert (problem.code, problem.owner_id) == ("bg.single_race", "f2")
    assert problem.rule is not None
    assert problem.rule["line"] == 85
    assert _codes(_roster(forces, multiplayer="on")) == []


def test_small_games_warn_and_need_no_core() -> None:  # E3
    (problem,) = _checked(_roster([_force([])], 450))
    assert (problem.code, problem.severity) == ("bg.small_game", "warning")


def test_without_a_limit_only_the_race_rule_applies() -> None:
    assert _codes(_roster([_force(_army(0, ["a", "b", "c"]))], None)) == []
    assert battleground.check(_roster([_force([])], None)) == []


@pytest.mark.parametrize(
    ("limit", "actions", "in_turn_two"),
    [
        pytest.param(2000, 4, 2, id="BG-T8"),  # 4 per turn, 2 for the active player in turn 2
        pytest.param(2500, 5, 3, id="BG-T9"),  # per full 500 (E3)
        pytest.param(1750, 3, 2, id="E3-1750"),
        pytest.param(450, 0, 0, id="E3-under-500"),
    ],
)
def test_command_actions_are_one_per_full_500_points_of_the_limit(
    limit: float, actions: int, in_turn_two: int
) -> None:
    assert (command_actions(limit), command_actions_in_turn_two(limit)) == (actions, in_turn_two)


@pytest.mark.parametrize(
    ("limit", "decks"),
    [
        pytest.param(2000, 1, id="2000"),
        pytest.param(3000, 1, id="BG-T4-3000"),
        pytest.param(4500, 2, id="BG-T4-4500"),
        pytest.param(6000, 2, id="BG-T4-6000"),
        pytest.param(6001, 3, id="BG-T4-6001"),
    ],
)
def test_command_decks_are_one_per_3000_points_of_the_limit_or_fraction(
    limit: float, decks: int
) -> None:
    assert command_decks(limit) == decks


def _command_infos(roster: RosterView) -> list[Problem]:
    return [p for p in battleground.check(roster) if p.code in COMMAND_INFOS]


def test_command_actions_come_from_the_limit_not_the_points_spent() -> None:  # BG-T1
    def infos(spent: float) -> list[Problem]:
        army = [_force(_army(4, []))]
        return _command_infos(views.roster("bg-gs", army, {POINTS: spent}, {POINTS: 2000}))

    assert infos(1898) == infos(2000)
    assert [p.code for p in infos(1898)] == ["bg.command.actions", "bg.command.turn_two"]


def test_a_war_size_roster_tells_its_command_actions_and_decks() -> None:
    infos = {p.code: p for p in _command_infos(_roster([_force(_army(9, []))], 4500))}
    assert [(infos[code].severity, infos[code].owner_type) for code in COMMAND_INFOS] == [
        (INFO, "roster"),
        (INFO, "roster"),
        (INFO, "roster"),
    ]
    # BG-16, BG-17 and BG-18, each on its own digest row.
    assert [(infos[code].rule or {}).get("line") for code in COMMAND_INFOS] == [120, 121, 122]


@pytest.mark.parametrize(
    ("limit", "codes"),
    [
        (3000, ["bg.command.actions", "bg.command.turn_two"]),  # one deck: not a War game
        (3001, ["bg.command.actions", "bg.command.turn_two", "bg.command.decks"]),
        (450, []),  # no command actions: the small-game warning says so
    ],
)
def test_decks_are_told_only_in_a_war_game_and_actions_only_when_there_are_some(
    limit: float, codes: list[str]
) -> None:
    assert [p.code for p in _command_infos(_roster([_force([])], limit))] == codes


@pytest.mark.parametrize(
    ("purchase", "reading", "codes"),
    [
        ("bg-precards-fee", None, []),  # BG-T10: reading E1-a, the default
        ("bg-precards-capped", "capped_spend", []),  # BG-T11: reading E1-b
        ("bg-precards-capped", None, ["bg.command_cards.reading"]),
        ("bg-precards-fee", "capped_spend", ["bg.command_cards.reading"]),
    ],
)
def test_the_pregame_card_purchase_follows_the_lists_reading(
    purchase: str, reading: str | None, codes: list[str]
) -> None:  # digest E1: configurable, (a) by default
    options = {"pregame_cards_reading": reading} if reading else {}
    roster = _roster([_force([*_army(4, []), views.selection(purchase)])], **options)
    assert _codes(roster) == codes


def test_unknown_options_are_reported_and_defaults_used() -> None:
    roster = _roster([_force(_army(4, ["a", "b", "c"]))], elite_rule="sometimes", colour="red")
    assert _codes(roster) == [
        "bg.elite.max",
        "bg.option.invalid",
        "bg.option.invalid",
    ]


# ------------------------------------------------------------------------------- the pack

PACK = "battleground"


def test_every_unit_is_core_elite_or_other() -> None:
    tiers = {CORE, ELITE, "bg-cat-other"}
    for catalogue in pack_documents(PACK)[1]:
        for entry in catalogue["catalogue"]["selectionEntries"]:
            assert {link["targetId"] for link in entry["categoryLinks"]} & tiers, entry["id"]


def _card(entry_id: str, *children: SelectionView) -> SelectionView:
    """A unit card whose cost the player enters, as the pack's units are."""
    rule = RuleView(PRINTED_COST_RULE, "Cost printed on the card", "", False)
    return replace(views.selection(entry_id, *children, categories=[CORE]), rules=[rule])


def test_a_card_without_its_printed_cost_is_an_info_citing_bg_4() -> None:
    printed = views.selection(PRINTED_COST, kind="upgrade", number=175)
    roster = _roster([_force([_card("entered", printed), _card("blank")])], 500)

    (problem,) = _checked(roster)

    assert (problem.code, problem.severity) == ("bg.cost.not_entered", "info")
    assert (problem.owner_type, problem.entry_id) == ("selection", "blank")
    assert problem.rule is not None
    assert (problem.rule["line"], problem.rule["seedLine"]) == (78, 45)


def test_every_unit_card_carries_no_cost_and_offers_its_printed_one() -> None:
    game_system, catalogues = pack_documents(PACK)
    shared = game_system["gameSystem"]["sharedSelectionEntries"]
    assert [(e["id"], e["costs"][0]["value"]) for e in shared] == [(PRINTED_COST, 1)]
    for catalogue in catalogues:
        for entry in catalogue["catalogue"]["selectionEntries"]:
            assert ("costs" not in entry, entry.get("unverified")) == (True, True), entry["id"]
            assert [link["targetId"] for link in entry["entryLinks"]] == [PRINTED_COST]
            assert [link["targetId"] for link in entry["infoLinks"]] == [PRINTED_COST_RULE]
    # The pages tell the rule by its id (catalogue_extras.entered_cost_rules); the upgrade links
    # it too, so its own page says what it is.
    assert PRINTED_COST_RULE.endswith(ENTERED_COST_RULE_SUFFIX)
    assert [link["targetId"] for e in shared for link in e["infoLinks"]] == [PRINTED_COST_RULE]


def test_every_cost_names_its_source() -> None:
    # No cost is a copied or guessed value: each names the source that gives it.
    costs = [(n["id"], c) for n in pack_nodes(PACK) for c in n.get("costs") or []]
    assert costs
    assert [i for i, c in costs if c["typeId"] == POINTS and not c.get("source")] == []
    assert [i for i, c in costs if c.get("unverified")] == []


def _entry_ids(selections: list[dict[str, Any]]) -> set[str]:
    return {s["entryId"] for s in selections} | {
        entry_id for s in selections for entry_id in _entry_ids(s.get("selections") or [])
    }


def test_lists_use_only_the_units_whose_tier_the_seed_gives() -> None:
    # A tier no source gives (digest E5: a store page's unit read as neither core nor elite)
    # must not decide a vector's or an example's outcome: were the card elite, it would flip.
    unsourced_tier = {
        node["id"]
        for node in pack_nodes(PACK)
        if any(link.get("unverified") for link in node.get("categoryLinks") or [])
    }
    assert unsourced_tier
    used: set[str] = set()
    specs = [json.loads(path.read_text()) for path in list_spec_files()]
    for spec in specs:
        if spec["gameSystemId"] == "bg-gs":
            used |= {e for force in spec["forces"] for e in _entry_ids(force["selections"])}
    assert used
    assert used & unsourced_tier == set()


def _hawkshold(*units: dict[str, Any], limit: float = 2000) -> list[tuple[str, str, str]]:
    spec = one_force_spec("bg-force-army", HAWKSHOLD, list(units), {POINTS: limit})
    evaluation = evaluate(build_roster(compiled_pack(PACK), spec))
    total = next(c.value for c in evaluation.view.costs if c.type_id == POINTS)
    problems = [p for p in evaluation.problems if p.code not in COMMAND_INFOS]
    return [(p.code, p.severity, p.entry_id) for p in problems] + [("total", "", f"{total:g}")]


def _printed(entry_id: str, points: int) -> dict[str, Any]:
    return {"entryId": entry_id, "selections": [{"entryId": PRINTED_COST, "number": points}]}


def test_the_total_counts_the_printed_costs_entered_and_leaves_the_rest_out() -> None:
    # Hypothetical printed values: the test checks the arithmetic, not any real card.
    core = [_printed(f"bg-hawk-{unit}", 150) for unit in ("bowmen", "militia", "spearmen")]
    knights = {"entryId": "bg-hawk-knights"}

    assert _hawkshold(*core, knights, limit=1500) == [
        ("bg.cost.not_entered", "info", "bg-hawk-knights"),
        ("total", "", "450"),
    ]
    assert _hawkshold(*core, _printed("bg-hawk-knights", 1051), limit=1500) == [
        ("cost_limit.exceeded", "error", "costLimits"),
        ("total", "", "1501"),
    ]


def test_an_allowance_of_one_elite_unit_reads_in_the_singular() -> None:
    # 1000 points allow one elite unit; a second is one too many
    (problem,) = _checked(_roster([_force(_army(2, ["a", "b"]))], 1000))
    assert problem.code == "bg.elite.max"
    assert "1 elite unit " in problem.message
    assert "1 elite units" not in problem.message
