"""Warhammer 40,000, 9th edition: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import warhammer_40k_9th as hook

cite = hook.DIGEST.rule

# Each detachment type's line of Appendix A: its command cost and its slots.
DETACHMENT_TYPES = tuple(
    cite(f"Appendix A: detachments ({name})", line)
    for name, line in (
        ("Patrol", 606),
        ("Battalion", 607),
        ("Brigade", 608),
        ("Vanguard", 609),
        ("Spearhead", 610),
        ("Outrider", 611),
        ("Super-Heavy", 612),
        ("Super-Heavy Auxiliary", 613),
        ("Fortification Network", 614),
    )
)

# Our summaries in Italian, in the rulebooks' own terms (the Italian editions).
ITALIAN = {
    "w40k9.army.faction_keyword": (
        "Tutti i Distaccamenti di un'armata Organizzata condividono una keyword di Fazione."
    ),
    "w40k9.army.only_war_mixed": (
        "Un'armata Only War non si mescola con Distaccamenti di un'armata Organizzata."
    ),
    "w40k9.battle_size.choose_one": "La lista sceglie esattamente una dimensione della battaglia.",
    "w40k9.battle_size.combined_power_level": (
        "Consiglio: le due armate insieme rientrano nel Livello di Potenza della dimensione "
        "della battaglia scelta."
    ),
    "w40k9.battle_size.consider_apocalypse": (
        "Consiglio: armate con oltre 300 di Livello di Potenza complessivo si adattano meglio "
        "ad Apocalypse."
    ),
    "w40k9.battle_size.consider_kill_team": (
        "Consiglio: armate con meno di 15 di Livello di Potenza complessivo si adattano meglio "
        "a Kill Team."
    ),
    "w40k9.battle_size.detachments": (
        "L'armata non ha più Distaccamenti di quanti la sua dimensione della battaglia consenta."
    ),
    "w40k9.battle_size.missing": "La lista sceglie una dimensione della battaglia.",
    "w40k9.battle_size.points": (
        "L'armata non costa più punti di quanti la sua dimensione della battaglia consenta."
    ),
    "w40k9.battle_size.too_many": "La lista sceglie una sola dimensione della battaglia.",
    "w40k9.command_points.overspent": (
        "I Distaccamenti non costano più Punti Comando di quelli con cui la dimensione della "
        "battaglia comincia."
    ),
    "w40k9.detachment.command_cost": (
        "Ogni Distaccamento costa i Punti Comando che il suo tipo indica."
    ),
    "w40k9.detachment.dedicated_transports": (
        "Un Distaccamento non prende più Trasporti Dedicati di quante altre unità abbia."
    ),
    "w40k9.detachment.faction_keyword": (
        "Le unità di un Distaccamento condividono una keyword di Fazione."
    ),
    "w40k9.detachment.no_slot": (
        "Ogni unità occupa uno slot del suo ruolo bellico che il suo Distaccamento ha."
    ),
    "w40k9.detachment.slot_max": (
        "Un Distaccamento non occupa più slot di un ruolo bellico di quanti il suo tipo consenta."
    ),
    "w40k9.detachment.slot_min": (
        "Un Distaccamento occupa almeno gli slot di un ruolo bellico che il suo tipo richiede."
    ),
    "w40k9.detachment.titanic_cost": (
        "Un Distaccamento Super-pesante con un'unità TITANICA costa più Punti Comando."
    ),
    "w40k9.detachment.warlord_refund": (
        "Il Distaccamento principale che contiene il Generale riottiene i suoi Punti Comando."
    ),
    "w40k9.keyword.chosen_twice": "Una keyword segnaposto si sceglie una sola volta per unità.",
    "w40k9.keyword.placeholder": (
        "Un'unità con una keyword segnaposto (come <Capitolo>) sceglie che cosa rappresenta."
    ),
    "w40k9.option.invalid": (
        "Un'opzione della lista prende un valore che questo gioco accetta (il Livello di "
        "Potenza dell'avversario è un numero intero)."
    ),
    "w40k9.rule_of_three": (
        "Nessuna scheda tecnica si prende più di tre volte (Trasporti Dedicati e poche altre "
        "eccettuate)."
    ),
    "w40k9.transport.capacity": "Un TRASPORTO non porta più modelli della sua capienza.",
    "w40k9.unit.size": "Un'unità ha un numero di modelli che la sua scheda tecnica consente.",
    "w40k9.unit.understrength": (
        "Un'unità sotto il minimo della sua scheda tecnica è un'Unità Incompleta: ammessa solo "
        "dove la missione lo dice."
    ),
    "w40k9.wargear.option_once": (
        "Ogni opzione di equipaggiamento di una scheda tecnica si prende una volta per ciascun "
        "modello che indica."
    ),
    "w40k9.warlord.missing": "L'armata ha un Generale.",
    "w40k9.warlord.one_trait": "Il Generale ha al massimo un Tratto del Generale.",
    "w40k9.warlord.too_many": "L'armata ha un solo Generale.",
    "w40k9.warlord.trait_requires_character": "Un Tratto del Generale va solo a un PERSONAGGIO.",
    "cost_limit.exceeded": "L'armata non costa più del suo limite di punti.",
}

# Where each cited line of the Italian rulebook sits: the section heading above it and the
# page it is printed on (where the text carries page numbers), by seed line.
ITALIAN_PLACES: dict[int, tuple[str, str]] = {
    109: ("Armate", ""),
    147: ("Keywords", ""),
    560: ("4. profili", ""),
    622: ("5. composizione ed equipaggiamento", ""),
    794: ("8. opzioni di equipaggiamento", ""),
    1215: ("Trasporti", ""),
    2817: ("1. adunare le armate", ""),
    2828: ("1. adunare le armate", ""),
    2839: ("Dimensione", ""),
    2841: ("Dimensione", ""),
}

DETACHMENTS_IN_ITALIAN = {
    "Patrol": "Pattuglia",
    "Battalion": "Battaglione",
    "Brigade": "Brigata",
    "Vanguard": "Avanguardia",
    "Spearhead": "Punta di Lancia",
    "Outrider": "Avanguardia Mobile",
    "Super-Heavy": "Super-pesante",
    "Super-Heavy Auxiliary": "Ausiliario Super-pesante",
    "Fortification Network": "Rete di Fortificazioni",
}

# The digest's Appendix A is drawn from the data and the missions, not from a chapter of the
# Italian rulebook: its sections have titles of our own in Italian.
ITALIAN_TITLES: dict[str, str] = {
    **{
        f"Appendix A: detachments ({name})": f"Appendice A: distaccamenti ({italian})"
        for name, italian in DETACHMENTS_IN_ITALIAN.items()
    },
    "Appendix A: detachments (Super-Heavy): 3 CP in the digest, 6 CP with a TITANIC unit in "
    "the community data": "Appendice A: distaccamenti (Super-pesante): 3 PC nel riassunto, 6 PC "
    "con un'unità TITANIC nei dati della comunità",
    "Appendix A: CP refund for a core Detachment with the Warlord": (
        "Appendice A: PC restituiti per il distaccamento principale con il Generale"
    ),
    "Appendix A: Dedicated Transports, one per other unit": (
        "Appendice A: Trasporti Dedicati, uno per ogni altra unità"
    ),
    "Appendix A: Rule of Three": "Appendice A: Regola del Tre",
    "Appendix A: battle sizes": "Appendice A: dimensioni della battaglia",
    "Appendix A: battle sizes, detachments (Wargamer)": (
        "Appendice A: dimensioni della battaglia, distaccamenti (Wargamer)"
    ),
    "Appendix A: battle sizes, points limit per army": (
        "Appendice A: dimensioni della battaglia, limite di punti dell'armata"
    ),
    "Appendix A: battle sizes, starting Command Points": (
        "Appendice A: dimensioni della battaglia, Punti Comando iniziali"
    ),
    "Appendix A: every unit in a detachment": (
        "Appendice A: ogni unità appartiene a un distaccamento"
    ),
    "Appendix A: the army shares a faction keyword": (
        "Appendice A: l'armata condivide una parola chiave di fazione"
    ),
    "Appendix A: units in a detachment share a faction keyword": (
        "Appendice A: le unità di un distaccamento condividono una parola chiave di fazione"
    ),
}

GAME = Game(
    "warhammer-40k-9th",
    "Warhammer 40,000, 9th edition",
    (
        rule(
            "w40k9.army.faction_keyword",
            gettext_noop("All detachments of a Battle-forged army share a Faction keyword."),
            hook.ARMY_FACTION_RULE,
        ),
        rule(
            "w40k9.army.only_war_mixed",
            gettext_noop("An Only War army is not mixed with Battle-forged detachments."),
            hook.ONLY_WAR_RULE,
        ),
        rule(
            "w40k9.battle_size.choose_one",
            gettext_noop("The list chooses exactly one battle size."),
            cite("Appendix A: battle sizes", 591),
        ),
        rule(
            "w40k9.battle_size.combined_power_level",
            gettext_noop("Advice: both armies together fit the chosen battle size's Power Level."),
            hook.COMBINED_RULE,
        ),
        rule(
            "w40k9.battle_size.consider_apocalypse",
            gettext_noop("Advice: armies over 300 Power Level together suit Apocalypse better."),
            hook.ADVISORY_RULE,
        ),
        rule(
            "w40k9.battle_size.consider_kill_team",
            gettext_noop("Advice: armies under 15 Power Level together suit Kill Team better."),
            hook.ADVISORY_RULE,
        ),
        rule(
            "w40k9.battle_size.detachments",
            gettext_noop("The army has no more detachments than its battle size allows."),
            hook.DETACHMENTS_RULE,
        ),
        rule(
            "w40k9.battle_size.missing",
            gettext_noop("The list chooses a battle size."),
            hook.BATTLE_SIZE_RULE,
        ),
        rule(
            "w40k9.battle_size.points",
            gettext_noop("The army costs no more points than its battle size allows."),
            hook.POINTS_RULE,
        ),
        rule(
            "w40k9.battle_size.too_many",
            gettext_noop("The list chooses only one battle size."),
            cite("Appendix A: battle sizes", 591),
        ),
        rule(
            "w40k9.command_points.overspent",
            gettext_noop(
                "Detachments cost no more Command Points than the battle size starts with."
            ),
            cite("Appendix A: battle sizes, starting Command Points", 598),
        ),
        rule(
            "w40k9.detachment.command_cost",
            gettext_noop("Each detachment costs the Command Points its type states."),
            *DETACHMENT_TYPES,
        ),
        rule(
            "w40k9.detachment.dedicated_transports",
            gettext_noop(
                "A detachment takes no more Dedicated Transports than it has other units."
            ),
            cite("Appendix A: Dedicated Transports, one per other unit", 618),
        ),
        rule(
            "w40k9.detachment.faction_keyword",
            gettext_noop("The units of a detachment share a Faction keyword."),
            hook.FACTION_RULE,
        ),
        rule(
            "w40k9.detachment.no_slot",
            gettext_noop("Every unit fills a battlefield role slot its detachment has."),
            hook.SLOT_RULE,
        ),
        rule(
            "w40k9.detachment.slot_max",
            gettext_noop("A detachment fills no more slots of a role than its type allows."),
            *DETACHMENT_TYPES,
        ),
        rule(
            "w40k9.detachment.slot_min",
            gettext_noop("A detachment fills at least the slots of a role its type requires."),
            *DETACHMENT_TYPES,
        ),
        rule(
            "w40k9.detachment.titanic_cost",
            gettext_noop(
                "A Super-Heavy detachment holding a TITANIC unit costs more Command Points."
            ),
            cite(
                "Appendix A: detachments (Super-Heavy): 3 CP in the digest, 6 CP with a"
                " TITANIC unit in the community data",
                612,
            ),
        ),
        rule(
            "w40k9.detachment.warlord_refund",
            gettext_noop("The core detachment holding the Warlord gets its Command Points back."),
            cite("Appendix A: CP refund for a core Detachment with the Warlord", 619),
        ),
        rule(
            "w40k9.keyword.chosen_twice",
            gettext_noop("A placeholder keyword is chosen once per unit."),
            cite("2.4 Keywords and factions (K3: placeholder keywords)", 178, 147),
        ),
        rule(
            "w40k9.keyword.placeholder",
            gettext_noop(
                "A unit with a placeholder keyword (such as <Chapter>) chooses what it stands for."
            ),
            cite("2.4 Keywords and factions (K3: placeholder keywords)", 178, 147),
        ),
        rule(
            "w40k9.option.invalid",
            gettext_noop(
                "A list option takes a value this game accepts (the opponent's Power "
                "Level is a whole number)."
            ),
            hook.OPTIONS_RULE,
        ),
        rule(
            "w40k9.rule_of_three",
            gettext_noop(
                "No datasheet is taken more than three times (Dedicated Transports and "
                "some others excepted)."
            ),
            cite("Appendix A: Rule of Three", 633),
        ),
        rule(
            "w40k9.transport.capacity",
            gettext_noop("A transport carries no more models than its capacity."),
            cite("2.7 Transports (T1: capacity can never be exceeded)", 207, 1215),
        ),
        rule(
            "w40k9.unit.size",
            gettext_noop("A unit has a number of models its datasheet allows."),
            cite("2.3 Datasheets, units and composition (D4: unit size)", 164, 560),
        ),
        rule(
            "w40k9.unit.understrength",
            gettext_noop(
                "A unit below its datasheet's minimum is understrength: allowed only "
                "where the mission says so."
            ),
            cite("2.3 Datasheets, units and composition (D6: understrength units)", 166, 622),
        ),
        rule(
            "w40k9.wargear.option_once",
            gettext_noop("Each wargear option of a datasheet is taken once per model it names."),
            cite("2.3 Datasheets, units and composition (D7: each wargear option once)", 167, 794),
        ),
        rule(
            "w40k9.warlord.missing",
            gettext_noop("The army has a Warlord."),
            cite("2.2 Only War: muster armies (OW6: one Warlord)", 138, 2839),
        ),
        rule(
            "w40k9.warlord.one_trait",
            gettext_noop("The Warlord has at most one Warlord Trait."),
            cite("2.2 Only War: muster armies (OW7: Warlord Trait needs CHARACTER)", 139, 2841),
        ),
        rule(
            "w40k9.warlord.too_many",
            gettext_noop("The army has only one Warlord."),
            cite("2.2 Only War: muster armies (OW6: one Warlord)", 138, 2839),
        ),
        rule(
            "w40k9.warlord.trait_requires_character",
            gettext_noop("A Warlord Trait goes only to a CHARACTER."),
            cite("2.2 Only War: muster armies (OW7: Warlord Trait needs CHARACTER)", 139, 2841),
        ),
        rule(
            "cost_limit.exceeded",
            gettext_noop("The army costs no more than its points limit."),
            cite("Appendix A: battle sizes, points limit per army", 589),
        ),
    ),
    summaries={"it": ITALIAN},
    italian_places=ITALIAN_PLACES,
    italian_titles=ITALIAN_TITLES,
)
