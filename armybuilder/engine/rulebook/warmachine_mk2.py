"""Warmachine Mk II: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import warmachine_mk2 as hook

cite = hook.DIGEST.rule

# Our summaries in Italian, in the rulebooks' own terms (the Italian editions).
ITALIAN = {
    "wmh.attachments.one_per_type": "Un'unità prende al massimo un seguito di ogni tipo.",
    "wmh.attachments.weapon_attachment_models": (
        "Un'unità non prende più modelli di seguito d'arma di quanti la sua carta consenta."
    ),
    "wmh.bond.battlegroup": "Un warjack legato è nel contingente del suo warcaster.",
    "wmh.bond.character": "Un warjack personaggio si lega solo tramite la sua affinità.",
    "wmh.bond.max": "Un warcaster si lega al massimo a un warjack.",
    "wmh.bond.undeclared": "Un warcaster con Legame del Warjack indica il warjack legato.",
    "wmh.characters.unique": (
        "Un'armata può includere solo un modello di ciascun personaggio, contando tutte le sue "
        "versioni."
    ),
    "wmh.encounter_level.points": (
        "Consiglio: ogni livello di incontro ha poche dimensioni d'armata standard; altri "
        "valori sono partite concordate."
    ),
    "wmh.field_allowance": (
        "Un modello o un'unità si schiera non più volte della sua disponibilità per warcaster."
    ),
    "wmh.jack_marshal.max_warjacks": "Un comandante di 'jack controlla al massimo due warjack.",
    "wmh.jack_marshal.warjack_cost": (
        "Un warjack sotto un comandante di 'jack si paga con i punti dell'armata."
    ),
    "wmh.mercenary.contract_member": (
        "In un'armata di contratto, ogni Mercenario lavora per il contratto scelto."
    ),
    "wmh.mercenary.contract_required": (
        "Un'armata i cui warcaster sono tutti Mercenari sceglie un Contratto Mercenario."
    ),
    "wmh.mercenary.contract_unexpected": (
        "Solo un'armata di Mercenari prende un Contratto Mercenario."
    ),
    "wmh.mercenary.one_contract": "Un'armata di Mercenari lavora per un solo contratto.",
    "wmh.mercenary.only_mercenaries": (
        "Un'armata guidata solo da warcaster Mercenari contiene solo Mercenari (e gli alleati "
        "che il suo contratto ingaggia)."
    ),
    "wmh.option.invalid": "Un'opzione della lista prende uno dei valori che questo gioco offre.",
    "wmh.scenario.mangled_metal": (
        "Metallo Martoriato: esattamente un warcaster, con nient'altro che i suoi warjack."
    ),
    "wmh.team.army_points": (
        "In una partita a squadre, l'armata di ogni giocatore resta entro la sua quota dei "
        "punti della squadra."
    ),
    "wmh.team.contract": "Una squadra di soli Mercenari lavora per un solo contratto.",
    "wmh.theme_force.level_warcasters": (
        "Consiglio: le forze tematiche non sono pensate per livelli con due o più warcaster."
    ),
    "wmh.theme_force.max": "Un'armata usa al massimo una forza tematica.",
    "wmh.theme_force.model": "Una forza tematica include solo i modelli che elenca.",
    "wmh.theme_force.tier": "Il livello della forza tematica che l'armata raggiunge.",
    "wmh.theme_force.tier_not_granted": (
        "I livelli di una forza tematica si sommano: un livello conta solo se valgono tutti i "
        "precedenti."
    ),
    "wmh.theme_force.warcaster": "Una forza tematica si schiera solo con il warcaster che indica.",
    "wmh.theme_force.warcasters": (
        "Una forza tematica non si usa dove un'armata schiera due o più warcaster."
    ),
    "wmh.unit.size_option": "Un'unità prende una delle dimensioni che la sua carta offre.",
    "wmh.warcasters.max": (
        "Un'armata non schiera più warcaster di quanti il suo livello di incontro consenta."
    ),
    "wmh.warcasters.min": "Un'armata schiera almeno un warcaster.",
    "wmh.warjack.controller": (
        "Ogni warjack comincia in un contingente o sotto un comandante di 'jack."
    ),
    "wmh.warjack_points": "I punti warjack di un warcaster si spendono per il suo contingente.",
    "wmh.warjack_points.battlegroup": (
        "I punti warjack di un warcaster pagano solo i warjack del suo contingente."
    ),
    "wmh.warjack_points.unused": (
        "I punti warjack non spesi per il contingente del warcaster vanno persi."
    ),
    "cost_limit.exceeded": "L'armata non costa più dei punti dell'armata del livello di incontro.",
}

# Where each cited line of the Italian rulebook sits: the section heading above it and the
# page it is printed on (where the text carries page numbers), by seed line.
ITALIAN_PLACES: dict[int, tuple[str, str]] = {
    40: ("Panoramica sul gioco", "27"),
    1066: ("Costruire la tua armata", "38"),
    1071: ("Costruire la tua armata", "38"),
    1076: ("Livelli di incontro", "38"),
    1081: ("Livelli di incontro", "38"),
    1087: ("Livelli di incontro", "38"),
    1121: ("Grande battaglia", "39"),
    1157: ("Apocalisse", "39"),
    1165: ("Contingenti", "39"),
    1201: ("Personaggi", "39"),
    1226: ("Totale", "39"),
    1229: ("Totale", "39"),
    1253: ("Disponibilità", "39"),
    1322: ("Partite a squadre", "41"),
    1327: ("Partite a squadre", "41"),
    4112: ("Seguiti", "71"),
    4117: ("Seguiti", "71"),
    4948: ("Unità", "80"),
    4949: ("Unità", "80"),
    5025: ("Alleati", "81"),
    5197: ("Warjack personaggio", "83"),
    5256: ("Modelli epici", "83"),
    5267: ("Legami dei warcaster epici", "83"),
    5312: ("Mercenari", "83"),
    5320: ("Armate a tema", "83"),
    5322: ("Armate a tema", "83"),
    5324: ("Armate a tema", "83"),
    5326: ("Armate a tema", "83"),
    5328: ("Armate a tema", "83"),
    5965: ("Variazioni al gioco", "90"),
    6112: ("Regole speciali", "92"),
}

# The digest's sections the Italian rulebook has no heading for, titled in Italian.
ITALIAN_TITLES: dict[str, str] = {
    "2.16 An army is a faction, or Mercenary with one contract": (
        "2.16 Un esercito è di una fazione, o Mercenario con un contratto"
    ),
}

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
    summaries={"it": ITALIAN},
    italian_places=ITALIAN_PLACES,
    italian_titles=ITALIAN_TITLES,
)
