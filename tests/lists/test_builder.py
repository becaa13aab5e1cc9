"""The builder page's model on the shipped packs: add panels, categories with their gauges,
the selection editor's controls, and problems linked to what they concern."""

from __future__ import annotations

import pytest

from armybuilder.engine import edit
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.explain import HIDDEN_BY_MODIFIER, MAX_REACHED
from armybuilder.engine.model import selectable
from armybuilder.engine.report import ERROR, INFO
from catalogues.services.validation import report_roster, stored_closure
from lists import builder
from lists.builder import (
    CHECKBOX,
    COUNT_CAP,
    RADIO,
    STEPPER,
    add_panels,
    builder_page,
    selection_editor,
)
from tests.lists.builder_data import evaluated, example_spec, selection_named

pytestmark = pytest.mark.django_db

T9A = "the-9th-age-3rd"
W40K = "warhammer-40k-9th"
WMH = "warmachine-mk2"


def test_a_legal_ninth_age_list_shows_categories_with_percentages_and_no_problem() -> None:
    roster, report = evaluated(T9A, example_spec(T9A, "dwarven-holds-legal-4500"))
    page = builder_page(roster=roster, report=report)
    assert page.legal
    assert page.problems == ()
    (force,) = page.forces
    names = [c.name for c in force.categories]
    assert names[:2] == ["Characters", "Core"]
    characters = force.categories[0]
    (gauge,) = characters.gauges
    assert (gauge.kind, gauge.percent, gauge.limit) == ("max", 40, 1800)
    # each character's points with its options (the King with his shield bearers and weapons)
    assert [(r.view.name, [c.value for c in r.costs]) for r in characters.rows] == [
        ("Engineer", [120]),
        ("King", [330]),
        ("Runic Smith", [135]),
        ("Thane", [140]),
    ]
    assert gauge.value == 725
    assert not characters.broken
    assert [(t.type_id, t.value, t.limit) for t in page.totals] == [("t9a3-pts", 4465, 4500)]


def test_the_add_panel_marks_what_is_at_its_maximum_and_still_offers_it() -> None:
    roster, report = evaluated(T9A, example_spec(T9A, "dwarven-holds-legal-4500"))
    (panel,) = add_panels(roster=roster, report=report)
    entries = {e.name: e for category in panel.categories for e in category.entries}
    assert entries["Clan Warriors"].available
    assert not entries["Clan Warriors"].reasons
    assert entries["Clan Warriors"].costs[0].value > 0
    anvil = entries["Anvil of Power"]
    # past its limit it can still be picked: the list then shows the broken limit
    assert anvil.available
    assert [r.code for r in anvil.reasons] == [MAX_REACHED]


def test_options_get_the_control_their_bounds_imply() -> None:
    roster, report = evaluated(T9A, example_spec(T9A, "dwarven-holds-legal-4500"))
    warriors = selection_editor(
        roster=roster, report=report, selection_id=selection_named(roster, "Clan Warriors")
    )
    options = {o.name: o for g in warriors.groups for o in g.options}
    models = options["Models"]
    assert models.control == STEPPER
    assert (models.minimum, models.maximum) == (15, 35)
    assert models.minimum <= models.count <= models.maximum
    assert options["Musician"].control == CHECKBOX
    artillery = next(s for s in roster.all_selections() if s.node.name == "Field Artillery")
    editor = selection_editor(roster=roster, report=report, selection_id=artillery.id)
    (weapons,) = [g for g in editor.groups if g.group_id]
    assert weapons.choose_one
    assert not weapons.optional
    assert {o.control for o in weapons.options} == {RADIO}
    assert sum(o.checked for o in weapons.options) == 1
    # switching replaces the pick: the group's own maximum is no reason against another one
    assert all(o.can_add for o in weapons.options if not o.checked)


def test_an_optional_choose_one_group_offers_none() -> None:
    roster, report = evaluated(T9A, example_spec(T9A, "dwarven-holds-legal-4500"))
    king = selection_editor(
        roster=roster, report=report, selection_id=selection_named(roster, "King")
    )
    mount = next(g for g in king.groups if g.name == "Mount")
    assert mount.choose_one
    assert mount.optional
    assert mount.maximum == 1


def test_forty_k_slots_are_gauges_and_problems_lead_to_the_detachment() -> None:
    roster, report = evaluated(W40K, example_spec(W40K, "space-marines-patrol-slots"))
    page = builder_page(roster=roster, report=report)
    (force,) = page.forces
    hq = next(c for c in force.categories if c.name == "HQ")
    assert hq.broken
    assert {g.kind for g in hq.gauges} == {"min", "max"}
    slot_problems = [p for p in page.problems if p.problem.owner_type == "category"]
    assert slot_problems
    assert {p.target for p in slot_problems} == {force.dom_id}
    assert all(p.problem.rule for p in slot_problems)


def test_the_add_panel_only_offers_the_forces_own_categories() -> None:
    roster, report = evaluated(W40K, example_spec(W40K, "space-marines-strike-force-battalion"))
    (force,) = builder_page(roster=roster, report=report).forces
    (panel,) = add_panels(roster=roster, report=report)
    offered = {c.category_id for c in panel.categories}
    assert offered <= {c.entry_id for c in force.view.categories} | {""}
    assert "HQ" in {c.name for c in panel.categories}


def test_warjacks_are_options_of_their_warcaster_with_their_costs() -> None:
    roster, report = evaluated(WMH, example_spec(WMH, "cygnar-skirmish-50-legal"))
    caster = selection_named(roster, "Commander Coleman Stryker")
    editor = selection_editor(roster=roster, report=report, selection_id=caster)
    options = {o.name: o for g in editor.groups for o in g.options}
    lancer = options["Lancer"]
    assert lancer.count == 1
    assert lancer.costs[0].name == "'Jack cost"
    # each warjack is a pick of its own (it has options: its bond), edited on its own
    assert lancer.control == STEPPER
    assert lancer.instanced
    assert lancer.maximum == COUNT_CAP
    assert {p.name for p in editor.picks} == {"Charger", "Ironclad", "Lancer"}


def test_a_hidden_option_says_why_in_words() -> None:
    roster, report = evaluated(WMH, example_spec(WMH, "cygnar-skirmish-50-legal"))
    lancer = selection_named(roster, "Lancer")
    editor = selection_editor(roster=roster, report=report, selection_id=lancer)
    options = {o.name: o for g in editor.groups for o in g.options}
    bond = options["Bonded to Lord Commander Stryker"]
    assert not bond.can_add
    assert [r.code for r in bond.reasons] == [HIDDEN_BY_MODIFIER]


def test_a_nested_problem_leads_to_its_unit_row() -> None:
    roster, report = evaluated(T9A, example_spec(T9A, "highborn-elves-magic-item-mistakes"))
    page = builder_page(roster=roster, report=report)
    nested = [
        p
        for p in page.problems
        if p.problem.owner_type == "selection"
        and roster.selection(p.problem.owner_id).parent is not None
    ]
    assert nested
    roots = {f"sel-{s.id}" for s in roster.forces[0].selections}
    assert {p.target for p in nested} <= roots


def test_a_warcasters_row_shows_its_warjack_points_spent_and_in_all() -> None:
    roster, report = evaluated(WMH, example_spec(WMH, "cygnar-skirmish-50-legal"))
    page = builder_page(roster=roster, report=report)
    rows = {r.view.name: r for f in page.forces for c in f.categories for r in c.rows}

    (allowance,) = rows["Commander Coleman Stryker"].allowances
    assert (allowance.used, allowance.available, allowance.unused) == (6, 6, 0)
    assert rows["Stormblade Captain"].allowances == ()


def test_a_legal_lists_notes_do_not_badge_its_rows_as_errors() -> None:
    roster, report = evaluated(
        "fantasy-warriors", example_spec("fantasy-warriors", "dwarfs-legal-2000")
    )
    page = builder_page(roster=roster, report=report)
    tallies = [r.problems for f in page.forces for c in f.categories for r in c.rows]

    assert page.legal
    assert any(t.count for t in tallies)
    assert {t.worst for t in tallies if t.count} == {INFO}


def test_a_row_is_badged_by_its_worst_problem() -> None:
    # the Comando holds a wizard short of magic points (an error) and costs not entered (notes)
    spec = example_spec("fantasy-warriors", "dwarfs-wizard-short-of-magic-points")
    roster, report = evaluated("fantasy-warriors", spec)
    page = builder_page(roster=roster, report=report)
    rows = {r.view.name: r for f in page.forces for c in f.categories for r in c.rows}

    owned = {s.id for s in rows["Comando"].view.walk()}
    assert {p.severity for p in report.problems if p.owner_id in owned} == {ERROR, INFO}
    assert rows["Comando"].problems.worst == ERROR


def test_the_add_panel_offers_an_entry_at_the_cost_of_what_one_pick_brings() -> None:
    roster, report = evaluated(W40K, example_spec(W40K, "space-marines-strike-force-battalion"))
    (panel,) = add_panels(roster=roster, report=report)
    offered = {
        e.name: {c.type_id: c.value for c in e.costs} for c in panel.categories for e in c.entries
    }

    # a squad comes with its minimum models: its own entry costs no points, they do
    force = roster.forces[0]
    squad, _created = edit.select_entry(roster, force, "w40k9-sm-intercessor-squad")
    picked = evaluate(roster).view
    (squad_view,) = [s for s in picked.all_selections() if s.id == squad.id]
    assert offered["Intercessor Squad"]["w40k9-pts"] == squad_view.total_cost("w40k9-pts") > 0
    assert offered["Captain"]["w40k9-pts"] == 85  # a character adds nothing of its own


def test_warmachine_shows_army_points_as_its_only_total_and_warcasters_with_their_points() -> None:
    roster, report = evaluated(WMH, example_spec(WMH, "cygnar-skirmish-50-legal"))
    page = builder_page(roster=roster, report=report)
    (panel,) = add_panels(roster=roster, report=report)
    offered = {e.name: e for c in panel.categories for e in c.entries}

    assert [t.type_id for t in page.totals] == ["wmk2-pts"]
    stryker = offered["Commander Coleman Stryker"]
    assert [(a.code, a.available) for a in stryker.allowances] == [("wmh.warjack_points", 6)]
    assert not {c.type_id for c in stryker.costs} & {"wmk2-wjp", "wmk2-lost", "wmk2-jack"}
    rows = [r for f in page.forces for b in f.categories for r in b.rows]
    assert rows
    assert all(c.type_id == "wmk2-pts" for r in rows for c in r.costs)


def test_a_choice_a_problem_names_is_required_and_the_problem_leads_to_it() -> None:
    spec = example_spec(W40K, "space-marines-patrol-slots")
    for force in spec["forces"]:
        for selection in force["selections"]:
            if selection["entryId"] == "w40k9-sm-chapter-choice":
                selection.pop("selections")  # the Chapter is left unchosen
    roster, report = evaluated(W40K, spec)
    chapter = selection_named(roster, "Chapter")

    (problem,) = [p for p in report.problems if p.code == "w40k9.keyword.placeholder"]
    assert problem.owner_id == chapter
    editor = selection_editor(roster=roster, report=report, selection_id=chapter)
    (group,) = editor.groups
    assert group.flag == "required"
    assert problem.entry_id in group.fixes


def test_a_greyed_out_entry_names_the_rule_its_limit_comes_from() -> None:
    roster, report = evaluated(W40K, example_spec(W40K, "space-marines-rule-of-three"))
    (panel,) = add_panels(roster=roster, report=report)
    greyed = [
        e
        for c in panel.categories
        for e in c.entries
        if any(r.code == MAX_REACHED and r.rule for r in e.reasons)
    ]

    assert greyed
    for entry in greyed:
        (reason,) = [r for r in entry.reasons if r.code == MAX_REACHED]
        assert reason.rule is not None
        assert reason.rule["section"] in entry.why
    assert any("Rule of Three" in e.why for e in greyed)


@pytest.mark.parametrize(
    ("game", "example"),
    [
        (T9A, "dwarven-holds-legal-4500"),
        (W40K, "space-marines-patrol-slots"),
        (WMH, "cygnar-skirmish-50-legal"),
    ],
)
def test_an_add_panel_reusing_its_entries_answers_as_one_worked_out_afresh(
    game: str, example: str
) -> None:
    """Each edit is one pick of the next entry with a maximum (then one more of the last unit
    picked, then its removal); after each, the panel reusing the previous answers equals one
    worked out with none kept, and equals the explained report's."""
    roster, _report = evaluated(game, example_spec(game, example))
    closure = stored_closure(spec=example_spec(game, example))
    force = roster.forces[0]
    panels = []
    changed = False
    for step in range(8):
        if step < 6:
            nodes = [
                node
                for node in selectable(roster.compiled.root_entries(force.catalogue_id))
                if any(c.type == "max" for c in node.constraints)
            ]
            picked, _created = edit.select_entry(roster, force, nodes[step % len(nodes)].path_id)
        elif step == 6:
            edit.set_count(picked, picked.number + 1)
        else:
            edit.deselect(roster, picked)
        report = report_roster(closure=closure, roster=roster, explain=False)
        kept = add_panels(roster=roster, report=report)
        builder._ADD_ANSWERS.clear()
        afresh = add_panels(
            roster=roster, report=report_roster(closure=closure, roster=roster, explain=False)
        )
        explained = add_panels(
            roster=roster, report=report_roster(closure=closure, roster=roster, explain=True)
        )
        assert kept == afresh == explained
        changed = changed or bool(panels and panels[-1] != kept)
        panels.append(kept)
    assert changed  # some edit made an entry's cost, availability or reasons change
