"""Warmachine Mk II: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import warmachine_mk2 as hook

cite = hook.DIGEST.rule

GAME = Game(
    "warmachine-mk2",
    "Warmachine Mk II",
    (
        rule(
            "wmh.attachments.one_per_type",
            gettext_noop("A unit takes at most one attachment of each type."),
            cite("2.9 WM-R35 One attachment of each type per unit", 276, 4117),
        ),
        rule(
            "wmh.attachments.weapon_attachment_models",
            gettext_noop("A unit takes no more weapon attachment models than its card allows."),
            cite("5 E8 Weapon-attachment model count (from the card)", 684, 4112),
        ),
        rule(
            "wmh.bond.battlegroup",
            gettext_noop("A bonded warjack is in its warcaster's own battlegroup."),
            cite("2.11 WM-R43 The bonded warjack is in the warcaster's own battlegroup", 331, 5267),
        ),
        rule(
            "wmh.bond.character",
            gettext_noop("A character warjack is bonded only through its affinity."),
            cite(
                "2.11 WM-R43 A character warjack is bonded only through an affinity "
                "(inferred from WM-R41/R42)",
                332,
                5197,
            ),
        ),
        rule(
            "wmh.bond.max",
            gettext_noop("A warcaster bonds at most one warjack."),
            cite("2.11 WM-R43 Epic warcaster bonds are list data", 330, 5267),
        ),
        rule(
            "wmh.bond.undeclared",
            gettext_noop("A warcaster with a Warjack Bond names the bonded warjack."),
            cite("2.11 WM-R43 The bonded warjack is in the warcaster's own battlegroup", 331, 5267),
        ),
        rule(
            "wmh.characters.unique",
            gettext_noop("An army has at most one of each character, counting all its versions."),
            cite("2.7 WM-R27 One of each character per army", 237, 1201),
            cite("2.7 WM-R30 Epic versions are the same character", 250, 5256),
        ),
        rule(
            "wmh.encounter_level.points",
            gettext_noop(
                "Advice: each encounter level has a few standard army sizes; other "
                "values are agreed games."
            ),
            hook.RULE_CUSTOM_POINTS,
            italian_section="Livelli di incontro",
        ),
        rule(
            "wmh.field_allowance",
            gettext_noop(
                "A model or unit is fielded no more times than its field allowance per warcaster."
            ),
            cite("2.6 WM-R22 Field allowance x warcasters fielded", 214, 1253),
        ),
        rule(
            "wmh.jack_marshal.max_warjacks",
            gettext_noop("A jack marshal controls at most two warjacks."),
            cite("2.5 WM-R18 Jack marshals: at most two warjacks", 198, 4948),
        ),
        rule(
            "wmh.jack_marshal.warjack_cost",
            gettext_noop("A warjack under a jack marshal is paid for in army points."),
            cite("5 E11 Jack-marshal warjacks cost army points", 695, 4949),
        ),
        rule(
            "wmh.mercenary.contract_member",
            gettext_noop("In a contract army, every Mercenary works for the chosen contract."),
            hook.RULE_CONTRACT_MEMBERS,
        ),
        rule(
            "wmh.mercenary.contract_required",
            gettext_noop("An army whose warcasters are all Mercenaries chooses a contract."),
            hook.RULE_CONTRACT_REQUIRED,
        ),
        rule(
            "wmh.mercenary.contract_unexpected",
            gettext_noop("Only a Mercenary army takes a Mercenary contract."),
            hook.RULE_CONTRACT_ARMY,
        ),
        rule(
            "wmh.mercenary.one_contract",
            gettext_noop("A Mercenary army works for one contract."),
            cite("2.16 An army is a faction, or Mercenary with one contract", 396),
        ),
        rule(
            "wmh.mercenary.only_mercenaries",
            gettext_noop(
                "An army led only by Mercenary warcasters holds only Mercenaries (and "
                "the allies its contract hires)."
            ),
            hook.RULE_MERCENARY_ONLY,
        ),
        rule(
            "wmh.option.invalid",
            gettext_noop("A list option takes one of the values this game offers."),
            hook.RULE_SCENARIO,
        ),
        rule(
            "wmh.scenario.mangled_metal",
            gettext_noop("Mangled Metal: exactly one warcaster, with nothing but its warjacks."),
            hook.RULE_MANGLED_METAL,
        ),
        rule(
            "wmh.team.army_points",
            gettext_noop(
                "In a team game, each player's army stays within its share of the team's points."
            ),
            hook.RULE_TEAM_POINTS,
        ),
        rule(
            "wmh.team.contract",
            gettext_noop("An all-Mercenary team works for one contract."),
            hook.RULE_TEAM_CONTRACT,
        ),
        rule(
            "wmh.theme_force.level_warcasters",
            gettext_noop(
                "Advice: theme forces are not meant for levels with two or more warcasters."
            ),
            hook.RULE_THEME_LEVEL,
        ),
        rule(
            "wmh.theme_force.max",
            gettext_noop("An army uses at most one theme force."),
            cite("2.13 WM-R47 An army is one theme force", 352, 5320),
        ),
        rule(
            "wmh.theme_force.model",
            gettext_noop("A theme force includes only the models it lists."),
            hook.RULE_THEME_MODELS,
        ),
        rule(
            "wmh.theme_force.tier",
            gettext_noop("The theme force tier the army reaches."),
            hook.RULE_THEME_TIERS,
        ),
        rule(
            "wmh.theme_force.tier_not_granted",
            gettext_noop(
                "Theme force tiers build on each other: a tier counts only when all before it hold."
            ),
            hook.RULE_THEME_TIERS,
        ),
        rule(
            "wmh.theme_force.warcaster",
            gettext_noop("A theme force is fielded only with the warcaster it names."),
            cite("2.13 WM-R47 A theme force includes only the warcaster it names", 354, 5322),
        ),
        rule(
            "wmh.theme_force.warcasters",
            gettext_noop("A theme force is not used where an army fields two or more warcasters."),
            cite("2.13 WM-R47 No theme forces with two or more warcasters per army", 355, 5324),
        ),
        rule(
            "wmh.unit.size_option",
            gettext_noop("A unit takes one of the sizes its card offers."),
            cite("2.8 WM-R32 The list states the chosen option", 261, 1229),
        ),
        rule(
            "wmh.warcasters.max",
            gettext_noop("An army fields no more warcasters than its encounter level allows."),
            hook.RULE_LEVELS,
            hook.RULE_GRAND_BATTLE,
            cite("2.2 WM-R07 Warcaster count per level", 116, 1081),
            cite("2.2 WM-R07 Apocalypse scaling", 130, 1157),
            italian_section="Livelli di incontro",
        ),
        rule(
            "wmh.warcasters.min",
            gettext_noop("An army fields at least one warcaster."),
            cite("2.2 WM-R07 At least one warcaster (inferred)", 129, 40),
            italian_section="Livelli di incontro",
        ),
        rule(
            "wmh.warjack.controller",
            gettext_noop("Every warjack starts in a battlegroup or under a jack marshal."),
            hook.RULE_CONTROLLER,
        ),
        rule(
            "wmh.warjack_points",
            gettext_noop("A warcaster's warjack points are spent on its own battlegroup."),
            hook.RULE_WARJACK_POINTS,
        ),
        rule(
            "wmh.warjack_points.battlegroup",
            gettext_noop(
                "A warcaster's warjack points pay only for warjacks in its own battlegroup."
            ),
            cite("2.3 WM-R11 Warjack points per battlegroup (validator arithmetic)", 146, 1226),
        ),
        rule(
            "wmh.warjack_points.unused",
            gettext_noop("Warjack points not spent on the warcaster's battlegroup are lost."),
            hook.RULE_WARJACK_POINTS,
        ),
        rule(
            "cost_limit.exceeded",
            gettext_noop("The army costs no more than the encounter level's army points."),
            cite("2.2 WM-R06 Points cap, no minimum", 113, 1076),
        ),
    ),
)
