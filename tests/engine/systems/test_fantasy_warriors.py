"""Fantasy Warriors: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest
from typing import Any

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.systems import fantasy_warriors
from armybuilder.engine.systems.common import ENTERED_COST_RULE_SUFFIX
from armybuilder.engine.systems.fantasy_warriors import DRUMMER, HERO, POINTS, UNIT
from armybuilder.engine.view import RosterView, SelectionView
from tests.engine.packs import (
    assert_not_offered,
    compiled_pack,
    one_force_spec,
    pack_nodes,
    spec_outcome,
)
from tests.engine.systems import views

PACK = "fantasy-warriors"


def _selection(
    entry_id: str,
    categories: tuple[str, ...] = (),
    number: int = 1,
    children: tuple[SelectionView, ...] = (),
    kind: str = "model",
) -> SelectionView:
    return views.selection(entry_id, *children, categories=categories, kind=kind, number=number)


def _roster(
    selections: list[SelectionView], limit: float | None = 2000, spent: float = 0, **options: str
) -> RosterView:
    army = views.force(selections, "fw-force-army", "fw-dwarfs")
    return views.roster("fw-gs", [army], {POINTS: spent}, {POINTS: limit}, options)


def _heroes(count: int) -> list[SelectionView]:
    return [_selection(f"hero-{i}", (HERO,)) for i in range(count)]


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in fantasy_warriors.check(roster))


@pytest.mark.parametrize(
    ("limit", "heroes", "codes"),
    [
        (2000, 4, []),  # FW-T12
        (2000, 5, ["fw.heroes.too_many"]),
        (1999, 4, ["fw.heroes.too_many"]),  # floor(1999 / 500) = 3
        (None, 9, []),  # no limit to count on
    ],
)
def test_one_hero_per_500_points_of_the_limit(
    limit: float | None, heroes: int, codes: list[str]
) -> None:
    assert _codes(_roster(_heroes(heroes), limit)) == codes


def test_heroes_nested_in_commands_count_too() -> None:
    command = _selection("command", children=tuple(_heroes(2)))
    assert _codes(_roster([command], 999)) == ["fw.heroes.too_many"]


def test_hero_basis_can_be_the_points_spent() -> None:  # E7
    roster = _roster(_heroes(4), 2000, spent=1400, hero_basis="spent")
    assert _codes(roster) == ["fw.heroes.too_many"]
    assert _codes(_roster(_heroes(2), None, spent=1400, hero_basis="spent")) == []


def _unit(figures: int, **specials: int) -> SelectionView:
    children = [_selection("figures", number=figures)]
    children += [_selection(e, number=n, kind="upgrade") for e, n in specials.items() if n]
    return _selection("unit", (UNIT,), children=tuple(children), kind="unit")


def test_one_drummer_per_unit_unless_the_option_allows_more() -> None:  # FW-18, E6
    unit = _unit(10, **{DRUMMER: 2})
    (problem,) = fantasy_warriors.check(_roster([_selection("command", children=(unit,))]))
    assert (problem.code, problem.owner_id) == ("fw.unit.drummer.too_many", "s-unit")
    assert _codes(_roster([unit], max_drummers_per_unit="unlimited")) == []


def test_a_single_drummer_is_fine() -> None:
    assert _codes(_roster([_unit(10, **{DRUMMER: 1})])) == []


@pytest.mark.parametrize(("figures", "codes"), [(3, []), (2, ["fw.unit.specials.too_many"])])
def test_special_characters_are_among_the_figures(figures: int, codes: list[str]) -> None:
    unit = _unit(figures, **{"fw-capo": 1, "fw-champion": 1, DRUMMER: 1})
    assert _codes(_roster([unit])) == codes


def test_unknown_options_are_reported() -> None:
    assert _codes(_roster([], hero_basis="half")) == ["fw.option.invalid"]


# ------------------------------------------------------------------------------- the pack


@pytest.mark.parametrize(("value", "cost"), [(1, 10), (2, 20), (3, 35), (4, 50), (5, 80)])
def test_command_value_costs_are_added_to_the_leader(value: int, cost: int) -> None:  # FW-T10
    spec = _dwarf_condottiero([{"entryId": f"fw-cv-{value}", "number": 1}])
    assert spec_outcome(PACK, spec)["totals"]["fw-pts"] == 34 + cost


@pytest.mark.parametrize(
    ("path", "entry_id", "in_pack"),
    [
        ([], "fw-dwarfs-crossbowmen", True),  # FW-T20: a unit belongs to a Command
        (["fw-dwarfs-condottiero"], "fw-cv-6", False),  # FW-T10: no command value 6
        # FW-T17: a quality upgrade the unit's entry does not offer (each exists elsewhere)
        (["fw-dwarfs-command", "fw-dwarfs-infantry"], "fw-dwarfs-crossbowmen-quality-elite", True),
        (["fw-dwarfs-command", "fw-dwarfs-crossbowmen"], "fw-orcs-infantry-quality-veteran", True),
    ],
)
def test_entries_the_rules_do_not_offer_cannot_be_selected(
    path: list[str], entry_id: str, in_pack: bool
) -> None:
    assert (entry_id in {node.get("id") for node in pack_nodes(PACK)}) is in_pack

    def spec_with(selections: list[dict[str, Any]]) -> dict[str, Any]:
        spec = _dwarf_condottiero([])
        spec["forces"][0]["selections"].extend(selections)
        return spec

    assert_not_offered(PACK, spec_with, path, entry_id)


def _dwarf_condottiero(children: list[dict[str, Any]]) -> dict[str, Any]:
    condottiero = {"entryId": "fw-dwarfs-condottiero", "number": 1, "selections": children}
    return one_force_spec("fw-force-army", "fw-dwarfs", [condottiero], {POINTS: 2000})


# ------------------------------------------------------- costs the player enters from the list

LIST_COST = fantasy_warriors.LIST_COST
PER_FIGURE = fantasy_warriors.LIST_COST_PER_FIGURE


def _in_a_command(*selections: dict[str, Any]) -> dict[str, Any]:
    command = {"entryId": "fw-dwarfs-command", "number": 1, "selections": list(selections)}
    return one_force_spec("fw-force-army", "fw-dwarfs", [command], {POINTS: 2000})


def _evaluated(spec: dict[str, Any]) -> tuple[float, list[tuple[str, str, str]]]:
    evaluation = evaluate(build_roster(compiled_pack(PACK), spec))
    total = next(c.value for c in evaluation.view.costs if c.type_id == POINTS)
    infos = [(p.code, p.severity, p.entry_id) for p in evaluation.problems if p.severity == "info"]
    return total, infos


def _option(entry_id: str, number: int = 1) -> dict[str, Any]:
    return {"entryId": entry_id, "number": number}


# Hypothetical army-list values: the tests check that the rules' costs add to whatever the
# player enters, not any real list.
@pytest.mark.parametrize(
    ("entry_id", "entered", "options", "entered_total", "rules_total"),
    [
        ("fw-wizard", _option(LIST_COST, 30), [_option("fw-magic-point", 15)], 30, 75),  # FW-T11
        ("fw-dwarfs-hero", _option(LIST_COST, 60), [_option("fw-adored")], 60, 100),  # FW-T18
        ("fw-dwarfs-general", _option(LIST_COST, 40), [_option("fw-cv-2")], 40, 20),  # FW-T10
        (
            "fw-dwarfs-infantry",  # FW-21: figures x the list value, +10 per special character
            _option(PER_FIGURE, 9),
            [_option("fw-dwarfs-infantry-figures", 10), _option("fw-capo"), _option("fw-champion")],
            10 * 9,
            10 + 10,
        ),
    ],
)
def test_the_costs_the_rules_give_add_to_the_value_entered(
    entry_id: str,
    entered: dict[str, Any],
    options: list[dict[str, Any]],
    entered_total: float,
    rules_total: float,
) -> None:
    with_value = {"entryId": entry_id, "number": 1, "selections": [entered, *options]}
    without = {"entryId": entry_id, "number": 1, "selections": options}

    assert _evaluated(_in_a_command(with_value)) == (entered_total + rules_total, [])
    assert _evaluated(_in_a_command(without)) == (
        rules_total,
        [("fw.cost.not_entered", "info", entry_id)],
    )


@pytest.mark.parametrize(
    ("entry_id", "rule_cost"), [("fw-sacred-object", 100), ("fw-army-standard", 0)]
)
def test_a_talismans_cost_adds_to_the_value_entered(entry_id: str, rule_cost: int) -> None:
    talisman = {"entryId": entry_id, "number": 1, "selections": [_option(LIST_COST, 25)]}
    spec = one_force_spec("fw-force-army", "fw-dwarfs", [talisman], {POINTS: 2000})
    assert _evaluated(spec) == (25 + rule_cost, [])


def test_an_entry_without_its_list_cost_is_an_info_citing_fw_1() -> None:
    spec = _in_a_command(_option("fw-priest"))
    problem = next(
        p
        for p in evaluate(build_roster(compiled_pack(PACK), spec)).problems
        if p.code == "fw.cost.not_entered"
    )
    assert (problem.severity, problem.owner_type, problem.entry_id) == (
        "info",
        "selection",
        "fw-priest",
    )
    assert problem.rule is not None
    assert (problem.rule["line"], problem.rule["seedLine"]) == (92, 2608)


def test_only_costs_no_source_gives_are_left_to_the_player() -> None:
    nodes = pack_nodes(PACK)
    targets = {
        node["id"]: {link["targetId"] for link in node.get("entryLinks") or []}
        for node in nodes
        if "id" in node
    }
    by_rule: dict[str, set[str]] = {}
    for node in nodes:
        for link in node.get("infoLinks") or []:
            by_rule.setdefault(link["targetId"], set()).add(node["id"])
    assert by_rule == {
        fantasy_warriors.LIST_COST_RULE: {
            "fw-army-standard",
            "fw-sacred-object",
            "fw-priest",
            "fw-soothsayer",
            "fw-scout",
            "fw-wizard",
            "fw-herald",
            "fw-bearer",
            "fw-dwarfs-general",
            "fw-dwarfs-hero",
            "fw-orcs-condottiero",
            "fw-orcs-general",
            "fw-orcs-hero",
            LIST_COST,  # the upgrade's own page says what it is
        },
        fantasy_warriors.LIST_COST_PER_FIGURE_RULE: {"fw-dwarfs-infantry", PER_FIGURE},
    }
    # The pages tell these rules by their id (catalogue_extras.entered_cost_rules).
    assert all(rule_id.endswith(ENTERED_COST_RULE_SUFFIX) for rule_id in by_rule)
    for rule_id, cost_id in [
        (fantasy_warriors.LIST_COST_RULE, LIST_COST),
        (fantasy_warriors.LIST_COST_PER_FIGURE_RULE, PER_FIGURE),
    ]:
        assert all(cost_id in targets[entry] for entry in by_rule[rule_id] - {cost_id}), rule_id


def test_every_cost_names_its_source() -> None:
    # No cost is a copied or guessed value: each names the source that gives it.
    costs = [(n["id"], c) for n in pack_nodes(PACK) for c in n.get("costs") or []]
    assert costs
    assert [i for i, c in costs if c["typeId"] == POINTS and not c.get("source")] == []
    assert [i for i, c in costs if c.get("unverified")] == []


def _child_entries(node: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries a selection of ``node`` may hold as its own children, through links and
    groups (a group is no selection, so its entries are the node's children)."""
    children: list[dict[str, Any]] = []
    for child in [
        *(node.get("selectionEntries") or []),
        *(node.get("selectionEntryGroups") or []),
        *(by_id[link["targetId"]] for link in node.get("entryLinks") or []),
    ]:
        if "type" in child and child["type"] != "selectionEntryGroup":
            children.append(child)
        else:
            children += _child_entries(child, by_id)
    return children


def test_points_per_figure_count_only_the_units_figures() -> None:
    # The per-figure upgrade counts every model among its parent's children (childId "model").
    nodes = pack_nodes(PACK)
    by_id = {node["id"]: node for node in nodes if "id" in node}
    (upgrade,) = [node for node in nodes if node.get("id") == PER_FIGURE]
    assert [r["childId"] for m in upgrade["modifiers"] for r in m["repeats"]] == ["model"]
    units = [
        node
        for node in nodes
        if any(e.get("id") == PER_FIGURE for e in _child_entries(node, by_id))
    ]
    assert units
    for unit in units:
        models = [e["id"] for e in _child_entries(unit, by_id) if e["type"] == "model"]
        assert models == [f"{unit['id']}-figures"], unit["id"]


# ------------------------------------------------------------------- multiplayer sides (FW-T21)


def _side(
    *spent: float, limit: float | None = 2000, heroes: Sequence[int] = (), **options: str
) -> RosterView:
    """One side of a multiplayer game: a force per player's army, spending ``spent`` and holding
    ``heroes`` heroes each (none unless given)."""
    armies = [
        views.force(
            [views.selection(f"unit-{i}", costs={POINTS: points}), *_heroes(count)],
            "fw-force-army",
            "fw-orcs",
            force_id=f"army-{i}",
        )
        for i, (points, count) in enumerate(zip_longest(spent, heroes, fillvalue=0))
    ]
    return views.roster("fw-gs", armies, {POINTS: sum(spent)}, {POINTS: limit}, options)


@pytest.mark.parametrize(
    ("per_army", "armies", "opposing", "total", "top_up"),
    [
        (1000, 1, 2, 2000, 1000),  # FW-T21, side B: +1000, 2000 in all
        (1000, 2, 1, 2000, 0),  # FW-T21, side A
        (1000, 2, 2, 2000, 0),
        (1000, 2, 3, 3000, 1000),
    ],
)
def test_a_side_with_fewer_armies_is_topped_up_to_the_others_total(  # FW-44
    per_army: float, armies: int, opposing: int, total: float, top_up: float
) -> None:
    assert fantasy_warriors.side_points(per_army, armies, opposing) == (total, top_up)


@pytest.mark.parametrize("agreed", ["", "1000"])
def test_the_top_up_is_reported_to_the_side_with_fewer_armies(agreed: str) -> None:  # FW-T21
    problems = fantasy_warriors.check(_side(1900, opposing_armies="2", points_per_army=agreed))
    assert [(p.code, p.severity) for p in problems] == [("fw.multiplayer.top_up", "info")]
    assert _codes(_side(900, 900, opposing_armies="1", points_per_army=agreed)) == []


@pytest.mark.parametrize(
    ("spent", "limit", "opposing", "codes"),
    [
        ((1158,), 2000, "2", ["fw.multiplayer.top_up"]),  # FW-T21, side B: 1000 + 1000
        ((1158,), 1000, "2", ["fw.multiplayer.side_limit", "fw.multiplayer.top_up"]),
        ((1158,), None, "2", ["fw.multiplayer.side_limit", "fw.multiplayer.top_up"]),
        ((900, 900), 2000, "1", []),  # FW-T21, side A
        ((900, 900), 3000, "1", ["fw.multiplayer.side_limit"]),  # topped up, with more armies
        ((900,), 1000, "", []),  # a game of two players: the limit is the agreed points
        ((900,), 2000, "", ["fw.multiplayer.side_limit"]),
    ],
)
def test_the_side_limit_is_its_armies_agreed_points_topped_up(  # FW-43, FW-44
    spent: tuple[float, ...], limit: float | None, opposing: str, codes: list[str]
) -> None:
    roster = _side(*spent, limit=limit, opposing_armies=opposing, points_per_army="1000")
    assert _codes(roster) == codes


@pytest.mark.parametrize(
    ("heroes", "opposing", "codes"),
    [
        ((2, 2), "1", []),  # FW-T21, side A: each army of 1000 allows 2
        ((3, 0), "1", ["fw.heroes.too_many"]),  # 3 of the side's 4, in one army of 1000 (E8)
        ((4,), "2", ["fw.multiplayer.top_up"]),  # FW-T21, side B: one army of 2000
        # Two armies against three at 1000: the side's 1000 top-up may go to either army
        # (FW-44 leaves its spread open), so each may be worth up to 2000, but not both.
        ((3, 3), "3", ["fw.multiplayer.top_up"]),  # 500 of the top-up each
        ((4, 2), "3", ["fw.multiplayer.top_up"]),  # one army given 2000 of the 3000
        ((5, 0), "3", ["fw.heroes.too_many", "fw.multiplayer.top_up"]),  # over 2000 either way
        # each army could be given enough, but the two need 1500 of the 1000 shared
        ((4, 3), "3", ["fw.heroes.too_many", "fw.multiplayer.top_up"]),
    ],
)
def test_each_army_of_a_side_counts_its_heroes_on_its_own_points(  # FW-31, E8
    heroes: tuple[int, ...], opposing: str, codes: list[str]
) -> None:
    limit = 1000 * max(len(heroes), int(opposing))
    roster = _side(limit=limit, heroes=heroes, opposing_armies=opposing, points_per_army="1000")
    assert _codes(roster) == codes


def test_heroes_the_top_up_cannot_cover_whatever_its_spread_are_the_sides_problem() -> None:
    (_top_up, problem) = fantasy_warriors.check(
        _side(limit=3000, heroes=(4, 3), opposing_armies="3", points_per_army="1000")
    )
    assert (problem.code, problem.owner_type) == ("fw.heroes.too_many", "roster")


def test_an_army_with_too_many_heroes_owns_the_problem() -> None:  # E8
    (problem,) = fantasy_warriors.check(_side(500, 500, heroes=(0, 3), opposing_armies="1"))
    assert (problem.code, problem.owner_type, problem.owner_id) == (
        "fw.heroes.too_many",
        "force",
        "army-1",
    )


def test_on_the_points_spent_each_army_counts_its_own_heroes() -> None:  # E7, E8
    roster = _side(1000, 400, heroes=(1, 1), opposing_armies="1", hero_basis="spent")
    assert _codes(roster) == ["fw.heroes.too_many"]  # the side's 1400 would allow 2


@pytest.mark.parametrize(("spent", "codes"), [(1000, []), (1001, ["fw.multiplayer.army_points"])])
def test_each_army_of_a_side_spends_at_most_its_share(  # FW-43
    spent: float, codes: list[str]
) -> None:
    assert _codes(_side(spent, 900, opposing_armies="1")) == codes
    assert _codes(_side(spent, 900, opposing_armies="2")) == codes
    # A lone army's share is the whole limit: the engine's cost limit check reports it.
    assert _codes(_side(spent * 2, limit=spent, opposing_armies="1")) == []


@pytest.mark.parametrize("value", ["", "0"])
def test_without_opposing_armies_the_roster_is_one_army(value: str) -> None:
    assert _codes(_side(1500, 400, opposing_armies=value)) == []
    assert _codes(_side(1500, 400, heroes=(4, 0), opposing_armies=value)) == []  # 4 in 2000


@pytest.mark.parametrize("option", ["opposing_armies", "points_per_army"])
@pytest.mark.parametrize("value", ["two", "1.5", "-1"])
def test_multiplayer_options_are_whole_numbers(option: str, value: str) -> None:
    assert _codes(_side(1500, 400, **{option: value})) == ["fw.option.invalid"]
