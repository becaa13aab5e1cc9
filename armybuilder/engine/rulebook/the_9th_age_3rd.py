"""The 9th Age: Fantasy Battles, 3rd edition: the rules the validator enforces, by problem code."""

from armybuilder.engine.rulebook import Game, gettext_noop, rule
from armybuilder.engine.systems import the_9th_age_3rd as hook

cite = hook.DIGEST.rule

# Our summaries in Italian, in the rulebooks' own terms (the Italian editions).
ITALIAN = {
    "t9a.army_points.under_minimum": "L'esercito spende almeno i suoi Punti dell'Esercito meno 50.",
    "t9a.bsb.max_one": "Un esercito ha al massimo un Alfiere dello Stendardo da Battaglia.",
    "t9a.characters.max_percent": (
        "Al massimo il 40% dei Punti dell'Esercito va in Personaggi (salvo che il Libro "
        "dell'Esercito dica altro)."
    ),
    "t9a.command.max_one": "Un'unità ha al massimo un Musico e un Alfiere.",
    "t9a.core.min_percent": (
        "Almeno il 25% dei Punti dell'Esercito va in unità Base (salvo che il Libro "
        "dell'Esercito dica altro)."
    ),
    "t9a.dh.clans_thunder.max_percent": (
        "Roccaforti dei Nani: le unità Tuono del Clan restano entro la loro quota dei Punti "
        "dell'Esercito."
    ),
    "t9a.dh.engines_of_war.max_percent": (
        "Roccaforti dei Nani: le Macchine da Guerra restano entro la loro quota dei Punti "
        "dell'Esercito."
    ),
    "t9a.general.max_one": "Un esercito ha al massimo un Generale.",
    "t9a.general.missing": (
        "Con l'opzione della lista che rende obbligatorio il Generale, l'esercito ne ha uno."
    ),
    "t9a.he.magic_items.allowance": (
        "Un Personaggio non spende in Oggetti Magici più di quanto il suo Libro dell'Esercito "
        "consenta."
    ),
    "t9a.he.mount.wizard_master": (
        "Elfi Nobili: alcune cavalcature sono riservate al Mago Maestro, come dice il Libro "
        "dell'Esercito."
    ),
    "t9a.he.queens_bows.max_percent": (
        "Elfi Nobili: le unità Archi della Regina restano entro la loro quota dei Punti "
        "dell'Esercito."
    ),
    "t9a.larger_bases.length": (
        "Una nuova lunghezza della basetta è tra il 100% e il 150% dell'originale, a passi di 5 mm."
    ),
    "t9a.larger_bases.mixed_sizes": (
        "Un'unità che usa Basi più Grandi indica una sola nuova misura per tutti i suoi modelli."
    ),
    "t9a.larger_bases.original_unknown": (
        "La nuova misura della basetta di un'unità si può verificare solo rispetto a una "
        "basetta originale nota."
    ),
    "t9a.larger_bases.size_missing": (
        "Un'unità che usa Basi più Grandi indica nella lista la sua nuova misura di basetta."
    ),
    "t9a.larger_bases.width": (
        "Una nuova larghezza della basetta è tra il 100% e il 125% dell'originale, a passi di 5 mm."
    ),
    "t9a.magic_items.banner_bearer": (
        "Un Incanto di Stendardo va solo a un'unità con un Alfiere, o all'Alfiere dello "
        "Stendardo da Battaglia."
    ),
    "t9a.magic_items.bearer_construct": "Questo oggetto non può essere portato da un Costrutto.",
    "t9a.magic_items.bearer_height": (
        "Questo oggetto è solo per portatori dell'Altezza che la sua regola indica."
    ),
    "t9a.magic_items.bearer_lone": "Questo oggetto non può essere portato da un modello Solitario.",
    "t9a.magic_items.bearer_metal_armour": (
        "Questo oggetto è solo per un modello con Armatura di Metallo."
    ),
    "t9a.magic_items.bearer_not_wizard": "Questo oggetto è solo per un Mago.",
    "t9a.magic_items.bearer_wizard": "Questo oggetto non può essere portato da un Mago.",
    "t9a.magic_items.enchanted_weapon_carried": (
        "Un Incanto d'Arma va su un'arma che il suo portatore ha."
    ),
    "t9a.magic_items.enchanted_weapon_count": (
        "La lista indica l'unica arma che porta un Incanto d'Arma."
    ),
    "t9a.magic_items.enchanted_weapon_type": (
        "Un Incanto d'Arma va solo sui tipi di arma che indica."
    ),
    "t9a.magic_items.once_per_army": (
        "Un Oggetto Magico si prende una sola volta per esercito, salvo che dica altro."
    ),
    "t9a.magic_items.one_per_category": (
        "Un portatore prende al massimo un Oggetto Magico di ogni categoria."
    ),
    "t9a.magic_items.talisman_of_the_void": (
        "Il Talismano del Vuoto richiede che il valore totale di Incanalare dell'esercito sia 2"
        " o meno."
    ),
    "t9a.max_per_army": "Alcuni elementi sono limitati a un numero fisso per esercito.",
    "t9a.mount.max": (
        "Un Personaggio monta al massimo una Cavalcatura, scelta tra le proprie opzioni."
    ),
    "t9a.option.invalid": "Un'opzione della lista prende uno dei valori che questo gioco offre.",
    "t9a.options.max": (
        "Un'unità prende un'opzione non più volte di quante il suo Libro dell'Esercito consenta."
    ),
    "t9a.options.min": "Un'unità fa le scelte che il suo Libro dell'Esercito richiede.",
    "t9a.rarity.combined": (
        "Gli elementi che condividono un limite combinato contano insieme per esso."
    ),
    "t9a.rarity.common": "Comune: uno ogni 1000 Punti dell'Esercito o frazione.",
    "t9a.rarity.extraordinary": "Straordinario: uno ogni 5000 Punti dell'Esercito o frazione.",
    "t9a.rarity.ordinary": "Ordinario: uno ogni 750 Punti dell'Esercito o frazione.",
    "t9a.rarity.rare": "Raro: uno ogni 2500 Punti dell'Esercito o frazione.",
    "t9a.rarity.uncommon": "Non comune: uno ogni 1500 Punti dell'Esercito o frazione.",
    "t9a.spells.universal_replacement": (
        "Un solo Incantatore nella lista fa la Sostituzione Universale dell'incantesimo."
    ),
    "t9a.unit_size.max": (
        "Un'unità non ha più modelli di quanti il suo Libro dell'Esercito consenta."
    ),
    "t9a.unit_size.min": "Un'unità ha almeno i modelli che il suo Libro dell'Esercito richiede.",
    "t9a.wizard.level_count": "Un Mago ha esattamente un livello di Mago.",
    "t9a.wizard.path_count": "Un Mago sceglie esattamente un Sentiero di Magia.",
    "t9a.wizard.spell_count": (
        "Un Mago conosce esattamente tanti incantesimi quanti ne dà il suo livello."
    ),
    "t9a.wizard.spell_distinct": "Gli incantesimi di un Mago sono tutti diversi.",
    "t9a.wizard.spell_pool": (
        "Un Mago sceglie i suoi incantesimi solo tra quelli che il suo livello raggiunge."
    ),
    "cost_limit.exceeded": "L'esercito non costa più dei suoi Punti dell'Esercito.",
    "selection.hidden": (
        "Un oggetto o un'opzione si prende solo da un portatore che la sua regola consente; i "
        "dati lo nascondono a chiunque altro."
    ),
}

# Where each cited line of the Italian rulebook sits: the section heading above it and the
# page it is printed on (where the text carries page numbers), by seed line.
ITALIAN_PLACES: dict[int, tuple[str, str]] = {
    655: ("Preparazione della Battaglia", "10"),
    675: ("Creare un Esercito", "10"),
    683: ("Creare un Esercito", "10"),
    699: ("Creare un Esercito", "10"),
    729: ("Creare un Esercito", "10"),
    731: ("Creare un Esercito", "10"),
    732: ("Creare un Esercito", "10"),
    733: ("Creare un Esercito", "10"),
    735: ("Creare un Esercito", "10"),
    736: ("Creare un Esercito", "10"),
    738: ("Creare un Esercito", "10"),
    740: ("Creare un Esercito", "10"),
    750: ("Creare un Esercito", "10"),
    756: ("Creare un Esercito", "10"),
    760: ("Creare un Esercito", "10"),
    761: ("Creare un Esercito", "10"),
    762: ("Creare un Esercito", "10"),
    879: ("Configurazione della Battaglia", "15"),
    3002: ("Generale", "56"),
    3004: ("Generale", "56"),
    3010: ("Alfiere dello Stendardo da Battaglia", "56"),
    3020: ("Cavalcature dei Personaggi", "56"),
    3636: ("Lista delle Regole del Modello", "64"),
    3736: ("Lista delle Regole del Modello", "64"),
    4144: ("Abilità di Leadership: Basi più Grandi", "78"),
    4146: ("Abilità di Leadership: Basi più Grandi", "78"),
    4172: ("Proprietà degli Oggetti Magici", "79"),
    4174: ("Proprietà degli Oggetti Magici", "79"),
    4203: ("Incanti d'Arma", "80"),
    4216: ("Incanti d'Arma", "80"),
    4220: ("Incanti d'Arma", "80"),
    4224: ("Incanti d'Arma", "80"),
    4230: ("Incanti d'Arma", "80"),
    4242: ("Incanti d'Arma", "80"),
    4243: ("Incanti d'Arma", "80"),
    4275: ("Incanti d'Armatura", "81"),
    4283: ("Incanti d'Armatura", "81"),
    4289: ("Incanti d'Armatura", "81"),
    4320: ("Incanti di Scudo", "82"),
    4340: ("Incanti di Scudo", "82"),
    4342: ("Incanti di Scudo", "82"),
    4354: ("Artefatti", "83"),
    4357: ("Artefatti", "83"),
    4359: ("Artefatti", "83"),
    4368: ("Artefatti", "83"),
    4373: ("Artefatti", "83"),
    4378: ("Artefatti", "83"),
    4421: ("Pozioni e Pergamene", "84"),
    4431: ("Pozioni e Pergamene", "84"),
    4437: ("Pozioni e Pergamene", "84"),
    4443: ("Pozioni e Pergamene", "84"),
    4499: ("Incanti di Stendardo", "85"),
    4503: ("Incanti di Stendardo", "85"),
    4509: ("Incanti di Stendardo", "85"),
    4519: ("Incanti di Stendardo", "85"),
    4527: ("Incanti di Stendardo", "85"),
    4543: ("Incanti di Stendardo", "85"),
}

# The digest's sections the Italian rulebook has no heading for, titled in Italian.
ITALIAN_TITLES: dict[str, str] = {
    "2.11 Magic items: per-character allowances are the Army Book's": (
        "2.11 Oggetti magici: i limiti per personaggio sono quelli del Libro dell'Esercito"
    ),
    "2.9 Unit size (from the Army Book)": "2.9 Dimensione dell'unità (dal Libro dell'Esercito)",
    "3.8 A unit entry's options are the Army Book's (a required choice)": (
        "3.8 Le opzioni di una voce d'unità sono quelle del Libro dell'Esercito "
        "(una scelta obbligatoria)"
    ),
    "5 Edge cases and ambiguities": "5 Casi limite e ambiguità",
}

GAME = Game(
    "the-9th-age-3rd",
    "The 9th Age: Fantasy Battles, 3rd edition",
    (
        rule(
            "t9a.army_points.under_minimum",
            gettext_noop("The army spends at least its Army Points less 50."),
            hook.RULE_ARMY_POINTS,
        ),
        rule(
            "t9a.bsb.max_one",
            gettext_noop("An army has at most one Battle Standard Bearer."),
            cite("2.7 Battle Standard Bearer", 154, 3010),
            italian_section="Alfiere dello Stendardo da Battaglia",
        ),
        rule(
            "t9a.characters.max_percent",
            gettext_noop(
                "At most 40 % of the Army Points go on Characters (unless the Army Book"
                " says otherwise)."
            ),
            cite("2.4 Army categories: Characters", 104, 675),
            italian_section="Categorie dell'Esercito",
        ),
        rule(
            "t9a.command.max_one",
            gettext_noop("A unit has at most one Musician and one Standard Bearer."),
            cite("2.9 Command group", 171, 3636),
            cite("2.9 Command group", 173, 3736),
        ),
        rule(
            "t9a.core.min_percent",
            gettext_noop(
                "At least 25 % of the Army Points go on Core units (unless the Army "
                "Book says otherwise)."
            ),
            cite("2.4 Army categories: Core", 105, 683),
            italian_section="Categorie dell'Esercito",
        ),
        rule(
            "t9a.dh.clans_thunder.max_percent",
            gettext_noop(
                "Dwarven Holds: Clan's Thunder units stay within their share of the Army Points."
            ),
            cite("2.4 Army categories: army-specific", 107, 699),
            italian_section="Categorie dell'Esercito",
        ),
        rule(
            "t9a.dh.engines_of_war.max_percent",
            gettext_noop(
                "Dwarven Holds: Engines of War stay within their share of the Army Points."
            ),
            cite("2.4 Army categories: army-specific", 107, 699),
            italian_section="Categorie dell'Esercito",
        ),
        rule(
            "t9a.general.max_one",
            gettext_noop("An army has at most one General."),
            cite("2.7 General", 152, 3002),
            italian_section="Generale",
        ),
        rule(
            "t9a.general.missing",
            gettext_noop("With the list option that makes a General mandatory, the army has one."),
            hook.RULE_GENERAL,
            italian_section="Generale",
        ),
        rule(
            "t9a.he.magic_items.allowance",
            gettext_noop("A Character spends no more on magic items than its Army Book allows."),
            cite("2.11 Magic items: per-character allowances are the Army Book's", 244),
        ),
        rule(
            "t9a.he.mount.wizard_master",
            gettext_noop(
                "Highborn Elves: some mounts are open only to a Master Wizard, as the "
                "Army Book says."
            ),
            cite(
                "2.8 Character mounts: the mounts a Character may pick are the Army Book's",
                162,
                3020,
            ),
        ),
        rule(
            "t9a.he.queens_bows.max_percent",
            gettext_noop(
                "Highborn Elves: Queen's Bows units stay within their share of the Army Points."
            ),
            cite("2.4 Army categories: army-specific", 107, 699),
            italian_section="Categorie dell'Esercito",
        ),
        rule(
            "t9a.larger_bases.length",
            gettext_noop("A new base length is 100-150 % of the original, in steps of 5 mm."),
            hook.RULE_BASE_SIZES,
            italian_section="Abilità di Leadership: Basi più Grandi",
        ),
        rule(
            "t9a.larger_bases.mixed_sizes",
            gettext_noop("A unit using Larger Bases records one new base size for all its models."),
            hook.RULE_ONE_BASE_SIZE,
            italian_section="Abilità di Leadership: Basi più Grandi",
        ),
        rule(
            "t9a.larger_bases.original_unknown",
            gettext_noop(
                "A unit's new base size can only be checked against a known original base size."
            ),
            hook.RULE_BASE_SIZES,
            italian_section="Abilità di Leadership: Basi più Grandi",
        ),
        rule(
            "t9a.larger_bases.size_missing",
            gettext_noop("A unit using Larger Bases records its new base size on the list."),
            cite("2.13 Larger Bases: the new base size is in the list", 258, 4144),
            italian_section="Abilità di Leadership: Basi più Grandi",
        ),
        rule(
            "t9a.larger_bases.width",
            gettext_noop("A new base width is 100-125 % of the original, in steps of 5 mm."),
            hook.RULE_BASE_SIZES,
            italian_section="Abilità di Leadership: Basi più Grandi",
        ),
        rule(
            "t9a.magic_items.banner_bearer",
            gettext_noop(
                "A Banner Enchantment goes only to a unit with a Standard Bearer, or to"
                " the Battle Standard Bearer."
            ),
            cite("2.11 Magic items: Banner Enchantments", 224, 4499),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_construct",
            gettext_noop("This item cannot be carried by a Construct."),
            cite("2.11 Magic items: restrictions", 326, 4275),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_height",
            gettext_noop("This item is only for bearers of the heights its rule names."),
            cite("2.11 Magic items: restrictions", 325, 4230),
            cite("2.11 Magic items: restrictions", 326, 4275),
            cite("2.11 Magic items: restrictions", 327, 4283),
            cite("2.11 Magic items: restrictions", 328, 4289),
            cite("2.11 Magic items: restrictions", 329, 4320),
            cite("2.11 Magic items: restrictions", 331, 4359),
            cite("2.11 Magic items: restrictions", 332, 4368),
            cite("2.11 Magic items: restrictions", 357, 4342),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_lone",
            gettext_noop("This item cannot be carried by a model with Lone."),
            cite("2.11 Magic items: restrictions", 324, 4224),
            cite("2.11 Magic items: restrictions", 327, 4283),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_metal_armour",
            gettext_noop("This item is only for a model with metal armour."),
            cite("2.11 Magic items: restrictions", 357, 4342),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_not_wizard",
            gettext_noop("This item is only for a Wizard."),
            cite("2.11 Magic items: restrictions", 331, 4359),
            cite("2.11 Magic items: restrictions", 333, 4373),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.bearer_wizard",
            gettext_noop("This item cannot be carried by a Wizard."),
            cite("2.11 Magic items: restrictions", 334, 4378),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.enchanted_weapon_carried",
            gettext_noop("A Weapon Enchantment goes on a weapon its bearer carries."),
            cite("2.11 Magic items: the list names the enchanted weapon", 219, 4203),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.enchanted_weapon_count",
            gettext_noop("The list names the one weapon that carries a Weapon Enchantment."),
            cite("2.11 Magic items: the list names the enchanted weapon", 219, 4203),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.enchanted_weapon_type",
            gettext_noop("A Weapon Enchantment goes only on the weapon types it names."),
            cite("2.11 Magic items: the enchantment's weapon types", 351, 4243),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.once_per_army",
            gettext_noop("A magic item is taken once per army unless it says otherwise."),
            cite("2.11 Magic items: Legendary by default", 213, 4174),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.one_per_category",
            gettext_noop("A bearer takes at most one magic item of each category."),
            cite("2.11 Magic items: one per category per bearer", 211, 4172),
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.magic_items.talisman_of_the_void",
            gettext_noop(
                "The Talisman of the Void needs the army's total Channel to be 2 or less."
            ),
            hook.RULE_TALISMAN,
            italian_section="Oggetti Magici",
        ),
        rule(
            "t9a.max_per_army",
            gettext_noop("Some elements are capped at a fixed number per army."),
            cite("2.6 Max X per army (models)", 144, 729),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.mount.max",
            gettext_noop("A Character rides at most one mount, chosen from its own options."),
            cite("2.8 Character mounts: a Character picks a mount from its options", 162, 3020),
        ),
        rule(
            "t9a.option.invalid",
            gettext_noop("A list option takes one of the values this game offers."),
            hook.RULE_OPTIONS,
        ),
        rule(
            "t9a.options.max",
            gettext_noop("A unit takes an option no more times than its Army Book allows."),
            cite("2.6 Max. X elements per unit (the option's limit is the Army Book's)", 146, 740),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.options.min",
            gettext_noop("A unit makes the choices its Army Book requires."),
            cite("3.8 A unit entry's options are the Army Book's (a required choice)", 444),
        ),
        rule(
            "t9a.rarity.combined",
            gettext_noop("Elements that share a combined cap count together against it."),
            cite("2.6 Rarity: Max X combined per army", 145, 738),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.rarity.common",
            gettext_noop("Common: one per full or begun 1000 Army Points."),
            cite("2.6 Rarity: Common", 136, 732),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.rarity.extraordinary",
            gettext_noop("Extraordinary: one per full or begun 5000 Army Points."),
            cite("2.6 Rarity: Extraordinary", 139, 736),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.rarity.ordinary",
            gettext_noop("Ordinary: one per full or begun 750 Army Points."),
            cite("2.6 Rarity: Ordinary", 135, 731),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.rarity.rare",
            gettext_noop("Rare: one per full or begun 2500 Army Points."),
            cite("2.6 Rarity: Rare", 138, 735),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.rarity.uncommon",
            gettext_noop("Uncommon: one per full or begun 1500 Army Points."),
            cite("2.6 Rarity: Uncommon", 137, 733),
            italian_section="Rarità - Restrizioni per le Unità e gli oggetti",
        ),
        rule(
            "t9a.spells.universal_replacement",
            gettext_noop("Only one caster in the list makes the universal spell replacement."),
            cite("2.10 Wizards: universal replacement, a single caster per list", 192, 879),
        ),
        rule(
            "t9a.unit_size.max",
            gettext_noop("A unit has no more models than its Army Book allows."),
            cite("2.9 Unit size (from the Army Book)", 170),
        ),
        rule(
            "t9a.unit_size.min",
            gettext_noop("A unit has at least the models its Army Book requires."),
            cite("2.9 Unit size (from the Army Book)", 170),
        ),
        rule(
            "t9a.wizard.level_count",
            gettext_noop("A Wizard has exactly one Wizard level."),
            hook.RULE_SPELL_COUNT,
            cite("2.10 Wizards", 180, 750),
            cite("2.10 Wizards", 185, 760),
            cite("2.10 Wizards", 186, 761),
            cite("2.10 Wizards", 187, 762),
        ),
        rule(
            "t9a.wizard.path_count",
            gettext_noop("A Wizard chooses exactly one Path of Magic."),
            hook.RULE_WIZARD_PATH,
            cite("2.10 Wizards: one Path of Magic", 180, 750),
        ),
        rule(
            "t9a.wizard.spell_count",
            gettext_noop("A Wizard knows exactly as many spells as its level gives."),
            hook.RULE_SPELL_COUNT,
        ),
        rule(
            "t9a.wizard.spell_distinct",
            gettext_noop("A Wizard's spells are all different."),
            cite("2.10 Wizards: spells are distinct", 186, 761),
        ),
        rule(
            "t9a.wizard.spell_pool",
            gettext_noop("A Wizard chooses its spells only from those its level reaches."),
            hook.RULE_SPELL_COUNT,
        ),
        rule(
            "cost_limit.exceeded",
            gettext_noop("The army costs no more than its Army Points."),
            cite("2.1 Army Points and army total", 72, 655),
        ),
        rule(
            "selection.hidden",
            gettext_noop(
                "An item or option is taken only by a bearer its own rule allows; the "
                "data hides it from any other."
            ),
            cite("3.2 Shared magic items: Vessillo della Velocita", 367, 4543),
            cite("2.10 Wizards: universal replacement, a single caster per list", 192, 879),
            cite("3.1 Common magic items: Barlume di Grandezza", 322, 4216),
            cite("3.1 Common magic items: Sigillo Elementale", 323, 4220),
            cite("3.1 Common magic items: Regicida", 324, 4224),
            cite("3.1 Common magic items: Ammazzagiganti", 325, 4230),
            cite("3.1 Common magic items: Chiamata del Destino", 326, 4275),
            cite("3.1 Common magic items: Baluardo dell'Unità", 327, 4283),
            cite("3.1 Common magic items: Infusione di Basalto", 328, 4289),
            cite("3.1 Common magic items: Guardia Selvaggia", 329, 4320),
            cite("3.1 Common magic items: Talismano del Vuoto", 330, 4354),
            cite("3.1 Common magic items: Mantello dell'Imitazione", 331, 4359),
            cite("3.1 Common magic items: Talismano di Protezione", 332, 4368),
            cite("3.1 Common magic items: Cimelio Magico", 333, 4373),
            cite("3.1 Common magic items: Corona del Re Mago", 334, 4378),
            cite("3.1 Common magic items: Pergamena di Costrizione", 335, 4421),
            cite("3.1 Common magic items: Decotto del Drago", 336, 4431),
            cite("3.1 Common magic items: Pozione della Preservazione del Potere", 337, 4437),
            cite("3.1 Common magic items: Pozione della Rapidità", 338, 4443),
            cite("3.1 Common magic items: Stendardo dell'Incursore", 339, 4503),
            cite("3.1 Common magic items: Stendardo Fiammeggiante", 340, 4509),
            cite("3.1 Common magic items: Vessillo del Riparo", 341, 4519),
            cite("3.1 Common magic items: Icona d'Etere", 342, 4527),
            cite("2.13 Larger Bases: the new base size is in the list", 258, 4144),
            cite("3.2 Shared magic items: Sigillo della Protezione", 357, 4340),
            cite("3.2 Shared magic items: Cuore dell'Eroe", 351, 4242),
        ),
    ),
    summaries={"it": ITALIAN},
    italian_places=ITALIAN_PLACES,
    italian_titles=ITALIAN_TITLES,
)
