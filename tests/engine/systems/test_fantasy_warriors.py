"""Fantasy Warriors: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

from typing import Any

import pytest
from pack_specs import (
    compile_pack,
    costs_without_provenance,
    misplaced_rule_refs,
    outcome,
    pack_documents,
    rule_refs,
    run_spec,
)

from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.roster import RosterError
from armybuilder.engine.systems import fantasy_warriors
from armybuilder.engine.systems.fantasy_warriors import DRUMMER, HERO, POINTS, UNIT
from armybuilder.engine.view import CategoryView, CostView, ForceView, RosterView, SelectionView
from tests.conftest import SHARED, require_shared


def _selection(
    entry_id: str,
    categories: tuple[str, ...] = (),
    number: int = 1,
    children: tuple[SelectionView, ...] = (),
    kind: str = "model",
) -> SelectionView:
    return SelectionView(
        id=f"s-{entry_id}",
        entry_id=entry_id,
        base_entry_id=entry_id,
        name=entry_id,
        type=kind,
        number=number,
        hidden=False,
        force_id="f1",
        costs=[],
        categories=[CategoryView(entry_id=c, name=c, primary=False) for c in categories],
        profiles=[],
        rules=[],
        children=list(children),
    )


def _roster(
    selections: list[SelectionView], limit: float | None = 2000, spent: float = 0, **options: str
) -> RosterView:
    force = ForceView(
        id="f1",
        entry_id="fw-force-army",
        name="Esercito",
        catalogue_id="fw-dwarfs",
        catalogue_name="Nani",
        hidden=False,
        selections=selections,
        categories=[],
    )
    return RosterView(
        id="r",
        name="",
        game_system_id="fw-gs",
        game_system_name="Fantasy Warriors",
        forces=[force],
        costs=[CostView(type_id=POINTS, name="pts", value=spent)],
        cost_limits={} if limit is None else {POINTS: limit},
        options=options,
    )


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

PACK = "fantasy-warriors"


def test_pack_documents_are_canonical_and_every_link_resolves() -> None:
    game_system, catalogues = pack_documents(PACK)
    assert game_system["gameSystem"]["battleScribeVersion"] == "2.03"
    assert {c["catalogue"]["gameSystemId"] for c in catalogues} == {"fw-gs"}
    assert len(catalogues) >= 2
    assert unresolved_links(game_system, catalogues) == []


def test_pack_declares_the_options_the_hook_reads() -> None:
    options = pack_documents(PACK)[0]["gameSystem"]["listOptions"]
    assert {
        o["id"]: tuple(v["id"] for v in o["values"]) for o in options
    } == fantasy_warriors.OPTIONS
    assert all(o["default"] == fantasy_warriors.OPTIONS[o["id"]][0] for o in options)


def test_rule_references_cite_the_digest_rows_of_their_rules() -> None:
    rules_folder = require_shared(SHARED / "rules")
    refs = rule_refs(PACK, fantasy_warriors)
    assert len(refs) > 5
    assert misplaced_rule_refs(refs, rules_folder) == []


def test_every_cost_names_its_source_or_is_marked_unverified() -> None:
    assert costs_without_provenance(PACK) == []


@pytest.mark.parametrize(("value", "cost"), [(1, 10), (2, 20), (3, 35), (4, 50), (5, 80)])
def test_command_value_costs_are_added_to_the_leader(value: int, cost: int) -> None:  # FW-T10
    spec = _dwarf_condottiero([{"entryId": f"fw-cv-{value}", "number": 1}])
    assert outcome(run_spec(compile_pack(PACK), spec))["totals"]["fw-pts"] == 34 + cost


@pytest.mark.parametrize(
    ("path", "entry_id"),
    [
        ([], "fw-dwarfs-crossbowmen"),  # FW-T20: a unit belongs to a Command
        (["fw-dwarfs-condottiero"], "fw-cv-6"),  # FW-T10: no command value 6
        (["fw-dwarfs-command", "fw-dwarfs-infantry"], "fw-dwarfs-infantry-quality-elite"),  # T17
        (["fw-dwarfs-command", "fw-dwarfs-crossbowmen"], "fw-dwarfs-crossbowmen-quality-veteran"),
    ],
)
def test_entries_the_rules_do_not_offer_cannot_be_selected(path: list[str], entry_id: str) -> None:
    selection: dict[str, Any] = {"entryId": entry_id, "number": 1}
    for parent in reversed(path):
        selection = {"entryId": parent, "number": 1, "selections": [selection]}
    spec = _dwarf_condottiero([])
    spec["forces"][0]["selections"].append(selection)
    with pytest.raises(RosterError):
        run_spec(compile_pack(PACK), spec)


def _dwarf_condottiero(children: list[dict[str, Any]]) -> dict[str, Any]:
    condottiero = {"entryId": "fw-dwarfs-condottiero", "number": 1, "selections": children}
    return {
        "costLimits": {POINTS: 2000},
        "forces": [
            {
                "forceEntryId": "fw-force-army",
                "catalogueId": "fw-dwarfs",
                "selections": [condottiero],
            }
        ],
    }
