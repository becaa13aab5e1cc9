"""Battleground: Fantasy Warfare: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import battleground as hook

cite = hook.DIGEST.rule

# Our summaries in Italian, in the rulebooks' own terms (the Italian editions).
ITALIAN = {
    "bg.command.actions": "Il limite di punti dà un'azione comando per turno ogni 500 punti pieni.",
    "bg.command.decks": (
        "In una partita di Guerra l'esercito può usare un mazzo comando ogni 3000 punti o frazione."
    ),
    "bg.command.turn_two": (
        "Nel turno 2 il giocatore attivo riceve metà delle azioni comando, arrotondando per "
        "eccesso."
    ),
    "bg.command_cards.max_spend": (
        "Le carte comando comprate prima della partita non costano più di quanto la regola "
        "consente."
    ),
    "bg.command_cards.one_purchase": (
        "Le carte comando si comprano una sola volta, prima della partita."
    ),
    "bg.command_cards.reading": (
        "L'acquisto di carte comando prima della partita segue la lettura della regola dei 150 "
        "punti scelta per questa lista."
    ),
    "bg.core.min": "L'esercito ha un'unità principale ogni 500 punti pieni del suo limite.",
    "bg.cost.not_entered": (
        "Il costo di un'unità è stampato sulla sua carta: inseriscilo perché il totale sia "
        "completo."
    ),
    "bg.elite.max": (
        "L'esercito ha al massimo un'unità di elite ogni 1000 punti del suo limite (come dice "
        "l'opzione della lista)."
    ),
    "bg.option.invalid": "Un'opzione della lista prende uno dei valori che questo gioco offre.",
    "bg.single_race": (
        "Tutte le carte unità vengono da una sola razza, a meno che ogni forza sia l'esercito "
        "di un altro giocatore."
    ),
    "bg.small_game": (
        "Consiglio: sotto i 500 punti non ci sono azioni comando né minimo di unità principali."
    ),
    "cost_limit.exceeded": "L'esercito non costa più del limite di punti concordato.",
    "selection.hidden": "Si possono prendere solo le voci della lettura che questa lista gioca.",
}

# Where each cited line of the Italian rulebook sits: the section heading above it and the
# page it is printed on (where the text carries page numbers), by seed line.
ITALIAN_PLACES: dict[int, tuple[str, str]] = {
    45: ("Le carte unità", ""),
    63: ("Costruire l'esercito", ""),
    65: ("Costruire l'esercito", ""),
    157: ("Movimento e comando", ""),
    159: ("Movimento e comando", ""),
    695: ("Regole avanzate", ""),
    697: ("Regole avanzate", ""),
    699: ("Regole avanzate", ""),
    1090: ("Guerra", ""),
    1102: ("Regole opzionali", ""),
}

# The digest's sections the Italian rulebook has no heading for, titled in Italian.
ITALIAN_TITLES: dict[str, str] = {
    "5 E3 Rounding for core and command actions": (
        "5 E3 Arrotondamento per le azioni base e di comando"
    ),
}

GAME = Game(
    "battleground",
    "Battleground: Fantasy Warfare",
    (
        rule(
            "bg.command.actions",
            gettext_noop(
                "The points limit gives one command action per turn for every full 500 points."
            ),
            hook.COMMAND_ACTIONS_RULE,
        ),
        rule(
            "bg.command.decks",
            gettext_noop(
                "In a War game the army may use one command deck per 3000 points or part of it."
            ),
            hook.COMMAND_DECKS_RULE,
        ),
        rule(
            "bg.command.turn_two",
            gettext_noop("In turn 2 the active player gets half the command actions, rounded up."),
            hook.TURN_TWO_RULE,
        ),
        rule(
            "bg.command_cards.max_spend",
            gettext_noop("Command cards bought before the game cost no more than the rule allows."),
            cite("5 E1 The 150-point command card rule (reading b)", 210, 65),
        ),
        rule(
            "bg.command_cards.one_purchase",
            gettext_noop("Command cards are bought before the game once."),
            cite("5 E1 The 150-point command card rule", 212, 65),
        ),
        rule(
            "bg.command_cards.reading",
            gettext_noop(
                "A pre-game command card purchase follows the reading of the 150-point "
                "rule this list plays."
            ),
            hook.CARD_READING_RULE,
        ),
        rule(
            "bg.core.min",
            gettext_noop("The army has one core unit for every full 500 points of its limit."),
            hook.CORE_RULE,
        ),
        rule(
            "bg.cost.not_entered",
            gettext_noop(
                "A unit's cost is printed on its card: enter it so the total is complete."
            ),
            hook.COST_RULE,
        ),
        rule(
            "bg.elite.max",
            gettext_noop(
                "The army has at most one elite unit per 1000 points of its limit (read"
                " as the list option says)."
            ),
            hook.ELITE_READINGS_RULE,
            hook.ELITE_RULE,
        ),
        rule(
            "bg.option.invalid",
            gettext_noop("A list option takes one of the values this game offers."),
            hook.OPTIONS_RULE,
        ),
        rule(
            "bg.single_race",
            gettext_noop(
                "All unit cards come from one race, unless each force is another player's army."
            ),
            hook.SINGLE_RACE_RULE,
        ),
        rule(
            "bg.small_game",
            gettext_noop(
                "Advice: under 500 points there are no command actions and no core minimum."
            ),
            hook.SMALL_GAME_RULE,
        ),
        rule(
            "cost_limit.exceeded",
            gettext_noop("The army costs no more than the agreed points limit."),
            cite("2.1 Points limit and budget (BG-1, BG-2)", 75, 63),
        ),
        rule(
            "selection.hidden",
            gettext_noop("Only the entries of the reading this list plays can be taken."),
            cite("2.3 Command cards bought before the game (BG-8)", 94, 65),
            cite("5 E1 The 150-point command card rule (reading b)", 210, 65),
            cite("2.1 Points limit and budget (BG-4)", 78, 45),
        ),
    ),
    summaries={"it": ITALIAN},
    italian_places=ITALIAN_PLACES,
    italian_titles=ITALIAN_TITLES,
)
