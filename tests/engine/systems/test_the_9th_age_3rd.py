"""The 9th Age 3rd edition: the hook on hand-built rosters, the shipped pack end to end, and the
composition rules firing on the community's own Dwarven Holds data (read from ../shared)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml
from armybuilder.engine.roster import Roster
from armybuilder.engine.systems import hook_for, the_9th_age_3rd
from armybuilder.engine.systems.the_9th_age_3rd import (
    BASE_PROFILE,
    LARGER_BASES,
    NEW_LENGTH,
    NEW_WIDTH,
    PATH_PROFILE,
    SPELL_PROFILE,
    TALISMAN_OF_THE_VOID,
    WIZARD_LEVEL_PROFILE,
    WIZARD_TAG,
)
from armybuilder.engine.view import ProfileView, RosterView, SelectionView
from tests.conftest import SHARED, require_shared
from tests.engine.packs import (
    assert_not_offered,
    compiled_pack,
    one_force_spec,
    pack_nodes,
    rule_bearing_items,
    spec_outcome,
)
from tests.engine.systems import views

PACK = "the-9th-age-3rd"
POINTS = "t9a3-pts"
DIGEST = SHARED / "rules" / "the-9th-age-3rd.md"
COMMUNITY = SHARED / "bsdata" / "t9a-3rd"

# ----------------------------------------------------------------- the hook, hand-built views


def _sel(
    entry_id: str,
    *children: SelectionView,
    profiles: tuple[ProfileView, ...] = (),
    categories: tuple[str, ...] = (),
    number: int = 1,
) -> SelectionView:
    return views.selection(
        entry_id, *children, profiles=profiles, categories=categories, number=number
    )


def _roster(
    selections: list[SelectionView],
    spent: float = 4500,
    limit: float | None = 4500,
    options: dict[str, str] | None = None,
) -> RosterView:
    army = views.force(selections, "t9a3-he-force", "t9a3-he")
    return views.roster("t9a3-gs", [army], {POINTS: spent}, {POINTS: limit}, options)


def _codes(roster: RosterView) -> list[str]:
    return sorted(p.code for p in the_9th_age_3rd.check(roster))


def _level(spells: int, highest: int, channel: int) -> SelectionView:
    figures = {"Spells": spells, "Highest Spell": highest, "Channel": channel}
    return _sel("level", profiles=(views.profile(WIZARD_LEVEL_PROFILE, figures),))


def _path(*numbers: int) -> SelectionView:
    spells = [
        _sel(f"spell-{n}", profiles=(views.profile(SPELL_PROFILE, {"Number": n}),)) for n in numbers
    ]
    return _sel("path", *spells, profiles=(views.profile(PATH_PROFILE, {"Path": "Pyromancy"}),))


def _wizard(
    level: SelectionView | None, path: SelectionView | None, *extra: SelectionView
) -> SelectionView:
    kids = [k for k in (level, path) if k is not None]
    return _sel("mage", *kids, *extra, categories=(WIZARD_TAG,))


ADEPT = (3, 4, 1)
MASTER = (5, 6, 2)


@pytest.mark.parametrize(
    ("spent", "codes"),
    [
        (4500, []),
        (4450, []),
        (4449, ["t9a.army_points.under_minimum"]),
        (0, ["t9a.army_points.under_minimum"]),
    ],
)
def test_the_army_may_be_at_most_50_points_under_its_limit(
    spent: float, codes: list[str]
) -> None:  # T07
    assert _codes(_roster([], spent=spent)) == codes


def test_a_roster_without_a_limit_has_no_floor() -> None:
    assert _codes(_roster([], spent=0, limit=None)) == []


@pytest.mark.parametrize(
    ("level", "spells", "codes"),
    [
        (ADEPT, (2, 3, 4), []),  # T32
        (ADEPT, (1, 2, 5), ["t9a.wizard.spell_pool"]),  # T33
        (ADEPT, (1, 2), ["t9a.wizard.spell_count"]),  # T33
        (MASTER, (1, 2, 3, 5, 6), []),  # T35
        (MASTER, (1, 2, 3, 4), ["t9a.wizard.spell_count"]),  # T35
        ((1, 1, 0), (1,), []),  # T34
        ((1, 1, 0), (2,), ["t9a.wizard.spell_pool"]),  # T34
    ],
)
def test_a_wizard_knows_exactly_its_levels_spells(
    level: tuple[int, int, int], spells: tuple[int, ...], codes: list[str]
) -> None:
    assert _codes(_roster([_wizard(_level(*level), _path(*spells))])) == codes


def test_a_wrong_spell_count_is_the_paths_where_spells_are_chosen() -> None:
    path = _path(1, 2)
    problems = the_9th_age_3rd.check(_roster([_wizard(_level(*ADEPT), path)]))
    (count,) = [p for p in problems if p.code == "t9a.wizard.spell_count"]
    assert (count.owner_type, count.owner_id) == ("selection", path.id)


def test_a_wizard_must_record_its_path() -> None:  # T36
    assert _codes(_roster([_wizard(_level(*ADEPT), None)])) == [
        "t9a.wizard.path_count",
        "t9a.wizard.spell_count",
    ]


def test_a_wizard_unit_must_choose_a_level() -> None:
    assert _codes(_roster([_wizard(None, None)])) == ["t9a.wizard.level_count"]


def test_units_that_are_not_wizards_choose_no_spells() -> None:
    assert _codes(_roster([_sel("king", _sel("shield"))])) == []


def _void_army(*levels: tuple[int, int, int], **options: str) -> RosterView:
    talisman = _sel(TALISMAN_OF_THE_VOID)
    wizards = [_wizard(_level(*lv), _path(*range(1, lv[0] + 1))) for lv in levels]
    return _roster([_sel("prince", talisman), *wizards], options=options)


@pytest.mark.parametrize(
    ("levels", "codes"),
    [
        ((MASTER,), []),
        ((ADEPT, ADEPT), []),
        ((MASTER, ADEPT), ["t9a.magic_items.talisman_of_the_void"]),
        (((1, 1, 0), MASTER), []),
    ],
)
def test_the_talisman_of_the_void_needs_channel_2_or_less(
    levels: tuple[tuple[int, int, int], ...], codes: list[str]
) -> None:  # T27
    assert _codes(_void_army(*levels)) == codes


def test_the_talisman_of_the_void_can_be_a_warning() -> None:  # digest 5.19
    problems = the_9th_age_3rd.check(_void_army(MASTER, ADEPT, talisman_of_the_void="warning"))
    assert [(p.code, p.severity) for p in problems] == [
        ("t9a.magic_items.talisman_of_the_void", "warning")
    ]


@pytest.mark.parametrize(
    ("selections", "options", "codes"),
    [
        ([], {}, []),  # T15
        ([], {"general_required": "yes"}, ["t9a.general.missing"]),
        ([_sel("king", _sel("t9a3-general"))], {"general_required": "yes"}, []),
        ([], {"general_required": "sometimes"}, ["t9a.option.invalid"]),
    ],
)
def test_a_general_is_optional_unless_the_list_option_requires_one(
    selections: list[SelectionView], options: dict[str, str], codes: list[str]
) -> None:  # T15, digest 5.11
    assert _codes(_roster(selections, options=options)) == codes


def _larger_bases(width: int, length: int) -> SelectionView:
    return _sel(LARGER_BASES, _sel(NEW_WIDTH, number=width), _sel(NEW_LENGTH, number=length))


def _unit_on_bases(original: tuple[int, int] | None, *sizes: tuple[int, int]) -> SelectionView:
    profiles = ()
    if original is not None:
        profiles = (views.profile(BASE_PROFILE, {"Width": original[0], "Length": original[1]}),)
    return _sel("unit", *(_larger_bases(*size) for size in sizes), profiles=profiles)


@pytest.mark.parametrize(
    ("original", "size", "codes"),
    [
        ((25, 25), (25, 25), []),  # T38: widths 25, 30; lengths 25, 30, 35
        ((25, 25), (30, 35), []),
        ((25, 25), (35, 25), ["t9a.larger_bases.width"]),
        ((25, 25), (25, 40), ["t9a.larger_bases.length"]),
        ((25, 25), (27, 25), ["t9a.larger_bases.width"]),
        ((25, 50), (30, 75), []),  # T39: widths {25, 30}; lengths {50..75}
        ((25, 50), (25, 80), ["t9a.larger_bases.length"]),
        ((25, 50), (20, 45), ["t9a.larger_bases.length", "t9a.larger_bases.width"]),
        ((20, 20), (25, 30), []),
        ((20, 20), (25, 0), []),  # the data's own minimum reports the missing length
    ],
)
def test_larger_bases_allow_125_percent_width_and_150_percent_length_in_5_mm_steps(
    original: tuple[int, int], size: tuple[int, int], codes: list[str]
) -> None:
    assert _codes(_roster([_unit_on_bases(original, size)])) == codes


def test_a_unit_with_larger_bases_shares_one_base_size() -> None:  # T41
    assert _codes(_roster([_unit_on_bases((25, 50), (25, 50), (25, 50))])) == []
    assert _codes(_roster([_unit_on_bases((25, 50), (25, 50), (30, 60))])) == [
        "t9a.larger_bases.mixed_sizes"
    ]


def test_larger_bases_without_a_known_original_size_are_a_warning() -> None:
    problems = the_9th_age_3rd.check(_roster([_unit_on_bases(None, (25, 50))]))
    assert [(p.code, p.severity) for p in problems] == [
        ("t9a.larger_bases.original_unknown", "warning")
    ]


def test_units_without_larger_bases_keep_their_bases() -> None:
    assert _codes(_roster([_unit_on_bases(None)])) == []


def test_every_problem_cites_the_digest() -> None:
    roster = _roster([_wizard(_level(*ADEPT), None)], spent=0, options={"general_required": "yes"})
    rules = [p.rule for p in the_9th_age_3rd.check(roster)]
    assert len(rules) == 4  # under the floor, no path, no spells, no General
    assert all(r is not None and r["digest"] == "the-9th-age-3rd.md" for r in rules)


def test_the_hook_is_registered_for_the_community_game_system_too() -> None:
    assert hook_for("8c9a-3026-84b4-cf16") is the_9th_age_3rd.check


# ----------------------------------------------------------------------------------- the pack


def test_worked_example_fixtures_stay_out_of_the_shipped_pack() -> None:
    # T22, T23, T25, T28, T29, T38, T39, T41 use vector-local fixture catalogues instead
    assert [n["id"] for n in pack_nodes(PACK) if "fixture" in str(n.get("id", ""))] == []
    assert {"t9a3-item-sigil-of-protection", "t9a3-item-heros-heart"} <= {
        str(n.get("id")) for n in pack_nodes(PACK)
    }


def test_every_catalogue_offers_at_least_ten_root_entries() -> None:
    compiled = compiled_pack(PACK)
    assert all(len(compiled.root_entries(cid)) >= 10 for cid in compiled.catalogues)


def test_the_data_states_its_army_rules_with_t9a_codes() -> None:
    rule_bearing = rule_bearing_items(PACK)
    assert len(rule_bearing) > 70
    assert [i for i in rule_bearing if not str(i.get("code", "")).startswith("t9a.")] == []


ITEM_ROW = re.compile(
    r"^\| (\d+) \| (.+?) \(.*?\| (\w+)(?:/\w+)? \| \*\*(\d+)\*\*.*?\| (\*\*Raro\*\*|Legendary) \|"
)


def test_the_21_common_magic_items_have_the_digests_costs_and_rarity() -> None:
    require_shared(DIGEST)
    rows = {}
    for number, text in enumerate(DIGEST.read_text(encoding="utf-8").splitlines(), start=1):
        match = ITEM_ROW.match(text)
        if match:
            rows[number] = (
                int(match.group(4)),
                "rare" if "Raro" in match.group(5) else "legendary",
            )
    assert len(rows) == 21
    items = {
        node["rule"]["line"]: node
        for node in pack_nodes(PACK)
        if str(node.get("id", "")).startswith("t9a3-item-") and "rule" in node
    }
    for line, (cost, rarity) in rows.items():
        item = items[line]
        assert item["costs"][0]["value"] == cost
        codes = {c["code"] for c in item["constraints"]}
        assert codes == (
            {"t9a.rarity.rare"} if rarity == "rare" else {"t9a.magic_items.once_per_army"}
        )


TIER_ENTRIES = {
    "ordinary": "t9a3-dh-thane",
    "common": "t9a3-dh-kings-guard",
    "uncommon": "t9a3-dh-runic-smith",
    "rare": "t9a3-dh-grudge-buster",
    "extraordinary": "t9a3-dh-anvil-of-power",
}
TIER_CAPS = [  # T01 (explicit), T02, T03, T06 (derived): Army Points -> cap per tier
    (4000, {"ordinary": 6, "common": 4, "uncommon": 3, "rare": 2, "extraordinary": 1}),
    (4500, {"ordinary": 6, "common": 5, "uncommon": 3, "rare": 2, "extraordinary": 1}),
    (3000, {"ordinary": 4, "common": 3, "uncommon": 2, "rare": 2, "extraordinary": 1}),
    (7500, {"ordinary": 10, "common": 8, "uncommon": 5, "rare": 3, "extraordinary": 2}),
]


def _rarity_codes(tier: str, copies: int, army_points: int) -> list[str]:
    selections = [{"entryId": TIER_ENTRIES[tier], "number": 1}] * copies
    spec = one_force_spec("t9a3-dh-force", "t9a3-dh", selections, {POINTS: army_points})
    codes = spec_outcome(PACK, spec)["codes"]
    return [c for c in codes if c.startswith("t9a.rarity.")]


@pytest.mark.parametrize(
    ("army_points", "tier", "cap"),
    [(points, tier, cap) for points, caps in TIER_CAPS for tier, cap in caps.items()],
)
def test_rarity_caps_are_ceil_of_army_points_over_the_tier_step(
    army_points: int, tier: str, cap: int
) -> None:
    assert _rarity_codes(tier, cap, army_points) == []
    assert _rarity_codes(tier, cap + 1, army_points) == [f"t9a.rarity.{tier}"]


# ----------------------------------------------------- split cost (digest 2.5, worked example T08)


def _split_cost_documents(
    beasts_max: float, characters_max: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    def percent(cid: str, target: str, value: float) -> dict[str, Any]:
        constraint = {
            "id": cid,
            "type": "max",
            "value": value,
            "field": "limit::pts",
            "scope": "roster",
            "percentValue": True,
            "includeChildSelections": True,
            "shared": True,
            "code": cid,
        }
        return {
            "id": f"{cid}-link",
            "targetId": target,
            "primary": False,
            "constraints": [constraint],
        }

    game_system = {
        "gameSystem": {
            "id": "gs",
            "name": "split",
            "revision": 1,
            "battleScribeVersion": "2.03",
            "costTypes": [{"id": "pts", "name": "pts", "defaultCostLimit": 1000}],
            "categoryEntries": [
                {"id": "characters", "name": "Characters"},
                {"id": "beasts", "name": "Beasts & Monsters"},
            ],
        }
    }
    dragon = {
        "id": "dragon",
        "name": "Dragon",
        "type": "upgrade",
        "costs": [{"typeId": "pts", "value": 500}],
        "categoryLinks": [{"id": "dragon-split", "targetId": "beasts", "primary": False}],
    }
    elf = {
        "id": "elf",
        "name": "Elf Character",
        "type": "model",
        "costs": [{"typeId": "pts", "value": 250}],
        "categoryLinks": [{"id": "elf-cat", "targetId": "characters", "primary": True}],
        "selectionEntries": [dragon],
    }
    catalogue = {
        "catalogue": {
            "id": "elves",
            "name": "Elves",
            "revision": 1,
            "battleScribeVersion": "2.03",
            "gameSystemId": "gs",
            "forceEntries": [
                {
                    "id": "army",
                    "name": "Army",
                    "categoryLinks": [
                        percent("characters-max", "characters", characters_max),
                        percent("beasts-max", "beasts", beasts_max),
                    ],
                }
            ],
            "selectionEntries": [elf],
        }
    }
    return game_system, catalogue


@pytest.mark.parametrize(
    ("beasts_max", "characters_max", "codes"),
    [(50, 75, []), (49.9, 75, ["beasts-max"]), (50, 74.9, ["characters-max"])],
)
def test_a_split_cost_mount_counts_its_own_cost_in_the_second_category(
    beasts_max: float, characters_max: float, codes: list[str]
) -> None:  # T08: Characters += 750, Beasts & Monsters += 500, army total 750
    game_system, catalogue = _split_cost_documents(beasts_max, characters_max)
    roster = Roster.new(compile_documents(game_system, [catalogue]))
    force, _ = edit.add_force(roster, "army", "elves")
    elf, _ = edit.select_entry(roster, force, "elf")
    edit.select_entry(roster, force, "dragon", elf)
    evaluation = evaluate(roster)
    assert sorted(p.code for p in evaluation.problems) == codes
    assert evaluation.view.total_cost("pts") == 750


# ------------------------------------------- the community's own Dwarven Holds data (issue item 6)

COMMUNITY_POINTS = "24fd-8af8-0c78-001c"
DH_FORCE = "69e5-00da-77bb-e5b0"
DH_CATALOGUE = "2a82-ff56-cd2c-e1e1"
KING, THANE, RUNIC_SMITH = "b36a-bcef-7c32-9f4f", "1057-3096-063d-3358", "fb3f-67c0-d857-02cf"
CLAN_WARRIORS, GRUDGE_BUSTER = "4393-7273-f349-35ce", "1512-bd04-1cfe-6175"
FIELD_ARTILLERY, DWARF_CANNON = "83b8-45f2-309c-a4b0", "8f1a-ac0b-45a4-18fa"
CHARACTERS_40, CORE_25, ENGINES_OF_WAR_20 = (
    "4b62-fcd5-9073-f300",
    "0564-92dc-a0dc-fd91",
    "b45e-51e6-87dc-fd1c",
)
GRUDGE_BUSTER_MAX_2 = "37b7-ff22-5262-db23"


@pytest.fixture(scope="module")
def community_roster() -> Roster:
    require_shared(COMMUNITY)
    game_system = parse_xml((COMMUNITY / "T9A-FB-3rd.gst").read_bytes())
    dwarven_holds = parse_xml((COMMUNITY / "dwarvenHolds.cat").read_bytes())
    assert unresolved_links(game_system, [dwarven_holds]) == []
    roster = Roster(compile_documents(game_system, [dwarven_holds]))
    force, _ = edit.add_force(roster, DH_FORCE, DH_CATALOGUE)
    for entry_id, count in [
        (KING, 1),
        (THANE, 6),
        (RUNIC_SMITH, 1),
        (CLAN_WARRIORS, 1),
        (GRUDGE_BUSTER, 3),
    ]:
        for _ in range(count):
            edit.select_entry(roster, force, entry_id)
    for _ in range(2):
        artillery, _ = edit.select_entry(roster, force, FIELD_ARTILLERY)
        edit.select_entry(roster, force, DWARF_CANNON, artillery)
    return roster


def _fired(roster: Roster, limit: float) -> set[tuple[str, str]]:
    """(code, constraint id) of the percentage and rarity problems at one Army Points value."""
    roster.set_cost_limit(COMMUNITY_POINTS, limit)
    evaluation = evaluate(roster)
    watched = {CHARACTERS_40, CORE_25, ENGINES_OF_WAR_20, GRUDGE_BUSTER_MAX_2}
    return {(p.code, p.constraint_id) for p in evaluation.problems if p.constraint_id in watched}


def test_community_dwarven_holds_percentages_are_of_the_agreed_limit(
    community_roster: Roster,
) -> None:
    # 885 in Characters, 200 in Core, 490 in Engines of War; 2415 spent.
    assert _fired(community_roster, 2000) == {
        ("constraint.max", CHARACTERS_40),
        ("constraint.min", CORE_25),
        ("constraint.max", ENGINES_OF_WAR_20),
        ("constraint.max", GRUDGE_BUSTER_MAX_2),
    }
    assert _fired(community_roster, 2500) == {
        ("constraint.min", CORE_25),
        ("constraint.max", GRUDGE_BUSTER_MAX_2),
    }


def test_community_dwarven_holds_list_is_checked_by_our_hook(community_roster: Roster) -> None:
    community_roster.set_cost_limit(COMMUNITY_POINTS, 3000)
    codes = {p.code for p in evaluate(community_roster).problems}
    assert "t9a.army_points.under_minimum" in codes


@pytest.mark.parametrize(
    ("unit", "banner"),
    [
        ("t9a3-he-lion-chariot", "t9a3-item-aether-icon"),
        ("t9a3-he-giant-eagles", "t9a3-item-flaming-standard"),
    ],
)
def test_a_unit_without_magic_item_access_is_offered_no_banner(unit: str, banner: str) -> None:
    # T31, second half (digest line 489): the data offers banners only where the rules allow.
    assert banner in {node.get("id") for node in pack_nodes(PACK)}
    assert_not_offered(
        PACK,
        lambda selections: one_force_spec("t9a3-he-force", "t9a3-he", selections, {POINTS: 4500}),
        [unit],
        banner,
    )


def _enchanted_weapon_codes(bearer: str, carried: list[str], named: list[str]) -> list[str]:
    """The enchanted-weapon codes of a character with Touch of Greatness naming ``named``."""
    record = [{"entryId": f"t9a3-enchanted-{weapon}"} for weapon in named]
    item = {"entryId": "t9a3-item-touch-of-greatness", "selections": record}
    weapons = [{"entryId": f"t9a3-he-{bearer}-{weapon}"} for weapon in carried]
    spec = one_force_spec(
        "t9a3-he-force",
        "t9a3-he",
        [{"entryId": f"t9a3-he-{bearer}", "selections": [*weapons, item]}],
        {"t9a3-pts": 4500},
    )
    codes: list[str] = spec_outcome(PACK, spec)["codes"]
    return [c for c in codes if c.startswith("t9a.magic_items.enchanted_weapon")]


@pytest.mark.parametrize("bearer", ["high-prince", "commander"])
@pytest.mark.parametrize("weapon", ["great-weapon", "lance"])
def test_a_weapon_enchantment_names_one_weapon_the_bearer_carries(bearer: str, weapon: str) -> None:
    # T30 (digest line 488): the list names the enchanted weapon (seed L4203).
    count, carried = (f"t9a.magic_items.enchanted_weapon_{c}" for c in ("count", "carried"))
    assert _enchanted_weapon_codes(bearer, [], ["hand-weapon"]) == []
    assert _enchanted_weapon_codes(bearer, [weapon], [weapon]) == []
    assert _enchanted_weapon_codes(bearer, [], [weapon]) == [carried]
    assert _enchanted_weapon_codes(bearer, [weapon], []) == [count]
    assert _enchanted_weapon_codes(bearer, [weapon], ["hand-weapon", weapon]) == [count]


@pytest.mark.parametrize(
    ("level", "codes"), [("master", []), ("adept", ["t9a.he.mount.wizard_master"])]
)
def test_a_mage_rides_a_griffon_only_as_a_wizard_master(level: str, codes: list[str]) -> None:
    # The community Mage entry limits its Griffon (the Height 4 Wizard of T26) to Masters.
    mage = {
        "entryId": "t9a3-he-mage",
        "selections": [
            {"entryId": f"t9a3-he-mage-{level}"},
            {"entryId": "t9a3-he-mage-mount-griffon"},
        ],
    }
    spec = one_force_spec("t9a3-he-force", "t9a3-he", [mage], {"t9a3-pts": 4500})
    mount_codes = ("constraint.", "t9a.mount.", "t9a.he.mount.")
    assert [c for c in spec_outcome(PACK, spec)["codes"] if c.startswith(mount_codes)] == codes


def _universal_replacement_codes(*recorded_on: str) -> list[str]:
    """The universal-replacement codes of an army with an Adept and a Master, the levels in
    ``recorded_on`` recording the replacement."""
    mages = [
        {
            "entryId": "t9a3-he-mage",
            "selections": [
                {
                    "entryId": f"t9a3-he-mage-{level}",
                    "selections": [{"entryId": f"t9a3-wizard-{level}-universal-replacement"}]
                    if level in recorded_on
                    else [],
                }
            ],
        }
        for level in ("adept", "master")
    ]
    spec = one_force_spec("t9a3-he-force", "t9a3-he", mages, {POINTS: 4500})
    codes: list[str] = spec_outcome(PACK, spec)["codes"]
    return [c for c in codes if c.startswith("t9a.spells.")]


@pytest.mark.parametrize(
    ("recorded_on", "codes"),
    [
        ((), []),
        (("adept",), []),
        (("master",), []),
        (("adept", "master"), ["t9a.spells.universal_replacement"]),
    ],
)
def test_a_single_caster_in_the_list_records_the_universal_replacement(
    recorded_on: tuple[str, ...], codes: list[str]
) -> None:
    # T37 (digest line 495): "Un singolo Incantatore nella tua Lista dell'Esercito" (seed L879).
    assert _universal_replacement_codes(*recorded_on) == codes


def test_an_apprentice_is_not_offered_the_universal_replacement() -> None:
    # T37's negative: an Apprentice knows spell 1 with no choice (seed L760), so it has no other
    # spell it could have chosen instead; the record is offered with the Adept and Master only.
    levels = {"t9a3-wizard-apprentice", "t9a3-wizard-adept", "t9a3-wizard-master"}
    offering = {
        node.get("id")
        for node in pack_nodes(PACK)
        if any(
            link.get("targetId") == "t9a3-universal-replacement"
            for link in node.get("entryLinks") or []
        )
    }
    assert levels <= {node.get("id") for node in pack_nodes(PACK)}
    assert offering == levels - {"t9a3-wizard-apprentice"}
