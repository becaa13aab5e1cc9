"""Warmachine Mk II rules the pack's data cannot say (rules digest ``warmachine-mk2.md``).

The pack (``catalogues/data/warmachine-mk2``) says the rest as data: encounter levels are force
entries, each warcaster's warjack points are cost modifiers over its own battlegroup (Army pts,
Warjack pts spent, Warjack pts lost), field allowance scales with the warcasters fielded,
character versions share an identity category, jack marshals and attachments are capped groups.

This hook adds what depends on list options or needs a computed message: the Grand Battle
warcaster reading (digest E1), the standard points of each level, unused warjack points, a
warjack without a controller (one a roster file has outside any battlegroup),
Mercenary-only armies and their contracts, and the Mangled Metal scenario.

A Mercenary contract is a root selection in the "Mercenary Contract" category (the data allows
one per army). An army whose warcasters are all Mercenaries is a contract army and must take one
(WM-R03; digest E12's policy). A contract whose terms the sources give also links the hidden
category its members carry; in its army every Mercenary must carry it, and a faction model that
carries it is an ally (WM-R46). Warjacks are checked too, wherever they start (a battlegroup, a
jack marshal), except those carrying the hidden "Works for: not in the sources" category: no
source says which contracts a Mercenary warjack works for. A contract with no members' category
is known only in part: who works for it goes unchecked.

A team game (WM-R48) is one roster whose forces are the teammates' armies: the data's
roster-wide character uniqueness is then the team's, and field allowance stays per force, so per
player. Under the ``team_game`` option the roster's limit is the team's total and each player's
army gets an equal share of it (the digest infers points per player). A team of contract armies
uses one contract (WM-R48).

A theme force (WM-R47) is a root selection in the "Theme Force" category. The data says who it
is for and how many warcasters it allows (error modifiers), and what it may include: its own
other categories, which every model it allows carries. Read as "a level allowing two or more
warcasters" (E15's policy), the rule also warns about a theme force at such a level, unless the
``theme_force_level_warning`` option is off. Each of its ``<entry id>-tier-<n>`` rules
is shown while that tier's own requirement holds (tier 1's is the model list, checked here).
Tiers are cumulative (WM-R47, E15): the hook grants tier n only when tiers 1..n all hold. Epic
warjack bonds (WM-R43) are data alone: an upgrade on a warjack naming its warcaster.
"""

from __future__ import annotations

from armybuilder.engine.gauges import Allowance
from armybuilder.engine.model import json_number
from armybuilder.engine.report import INFO, WARNING, Problem, messages
from armybuilder.engine.systems.common import (
    SHARE_TEMPLATE,
    Digest,
    force_problem,
    forces_over_share,
    option_messages,
    read_options,
    roster_problem,
    selection_problem,
)
from armybuilder.engine.view import ForceView, RosterView, SelectionView

ARMY_POINTS = "wmk2-pts"
WARJACK_POINTS = "wmk2-wjp"  # spent on the warcaster's battlegroup
WARJACK_POINTS_LOST = "wmk2-lost"
JACK_COST = "wmk2-jack"  # what a warjack costs in warjack points
WARJACK_ALLOWANCE = "wmh.warjack_points"  # the allowance of a warcaster's warjack points
# Kept to work out each warcaster's warjack points (its allowance), not for a player to read
# as a total or to limit.
BOOKKEEPING_COST_TYPES = frozenset({WARJACK_POINTS, WARJACK_POINTS_LOST, JACK_COST})
WARCASTER = "wmk2-cat-warcaster"
MERCENARY = "wmk2-cat-mercenary"
CONTRACT = "wmk2-cat-contract"
GRAND_BATTLE = "wmk2-force-grand-battle"
APOCALYPSE = "wmk2-force-apocalypse"
APOCALYPSE_MIN_POINTS = 200
THEME_FORCE = "wmk2-cat-theme-force"
WARJACK = "wmk2-cat-warjack"
MEMBERSHIP_UNSOURCED = "wmk2-cat-works-for-unsourced"
# The levels whose table allowance is two or more warcasters (WM-R07: 2, 3, and 4 or more);
# Grand Battle joins them under the worked example's reading (E1).
SEVERAL_WARCASTER_LEVELS = frozenset({"wmk2-force-epic-clash", "wmk2-force-war", APOCALYPSE})

# Standard army points per encounter level (WM-R07); Apocalypse is open-ended from 200.
STANDARD_POINTS: dict[str, tuple[int, ...]] = {
    "wmk2-force-duel": (15,),
    "wmk2-force-skirmish": (25, 35, 50),
    GRAND_BATTLE: (75, 100),
    "wmk2-force-epic-clash": (100, 125, 150),
    "wmk2-force-war": (150, 175, 200),
}

# List options, as the game system declares them (``listOptions``): the first value is the
# digest's recommended reading.
GRAND_BATTLE_WARCASTERS = "grand_battle_warcasters"
SCENARIO = "scenario"
MANGLED_METAL = "mangled_metal"
TEAM_GAME = "team_game"
THEME_FORCE_LEVEL_WARNING = "theme_force_level_warning"
OPTIONS: dict[str, tuple[str, ...]] = {
    GRAND_BATTLE_WARCASTERS: ("1", "2"),
    SCENARIO: ("standard", MANGLED_METAL),
    TEAM_GAME: ("no", "yes"),
    THEME_FORCE_LEVEL_WARNING: ("yes", "no"),
}


DIGEST = Digest("warmachine-mk2", "warmachine-mk2.md", "001_a386fedfef0f54d6.txt")
RULE_LEVELS = DIGEST.rule("2.2 WM-R07 Warcaster count per level", 116, 1081)
RULE_CUSTOM_POINTS = DIGEST.rule("2.2 WM-R07 Point values are discrete presets", 131, 5965)
RULE_GRAND_BATTLE = DIGEST.rule("5 E1 Grande Battaglia: 1 or 2 warcasters", 653, 1121)
RULE_SCENARIO = DIGEST.rule("2.1 WM-R05 Scenarios may change army building", 106, 1071)
RULE_CONTROLLER = DIGEST.rule("2.4 WM-R16 Every warjack needs a controller", 182, 1165)
RULE_WARJACK_POINTS = DIGEST.rule("2.3 WM-R09 Unspent warjack points are lost", 137, 1087)
RULE_MERCENARY_ONLY = DIGEST.rule("2.12 WM-R44 Mercenary-only warcasters", 337, 5312)
RULE_CONTRACT_REQUIRED = DIGEST.rule(
    "2.1 WM-R03 All-Mercenary armies need a contract (E12: Mercenary-only warcasters)", 96, 1066
)
RULE_CONTRACT_MEMBERS = DIGEST.rule("2.12 WM-R46 Contract armies and allies", 345, 5025)
RULE_CONTRACT_ARMY = DIGEST.rule("2.16 An army is a faction, or Mercenary with one contract", 396)
RULE_TEAM_CONTRACT = DIGEST.rule("2.14 WM-R48 An all-Mercenary team uses one contract", 367, 1327)
RULE_MANGLED_METAL = DIGEST.rule("2.15 WM-R50 Metallo Martoriato (Mangled Metal)", 376, 6112)
RULE_TEAM_POINTS = DIGEST.rule("2.14 WM-R48 Team games: points per player (inferred)", 370, 1322)
RULE_THEME_MODELS = DIGEST.rule("2.13 WM-R47 A theme force's tiers limit its models", 356, 5326)
RULE_THEME_TIERS = DIGEST.rule("2.13 WM-R47 Theme force tiers are cumulative", 357, 5328)
RULE_THEME_LEVEL = DIGEST.rule(
    "5 E15 A theme force at a level allowing two or more warcasters (policy)", 716, 5324
)

UNUSED_POINTS = "{name} leaves {lost:g} warjack points unspent; they are lost."
NOT_GRANTED = (
    "{name}: the requirements of tiers {listed} are met but not those of tier {next_tier}, "
    "so their benefits are not granted."
)
MESSAGES = messages(
    {
        **option_messages("wmh.option.invalid"),
        "wmh.team.army_points": SHARE_TEMPLATE,
        "wmh.encounter_level.points": "{level}: {limit:g} Army pts is not a standard size for "
        "this encounter level.",
        "wmh.encounter_level.points#no_limit": "{level}: no limit is not a standard size for "
        "this encounter level.",
        "wmh.warcasters.max": "A Grand Battle army fields at most {allowed} warcasters; this "
        "one has {count}.",
        "wmh.warcasters.max#one": "A Grand Battle army fields at most 1 warcaster; this one has "
        "{count}.",
        "wmh.warjack_points.unused": UNUSED_POINTS,
        "wmh.warjack_points.unused#one": UNUSED_POINTS.replace(
            "{lost:g} warjack points", "1 warjack point"
        ),
        "wmh.warjack.controller": "{name} has no controller: a warjack starts in a warcaster's "
        "battlegroup or under a jack marshal.",
        "wmh.mercenary.contract_unexpected": "{name} is a Mercenary contract, and this army has "
        "a faction warcaster.",
        "wmh.mercenary.contract_required": "This army's only warcasters are Mercenaries: it is "
        "a contract army and must choose a Mercenary contract.",
        "wmh.mercenary.only_mercenaries": "{name} is not a Mercenary, and this army's only "
        "warcasters are Mercenaries.",
        "wmh.mercenary.contract_member": "{name} does not work for the {contract} contract.",
        "wmh.team.contract": "An all-Mercenary team uses one contract; its armies use {listed}.",
        "wmh.theme_force.model": "{theme} does not include {name}.",
        "wmh.theme_force.level_warcasters": "{theme}: {level} allows two or more warcasters, "
        "and theme forces are not for games of two or more warcasters per army.",
        "wmh.theme_force.tier": "{theme}: tier {tier} achieved.",
        "wmh.theme_force.tier_not_granted": NOT_GRANTED,
        "wmh.theme_force.tier_not_granted#one": NOT_GRANTED.replace("tiers", "tier", 1),
        "wmh.scenario.mangled_metal": "Mangled Metal allows exactly one warcaster; this army "
        "has {count}.",
        "wmh.scenario.mangled_metal#model": "{name}: Mangled Metal allows only a warcaster and "
        "its warjacks.",
    }
)


def check(roster: RosterView) -> list[Problem]:
    """Every Warmachine Mk II problem the pack's data leaves to code."""
    options, problems = read_options(roster, OPTIONS, "wmh.option.invalid", RULE_SCENARIO)
    army_limit = roster.cost_limit(ARMY_POINTS)
    if options[TEAM_GAME] == "yes" and army_limit is not None and roster.forces:
        # Each teammate builds an army at the level (WM-R48), so the team's limit is shared.
        army_limit /= len(roster.forces)
        problems += forces_over_share(
            roster.forces, ARMY_POINTS, army_limit, "wmh.team.army_points", RULE_TEAM_POINTS
        )
    if options[TEAM_GAME] == "yes":
        problems += _team_contract(roster)
    for force in roster.all_forces():
        problems += _level_points(force, army_limit)
        problems += _grand_battle(force, options[GRAND_BATTLE_WARCASTERS])
        problems += _unused_warjack_points(force)
        problems += _uncontrolled_warjacks(force)
        problems += _mercenary_army(force)
        level_warning = options[THEME_FORCE_LEVEL_WARNING] == "yes" and _allows_several_warcasters(
            force, options[GRAND_BATTLE_WARCASTERS]
        )
        problems += _theme_forces(force, level_warning=level_warning)
        if options[SCENARIO] == MANGLED_METAL:
            problems += _mangled_metal(force)
    return problems


def _warcasters(force: ForceView) -> list[SelectionView]:
    return [s for s in force.selections if s.has_category(WARCASTER)]


def _allows_several_warcasters(force: ForceView, grand_battle_reading: str) -> bool:
    if force.entry_id == GRAND_BATTLE:
        return int(grand_battle_reading) >= 2
    return force.entry_id in SEVERAL_WARCASTER_LEVELS


def army_models(force: ForceView) -> list[SelectionView]:
    """The army's models: root models and units, then the warjacks below them wherever they
    start (a warcaster's battlegroup, a jack marshal, an attachment that is one). Attachments and
    options go with their unit (WM-R37)."""
    roots = [s for s in force.selections if s.type != "upgrade"]
    jacks = [s for r in roots for s in r.walk() if s is not r and s.has_category(WARJACK)]
    return roots + jacks


def _level_points(force: ForceView, limit: float | None) -> list[Problem]:
    """Each level has preset army points; other values are a non-standard, agreed game."""
    if force.entry_id == APOCALYPSE:
        standard = limit is not None and limit >= APOCALYPSE_MIN_POINTS
    elif force.entry_id in STANDARD_POINTS:
        standard = limit in STANDARD_POINTS[force.entry_id]
    else:
        return []
    if standard:
        return []
    return [
        force_problem(
            force,
            "wmh.encounter_level.points",
            {
                "level": force.name,
                "limit": json_number(limit or 0),
                "form": "no_limit" if limit is None else "",
            },
            RULE_CUSTOM_POINTS,
            severity=WARNING,
        )
    ]


def _grand_battle(force: ForceView, reading: str) -> list[Problem]:
    """The level table allows 1 warcaster; the worked example fields 2 (digest E1, list option)."""
    if force.entry_id != GRAND_BATTLE:
        return []
    allowed = int(reading)
    fielded = sum(s.number for s in _warcasters(force))
    if fielded <= allowed:
        return []
    rule = RULE_GRAND_BATTLE if allowed > 1 else RULE_LEVELS
    return [
        force_problem(
            force,
            "wmh.warcasters.max",
            {"allowed": allowed, "count": fielded, "form": "one" if allowed == 1 else ""},
            rule,
        )
    ]


def allowances(roster: RosterView) -> list[Allowance]:
    """Each warcaster's warjack points: spent on its battlegroup, and in all (WM-R09)."""
    return [
        Allowance(
            caster.id,
            WARJACK_ALLOWANCE,
            "Warjack points",
            caster.cost(WARJACK_POINTS),
            caster.cost(WARJACK_POINTS) + caster.cost(WARJACK_POINTS_LOST),
        )
        for force in roster.all_forces()
        for caster in _warcasters(force)
    ]


def _unused_warjack_points(force: ForceView) -> list[Problem]:
    """Warjack points not spent on the warcaster's own battlegroup are lost (WM-R09)."""
    return [
        selection_problem(
            caster,
            "wmh.warjack_points.unused",
            {"name": caster.name, "lost": json_number(lost), "form": "one" if lost == 1 else ""},
            RULE_WARJACK_POINTS,
            severity=WARNING,
        )
        for caster in _warcasters(force)
        if (lost := caster.cost(WARJACK_POINTS_LOST)) > 0
    ]


def _uncontrolled_warjacks(force: ForceView) -> list[Problem]:
    """A warjack starts in a battlegroup or under a jack marshal, never on its own (WM-R16):
    the pack offers none at the top level, but a roster file may have one there."""
    return [
        selection_problem(
            jack,
            "wmh.warjack.controller",
            {"name": jack.name},
            RULE_CONTROLLER,
        )
        for jack in force.selections
        if jack.has_category(WARJACK)
    ]


def _is_mercenary_army(force: ForceView) -> bool:
    casters = _warcasters(force)
    return bool(casters) and all(c.has_category(MERCENARY) for c in casters)


def _contracts(force: ForceView) -> list[SelectionView]:
    return [s for s in force.selections if s.has_category(CONTRACT)]


def _mercenary_army(force: ForceView) -> list[Problem]:
    """If every warcaster is a Mercenary, only Mercenary models may be included (WM-R44) and the
    army is a contract army (WM-R03, E12): it takes a contract, its Mercenaries work for it, and
    the faction models the contract hires (allies, WM-R46) count as Mercenaries."""
    contracts = _contracts(force)
    if not _is_mercenary_army(force):
        return [
            selection_problem(
                c,
                "wmh.mercenary.contract_unexpected",
                {"name": c.name},
                RULE_CONTRACT_ARMY,
            )
            for c in contracts
        ]
    problems: list[Problem] = []
    if not contracts:
        problems.append(
            force_problem(
                force,
                "wmh.mercenary.contract_required",
                {},
                RULE_CONTRACT_REQUIRED,
            )
        )
    terms = _terms(contracts)
    for s in army_models(force):
        if terms is not None and s.has_category(terms[1]):
            continue
        if not s.has_category(MERCENARY):
            problems.append(
                selection_problem(
                    s,
                    "wmh.mercenary.only_mercenaries",
                    {"name": s.name},
                    RULE_MERCENARY_ONLY,
                )
            )
        elif terms is not None and not s.has_category(MEMBERSHIP_UNSOURCED):
            problems.append(
                selection_problem(
                    s,
                    "wmh.mercenary.contract_member",
                    {"name": s.name, "contract": terms[0]},
                    RULE_CONTRACT_MEMBERS,
                )
            )
    return problems


def _terms(contracts: list[SelectionView]) -> tuple[str, str] | None:
    """The army's contract and the category its members carry, where the data gives one; more
    than one contract is the data's error, and the first one's terms apply."""
    if not contracts:
        return None
    contract = contracts[0]
    members = next((c.entry_id for c in contract.categories if c.entry_id != CONTRACT), None)
    return None if members is None else (contract.name, members)


def _team_contract(roster: RosterView) -> list[Problem]:
    """A team whose armies are all Mercenary armies uses one contract (WM-R48)."""
    if not roster.forces or not all(_is_mercenary_army(f) for f in roster.forces):
        return []
    chosen = {c.base_entry_id: c.name for f in roster.forces for c in _contracts(f)}
    if len(chosen) < 2:
        return []
    return [
        roster_problem(
            roster,
            "wmh.team.contract",
            {
                "contracts": sorted(chosen.values()),
                "listed": ", ".join(sorted(chosen.values())),
            },
            RULE_TEAM_CONTRACT,
        )
    ]


def _theme_forces(force: ForceView, *, level_warning: bool) -> list[Problem]:
    """Each theme force: the models it does not allow, the tier the army achieves, and, with
    ``level_warning``, that the level allows two or more warcasters (E15)."""
    problems: list[Problem] = []
    for theme in force.selections:
        if not theme.has_category(THEME_FORCE):
            continue
        outsiders = theme_force_outsiders(force, theme)
        problems += [
            selection_problem(
                model,
                "wmh.theme_force.model",
                {"theme": theme.name, "name": model.name},
                RULE_THEME_MODELS,
            )
            for model in outsiders
        ]
        if level_warning:
            problems.append(
                selection_problem(
                    theme,
                    "wmh.theme_force.level_warcasters",
                    {"theme": theme.name, "level": force.name},
                    RULE_THEME_LEVEL,
                    severity=WARNING,
                )
            )
        met = tiers_met(theme, models_allowed=not outsiders)
        tier = achieved_tier(met)
        problems.append(
            selection_problem(
                theme,
                "wmh.theme_force.tier",
                {"theme": theme.name, "tier": tier},
                RULE_THEME_TIERS,
                severity=INFO,
            )
        )
        if skipped := sorted(n for n in met if n > tier):
            problems.append(
                selection_problem(
                    theme,
                    "wmh.theme_force.tier_not_granted",
                    {
                        "name": theme.name,
                        "tiers": skipped,
                        "listed": ", ".join(map(str, skipped)),
                        "next_tier": tier + 1,
                        "form": "one" if len(skipped) == 1 else "",
                    },
                    RULE_THEME_TIERS,
                    severity=WARNING,
                )
            )
    return problems


def theme_force_outsiders(force: ForceView, theme: SelectionView) -> list[SelectionView]:
    """The army's models (``army_models``) that carry none of the theme force's own
    categories."""
    allowed = [c.entry_id for c in theme.categories if c.entry_id != THEME_FORCE]
    return [m for m in army_models(force) if not any(m.has_category(c) for c in allowed)]


def tiers_met(theme: SelectionView, *, models_allowed: bool) -> set[int]:
    """The tiers whose own requirements hold: those whose rule the data shows, tier 1 only
    when the army includes nothing the theme force does not allow."""
    prefix = f"{theme.base_entry_id}-tier-"
    met = {int(r.id.removeprefix(prefix)) for r in theme.rules if r.id.startswith(prefix)}
    return met if models_allowed else met - {1}


def achieved_tier(met: set[int]) -> int:
    """The highest tier n whose requirements hold together with those of every tier before."""
    tier = 0
    while tier + 1 in met:
        tier += 1
    return tier


def _mangled_metal(force: ForceView) -> list[Problem]:
    """Mangled Metal: exactly one warcaster, and nothing but its warjacks besides (WM-R50)."""
    problems: list[Problem] = []
    fielded = sum(s.number for s in _warcasters(force))
    if fielded != 1:
        problems.append(
            force_problem(
                force,
                "wmh.scenario.mangled_metal",
                {"count": fielded, "name": "", "form": ""},
                RULE_MANGLED_METAL,
            )
        )
    problems += [
        selection_problem(
            s,
            "wmh.scenario.mangled_metal",
            {"count": fielded, "name": s.name, "form": "model"},
            RULE_MANGLED_METAL,
        )
        for s in force.selections
        if not s.has_category(WARCASTER)
    ]
    return problems
