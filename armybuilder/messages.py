"""Every engine code worded in the reader's language, from its code and params alone.

The engine (no Django) words its problems and why-not reasons in English (``report.words``);
the pages, exports and the API word the same code and params here, through the translation
catalogue, so a stored or cached report reads in whatever language it is shown in. One
message per engine template key (``code`` or ``code#form``); numbers are written the reader's
way (1.800 / 1,800); the phrases the engine makes from structured params (where a limit counts,
the conditions hiding an entry) are made here from the same params.
``tests/test_messages.py`` fails when an engine template has no message here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Protocol

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from armybuilder.engine import rulebook
from armybuilder.engine.gauges import Allowance
from armybuilder.engine.report import ERROR, INFO, WARNING
from armybuilder.engine.systems.battleground import PRINTED_COST
from armybuilder.engine.systems.common import COST_NOT_ENTERED
from armybuilder.engine.systems.fantasy_warriors import LIST_COST, LIST_COST_PER_FIGURE
from armybuilder.engine.systems.warmachine_mk2 import WARJACK_ALLOWANCE

_OPTION_INVALID = gettext_lazy(
    "List option {option}=“{value}” is not one this game offers; the default reading is used."
)
_COST_NOT_ENTERED = gettext_lazy(
    "{name}: enter {what}; until then the points total leaves that cost out."
)
_FORCE_SHARE = gettext_lazy("{force} costs {spent}, over its share of {share}.")
_BASE_SIZE = gettext_lazy(
    "{name}: a new base {side} of {new} mm is not allowed; it must be {original}-{largest} mm "
    "(100-{max_percent} % of the original {original} mm) and a multiple of {step} mm."
)

MESSAGES: dict[str, Promise] = {
    "constraint.max": gettext_lazy("{name} has {count}, more than the maximum of {limit}."),
    "constraint.min": gettext_lazy("{name} has {count}, fewer than the minimum of {limit}."),
    "cost_limit.exceeded": gettext_lazy(
        "The roster costs {total} {cost_type}, over the limit of {limit}."
    ),
    "roster.no_forces": gettext_lazy("The list has no force: add one to build an army."),
    "selection.hidden": gettext_lazy("{name} is hidden and cannot be selected."),
    "selection.hidden#group": gettext_lazy(
        "{name} is in {group}, which is hidden: it cannot be selected."
    ),
    "selection.misplaced": gettext_lazy(
        "{name} is offered only in {where}: it is kept where the list has it."
    ),
    "selection.misplaced#force": gettext_lazy(
        "{name} is offered only in a force: it is kept where the list has it."
    ),
    "selection.unknown_entry": gettext_lazy(
        "{path} ({entry_id}) is no longer in the data and was left out."
    ),
    "selection.unknown_entry#cost": gettext_lazy(
        "{path} ({entry_id}) is no longer in the data and was left out; its recorded cost "
        "({costs}) stays in the totals."
    ),
    "selection.unknown_entry#under": gettext_lazy(
        "{path} ({entry_id}) was under {under}, which is no longer in the data and was left out."
    ),
    "selection.unknown_entry#under_cost": gettext_lazy(
        "{path} ({entry_id}) was under {under}, which is no longer in the data and was left "
        "out; its recorded cost ({costs}) stays in the totals."
    ),
    "association.target": gettext_lazy("{name}: a partner is not allowed."),
    "association.min": gettext_lazy("{name} needs at least {min}."),
    "association.max": gettext_lazy("{name} allows at most {max}."),
    "data.error": gettext_lazy("{text}"),
    "data.warning": gettext_lazy("{text}"),
    "data.info": gettext_lazy("{text}"),
    "explain.hidden": gettext_lazy("{name} is not available in this list."),
    "explain.hidden_by_modifier": gettext_lazy("{name} is hidden because {because}."),
    "explain.max_reached": gettext_lazy(
        "{name} is limited to {limit} {where}, and there are already {count}."
    ),
    "explain.max_reached#one": gettext_lazy(
        "{name} is limited to {limit} {where}, and there is already 1."
    ),
    "explain.max_reached#none": gettext_lazy("{name} cannot be taken {where}."),
    # Battleground
    "bg.option.invalid": _OPTION_INVALID,
    "bg.cost.not_entered": _COST_NOT_ENTERED,
    "bg.small_game": gettext_lazy(
        "A {limit}-point army gets no command actions and needs no core units."
    ),
    "bg.single_race": gettext_lazy("{race} cannot join an army of another race."),
    "bg.command_cards.reading": gettext_lazy(
        "{name} belongs to the other reading of the 150-point rule: this list reads it as "
        "“{reading}” (list option pregame_cards_reading)."
    ),
    "bg.command.actions": gettext_lazy(
        "A {limit}-point army gets {actions} command actions per turn."
    ),
    "bg.command.turn_two": gettext_lazy(
        "The active player of a {limit}-point army gets {actions} command actions in turn 2."
    ),
    "bg.command.decks": gettext_lazy(
        "In a War game, a {limit}-point army may use {decks} whole command decks (one per 3000 "
        "points or fraction)."
    ),
    "bg.core.min": gettext_lazy(
        "A {limit}-point army needs {required} core units; it has {count}."
    ),
    "bg.core.min#one": gettext_lazy("A {limit}-point army needs 1 core unit; it has {count}."),
    "bg.elite.max": gettext_lazy(
        "A {limit}-point army may hold {allowed} elite units at most; it has {count}."
    ),
    "bg.elite.max#one": gettext_lazy(
        "A {limit}-point army may hold 1 elite unit at most; it has {count}."
    ),
    "bg.elite.max#per_type": gettext_lazy(
        "A {limit}-point army may hold {allowed} {name} at most."
    ),
    # Fantasy Warriors
    "fw.option.invalid": _OPTION_INVALID,
    "fw.cost.not_entered": _COST_NOT_ENTERED,
    "fw.multiplayer.army_points": _FORCE_SHARE,
    "fw.multiplayer.side_limit": gettext_lazy(
        "{armies} armies against {opposing} at {agreed} points each: the side's limit is "
        "{total}, not {limit}."
    ),
    "fw.multiplayer.side_limit#no_limit": gettext_lazy(
        "{armies} armies against {opposing} at {agreed} points each: the side's limit is "
        "{total}, none is set."
    ),
    "fw.multiplayer.side_limit#one": gettext_lazy(
        "1 army against {opposing} at {agreed} points each: the side's limit is {total}, not "
        "{limit}."
    ),
    "fw.multiplayer.side_limit#one_no_limit": gettext_lazy(
        "1 army against {opposing} at {agreed} points each: the side's limit is {total}, none "
        "is set."
    ),
    "fw.multiplayer.top_up": gettext_lazy(
        "{armies} armies against {opposing} at {per_army} points each: the side's {total} "
        "points include {top_up} extra."
    ),
    "fw.multiplayer.top_up#one": gettext_lazy(
        "1 army against {opposing} at {per_army} points each: the side's {total} points "
        "include {top_up} extra."
    ),
    "fw.heroes.too_many": gettext_lazy(
        "{points} points allow {allowed} heroes at most; the army has {heroes}."
    ),
    "fw.heroes.too_many#one": gettext_lazy(
        "{points} points allow 1 hero at most; the army has {heroes}."
    ),
    "fw.heroes.too_many#beyond": gettext_lazy(
        "The side's heroes need {beyond} points beyond its armies' agreed {per_army} each; the "
        "top-up shared between them is {top_up}."
    ),
    "fw.unit.drummer.too_many": gettext_lazy("{name} may hold one drummer at most."),
    "fw.unit.specials.too_many": gettext_lazy(
        "{name} may hold no more special characters than figures."
    ),
    # The 9th Age
    "t9a.option.invalid": _OPTION_INVALID,
    "t9a.army_points.under_minimum": gettext_lazy(
        "The army costs {total} points: at most {allowed} under its Army Points of {limit}, so "
        "at least {minimum}."
    ),
    "t9a.wizard.level_count": gettext_lazy("{name} must choose a Wizard level."),
    "t9a.wizard.path_count": gettext_lazy("{name} must choose a Path of Magic."),
    "t9a.wizard.spell_count": gettext_lazy(
        "{name} is a {level}: it knows exactly {known} spells, not {chosen}."
    ),
    "t9a.wizard.spell_count#one": gettext_lazy(
        "{name} is a {level}: it knows exactly 1 spell, not {chosen}."
    ),
    "t9a.wizard.spell_pool": gettext_lazy(
        "{name} is a {level}: it chooses from spells 1 to {highest}, not {spell}."
    ),
    "t9a.magic_items.talisman_of_the_void": gettext_lazy(
        "The army's Channel totals {channel}: the Talisman of the Void needs {maximum} or less."
    ),
    "t9a.general.missing": gettext_lazy(
        "This list is played with a mandatory General, and has none."
    ),
    "t9a.larger_bases.mixed_sizes": gettext_lazy(
        "{name} records base sizes {listed}: all its models share one size."
    ),
    "t9a.larger_bases.original_unknown": gettext_lazy(
        "No source gives the base size of {name} as taken, so its new base size cannot be checked."
    ),
    "t9a.larger_bases.width": _BASE_SIZE,
    "t9a.larger_bases.length": _BASE_SIZE,
    # Warhammer 40,000
    "w40k9.option.invalid": _OPTION_INVALID,
    "w40k9.battle_size.missing": gettext_lazy("Choose a battle size."),
    "w40k9.army.only_war_mixed": gettext_lazy(
        "An Only War army cannot also hold Battle-forged detachments."
    ),
    "w40k9.battle_size.points": gettext_lazy(
        "The army costs {total} points; a {size} allows {limit}."
    ),
    "w40k9.battle_size.detachments": gettext_lazy(
        "The army has {count} detachments; a {size} allows {limit}."
    ),
    "w40k9.battle_size.consider_apocalypse": gettext_lazy(
        "The armies total {combined} Power Level: consider Apocalypse."
    ),
    "w40k9.battle_size.combined_power_level": gettext_lazy(
        "The armies total {combined} Power Level, more than a {size} ({limit})."
    ),
    "w40k9.battle_size.consider_kill_team": gettext_lazy(
        "The armies total {combined} Power Level: consider Kill Team."
    ),
    "w40k9.detachment.no_slot": gettext_lazy("{force} has no slot for {name}."),
    "w40k9.detachment.faction_keyword": gettext_lazy(
        "The units of {force} share no faction keyword."
    ),
    "w40k9.army.faction_keyword": gettext_lazy(
        "The detachments of the army share no faction keyword."
    ),
    # Warmachine
    "wmh.option.invalid": _OPTION_INVALID,
    "wmh.team.army_points": _FORCE_SHARE,
    "wmh.encounter_level.points": gettext_lazy(
        "{level}: {limit} Army pts is not a standard size for this encounter level."
    ),
    "wmh.encounter_level.points#no_limit": gettext_lazy(
        "{level}: no limit is not a standard size for this encounter level."
    ),
    "wmh.warcasters.max": gettext_lazy(
        "A Grand Battle army fields at most {allowed} warcasters; this one has {count}."
    ),
    "wmh.warcasters.max#one": gettext_lazy(
        "A Grand Battle army fields at most 1 warcaster; this one has {count}."
    ),
    "wmh.warjack_points.unused": gettext_lazy(
        "{name} leaves {lost} warjack points unspent; they are lost."
    ),
    "wmh.warjack_points.unused#one": gettext_lazy(
        "{name} leaves 1 warjack point unspent; they are lost."
    ),
    "wmh.warjack.controller": gettext_lazy(
        "{name} has no controller: a warjack starts in a warcaster's battlegroup or under a "
        "jack marshal."
    ),
    "wmh.mercenary.contract_unexpected": gettext_lazy(
        "{name} is a Mercenary contract, and this army has a faction warcaster."
    ),
    "wmh.mercenary.contract_required": gettext_lazy(
        "This army's only warcasters are Mercenaries: it is a contract army and must choose a "
        "Mercenary contract."
    ),
    "wmh.mercenary.only_mercenaries": gettext_lazy(
        "{name} is not a Mercenary, and this army's only warcasters are Mercenaries."
    ),
    "wmh.mercenary.contract_member": gettext_lazy(
        "{name} does not work for the {contract} contract."
    ),
    "wmh.team.contract": gettext_lazy(
        "An all-Mercenary team uses one contract; its armies use {listed}."
    ),
    "wmh.theme_force.model": gettext_lazy("{theme} does not include {name}."),
    "wmh.theme_force.level_warcasters": gettext_lazy(
        "{theme}: {level} allows two or more warcasters, and theme forces are not for games of "
        "two or more warcasters per army."
    ),
    "wmh.theme_force.tier": gettext_lazy("{theme}: tier {tier} achieved."),
    "wmh.theme_force.tier_not_granted": gettext_lazy(
        "{name}: the requirements of tiers {listed} are met but not those of tier {next_tier}, "
        "so their benefits are not granted."
    ),
    "wmh.theme_force.tier_not_granted#one": gettext_lazy(
        "{name}: the requirements of tier {listed} are met but not those of tier {next_tier}, "
        "so their benefits are not granted."
    ),
    "wmh.scenario.mangled_metal": gettext_lazy(
        "Mangled Metal allows exactly one warcaster; this army has {count}."
    ),
    "wmh.scenario.mangled_metal#model": gettext_lazy(
        "{name}: Mangled Metal allows only a warcaster and its warjacks."
    ),
}

# The caps' refusals (``engine.caps``), by code and form: a request past a cap is refused in the
# language of the request that is refused.
REFUSALS: dict[str, Promise] = {
    "caps.size": gettext_lazy("A list may have at most {limit} selections and forces."),
    "caps.forces": gettext_lazy("A list may have at most {limit} forces."),
    "caps.depth": gettext_lazy("Forces and selections nest at most {limit} deep."),
    "caps.number": gettext_lazy(
        "A selection's number is a count from {lowest} to {limit}, not {value}."
    ),
    "caps.cost_limit": gettext_lazy("A cost limit is a number from 0 to {limit}, not {value}."),
    "caps.cost": gettext_lazy("A selection's cost is a number within {limit}, not {value}."),
    "caps.cost#range": gettext_lazy("This list's costs are beyond every number the engine holds."),
    "caps.work_budget": gettext_lazy(
        "Checking this list takes more than the {steps} steps one request may."
    ),
    "caps.text#type": gettext_lazy("A {what} is text, and this is not."),
    "caps.text#length": gettext_lazy("A {what} has at most {limit} characters."),
    "caps.text#character": gettext_lazy("A {what} cannot hold the character {character}."),
    "caps.outline": gettext_lazy("The catalogue has more entries than one outline may hold."),
    # an edit, a list spec or a closure the engine refuses (``engine.refusals``)
    "roster.unknown_force": gettext_lazy("No force “{force_id}” in this list."),
    "roster.unknown_selection": gettext_lazy("No selection “{selection_id}” in this list."),
    "roster.unknown_force_entry": gettext_lazy("Unknown force entry “{entry_id}”."),
    "roster.unknown_catalogue": gettext_lazy("Unknown catalogue “{catalogue_id}”."),
    "roster.not_a_child_force": gettext_lazy(
        "Force entry “{entry_id}” cannot be a child of “{parent_id}”."
    ),
    "roster.count": gettext_lazy("A selection needs a count of at least 1."),
    "roster.copy_nested": gettext_lazy(
        "Only a top-level selection can be copied into another force."
    ),
    "roster.entry_not_in_force": gettext_lazy(
        "Entry “{entry_id}” cannot be selected in this force."
    ),
    "roster.entry_not_under": gettext_lazy("Entry “{entry_id}” cannot be selected under {parent}."),
    "roster.no_association": gettext_lazy("{name} declares no association “{association_id}”."),
    "roster.association_partner": gettext_lazy(
        "A selection is associated with another selection of this list."
    ),
    "compile.wrong_game_system": gettext_lazy(
        "Catalogue {catalogue_id} belongs to game system {catalogue_game_system}, not "
        "{game_system_id}."
    ),
    # a file the readers refuse (``engine.formats``), and what an import checks beyond them
    "format.too_large": gettext_lazy("The file is {size} bytes, over the limit of {limit}."),
    "format.too_large_unzipped": gettext_lazy("{name} unzips to more than {limit} bytes."),
    "format.too_large_upload": gettext_lazy(
        "The upload holds {size} bytes once unzipped, over the limit of {limit}."
    ),
    "format.too_deep": gettext_lazy("The document nests deeper than {limit} levels."),
    "format.dtd": gettext_lazy("The document has a DTD (DOCTYPE), which is not allowed."),
    "format.malformed": gettext_lazy(
        "The file is not well-formed XML (line {line}, column {column})."
    ),
    "format.empty": gettext_lazy("The file holds no XML element."),
    "format.wrong_root": gettext_lazy("The document is a {found}, not one of these: {expected}."),
    "format.wrong_root_shape": gettext_lazy(
        "A document is an object with exactly one key, one of these: {expected}."
    ),
    "format.wrong_namespace": gettext_lazy(
        "<{tag}> is in namespace “{namespace}”, not BattleScribe's."
    ),
    "format.unsupported": gettext_lazy(
        "“{name}” is not one of the file types read here ({expected})."
    ),
    "format.duplicate_element": gettext_lazy(
        "<{parent}> has more than one <{tag}> (or a clashing attribute)."
    ),
    "format.text_only": gettext_lazy("<{parent}> holds text only, but contains <{tag}>."),
    "format.mixed_content": gettext_lazy("<{tag}> mixes text with elements."),
    "format.not_an_object": gettext_lazy("{path} must be an object."),
    "format.missing_field": gettext_lazy("The {kind} needs a non-empty {key}."),
    "format.bad_key": gettext_lazy("{path}: keys must be non-empty strings."),
    "format.not_boolean": gettext_lazy("{path}: {key} must be true or false."),
    "format.not_finite": gettext_lazy("{path}: {key} is not a finite number."),
    "format.bad_value": gettext_lazy("{path}: {key} has an unsupported value."),
    "format.bad_text": gettext_lazy("{path}: {key} holds a control character."),
    "format.no_tag": gettext_lazy('An item of {key} has no "$tag".'),
    "format.invalid_text": gettext_lazy("A string holds a character XML cannot carry."),
    "format.invalid_name": gettext_lazy("“{name}” cannot be an XML name."),
    "format.invalid_number": gettext_lazy("{value} is not a finite number."),
    "format.invalid_value": gettext_lazy("A {type} cannot be an attribute."),
    "format.json": gettext_lazy("The file is not valid JSON (line {line}, column {column})."),
    "format.json_encoding": gettext_lazy("The file is not JSON text in UTF-8."),
    "format.json_constant": gettext_lazy("{name} is not a JSON number."),
    "format.json_too_deep": gettext_lazy("The JSON nests too deeply."),
    "format.zip": gettext_lazy("The file is not a readable zip archive."),
    "format.zip_encrypted": gettext_lazy("{name} is encrypted."),
    "format.zip_ratio": gettext_lazy("{name} expands more than {limit} times."),
    "format.zip_member": gettext_lazy("{name} cannot be unzipped."),
    "format.zip_too_many_entries": gettext_lazy("The archive has {count} entries, over {limit}."),
    "format.zip_not_one_document": gettext_lazy(
        "The archive must hold exactly one XML document, not {count}."
    ),
    "format.zip_outside": gettext_lazy("{name} points outside the archive."),
    "format.zip_no_document": gettext_lazy("The archive holds no game system or catalogue."),
    "format.long_id": gettext_lazy("The id “{id}…” is over {limit} characters."),
    "format.long_name": gettext_lazy("The {kind}'s name is over {limit} characters."),
    "format.bad_revision": gettext_lazy("Revision “{value}” is not a whole number below 2^31."),
    "format.legacy_kind": gettext_lazy("A {kind} in format {version} cannot be converted."),
    "format.legacy_version": gettext_lazy("Unknown BattleScribe data version “{version}”."),
    "format.legacy_failed": gettext_lazy("Converting to format {version} failed."),
    "format.legacy_json": gettext_lazy("Format {version} is read only as XML."),
    # a data index a data source names (``engine.formats.data_index``)
    "source.bad_index_type": gettext_lazy(
        "The index gives dataType “{value}”: neither gamesystem nor catalogue."
    ),
    "source.bad_index_revision": gettext_lazy(
        "The index gives dataRevision “{value}”: not a whole number below 2^31."
    ),
    "source.bad_index_id": gettext_lazy(
        "An entry of the index has no dataId, or one over {limit} characters."
    ),
    "source.bad_index_long_value": gettext_lazy(
        "An attribute of “{id}” is over {limit} characters."
    ),
    "source.bad_index_deep": gettext_lazy("The index nests elements more than {limit} deep."),
    "source.bad_index_root": gettext_lazy(
        "The index's root element is <{tag}>, not BattleScribe's <dataIndex>."
    ),
    "source.bad_index_malformed": gettext_lazy(
        "The index is not well-formed XML (line {line}, column {column})."
    ),
    "source.bad_index_empty": gettext_lazy("The index lists no files."),
    "source.unsafe_path": gettext_lazy("“{path}” is not a file beside the index."),
    "source.too_many_files": gettext_lazy("The source lists more than {limit} files."),
}
# what a refused text is, in the refusal's sentence
_TEXTS: dict[str, Promise] = {
    "name": pgettext_lazy("a refused text", "name"),
    "notes": pgettext_lazy("a refused text", "notes"),
}

# what the player enters for a cost no source gives, by the upgrade they count up (``cost``)
ENTERED_COSTS_WORDED: dict[str, Promise] = {
    PRINTED_COST: gettext_lazy("the points printed on its card"),
    LIST_COST: gettext_lazy("its base cost from the army list"),
    LIST_COST_PER_FIGURE: gettext_lazy("its points per figure from the army list"),
}

# the points a selection spends on what it holds (``engine.gauges.Allowance``), by code
ALLOWANCES: dict[str, Promise] = {
    WARJACK_ALLOWANCE: pgettext_lazy("an allowance", "Warjack points"),
}

SEVERITIES: dict[str, Promise] = {
    ERROR: pgettext_lazy("problem severity", "error"),
    WARNING: pgettext_lazy("problem severity", "warning"),
    INFO: pgettext_lazy("problem severity", "note"),
}

_COMPARISONS: dict[str, Promise] = {
    "atLeast": pgettext_lazy("condition", "at least"),
    "atMost": pgettext_lazy("condition", "at most"),
    "greaterThan": pgettext_lazy("condition", "more than"),
    "lessThan": pgettext_lazy("condition", "fewer than"),
    "equalTo": pgettext_lazy("condition", "exactly"),
    "notEqualTo": pgettext_lazy("condition", "other than"),
}


class Worded(Protocol):
    """A problem or a why-not reason: what ``word`` reads."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...

    @property
    def message(self) -> str: ...


def word(item: Worded) -> str:
    """A problem's or reason's message in the active language."""
    return render(item.code, item.params, fallback=item.message)


class Refused(Protocol):
    """An engine refusal with a code and params (``engine.caps.CapExceeded``,
    ``engine.refusals.Refused``)."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> dict[str, Any]: ...

    @property
    def message(self) -> str: ...


def refusal(error: Refused) -> str:
    """An engine refusal's words in the active language (the engine's English for a code this
    catalogue does not word)."""
    return refused(error.code, error.params, fallback=error.message)


def refused(code: str, params: Mapping[str, Any], *, fallback: str) -> str:
    """A refusal stored as its code and params (a file an import job could not read), in the
    active language; ``fallback`` for a code this catalogue does not word."""
    form = params.get("form")
    message = REFUSALS.get(f"{code}#{form}" if form else code)
    if message is None:
        return fallback
    values = {key: localized(value) for key, value in params.items()}
    if "what" in params:
        values["what"] = str(_TEXTS.get(str(params["what"]), params["what"]))
    try:
        return str(message).format_map(values)
    except (KeyError, IndexError, ValueError):
        return fallback


def rule_section(rule: Mapping[str, Any] | None) -> str:
    """The section a problem's rule reference cites, titled as in the reader's rulebook: the
    Italian rulebook's heading for an Italian reader where the registry knows it, else the
    digest section's Italian title, else the English digest's."""
    if not rule:
        return ""
    if (get_language() or "").split("-")[0] == "it":
        italian = rulebook.italian_title_of(rule)
        if italian:
            return italian
    return str(rule.get("section") or "")


def allowance(value: Allowance) -> Allowance:
    """An allowance named in the active language (its English name for a code not worded)."""
    name = ALLOWANCES.get(value.code)
    return value if name is None else replace(value, name=str(name))


def severity(value: str) -> str:
    return str(SEVERITIES.get(value, value))


def render(code: str, params: Mapping[str, Any], *, fallback: str = "") -> str:
    """The message of an engine code and its params in the active language; ``fallback``
    (the engine's English) for a code this catalogue does not know (the test forbids one)."""
    if "text" in params:  # the data's own words
        return str(params["text"])
    own = str(params.get("kind") or code)
    form = params.get("form")
    message = MESSAGES.get(f"{own}#{form}" if form else own)
    if message is None:
        return fallback
    values = {key: localized(value) for key, value in params.items()}
    values.update(_phrases(code, params))
    try:
        return str(message).format_map(values)
    except (KeyError, IndexError, ValueError):
        # a translation naming a param the code lacks must not break the page
        return fallback or str(message)


def localized(value: Any) -> str:
    """A param as the reader writes it: numbers with the language's separators (200, not
    200.0), lists joined."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int | float):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return number_format(value, use_l10n=True, force_grouping=True)
    if isinstance(value, list):
        return ", ".join(localized(item) for item in value if not isinstance(item, dict))
    return str(value)


def _phrases(code: str, params: Mapping[str, Any]) -> dict[str, str]:
    if code == "explain.max_reached":
        return {"where": _where(params)}
    if code == "explain.hidden_by_modifier":
        conditions = [_condition(c) for c in params.get("conditions") or []]
        return {"because": pgettext("joining conditions", " and ").join(conditions)}
    if code.endswith(COST_NOT_ENTERED):
        cost = str(params.get("cost", ""))
        return {"what": str(ENTERED_COSTS_WORDED.get(cost, cost))}
    return {}


def _where(params: Mapping[str, Any]) -> str:
    scope, name = params.get("scope"), str(params.get("scope_name") or "")
    if scope == "parent":
        return pgettext("where a limit counts", "in this {name}").format(name=name)
    if scope == "entry":
        if name:
            return pgettext("where a limit counts", "in each {name}").format(name=name)
        return pgettext("where a limit counts", "here")
    if scope == "roster":
        return pgettext("where a limit counts", "in the army")
    if scope == "self":
        return pgettext("where a limit counts", "in one selection")
    return pgettext("where a limit counts", "in this force")


def _condition(condition: Mapping[str, Any]) -> str:
    what = str(condition.get("name") or pgettext("condition", "anything"))
    scope = str(condition.get("scope", "self"))
    whose = {
        "parent": pgettext("condition scope", "the parent"),
        "self": pgettext("condition scope", "the selection"),
        "force": pgettext("condition scope", "the force"),
        "roster": pgettext("condition scope", "the army"),
    }.get(scope) or pgettext("condition scope", "the {name}").format(
        name=condition.get("scope_name") or scope
    )
    kind = str(condition.get("type", ""))
    if kind == "instanceOf":
        return pgettext("condition", "{whose} is a {what}").format(whose=whose, what=what)
    if kind == "notInstanceOf":
        return pgettext("condition", "{whose} is not a {what}").format(whose=whose, what=what)
    comparison = str(_COMPARISONS.get(kind, kind))
    amount = localized(condition.get("value", 0))
    if condition.get("field", "selections") == "selections":
        return pgettext("condition", "{whose} has {comparison} {amount} of {what}").format(
            whose=whose, comparison=comparison, amount=amount, what=what
        )
    return pgettext("condition", "{whose} has {comparison} {amount} {unit} of {what}").format(
        whose=whose, comparison=comparison, amount=amount, unit=condition["field"], what=what
    )
