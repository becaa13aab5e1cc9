"""Fantasy Warriors: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine.systems import fantasy_warriors
from armybuilder.engine.systems.fantasy_warriors import DRUMMER, HERO, POINTS, UNIT
from armybuilder.engine.view import RosterView, SelectionView
from tests.engine.packs import (
    assert_not_offered,
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


# ------------------------------------------------------------------- multiplayer sides (FW-T21)


def _side(*spent: float, limit: float | None = 2000, **options: str) -> RosterView:
    """One side of a multiplayer game: a force per player's army, spending ``spent`` each."""
    armies = [
        views.force(
            [views.selection(f"unit-{i}", costs={POINTS: points})],
            "fw-force-army",
            "fw-orcs",
            force_id=f"army-{i}",
        )
        for i, points in enumerate(spent)
    ]
    return views.roster("fw-gs", armies, {POINTS: sum(spent)}, {POINTS: limit}, options)


@pytest.mark.parametrize(
    ("limit", "armies", "opposing", "per_army", "top_up"),
    [
        (2000, 1, 2, 1000, 1000),  # FW-T21, side B: +1000, 2000 in all
        (2000, 2, 1, 1000, 0),  # FW-T21, side A
        (2000, 2, 2, 1000, 0),
        (3000, 2, 3, 1000, 1000),
    ],
)
def test_a_side_with_fewer_armies_is_topped_up_to_the_others_total(  # FW-44
    limit: float, armies: int, opposing: int, per_army: float, top_up: float
) -> None:
    assert fantasy_warriors.side_points(limit, armies, opposing) == (per_army, top_up)


def test_the_top_up_is_reported_to_the_side_with_fewer_armies() -> None:  # FW-T21
    problems = fantasy_warriors.check(_side(1900, opposing_armies="2"))
    assert [(p.code, p.severity) for p in problems] == [("fw.multiplayer.top_up", "info")]
    assert _codes(_side(900, 900, opposing_armies="1")) == []


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


@pytest.mark.parametrize("value", ["two", "1.5", "-1"])
def test_opposing_armies_is_a_whole_number(value: str) -> None:
    assert _codes(_side(1500, 400, opposing_armies=value)) == ["fw.option.invalid"]
