"""Warmachine Mk II: the hook on hand-built evaluated rosters, and the shipped pack end to end."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.systems import warmachine_mk2
from armybuilder.engine.systems.warmachine_mk2 import (
    APOCALYPSE,
    ARMY_POINTS,
    CONTRACT,
    GRAND_BATTLE,
    MEMBERSHIP_UNSOURCED,
    MERCENARY,
    WARCASTER,
    WARJACK,
    WARJACK_POINTS_LOST,
)
from armybuilder.engine.view import RosterView, SelectionView
from tests.engine.packs import (
    assert_not_offered,
    compiled_pack,
    nested_selection,
    one_force_spec,
    pack_documents,
    pack_nodes,
    spec_outcome,
)
from tests.engine.systems import views

PACK = "warmachine-mk2"
SKIRMISH = "wmk2-force-skirmish"
WARJACK_POINTS = "wmk2-wjp"
CYGNAR, KHADOR, CRYX = "wmk2-cygnar", "wmk2-khador", "wmk2-cryx"
RETRIBUTION = "wmk2-retribution"
HIGHBORN_MEMBERS = "wmk2-cat-works-for-highborn-covenant"


# ------------------------------------------------------------------ the hook, hand-built views


def _selection(entry_id: str, *categories: str, lost: float = 0) -> SelectionView:
    return views.selection(
        entry_id, categories=categories, kind="model", costs={WARJACK_POINTS_LOST: lost}
    )


def _caster(name: str = "caster", *more: str, lost: float = 0) -> SelectionView:
    return _selection(name, WARCASTER, *more, lost=lost)


def _contract(name: str, *members: str) -> SelectionView:
    """A contract selection; ``members`` is the category of those who work for it, where the
    sources give the contract's terms."""
    return views.selection(name, categories=(CONTRACT, *members), kind="upgrade")


def _roster(
    selections: list[SelectionView], level: str = SKIRMISH, limit: float | None = 25, **options: str
) -> RosterView:
    army = views.force(selections, level, CYGNAR)
    return views.roster("wmk2-gs", [army], limits={ARMY_POINTS: limit}, options=options)


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in warmachine_mk2.check(roster))


@pytest.mark.parametrize(
    ("casters", "options", "codes"),
    [
        (1, {}, []),
        (2, {}, ["wmh.warcasters.max"]),  # E1: the level table (default reading)
        (2, {"grand_battle_warcasters": "2"}, []),  # E1: the worked example's reading
        (3, {"grand_battle_warcasters": "2"}, ["wmh.warcasters.max"]),
    ],
)
def test_grand_battle_warcasters_follow_the_chosen_reading(
    casters: int, options: dict[str, str], codes: list[str]
) -> None:
    selections = [_caster(f"c{i}") for i in range(casters)]
    assert _codes(_roster(selections, GRAND_BATTLE, 100, **options)) == codes


@pytest.mark.parametrize(
    ("level", "limit", "codes"),
    [
        (SKIRMISH, 35, []),
        (SKIRMISH, 40, ["wmh.encounter_level.points"]),  # agreed, non-standard size
        (SKIRMISH, None, ["wmh.encounter_level.points"]),
        (APOCALYPSE, 350, []),
        (APOCALYPSE, 150, ["wmh.encounter_level.points"]),
    ],
)
def test_each_level_has_standard_points(level: str, limit: float | None, codes: list[str]) -> None:
    assert _codes(_roster([_caster()], level, limit)) == codes


def test_unspent_warjack_points_are_a_warning_on_the_warcaster() -> None:
    problems = warmachine_mk2.check(
        _roster([_caster("stryker", lost=2), _caster("haley")], "wmk2-force-epic-clash", 100)
    )
    assert [(p.code, p.severity, p.owner_id) for p in problems] == [
        ("wmh.warjack_points.unused", "warning", "s-stryker")
    ]


def test_one_unspent_warjack_point_reads_in_the_singular() -> None:
    problems = warmachine_mk2.check(
        _roster([_caster("stryker", lost=1)], "wmk2-force-epic-clash", 100)
    )
    (unused,) = [p for p in problems if p.code == "wmh.warjack_points.unused"]
    assert "1 warjack point unspent" in unused.message


def test_mercenary_only_warcasters_allow_only_mercenaries() -> None:  # T14
    roster = _roster(
        [
            _contract("four-star"),
            _caster("bartolo", MERCENARY),
            _selection("trenchers"),
            _selection("thor", MERCENARY),
        ]
    )
    problems = warmachine_mk2.check(roster)
    assert [(p.code, p.owner_id) for p in problems] == [
        ("wmh.mercenary.only_mercenaries", "s-trenchers")
    ]


def test_a_faction_warcaster_lifts_the_mercenary_restriction() -> None:  # T14
    roster = _roster(
        [_caster("bartolo", MERCENARY), _caster("stryker"), _selection("trenchers")], limit=None
    )
    assert _codes(roster) == ["wmh.encounter_level.points"]


def test_a_mercenary_army_must_choose_a_contract() -> None:  # WM-R03, E12
    army = [_caster("bartolo", MERCENARY), _selection("thor", MERCENARY)]
    assert _codes(_roster(army)) == ["wmh.mercenary.contract_required"]
    assert _codes(_roster([*army, _contract("four-star")])) == []
    # The data allows one contract per army; a second one's terms are never read.
    assert _codes(_roster([*army, _contract("four-star"), _contract("highborn", "members")])) == []


def test_a_contract_army_takes_only_models_that_work_for_its_contract() -> None:  # WM-R46
    roster = _roster(
        [
            _contract("highborn", HIGHBORN_MEMBERS),
            _caster("bartolo", MERCENARY, HIGHBORN_MEMBERS),
            _selection("orin", MERCENARY),
            _selection("precursors", HIGHBORN_MEMBERS),  # an ally: a faction model it hires
            _selection("trenchers"),
        ]
    )
    assert [(p.code, p.owner_id) for p in warmachine_mk2.check(roster)] == [
        ("wmh.mercenary.contract_member", "s-orin"),
        ("wmh.mercenary.only_mercenaries", "s-trenchers"),
    ]


def test_a_contract_known_in_part_leaves_its_membership_unchecked() -> None:  # E13
    roster = _roster([_contract("four-star"), _caster("bartolo", MERCENARY), _selection("orin")])
    assert _codes(roster) == ["wmh.mercenary.only_mercenaries"]
    roster = _roster(
        [_contract("four-star"), _caster("bartolo", MERCENARY), _selection("orin", MERCENARY)]
    )
    assert _codes(roster) == []


def test_a_contract_army_checks_its_warjacks_wherever_they_start() -> None:  # WM-R46
    def jack(name: str, *categories: str) -> SelectionView:
        return _selection(name, WARJACK, MERCENARY, *categories)

    caster = _caster("bartolo", MERCENARY, HIGHBORN_MEMBERS)
    caster.children = [jack("member", HIGHBORN_MEMBERS), jack("outsider")]
    officer = views.selection("officer", jack("marshalled"), kind="upgrade")
    unit = views.selection("hired-unit", officer, categories=[MERCENARY, HIGHBORN_MEMBERS])
    roster = _roster([_contract("highborn", HIGHBORN_MEMBERS), caster, unit])
    assert [(p.code, p.owner_id) for p in warmachine_mk2.check(roster)] == [
        ("wmh.mercenary.contract_member", "s-outsider"),
        ("wmh.mercenary.contract_member", "s-marshalled"),
    ]


def test_a_warjack_no_source_places_in_a_contract_is_left_unchecked() -> None:  # E13
    caster = _caster("bartolo", MERCENARY, HIGHBORN_MEMBERS)
    caster.children = [_selection("talon", WARJACK, MERCENARY, MEMBERSHIP_UNSOURCED)]
    roster = _roster([_contract("highborn", HIGHBORN_MEMBERS), caster])
    assert _codes(roster) == []
    caster.children = [_selection("talon", WARJACK, MEMBERSHIP_UNSOURCED)]  # not a Mercenary
    assert _codes(roster) == ["wmh.mercenary.only_mercenaries"]


@pytest.mark.parametrize(
    "casters",
    [[_caster("stryker")], [_caster("stryker"), _caster("bartolo", MERCENARY)], []],
)
def test_only_a_mercenary_army_takes_a_contract(casters: list[SelectionView]) -> None:
    roster = _roster([*casters, _contract("highborn", HIGHBORN_MEMBERS)])
    codes = _codes(roster)
    assert codes.count("wmh.mercenary.contract_unexpected") == 1


@pytest.mark.parametrize(
    ("selections", "codes"),
    [
        ([_caster()], []),
        ([_caster(), _selection("trenchers")], ["wmh.scenario.mangled_metal"]),
        ([_caster("a"), _caster("b")], ["wmh.scenario.mangled_metal"]),
        ([], ["wmh.scenario.mangled_metal"]),
    ],
)
def test_mangled_metal_allows_one_warcaster_and_warjacks(  # T17
    selections: list[SelectionView], codes: list[str]
) -> None:
    assert _codes(_roster(selections, scenario="mangled_metal")) == codes


def test_unknown_options_are_reported() -> None:
    assert _codes(_roster([_caster()], scenario="theme_force")) == ["wmh.option.invalid"]


# -------------------------------------------------------------------------------- the pack


def test_the_full_factions_are_cryx_cygnar_and_khador() -> None:
    _, catalogues = pack_documents(PACK)
    playable = {c["catalogue"]["name"]: c["catalogue"] for c in catalogues}
    playable = {name: body for name, body in playable.items() if not body["library"]}
    partial = {name for name in playable if name.endswith("(partial)")}
    assert sorted(playable.keys() - partial) == ["Cryx", "Cygnar", "Khador"]
    # A faction with too few entries for a full army says so in its name and its readme.
    assert partial == {"Retribution of Scyrah (partial)"}
    assert playable["Retribution of Scyrah (partial)"]["readme"].startswith("PARTIAL")


def test_warjacks_are_offered_only_to_a_controller() -> None:  # WM-R16
    compiled = compiled_pack(PACK)
    for catalogue in (CYGNAR, KHADOR, CRYX, RETRIBUTION):
        roots = compiled.root_entries(catalogue)
        assert roots
        assert not [n.name for n in roots if any(c.id == "wmk2-cat-warjack" for c in n.categories)]


@pytest.mark.parametrize(
    ("catalogue", "path", "entry_id"),
    [
        # WM-R17: a faction warcaster's battlegroup holds no Mercenary warjack, and back.
        (CYGNAR, ["wmk2-cyg-commander-coleman-stryker"], "wmk2-merc-mule"),
        (CYGNAR, ["wmk2-cyg-hire-captain-bartolo-montador"], "wmk2-cyg-defender"),
        # Rhulic warcasters and 'jack marshals control Rhulic warjacks only.
        (KHADOR, ["wmk2-kho-hire-durgen-madhammer"], "wmk2-merc-mule"),
        (KHADOR, ["wmk2-kho-hire-thor-steinhammer"], "wmk2-kho-juggernaut"),
        # WM-R20: a character warjack cannot start under a 'jack marshal.
        (KHADOR, ["wmk2-kho-iron-fang-kovnik"], "wmk2-kho-behemoth"),
        # WM-R36: weapon crews take no attachments.
        (KHADOR, ["wmk2-kho-winter-guard-mortar-crew"], "wmk2-kho-winter-guard-officer-standard"),
        # WM-R35: an attachment is fielded only with a unit its rule lists.
        (KHADOR, [], "wmk2-kho-winter-guard-officer-standard"),
        (KHADOR, ["wmk2-kho-iron-fang-pikemen"], "wmk2-kho-winter-guard-officer-standard"),
        # WM-R02: a Mercenary joins only factions it works for.
        (CYGNAR, [], "wmk2-merc-orin-midwinter-rogue-inquisitor"),  # Khador and Cryx only
        (CRYX, [], "wmk2-merc-thor-steinhammer"),  # Cygnar and Khador only
        (RETRIBUTION, [], "wmk2-merc-thor-steinhammer"),
        (RETRIBUTION, ["wmk2-ret-adeptis-rahn"], "wmk2-merc-mule"),
        (RETRIBUTION, ["wmk2-ret-adeptis-rahn"], "wmk2-kho-berserker"),
        # WM-R16: a warjack cannot be fielded without a controller.
        (CYGNAR, [], "wmk2-cyg-defender"),
    ],
)
def test_entries_the_rules_do_not_offer_cannot_be_selected(
    catalogue: str, path: list[str], entry_id: str
) -> None:
    assert entry_id in {node.get("id") for node in pack_nodes(PACK)}
    assert_not_offered(
        PACK,
        lambda selections: one_force_spec(SKIRMISH, catalogue, selections, {ARMY_POINTS: 50}),
        path,
        entry_id,
    )


@pytest.mark.parametrize(
    "contracts", [["highborn-covenant", "four-star"], ["four-star", "four-star"]]
)
def test_an_army_takes_at_most_one_contract(contracts: list[str]) -> None:  # digest 2.16
    bartolo = nested_selection(["wmk2-cyg-hire-captain-bartolo-montador"], "wmk2-merc-vanguard")
    chosen = [{"entryId": f"wmk2-contract-{c}", "number": 1} for c in contracts]
    spec = one_force_spec(SKIRMISH, CYGNAR, [*chosen, bartolo], {ARMY_POINTS: 25})
    assert spec_outcome(PACK, spec)["codes"] == ["wmh.mercenary.one_contract"]
    spec = one_force_spec(SKIRMISH, CYGNAR, [*chosen[:1], bartolo], {ARMY_POINTS: 25})
    assert spec_outcome(PACK, spec)["codes"] == []


@pytest.mark.parametrize(
    ("jacks", "army", "spent", "lost"),
    [
        ([], 0, 0, 6),  # E22: a warcaster with no warjacks loses all its points
        (["charger"], 0, 4, 2),  # T09
        (["lancer"], 0, 6, 0),  # exactly the warcaster's points
        (["ironclad"], 1, 6, 0),  # WM-R10: warjack points combine with army points
        (["defender", "ironclad", "lancer", "lancer"], 22, 6, 0),  # T01, Stryker's battlegroup
    ],
)
def test_a_battlegroup_spends_its_warcasters_points_first(  # WM-R11
    jacks: list[str], army: int, spent: int, lost: int
) -> None:
    # A warjack entry is picked once with a number, as a player adds a second copy.
    stryker = {
        "entryId": "wmk2-cyg-commander-coleman-stryker",
        "number": 1,
        "selections": [
            {"entryId": f"wmk2-cyg-{jack}", "number": number}
            for jack, number in Counter(jacks).items()
        ],
    }
    spec = one_force_spec(SKIRMISH, CYGNAR, [stryker], {ARMY_POINTS: 50})
    totals = spec_outcome(PACK, spec)["totals"]
    assert (totals[ARMY_POINTS], totals[WARJACK_POINTS], totals[WARJACK_POINTS_LOST]) == (
        army,
        spent,
        lost,
    )


# ----------------------------------------------------------------------- team games (T08, WM-R48)

EPIC_CLASH = "wmk2-force-epic-clash"


def _team(*spent: float, limit: float = 200, **options: str) -> RosterView:
    """A team roster: one Epic Clash force per teammate, each spending ``spent`` army points."""
    armies = [
        views.force(
            [views.selection(f"unit-{i}", costs={ARMY_POINTS: points})],
            EPIC_CLASH,
            CYGNAR,
            force_id=f"army-{i}",
        )
        for i, points in enumerate(spent)
    ]
    return views.roster("wmk2-gs", armies, limits={ARMY_POINTS: limit}, options=options)


def test_a_team_shares_its_limit_equally_between_its_players() -> None:
    # 200 for two Epic Clash players is 100 each, a standard size; as one army's limit it is not.
    assert _codes(_team(100, 90, team_game="yes")) == []
    assert _codes(_team(100, 90)) == ["wmh.encounter_level.points"] * 2
    assert _codes(_team(101, 90, team_game="yes")) == ["wmh.team.army_points"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("commander-coleman-stryker", "commander-coleman-stryker"),
        ("commander-coleman-stryker", "lord-commander-stryker"),  # T08: any versions
        ("lord-commander-stryker", "lord-commander-stryker"),
        ("captain-victoria-haley", "major-victoria-haley"),
    ],
)
def test_teammates_field_each_character_once(first: str, second: str) -> None:  # T08
    def army(caster: str) -> dict[str, Any]:
        path = [f"wmk2-cyg-{caster}", "wmk2-cyg-defender"]
        if caster in ("lord-commander-stryker", "major-victoria-haley"):
            # an epic warcaster with Warjack Bond names its bonded warjack (T19)
            selection = nested_selection(path, f"wmk2-cyg-bond-{caster}")
        else:
            selection = nested_selection(path[:1], path[1])
        return {"forceEntryId": SKIRMISH, "catalogueId": CYGNAR, "selections": [selection]}

    spec: dict[str, Any] = {
        "costLimits": {ARMY_POINTS: 50},
        "options": {"team_game": "yes"},
        "forces": [army(first), army(second)],
    }
    # One problem per entry over its maximum: the same version twice is one entry.
    assert spec_outcome(PACK, spec)["codes"] == ["wmh.characters.unique"] * len({first, second})
    spec["forces"][1] = army("captain-jeremiah-kraye")
    assert spec_outcome(PACK, spec)["codes"] == []


def test_a_warjack_at_the_top_level_has_no_controller() -> None:  # WM-R16
    jack = _selection("defender", WARJACK)
    assert _codes(_roster([_caster(), jack])) == ["wmh.warjack.controller"]
    battlegroup = views.selection("stryker", jack, categories=(WARCASTER,), kind="model")
    assert _codes(_roster([battlegroup])) == []


def test_a_roster_files_warjack_outside_any_battlegroup_is_kept_and_needs_a_controller() -> None:
    stryker = "wmk2-cyg-commander-coleman-stryker"
    charger = "wmk2-cyg-commander-coleman-stryker-battlegroup::wmk2-cyg-battlegroup-charger"
    spec = one_force_spec(
        SKIRMISH, CYGNAR, [nested_selection([stryker], f"{charger}::wmk2-cyg-charger")], {}
    )
    spec["costLimits"] = {ARMY_POINTS: 25}
    compiled = compiled_pack(PACK)
    original = evaluate(build_roster(compiled, spec))
    document = roster_document(original.view)
    top = document["roster"]["forces"][0]["selections"]
    jack = next(s for s in top[0]["selections"] if s["name"] == "Charger")
    top[0]["selections"].remove(jack)
    top.append(jack)

    loaded = evaluate(load_roster(compiled, document))

    codes = {p.code: p for p in loaded.problems}
    assert codes["wmh.warjack.controller"].owner_id == jack["id"]
    assert codes["selection.misplaced"].owner_id == jack["id"]
    # the warjack's own cost stays in the list (no warcaster's warjack points pay for it now)
    assert loaded.view.total_cost("wmk2-jack") == original.view.total_cost("wmk2-jack") == 4
