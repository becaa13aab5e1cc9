"""Warmachine Mk II theme forces (WM-R47, T16) and epic warjack bonds (WM-R43, T19): the hook's
tier logic on hand-built views, and the Cygnar pack's Charge of the Storm Brigade and Warjack
Bond end to end."""

from __future__ import annotations

import json
from typing import Any

import pytest

from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.systems import warmachine_mk2
from armybuilder.engine.systems.warmachine_mk2 import (
    THEME_FORCE,
    WARCASTER,
    WARJACK,
    achieved_tier,
    theme_force_outsiders,
    tiers_met,
)
from armybuilder.engine.view import ForceView, RuleView, SelectionView
from tests.engine.packs import VECTORS, compiled_pack, one_force_spec, spec_outcome
from tests.engine.systems import views

PACK = "warmachine-mk2"
CYGNAR = "wmk2-cygnar"
SKIRMISH = "wmk2-force-skirmish"
ARMY_POINTS = "wmk2-pts"
THEME = "wmk2-cyg-theme-charge-of-the-storm-brigade"
ALLOWED = "wmk2-cyg-theme-storm-brigade"


def _cyg(name: str) -> str:
    return f"wmk2-cyg-{name}"


# ------------------------------------------------------------------ the hook, hand-built views


@pytest.mark.parametrize(
    ("met", "tier"),
    [
        (set(), 0),
        ({1}, 1),
        ({2}, 0),  # T16: tier 2's requirements without tier 1's grant nothing
        ({1, 3, 4}, 1),
        ({1, 2, 3, 4}, 4),
    ],
)
def test_a_tier_is_achieved_only_with_every_tier_before_it(met: set[int], tier: int) -> None:
    assert achieved_tier(met) == tier


def _theme(*tiers: int) -> SelectionView:
    theme = views.selection("theme", categories=[THEME_FORCE, "allowed"], kind="upgrade")
    theme.rules = [RuleView(f"theme-tier-{n}", f"Tier {n}", "", False) for n in tiers]
    theme.rules.append(RuleView("theme-models", "Models", "", False))
    return theme


def _army(theme: SelectionView, *more: SelectionView, level: str = SKIRMISH) -> ForceView:
    jack = views.selection("jack", categories=[WARJACK, "allowed"], kind="model")
    caster = views.selection("caster", jack, categories=[WARCASTER, "allowed"], kind="model")
    return views.force([caster, *more, theme], level, CYGNAR)


def test_the_models_a_theme_force_does_not_include_are_found() -> None:
    theme = _theme(1)
    attachment = views.selection("attachment", kind="upgrade")  # WM-R37: goes with its unit
    allowed_unit = views.selection("unit", attachment, categories=["allowed"])
    outsider_jack = views.selection("thorn", categories=[WARJACK], kind="model")
    outsider = views.selection("trenchers", categories=["other"])
    force = _army(theme, allowed_unit, outsider)
    force.selections[0].children.append(outsider_jack)

    found = theme_force_outsiders(force, theme)

    assert [s.id for s in found] == ["s-trenchers", "s-thorn"]


def test_a_warjack_under_an_attachment_is_one_of_the_armys_models() -> None:  # WM-R19
    jack = views.selection("charger", categories=[WARJACK], kind="model")
    officer = views.selection("officer", jack, kind="upgrade")
    gun_mages = views.selection("gun-mages", officer, categories=["allowed"])
    theme = _theme(1)

    found = theme_force_outsiders(_army(theme, gun_mages), theme)

    assert [s.id for s in found] == ["s-charger"]


@pytest.mark.parametrize(
    ("shown", "models_allowed", "met"),
    [
        ((1, 2), True, {1, 2}),
        ((1, 2), False, {2}),
        ((1, 3), True, {1, 3}),
    ],
)
def test_the_tiers_met_are_the_tier_rules_the_data_shows(
    shown: tuple[int, ...], models_allowed: bool, met: set[int]
) -> None:
    assert tiers_met(_theme(*shown), models_allowed=models_allowed) == met


@pytest.mark.parametrize(
    ("shown", "outsiders", "codes"),
    [
        ((1, 2), [], ["wmh.theme_force.tier"]),
        ((1, 3), [], ["wmh.theme_force.tier", "wmh.theme_force.tier_not_granted"]),
        (
            (1, 2),
            ["trenchers"],
            ["wmh.theme_force.model", "wmh.theme_force.tier", "wmh.theme_force.tier_not_granted"],
        ),
    ],
)
def test_the_hook_reports_outsiders_the_tier_and_tiers_not_granted(
    shown: tuple[int, ...], outsiders: list[str], codes: list[str]
) -> None:
    more = [views.selection(name, categories=["other"]) for name in outsiders]
    force = _army(_theme(*shown), *more)
    roster = views.roster("wmk2-gs", [force], limits={ARMY_POINTS: 25})
    problems = warmachine_mk2.check(roster)
    assert sorted(p.code for p in problems) == codes
    assert {p.severity for p in problems if p.code == "wmh.theme_force.tier"} == {"info"}


@pytest.mark.parametrize(
    ("level", "options", "warned"),
    [
        (SKIRMISH, {}, False),
        ("wmk2-force-grand-battle", {}, False),  # E1: the level table's one warcaster
        ("wmk2-force-grand-battle", {"grand_battle_warcasters": "2"}, True),
        ("wmk2-force-epic-clash", {}, True),
        ("wmk2-force-war", {}, True),
        ("wmk2-force-apocalypse", {}, True),
        ("wmk2-force-epic-clash", {"theme_force_level_warning": "no"}, False),
    ],
)
def test_a_theme_force_at_a_level_of_two_or_more_warcasters_is_a_warning(  # E15
    level: str, options: dict[str, str], warned: bool
) -> None:
    force = _army(_theme(1), level=level)
    roster = views.roster("wmk2-gs", [force], limits={ARMY_POINTS: 200}, options=options)
    problems = warmachine_mk2.check(roster)
    found = [
        (p.severity, p.owner_id) for p in problems if p.code == "wmh.theme_force.level_warcasters"
    ]
    assert found == ([("warning", "s-theme")] if warned else [])


# ------------------------------------------------------------------------- the pack, T16


def _tier(spec: dict[str, Any]) -> int:
    """The tier the pack's theme force achieves in the roster a list spec builds."""
    view = evaluate(build_roster(compiled_pack(PACK), spec)).view
    (force,) = view.forces
    (theme,) = [s for s in force.selections if s.has_category(THEME_FORCE)]
    return achieved_tier(tiers_met(theme, models_allowed=not theme_force_outsiders(force, theme)))


@pytest.mark.parametrize(
    ("vector", "tier"),
    [
        ("t16-charge-of-the-storm-brigade-tier-2", 2),
        ("t16-charge-of-the-storm-brigade-tier-4", 4),
        ("t16-tier-2-without-tier-1", 0),  # T16: tier 2's benefits are not granted
        ("t16-theme-force-wrong-warcaster", 0),
    ],
)
def test_the_vectors_achieve_their_tier(vector: str, tier: int) -> None:
    spec = json.loads((VECTORS / PACK / f"{vector}.json").read_text(encoding="utf-8"))
    assert _tier(spec) == tier


def _stryker(*jacks: dict[str, Any]) -> dict[str, Any]:
    return {"entryId": _cyg("lord-commander-stryker"), "number": 1, "selections": list(jacks)}


def _jack(name: str, bonded_to: str = "") -> dict[str, Any]:
    jack: dict[str, Any] = {"entryId": _cyg(name), "number": 1}
    if bonded_to:
        jack["selections"] = [{"entryId": _cyg(f"bond-{bonded_to}"), "number": 1}]
    return jack


def _root(name: str, *children: str) -> dict[str, Any]:
    return {
        "entryId": _cyg(name),
        "number": 1,
        "selections": [{"entryId": _cyg(c), "number": 1} for c in children],
    }


def _spec(*selections: dict[str, Any]) -> dict[str, Any]:
    return one_force_spec(SKIRMISH, CYGNAR, list(selections), {ARMY_POINTS: 35})


def test_laddermore_without_two_stormblade_units_stops_at_tier_1() -> None:
    spec = _spec(
        _stryker(_jack("lancer", "lord-commander-stryker")),
        _root("stormblade-infantry"),
        _root("major-katherine-laddermore"),
        _root("theme-charge-of-the-storm-brigade"),
    )
    assert spec_outcome(PACK, spec)["codes"] == ["wmh.theme_force.tier_not_granted"]
    assert _tier(spec) == 1


def test_a_theme_force_takes_any_attachment_of_a_unit_it_includes() -> None:  # WM-R37
    spec = _spec(
        _stryker(_jack("lancer", "lord-commander-stryker")),
        _root("stormblade-infantry", "stormblade-officer-standard", "storm-gunners"),
        _root("theme-charge-of-the-storm-brigade"),
    )
    assert spec_outcome(PACK, spec)["codes"] == []


def test_every_model_the_cygnar_pack_offers_is_in_or_out_of_the_theme_force() -> None:
    """The allowed models are the rule text's list (community rule 2f8d-3171-5d60-0ce2)."""
    compiled = compiled_pack(PACK)
    allowed = {
        node.name
        for node in compiled.root_entries(CYGNAR)
        if any(c.id == ALLOWED for c in node.categories)
    }
    assert allowed == {
        "Lord Commander Stryker",
        "Field Mechaniks",
        "Stormblade Infantry",
        "Stormblade Captain",
        "Major Katherine Laddermore",
        "Charge of the Storm Brigade (theme force)",
    }


# ------------------------------------------------------------------------- the pack, T19


@pytest.mark.parametrize(
    ("caster", "jacks", "codes"),
    [
        ("major-victoria-haley", [_jack("lancer", "major-victoria-haley")], []),
        (
            "major-victoria-haley",
            [_jack("thorn", "major-victoria-haley")],  # no affinity for Haley in the source
            ["wmh.bond.character"],
        ),
        ("major-victoria-haley", [_jack("lancer")], ["wmh.bond.undeclared"]),
        # only a character warjack without an affinity: nothing can be bonded, nothing to warn
        ("major-victoria-haley", [_jack("thorn")], []),
        (
            "lord-commander-stryker",
            [_jack("charger", "lord-commander-stryker"), _jack("lancer", "lord-commander-stryker")],
            ["wmh.bond.max"],  # one warjack only
        ),
    ],
)
def test_an_epic_warcaster_bonds_one_warjack_of_its_own_battlegroup(
    caster: str, jacks: list[dict[str, Any]], codes: list[str]
) -> None:
    spec = _spec({"entryId": _cyg(caster), "number": 1, "selections": jacks})
    assert spec_outcome(PACK, spec)["codes"] == codes


def test_a_bond_is_offered_only_while_its_warcaster_is_in_the_army() -> None:
    spec = _spec(_root("captain-victoria-haley"))
    spec["forces"][0]["selections"][0]["selections"] = [_jack("lancer", "lord-commander-stryker")]
    codes = spec_outcome(PACK, spec)["codes"]
    assert codes == ["selection.hidden", "wmh.bond.battlegroup"]
