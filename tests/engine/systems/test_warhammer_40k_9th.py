"""Warhammer 40,000 9th edition: the shipped pack's data, and the hook on hand-built rosters.

The pack's example lists and worked-example vectors run in ``tests/engine/test_vectors.py``.
"""

from __future__ import annotations

import json

import pytest

from armybuilder.engine.model import EntryNode
from armybuilder.engine.systems import warhammer_40k_9th
from armybuilder.engine.systems.warhammer_40k_9th import (
    BATTLE_SIZE_PROFILE,
    ONLY_WAR,
    OPPONENT_OPTION,
    POINTS,
    POWER_LEVEL,
)
from armybuilder.engine.view import (
    CategoryView,
    ForceView,
    ProfileView,
    RosterView,
    SelectionView,
)
from tests.engine.packs import (
    PACKS,
    compiled_pack,
    pack_documents,
    pack_nodes,
    without_code_or_rule,
)
from tests.engine.systems import views

GAME = "warhammer-40k-9th"
HQ = "w40k9-cat-hq"
TROOPS = "w40k9-cat-troops"


# ---------------------------------------------------------------------------------- the pack


def _declared_children(node: EntryNode) -> int:
    holders = [node.raw, node.link or {}]
    keys = ("selectionEntries", "selectionEntryGroups", "entryLinks")
    return sum(len(holder.get(key) or []) for holder in holders for key in keys)


def _subtree(node: EntryNode) -> list[EntryNode]:
    return [node] + [n for child in node.children for n in _subtree(child)]


def test_the_compiled_pack_expands_every_declared_child() -> None:
    compiled = compiled_pack(GAME)
    for catalogue_id in compiled.catalogues:
        nodes = [n for root in compiled.root_entries(catalogue_id) for n in _subtree(root)]
        assert len(nodes) > 50
        assert [n.path_id for n in nodes if len(n.children) != _declared_children(n)] == []


def test_every_constraint_carries_a_code_and_a_rule() -> None:
    constraints = [c for node in pack_nodes(GAME) for c in node.get("constraints") or []]
    assert len(constraints) > 100
    assert without_code_or_rule(constraints) == []


def test_examples_hold_a_legal_strike_force_for_each_faction() -> None:
    _, catalogues = pack_documents(GAME)
    legal = {
        spec["forces"][0]["catalogueId"]
        for spec in (json.loads(p.read_text()) for p in (PACKS / GAME).glob("examples/*.json"))
        if not spec["expected"]["codes"] and spec["expected"]["totals"].get(POINTS, 0) > 1000
    }
    assert legal == {c["catalogue"]["id"] for c in catalogues}


# ---------------------------------------------------------------------- the hook on its own


def _category(entry_id: str, name: str, primary: bool = False) -> CategoryView:
    return CategoryView(entry_id=entry_id, name=name, primary=primary)


def _selection(
    name: str,
    categories: list[CategoryView],
    kind: str = "unit",
    profiles: tuple[ProfileView, ...] = (),
) -> SelectionView:
    return views.selection(name, categories=categories, kind=kind, profiles=profiles, force_id="f")


def _unit(name: str, *factions: str, role: str = HQ) -> SelectionView:
    cats = [_category(role, "slot", primary=True)]
    return _selection(name, cats + [_category(f, f) for f in factions])


def _battle_size(points: int, combined: int, detachments: int) -> SelectionView:
    figures = {
        "Points limit": points,
        "Combined Power Level": combined,
        "Detachments": detachments,
    }
    size = views.profile(BATTLE_SIZE_PROFILE, figures, name="Size")
    return _selection("Size", [_category("config", "Configuration", True)], "upgrade", (size,))


def _force(selections: list[SelectionView], entry_id: str = "w40k9-fe-patrol") -> ForceView:
    slots = [_category(c, c) for c in (HQ, TROOPS, "config")]
    force_id = f"f-{len(selections)}-{entry_id}"
    return views.force(selections, entry_id, force_id=force_id, categories=slots)


def _roster(
    forces: list[ForceView],
    points: float = 0,
    power: float = 0,
    options: dict[str, str] | None = None,
) -> RosterView:
    return views.roster("w40k9-gs", forces, {POINTS: points, POWER_LEVEL: power}, options=options)


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in warhammer_40k_9th.check(roster))


STRIKE_FORCE = (2000, 200, 3)


def test_a_detachment_of_one_faction_passes() -> None:
    force = _force([_battle_size(*STRIKE_FORCE), _unit("a", "Faction: Imperium")])
    assert _codes(_roster([force])) == []


def test_units_of_a_detachment_share_a_faction_keyword() -> None:
    force = _force(
        [
            _battle_size(*STRIKE_FORCE),
            _unit("marine", "Faction: Imperium", "Faction: Adeptus Astartes"),
            _unit("necron", "Faction: Necrons", role=TROOPS),
        ]
    )
    # The army-wide rule fails too, but only the detachment is reported.
    assert _codes(_roster([force])) == ["w40k9.detachment.faction_keyword"]


def test_unaligned_and_keywordless_units_do_not_break_the_shared_keyword() -> None:
    force = _force(
        [
            _battle_size(*STRIKE_FORCE),
            _unit("marine", "Faction: Imperium"),
            _unit("wall", "Faction: Unaligned", role=TROOPS),
            _unit("rock", role=TROOPS),
        ]
    )
    assert _codes(_roster([force])) == []


def test_keywords_chosen_inside_a_unit_count_as_the_units() -> None:
    marine = _unit("marine", "Faction: Imperium")
    chapter = _selection("Ultramarines", [_category("um", "Faction: Ultramarines")], "upgrade")
    marine.children = [chapter]
    other = _unit("other", "Faction: Ultramarines", role=TROOPS)
    assert _codes(_roster([_force([_battle_size(*STRIKE_FORCE), marine, other])])) == []


def test_a_selection_outside_the_detachments_slots() -> None:
    force = _force([_battle_size(*STRIKE_FORCE), _unit("titan", role="w40k9-cat-lord-of-war")])
    assert _codes(_roster([force])) == ["w40k9.detachment.no_slot"]


def test_an_empty_roster_has_nothing_to_report() -> None:
    assert _codes(_roster([])) == []


def test_missing_battle_size() -> None:
    assert _codes(_roster([_force([_unit("a", "Faction: Imperium")])])) == [
        "w40k9.battle_size.missing"
    ]


@pytest.mark.parametrize(
    ("points", "codes"),
    [(2000, []), (2001, ["w40k9.battle_size.points"])],
)
def test_points_limit_of_the_battle_size(points: float, codes: list[str]) -> None:
    force = _force([_battle_size(*STRIKE_FORCE)])
    assert _codes(_roster([force], points=points)) == codes


def test_detachment_limit_of_the_battle_size() -> None:
    forces = [_force([_battle_size(*STRIKE_FORCE)])] + [_force([]) for _ in range(3)]
    assert _codes(_roster(forces)) == ["w40k9.battle_size.detachments"]


def test_only_war_skips_points_detachments_and_factions() -> None:
    army = _force(
        [_battle_size(500, 50, 1), _unit("a", "Faction: Imperium"), _unit("b", "Faction: Orks")],
        entry_id=ONLY_WAR,
    )
    assert _codes(_roster([army], points=3000)) == []


@pytest.mark.parametrize(
    ("own", "opponent", "codes"),
    [
        (11, "30", []),
        (11, "3", ["w40k9.battle_size.consider_kill_team"]),
        (11, "4", []),
        (11, "", []),
        (11, "190", ["w40k9.battle_size.combined_power_level"]),
        (201, "", ["w40k9.battle_size.combined_power_level"]),
        (11, "290", ["w40k9.battle_size.consider_apocalypse"]),
        (11, "x", ["w40k9.option.invalid"]),
        (11, "12.5", ["w40k9.option.invalid"]),
    ],
)
def test_combined_power_level_advisories(own: float, opponent: str, codes: list[str]) -> None:
    army = _force([_battle_size(*STRIKE_FORCE)], entry_id=ONLY_WAR)
    roster = _roster([army], power=own, options={OPPONENT_OPTION: opponent})
    assert _codes(roster) == codes
    severities = {p.severity for p in warhammer_40k_9th.check(roster)}
    assert severities <= ({"error"} if codes == ["w40k9.option.invalid"] else {"warning"})


def test_an_unknown_list_option_is_reported_and_ignored() -> None:
    army = _force([_battle_size(*STRIKE_FORCE)], entry_id=ONLY_WAR)
    roster = _roster([army], power=11, options={"battleSize": "Onslaught", OPPONENT_OPTION: "30"})

    (problem,) = warhammer_40k_9th.check(roster)

    assert (problem.code, problem.entry_id) == ("w40k9.option.invalid", "battleSize")
    assert problem.rule["line"] == warhammer_40k_9th.OPTIONS_RULE["line"]
