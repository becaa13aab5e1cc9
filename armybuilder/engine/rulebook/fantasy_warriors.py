"""Fantasy Warriors: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import fantasy_warriors as hook

cite = hook.DIGEST.rule

# Our summaries in Italian, in the rulebooks' own terms (the Italian editions).
ITALIAN = {
    "fw.command.leader.missing": "Ogni Comando ha una guida.",
    "fw.command.leader.too_many": "Un Comando ha una sola guida.",
    "fw.command.units.missing": "Ogni Comando ha almeno un'Unità.",
    "fw.commands.missing": "L'esercito ha almeno un Comando.",
    "fw.condottiero.missing": "L'esercito ha un Condottiero.",
    "fw.condottiero.one_personal_command": "Il Condottiero guida un solo Comando personale.",
    "fw.condottiero.too_many": "Ogni esercito contiene un solo Condottiero.",
    "fw.cost.not_entered": (
        "I costi delle liste degli eserciti li inserisce il giocatore, perché il totale sia "
        "completo."
    ),
    "fw.heroes.too_many": (
        "Un esercito ha al massimo un Eroe ogni 500 punti pieni (come dice l'opzione della lista)."
    ),
    "fw.leader.bearers.too_many": "Il Condottiero o ogni Generale ha al massimo un Portabandiera.",
    "fw.leader.command_value.missing": "Il Condottiero e ogni Generale hanno un Valore di Comando.",
    "fw.leader.command_value.too_many": (
        "Il Condottiero e ogni Generale hanno un solo Valore di Comando."
    ),
    "fw.leader.heralds.too_many": "Il Condottiero o ogni Generale ha al massimo due Araldi.",
    "fw.multiplayer.army_points": (
        "In uno schieramento multigiocatore ogni esercito resta entro i punti concordati per "
        "esercito."
    ),
    "fw.multiplayer.side_limit": (
        "Il limite di uno schieramento multigiocatore è la somma dei punti concordati dei suoi "
        "eserciti, integrata fino a pareggiare l'altro schieramento."
    ),
    "fw.multiplayer.top_up": (
        "Uno schieramento con meno eserciti riceve punti in più per pareggiare l'altro."
    ),
    "fw.option.invalid": "Un'opzione della lista prende un valore che questo gioco accetta.",
    "fw.soothsayers.too_many": "Un esercito ha al massimo due Indovini.",
    "fw.talismans.adored.too_many": "Un esercito ha al massimo un Personaggio Adorato.",
    "fw.talismans.army_standard.too_many": "Un esercito ha al massimo uno Stendardo dell'esercito.",
    "fw.talismans.sacred_object.too_many": "Un esercito ha al massimo un Oggetto Sacro.",
    "fw.unit.capo.missing": "Ogni Unità ha un Capo (la sua figura di comando).",
    "fw.unit.capo.too_many": "Un'Unità ha un solo Capo.",
    "fw.unit.champion.too_many": "Un'Unità ha al massimo un Campione.",
    "fw.unit.drummer.too_many": (
        "Un'Unità ha al massimo un Tamburino (salvo che l'opzione della lista ne consenta di più)."
    ),
    "fw.unit.quality.one_level": "Un'Unità ha un solo livello di qualità.",
    "fw.unit.size.too_large": (
        "Un'Unità non ha più figure di quante la sua lista dell'esercito consenta."
    ),
    "fw.unit.size.too_small": "Un'Unità ha almeno le figure che le regole richiedono.",
    "fw.unit.specials.too_many": (
        "I Personaggi Speciali di un'Unità sono alcune delle sue figure, quindi mai più di esse."
    ),
    "fw.unit.standard.too_many": "Un'Unità ha al massimo un Alfiere.",
    "fw.wizard.magic_points.too_few": "Un Mago ha almeno 15 punti magia.",
    "cost_limit.exceeded": "L'esercito non costa più dei punti concordati.",
    "selection.hidden": (
        "Un costo della lista dell'esercito si inserisce solo sulla voce a cui appartiene."
    ),
}

# Where each cited line of the Italian rulebook sits: the section heading above it and the
# page it is printed on (where the text carries page numbers), by seed line.
ITALIAN_PLACES: dict[int, tuple[str, str]] = {
    190: ("Condottieri", ""),
    194: ("Generali", ""),
    198: ("Comandi", ""),
    202: ("Unità", ""),
    212: ("Personaggi Speciali", ""),
    214: ("Personaggi Speciali", ""),
    218: ("Personaggi Speciali", ""),
    220: ("Personaggi Speciali", ""),
    336: ("I condottieri, i generali e il loro valore di comando", ""),
    470: ("Partite con più giocatori", ""),
    472: ("Partite con più giocatori", ""),
    797: ("Invio degli ordini", ""),
    2234: ("Eroi", ""),
    2323: ("Leggere i presagi", ""),
    2345: ("Araldi e Portabandiera", ""),
    2346: ("Araldi e Portabandiera", ""),
    2550: ("Talismani", ""),
    2554: ("Talismani", ""),
    2604: ("Come usare gli elenchi degli eserciti", ""),
    2608: ("Il sistema di punteggi", ""),
    2634: ("Migliorare la Qualità delle Truppe (Mig)", ""),
    2642: ("Il Costo della Magia", ""),
    2650: ("Costo in Punti", ""),
    2742: ("MIG Miglioramento delle Qualità", ""),
    2744: ("MIG Miglioramento delle Qualità", ""),
}

# The digest's sections the Italian rulebook has no heading for, titled in Italian.
ITALIAN_TITLES: dict[str, str] = {
    "6.1 System definition: options": "6.1 Definizione del sistema: opzioni",
}

GAME = Game(
    "fantasy-warriors",
    "Fantasy Warriors",
    (
        rule(
            "fw.command.leader.missing",
            gettext_noop("Every Command has a leader."),
            cite("2.2 Army structure (FW-9)", 105, 198),
        ),
        rule(
            "fw.command.leader.too_many",
            gettext_noop("A Command has only one leader."),
            cite("2.2 Army structure (FW-8, FW-9)", 104, 194),
        ),
        rule(
            "fw.command.units.missing",
            gettext_noop("Every Command has at least one unit."),
            cite("2.2 Army structure (FW-9, FW-11)", 105, 198),
        ),
        rule(
            "fw.commands.missing",
            gettext_noop("The army has at least one Command."),
            cite("2.2 Army structure (FW-6, FW-10)", 106, 202),
        ),
        rule(
            "fw.condottiero.missing",
            gettext_noop("The army has a Condottiero."),
            cite("2.2 Army structure (FW-7)", 103, 2604),
        ),
        rule(
            "fw.condottiero.one_personal_command",
            gettext_noop("The Condottiero leads one personal Command."),
            cite("2.2 Army structure (FW-12)", 108, 797),
        ),
        rule(
            "fw.condottiero.too_many",
            gettext_noop("The army has only one Condottiero."),
            cite("2.2 Army structure (FW-7)", 103, 190),
        ),
        rule(
            "fw.cost.not_entered",
            gettext_noop(
                "Costs from the army lists are entered by the player so the total is complete."
            ),
            hook.COST_RULE,
        ),
        rule(
            "fw.heroes.too_many",
            gettext_noop(
                "An army has at most one hero per full 500 points (read as the list option says)."
            ),
            hook.HEROES_RULE,
        ),
        rule(
            "fw.leader.bearers.too_many",
            gettext_noop("A leader has at most one bearer."),
            cite("2.6 Individual characters (FW-35)", 165, 2346),
        ),
        rule(
            "fw.leader.command_value.missing",
            gettext_noop("A leader has a command value."),
            cite("2.5 Command value (FW-28)", 139, 336),
        ),
        rule(
            "fw.leader.command_value.too_many",
            gettext_noop("A leader has only one command value."),
            cite("2.5 Command value (FW-28)", 139, 336),
        ),
        rule(
            "fw.leader.heralds.too_many",
            gettext_noop("A leader has at most two heralds."),
            cite("2.6 Individual characters (FW-34)", 164, 2345),
        ),
        rule(
            "fw.multiplayer.army_points",
            gettext_noop(
                "In a multiplayer side, each army stays within the points agreed per army."
            ),
            hook.SIDE_ARMIES_RULE,
        ),
        rule(
            "fw.multiplayer.side_limit",
            gettext_noop(
                "A multiplayer side's limit is its armies' agreed points, topped up to "
                "match the other side."
            ),
            hook.TOP_UP_RULE,
            hook.SIDE_ARMIES_RULE,
        ),
        rule(
            "fw.multiplayer.top_up",
            gettext_noop("A side with fewer armies gets extra points to match the other side."),
            hook.TOP_UP_RULE,
        ),
        rule(
            "fw.option.invalid",
            gettext_noop("A list option takes a value this game accepts."),
            hook.OPTIONS_RULE,
        ),
        rule(
            "fw.soothsayers.too_many",
            gettext_noop("An army has at most two soothsayers."),
            cite("2.6 Individual characters (FW-33)", 163, 2323),
        ),
        rule(
            "fw.talismans.adored.too_many",
            gettext_noop("An army has at most one adored talisman."),
            cite("2.7 Talismans (FW-39, FW-41)", 174, 2550),
        ),
        rule(
            "fw.talismans.army_standard.too_many",
            gettext_noop("An army has at most one army standard."),
            cite("2.7 Talismans (FW-40)", 175, 2554),
        ),
        rule(
            "fw.talismans.sacred_object.too_many",
            gettext_noop("An army has at most one sacred object."),
            cite("2.7 Talismans (FW-39, FW-42)", 174, 2550),
        ),
        rule(
            "fw.unit.capo.missing",
            gettext_noop("Every unit has a Capo (its leader figure)."),
            cite("2.3 Units (FW-16)", 117, 212),
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.unit.capo.too_many",
            gettext_noop("A unit has only one Capo."),
            cite("2.3 Units (FW-16)", 117, 212),
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.unit.champion.too_many",
            gettext_noop("A unit has at most one champion."),
            cite("2.3 Units (FW-17)", 118, 214),
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.unit.drummer.too_many",
            gettext_noop("A unit has at most one drummer (unless the list option allows more)."),
            hook.DRUMMERS_RULE,
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.unit.quality.one_level",
            gettext_noop("A unit has one quality level."),
            cite("2.4 Quality and upgrades (FW-24)", 130, 2634),
        ),
        rule(
            "fw.unit.size.too_large",
            gettext_noop("A unit has no more figures than its army list allows."),
            cite("2.3 Units (FW-14)", 115, 2742),
        ),
        rule(
            "fw.unit.size.too_small",
            gettext_noop("A unit has at least the figures the rules require."),
            cite("2.3 Units (FW-14)", 115, 202),
            cite("2.3 Units (FW-14)", 115, 2744),
        ),
        rule(
            "fw.unit.specials.too_many",
            gettext_noop(
                "A unit's special characters are some of its figures, so never more than them."
            ),
            hook.SPECIALS_RULE,
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.unit.standard.too_many",
            gettext_noop("A unit has at most one standard bearer."),
            cite("2.3 Units (FW-19)", 120, 220),
            italian_section="Personaggi Speciali",
        ),
        rule(
            "fw.wizard.magic_points.too_few",
            gettext_noop("A wizard has at least 15 magic points."),
            cite("2.6 Individual characters (FW-36)", 166, 2642),
        ),
        rule(
            "cost_limit.exceeded",
            gettext_noop("The army costs no more than its agreed points."),
            cite("2.1 Points budget and army size (FW-1, FW-3)", 92, 2608),
        ),
        rule(
            "selection.hidden",
            gettext_noop("An army-list cost is entered only on the entry it belongs to."),
            cite("2.1 Points budget and army size (FW-1)", 92, 2608),
        ),
    ),
    summaries={"it": ITALIAN},
    italian_places=ITALIAN_PLACES,
    italian_titles=ITALIAN_TITLES,
)
