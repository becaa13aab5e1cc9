"""The pages, exports and the API word every engine code in the reader's language: each
template the engine registers has a message in ``armybuilder.messages`` naming the same params,
and a message reads in Italian when Italian is asked for."""

from __future__ import annotations

import importlib
import pkgutil
from string import Formatter

import pytest
from django.utils import translation

import armybuilder.engine
from armybuilder import messages
from armybuilder.engine import caps, outline, refusals, report
from armybuilder.engine.compile import CompileError
from armybuilder.engine.explain import HIDDEN_BY_MODIFIER, MAX_REACHED
from armybuilder.engine.formats import FormatError
from armybuilder.engine.formats.errors import MALFORMED, ZIP_TOO_MANY_ENTRIES
from armybuilder.engine.listspec import ListSpecError
from armybuilder.engine.roster import NOT_UNDER, UNKNOWN_SELECTION, RosterError


def _engine_templates() -> dict[str, str]:
    """Every template the engine registers: its modules register them on import."""
    for module in pkgutil.walk_packages(armybuilder.engine.__path__, "armybuilder.engine."):
        importlib.import_module(module.name)
    return dict(report.TEMPLATES)


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_every_engine_code_has_a_message() -> None:
    engine = _engine_templates()

    assert len(engine) > 90
    assert sorted(set(engine) - set(messages.MESSAGES)) == []
    assert sorted(set(messages.MESSAGES) - set(engine)) == []


def test_each_message_names_the_params_of_its_engine_template() -> None:
    engine = _engine_templates()

    assert {
        key: (_names(engine[key]), _names(str(message)))
        for key, message in messages.MESSAGES.items()
        if _names(engine[key]) != _names(str(message))
    } == {}


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_message_fills_from_its_params_in_both_languages(language: str) -> None:
    engine = _engine_templates()
    with translation.override(language):
        for key in engine:
            code, _, form = key.partition("#")
            params = dict.fromkeys(_names(engine[key]), 1) | ({"form": form} if form else {})
            worded = messages.render(code, params, fallback="")
            assert worded, key
            assert "{" not in worded, key


def test_a_limit_reads_in_the_language_asked_for() -> None:
    params = {"name": "Clan Warriors", "count": 1800, "limit": 1500.0}

    with translation.override("en"):
        english = messages.render(report.CONSTRAINT_MAX, params)
    with translation.override("it"):
        italian = messages.render(report.CONSTRAINT_MAX, params)

    assert "1,800" in english
    assert "1,500" in english
    assert "1.800" in italian
    assert "1.500" in italian
    assert italian != english


def test_why_not_reasons_word_their_structured_params_in_italian() -> None:
    where = {"name": "King", "limit": 1, "count": 1, "scope": "roster", "scope_name": ""}
    condition = {
        "scope": "force",
        "scope_name": "",
        "type": "atLeast",
        "value": 1,
        "field": "selections",
        "name": "Captain",
    }
    hidden = {"name": "Banner", "conditions": [condition]}

    with translation.override("en"):
        assert messages.render(MAX_REACHED, {**where, "form": "one"}) == report.words(
            MAX_REACHED, {**where, "form": "one"}
        )
        assert messages.render(HIDDEN_BY_MODIFIER, hidden) == report.words(
            HIDDEN_BY_MODIFIER, hidden
        )
    with translation.override("it"):
        assert "esercito" in messages.render(MAX_REACHED, {**where, "form": "one"})
        assert "forza" in messages.render(HIDDEN_BY_MODIFIER, hidden)


def test_severities_are_one_set_of_words() -> None:
    with translation.override("it"):
        worded = [messages.severity(s) for s in (report.ERROR, report.WARNING, report.INFO)]

    assert worded == ["errore", "avviso", "nota"]


def test_every_cap_has_a_refusal_message() -> None:
    codes = {
        value
        for module in (caps, outline)
        for value in vars(module).values()
        if isinstance(value, str) and value.startswith("caps.")
    }

    assert len(codes) >= 9
    assert (
        sorted(c for c in codes if not any(k.split("#")[0] == c for k in messages.REFUSALS)) == []
    )


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_cap_refusal_reads_in_the_language_asked_for(language: str) -> None:
    with pytest.raises(caps.CapExceeded) as refused:
        caps.checked_name("x" * (caps.MAX_NAME_LENGTH + 1))

    with translation.override(language):
        worded = messages.refusal(refused.value)

    assert refused.value.params == {"what": "name", "limit": 200, "form": "length"}
    assert "200" in worded
    assert (worded == refused.value.message) == (language == "en")


def test_every_cost_a_player_enters_is_worded() -> None:
    from armybuilder.engine.systems import battleground, fantasy_warriors

    ids = {c.cost_entry_id for c in (*battleground.ENTERED_COSTS, *fantasy_warriors.ENTERED_COSTS)}

    assert ids == set(messages.ENTERED_COSTS_WORDED)


# The readers' refusals checked on the Django side (an import's own limits, old formats).
_DJANGO_REFUSERS = ("catalogues.legacy", "catalogues.services.imports")


def test_every_engine_refusal_has_a_message_naming_its_params() -> None:
    _engine_templates()
    for module in _DJANGO_REFUSERS:
        importlib.import_module(module)

    assert len(refusals.TEMPLATES) >= 12
    assert len([c for c in refusals.TEMPLATES if c.startswith(("format.", "source."))]) >= 50
    assert sorted(set(refusals.TEMPLATES) - set(messages.REFUSALS)) == []
    assert {
        code: (_names(template), _names(str(messages.REFUSALS[code])))
        for code, template in refusals.TEMPLATES.items()
        if _names(template) != _names(str(messages.REFUSALS[code]))
    } == {}


@pytest.mark.parametrize(
    "refused",
    [
        RosterError(NOT_UNDER, {"entry_id": "e-1", "parent": "Clan Warriors"}),
        ListSpecError(UNKNOWN_SELECTION, {"selection_id": "s-1"}),
        CompileError(
            "compile.wrong_game_system",
            {"catalogue_id": "c-1", "catalogue_game_system": "gs-2", "game_system_id": "gs-1"},
        ),
        FormatError(MALFORMED, {"line": 3, "column": 7}),
        FormatError(ZIP_TOO_MANY_ENTRIES, {"count": 40, "limit": 16}),
    ],
    ids=lambda refused: refused.code,
)
def test_an_engine_refusal_reads_in_italian(refused: refusals.Refused) -> None:
    with translation.override("en"):
        english = messages.refusal(refused)
    with translation.override("it"):
        italian = messages.refusal(refused)

    assert english == refused.message
    assert italian != english
    assert all(str(value) in italian for value in refused.params.values())
    assert "{" not in italian


def test_the_warjack_points_allowance_reads_in_italian() -> None:
    from armybuilder.engine.gauges import Allowance
    from armybuilder.engine.systems.warmachine_mk2 import WARJACK_ALLOWANCE

    english = Allowance("caster-1", WARJACK_ALLOWANCE, "Warjack points", 3.0, 6.0)
    with translation.override("it"):
        italian = messages.allowance(english)

    assert italian.name.lower() == "punti warjack"
    assert (italian.code, italian.used, italian.available) == (WARJACK_ALLOWANCE, 3.0, 6.0)
