"""Engine semantics on small hand-written catalogues (no database, no conformance runner)."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine import edit, report
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.explain import HIDDEN_BY_MODIFIER, MAX_REACHED, explain
from armybuilder.engine.roster import Roster, RosterError
from armybuilder.engine.view import SelectionView
from tests.engine.builders import make_roster


def names(roster: Roster) -> list[str]:
    return [s.name for s in evaluate(roster).view.forces[0].selections]


def codes(roster: Roster) -> list[tuple[str, str]]:
    return [(p.code, p.constraint_id) for p in evaluate(roster).problems]


def rename_when(condition: dict[str, Any], entry_id: str = "watch") -> dict[str, Any]:
    modifier = {"type": "set", "field": "name", "value": "On", "conditions": [condition]}
    return {"id": entry_id, "name": "Off", "type": "unit", "modifiers": [modifier]}


def test_force_scope_counts_only_the_own_force_and_roster_scope_counts_all() -> None:
    trigger = {"id": "trigger", "name": "Trigger", "type": "unit"}
    by_force = rename_when({"type": "atLeast", "value": 1, "scope": "force", "childId": "trigger"})
    by_roster = rename_when(
        {"type": "atLeast", "value": 1, "scope": "roster", "childId": "trigger"}, "watch-roster"
    )
    roster, first = make_roster([trigger, by_force, by_roster])
    second, _ = edit.add_force(roster, "fe", "cat")
    edit.select_entry(roster, first, "watch")
    edit.select_entry(roster, first, "watch-roster")
    edit.select_entry(roster, second, "trigger")
    assert sorted(names(roster)) == ["Off", "On"]


def test_shared_constraint_counts_every_link_to_the_same_entry() -> None:
    shared_unit = {
        "id": "unit",
        "name": "Squad",
        "type": "unit",
        "constraints": [
            {"id": "max2", "type": "max", "value": 2, "scope": "roster", "shared": True}
        ],
    }
    game_system = {"id": "gs", "forceEntries": [{"id": "fe", "name": "Army"}]}
    catalogue = {
        "id": "cat",
        "sharedSelectionEntries": [shared_unit],
        "entryLinks": [
            {"id": "a", "targetId": "unit", "type": "selectionEntry"},
            {"id": "b", "targetId": "unit", "type": "selectionEntry"},
        ],
    }
    roster = Roster(compile_documents(game_system, [catalogue]))
    force, _ = edit.add_force(roster, "fe", "cat")
    for link in ("a", "b", "b"):
        edit.select_entry(roster, force, link)
    problems = evaluate(roster).problems
    assert [(p.code, p.owner_type, p.entry_id) for p in problems] == [
        (report.CONSTRAINT_MAX, "selection", "unit")
    ]
    assert {s.entry_id for s in evaluate(roster).view.forces[0].selections} == {
        "a::unit",
        "b::unit",
    }


def test_set_modifiers_apply_before_the_others() -> None:
    entry = {
        "id": "e",
        "name": "Base",
        "type": "unit",
        "modifiers": [
            {"type": "append", "field": "name", "value": "Two"},
            {"type": "set", "field": "name", "value": "One"},
        ],
    }
    roster, force = make_roster([entry])
    edit.select_entry(roster, force, "e")
    assert names(roster) == ["One Two"]


def test_repeats_add_up_and_round_up_when_asked() -> None:
    model = {"id": "m", "name": "Model", "type": "model"}
    entry = {
        "id": "e",
        "name": "Squad",
        "type": "unit",
        "costs": [{"typeId": "pts", "value": 10}],
        "modifiers": [
            {
                "type": "increment",
                "field": "pts",
                "value": "1",
                "repeats": [
                    {"value": 2, "repeats": 1, "scope": "force", "childId": "m"},
                    {"value": 2, "repeats": 1, "scope": "force", "childId": "m", "roundUp": True},
                ],
            }
        ],
    }
    roster, force = make_roster([model, entry])
    edit.select_entry(roster, force, "e")
    for _ in range(3):
        edit.select_entry(roster, force, "m")
    # 3 models: floor(3/2) + ceil(3/2) = 1 + 2 repeats
    assert evaluate(roster).view.total_cost("pts") == 13


def test_limit_field_bounds_a_category_by_a_percentage_of_the_cost_limit() -> None:
    hero = {
        "id": "hero",
        "name": "Hero",
        "type": "unit",
        "costs": [{"typeId": "pts", "value": 300}],
        "categoryLinks": [{"id": "l", "targetId": "chars", "primary": True}],
    }
    characters_max = {
        "id": "chars-40",
        "type": "max",
        "value": 40,
        "field": "limit::pts",
        "scope": "roster",
        "percentValue": True,
        "includeChildSelections": True,
        "code": "t9a.characters.max_percent",
    }
    roster, force = make_roster(
        [hero],
        categoryEntries=[{"id": "chars", "name": "Characters"}],
        forceEntries=[
            {
                "id": "fe",
                "name": "Army",
                "categoryLinks": [
                    {"id": "fl", "targetId": "chars", "constraints": [characters_max]}
                ],
            }
        ],
    )
    roster.set_cost_limit("pts", 1000)
    edit.select_entry(roster, force, "hero")
    assert codes(roster) == []
    edit.select_entry(roster, force, "hero")
    # 600 of 1000 points on characters: over 40%, under the cost limit
    assert codes(roster) == [("t9a.characters.max_percent", "chars-40")]


def test_collective_child_scales_with_its_parent_and_counts_per_model() -> None:
    weapon = {
        "id": "w",
        "name": "Weapon",
        "type": "upgrade",
        "collective": True,
        "costs": [{"typeId": "pts", "value": 5}],
        "constraints": [{"id": "w-max", "type": "max", "value": 1, "scope": "parent"}],
    }
    trooper = {"id": "t", "name": "Trooper", "type": "model", "selectionEntries": [weapon]}
    squad = {"id": "s", "name": "Squad", "type": "unit", "selectionEntries": [trooper]}
    roster, force = make_roster([squad])
    squad_sel, _ = edit.select_entry(roster, force, "s")
    trooper_sel, _ = edit.select_entry(roster, force, "t", squad_sel)
    edit.select_entry(roster, force, "w", trooper_sel)
    edit.set_count(trooper_sel, 4)
    view = evaluate(roster).view
    weapon_view = view.forces[0].selections[0].children[0].children[0]
    assert (weapon_view.number, weapon_view.cost("pts")) == (4, 20)
    assert codes(roster) == []  # one weapon per model is within the maximum of 1


def test_hidden_selection_is_an_error_and_explained() -> None:
    boss = {"id": "boss", "name": "Boss", "type": "unit"}
    hide_with_boss = {
        "type": "set",
        "field": "hidden",
        "value": "true",
        "conditions": [{"type": "atLeast", "value": 1, "scope": "force", "childId": "boss"}],
    }
    rival = {"id": "rival", "name": "Rival", "type": "unit", "modifiers": [hide_with_boss]}
    roster, force = make_roster([boss, rival])
    edit.select_entry(roster, force, "rival")
    assert codes(roster) == []
    edit.select_entry(roster, force, "boss")
    assert codes(roster) == [(report.SELECTION_HIDDEN, "hidden")]
    reasons = explain(roster, force, "rival")
    assert [r.code for r in reasons] == [HIDDEN_BY_MODIFIER]
    assert "Boss" in reasons[0].message


def test_explain_names_a_reached_maximum() -> None:
    unit = {
        "id": "u",
        "name": "Unique",
        "type": "unit",
        "constraints": [{"id": "one", "type": "max", "value": 1, "scope": "roster"}],
    }
    roster, force = make_roster([unit])
    assert explain(roster, force, "u") == []
    edit.select_entry(roster, force, "u")
    assert [(r.code, r.constraint_id) for r in explain(roster, force, "u")] == [
        (MAX_REACHED, "one")
    ]


def test_explain_reads_a_negative_maximum_as_none_as_the_checks_do() -> None:
    # BSData lifts a maximum by setting it to -1 with a modifier
    unit = {
        "id": "u",
        "name": "Lifted",
        "type": "unit",
        "constraints": [{"id": "one", "type": "max", "value": 1, "scope": "roster"}],
        "modifiers": [{"type": "set", "field": "one", "value": -1}],
    }
    roster, force = make_roster([unit])
    edit.select_entry(roster, force, "u")

    assert explain(roster, force, "u") == []
    edit.select_entry(roster, force, "u")
    assert not [p for p in evaluate(roster).problems if p.constraint_id == "one"]


def test_auto_select_fills_minimums_and_group_defaults() -> None:
    group = {
        "id": "g",
        "name": "Weapons",
        "defaultSelectionEntryId": "sword",
        "constraints": [{"id": "g-min", "type": "min", "value": 1, "scope": "parent"}],
        "selectionEntries": [
            {"id": "sword", "name": "Sword", "type": "upgrade"},
            {"id": "axe", "name": "Axe", "type": "upgrade"},
        ],
    }
    model = {
        "id": "m",
        "name": "Model",
        "type": "model",
        "constraints": [{"id": "m-min", "type": "min", "value": 3, "scope": "parent"}],
    }
    leader = {
        "id": "leader",
        "name": "Leader",
        "type": "unit",
        "constraints": [{"id": "l-min", "type": "min", "value": 1, "scope": "parent"}],
        "selectionEntries": [model],
        "selectionEntryGroups": [group],
    }
    roster, _ = make_roster([leader])
    top = evaluate(roster).view.forces[0].selections
    assert [s.name for s in top] == ["Leader"]
    children: list[SelectionView] = top[0].children
    assert [(c.name, c.number, c.entry_group_id) for c in children] == [
        ("Model", 3, None),
        ("Sword", 1, "g"),
    ]
    assert codes(roster) == []


def test_bad_edits_raise_and_change_nothing() -> None:
    roster, force = make_roster([{"id": "u", "name": "Unit", "type": "unit"}])
    with pytest.raises(RosterError):
        edit.select_entry(roster, force, "nope")
    with pytest.raises(RosterError):
        edit.add_force(roster, "fe", "no-such-catalogue")
    assert (len(roster.forces), force.selections) == (1, [])


def test_duplicate_force_copies_selections_with_new_ids() -> None:
    roster, force = make_roster([{"id": "u", "name": "Unit", "type": "unit"}])
    selection, _ = edit.select_entry(roster, force, "u")
    copy = roster.duplicate_force(force)
    assert [s.node.id for s in copy.selections] == ["u"]
    assert copy.id != force.id
    assert copy.selections[0].id != selection.id


def test_modifier_groups_and_or_condition_groups() -> None:
    a = {"id": "a", "name": "A", "type": "unit"}
    b = {"id": "b", "name": "B", "type": "unit"}
    either = {
        "type": "or",
        "conditions": [
            {"type": "atLeast", "value": 1, "scope": "force", "childId": "a"},
            {"type": "atLeast", "value": 1, "scope": "force", "childId": "b"},
        ],
    }
    watch = {
        "id": "watch",
        "name": "Off",
        "type": "unit",
        "modifierGroups": [
            {
                "conditionGroups": [either],
                "modifiers": [{"type": "set", "field": "name", "value": "On"}],
            }
        ],
    }
    roster, force = make_roster([a, b, watch])
    edit.select_entry(roster, force, "watch")
    assert names(roster) == ["Off"]
    edit.select_entry(roster, force, "b")
    assert names(roster) == ["B", "On"]


@pytest.mark.parametrize(
    ("mod_type", "value", "expected"),
    [
        ("multiply", "3", 30.0),
        ("divide", "4", 2.5),
        ("modulo", "4", 2.0),
        ("increment", "0.5", 10.5),
        ("decrement", "20", -10.0),
    ],
)
def test_numeric_modifiers_on_costs(mod_type: str, value: str, expected: float) -> None:
    entry = {
        "id": "e",
        "name": "E",
        "type": "unit",
        "costs": [{"typeId": "pts", "value": 10}],
        "modifiers": [{"type": mod_type, "field": "pts", "value": value}],
    }
    roster, force = make_roster([entry])
    edit.select_entry(roster, force, "e")
    assert evaluate(roster).view.total_cost("pts") == expected


def test_error_pseudo_field_modifier_raises_a_data_problem_with_its_code() -> None:
    entry = {
        "id": "e",
        "name": "E",
        "type": "unit",
        "modifiers": [
            {
                "type": "add",
                "field": "error",
                "value": "Needs a leader.",
                "code": "demo.leader.missing",
                "conditions": [
                    {"type": "lessThan", "value": 1, "scope": "force", "childId": "boss"}
                ],
            },
            {"type": "add", "field": "warning", "value": "Unusual."},
        ],
    }
    roster, force = make_roster([entry, {"id": "boss", "name": "Boss", "type": "unit"}])
    edit.select_entry(roster, force, "e")
    problems = evaluate(roster).problems
    assert [(p.code, p.severity) for p in problems] == [
        ("demo.leader.missing", report.ERROR),
        (report.DATA_WARNING, report.WARNING),
    ]
    edit.select_entry(roster, force, "boss")
    assert [p.code for p in evaluate(roster).problems] == [report.DATA_WARNING]


def test_category_modifiers_change_categories_and_the_primary_one() -> None:
    entry = {
        "id": "e",
        "name": "E",
        "type": "unit",
        "categoryLinks": [{"id": "l", "targetId": "troops", "primary": True}],
        "modifiers": [
            {"type": "add", "field": "category", "value": "fast"},
            {"type": "set-primary", "field": "category", "value": "fast"},
        ],
    }
    roster, force = make_roster(
        [entry],
        categoryEntries=[{"id": "troops", "name": "Troops"}, {"id": "fast", "name": "Fast"}],
    )
    edit.select_entry(roster, force, "e")
    [selection] = evaluate(roster).view.forces[0].selections
    assert [(c.entry_id, c.primary) for c in selection.categories] == [
        ("fast", True),
        ("troops", False),
    ]


def test_percent_condition_compares_a_share_of_the_scope() -> None:
    trigger = {"id": "t", "name": "Trigger", "type": "unit"}
    watch = rename_when(
        {"type": "atLeast", "value": 50, "scope": "force", "childId": "t", "percentValue": True}
    )
    roster, force = make_roster([trigger, watch])
    edit.select_entry(roster, force, "watch")
    assert names(roster) == ["Off"]
    edit.select_entry(roster, force, "t")  # 1 of 2 selections: 50 %
    assert names(roster) == ["On", "Trigger"]


def test_hooks_are_looked_up_by_game_system_id() -> None:
    from armybuilder.engine.systems import HOOKS, hook_for

    assert hook_for("no-such-game") is None
    for game_system_id in HOOKS:
        assert callable(hook_for(game_system_id))


def test_characteristic_modifiers_change_the_first_number_of_the_text() -> None:
    profile = {
        "id": "p",
        "name": "Stats",
        "typeId": "pt",
        "typeName": "Unit",
        "characteristics": [
            {"name": "BS", "typeId": "bs", "$text": "3+"},
            {"name": "Range", "typeId": "rng", "$text": "Melee"},
        ],
        "modifiers": [
            {"type": "increment", "field": "bs", "value": "1"},
            {"type": "increment", "field": "rng", "value": "1"},
        ],
    }
    roster, force = make_roster([{"id": "e", "name": "E", "type": "unit", "profiles": [profile]}])
    edit.select_entry(roster, force, "e")
    [selection] = evaluate(roster).view.forces[0].selections
    assert [(c.name, c.value) for c in selection.profiles[0].characteristics] == [
        ("BS", "4+"),
        ("Range", "Melee"),
    ]


def test_modifier_kinds_apply_set_then_arithmetic_then_text_then_rounding() -> None:
    entry = {
        "id": "e",
        "name": "Base",
        "type": "unit",
        "costs": [{"typeId": "pts", "value": 10}],
        "modifiers": [
            {"type": "floor", "field": "pts", "value": "0"},
            {"type": "append", "field": "name", "value": "B"},
            {"type": "divide", "field": "pts", "value": "4"},
            {"type": "set", "field": "name", "value": "A"},
        ],
    }
    roster, force = make_roster([entry])
    edit.select_entry(roster, force, "e")
    view = evaluate(roster).view
    assert (view.forces[0].selections[0].name, view.total_cost("pts")) == ("A B", 2.0)


def test_instance_of_on_a_force_holds_for_its_force_entry_and_catalogue() -> None:
    """A force is an instance of its force entry and catalogue, seen through any scope that
    names it (``force``, ``ancestor``, ``primary-catalogue``); never of a type name, and the
    roster is an instance of nothing (New Recruit)."""

    def watch(entry_id: str, ctype: str, scope: str, child_id: str) -> dict[str, Any]:
        return rename_when({"type": ctype, "scope": scope, "childId": child_id}, entry_id)

    ancestor = watch("by-ancestor", "instanceOf", "ancestor", "fe")
    host = {"id": "host", "name": "Host", "type": "unit", "selectionEntries": [ancestor]}
    entries = [
        watch("army", "instanceOf", "force", "fe"),
        watch("patrol", "instanceOf", "force", "fe-patrol"),
        watch("not-patrol", "notInstanceOf", "force", "fe-patrol"),
        watch("catalogue", "instanceOf", "primary-catalogue", "cat"),
        watch("type-name", "instanceOf", "force", "unit"),
        watch("roster", "instanceOf", "roster", "fe"),
        host,
    ]
    patrol = {"id": "fe-patrol", "name": "Patrol"}
    roster, force = make_roster(entries, forceEntries=[{"id": "fe", "name": "Army"}, patrol])
    for entry in entries:
        edit.select_entry(roster, force, entry["id"])
    edit.select_entry(roster, force, "by-ancestor", force.selections[-1])
    view = evaluate(roster).view
    assert {s.entry_id: s.name for s in view.all_selections()} == {
        "army": "On",
        "patrol": "Off",
        "not-patrol": "On",
        "catalogue": "On",
        "type-name": "Off",
        "roster": "Off",
        "host": "Host",
        "by-ancestor": "On",
    }


def test_associations_are_counted_against_their_min_and_max() -> None:
    leader = {
        "id": "leader",
        "name": "Leader",
        "type": "unit",
        "associations": [
            {
                "id": "leads",
                "name": "Leads",
                "min": 1,
                "max": 1,
                "scope": "force",
                "childId": "squad",
            }
        ],
    }
    squad = {"id": "squad", "name": "Squad", "type": "unit"}
    roster, force = make_roster([leader, squad])
    boss, _ = edit.select_entry(roster, force, "leader")
    first, _ = edit.select_entry(roster, force, "squad")
    second, _ = edit.select_entry(roster, force, "squad")
    assert codes(roster) == [(report.ASSOCIATION_MIN, "leads")]
    edit.associate(roster, boss, "leads", first)
    assert codes(roster) == []
    edit.associate(roster, boss, "leads", second)
    assert codes(roster) == [(report.ASSOCIATION_MAX, "leads")]
    (too_many,) = evaluate(roster).problems
    assert (too_many.params["max"], too_many.params["count"]) == (1, 2)
    roster.remove_selection(second)
    assert codes(roster) == []
    edit.dissociate(boss, "leads", first.id)
    assert codes(roster) == [(report.ASSOCIATION_MIN, "leads")]
    with pytest.raises(RosterError):
        edit.associate(roster, boss, "no-such-association", first)
    assert boss.associations == []


def test_a_modifier_with_a_scope_changes_the_selection_at_that_scope() -> None:
    shield = {
        "id": "shield",
        "name": "Shield",
        "type": "upgrade",
        "modifiers": [
            {"type": "increment", "field": "sv", "value": "1", "scope": "model"},
            {"type": "append", "field": "name", "value": "with Shield", "scope": "unit"},
        ],
    }
    stats = {
        "id": "stats",
        "name": "Trooper",
        "typeId": "pt",
        "typeName": "Model",
        "characteristics": [{"name": "Sv", "typeId": "sv", "$text": "4"}],
    }
    model = {
        "id": "m",
        "name": "Trooper",
        "type": "model",
        "profiles": [stats],
        "selectionEntries": [shield],
    }
    roster, force = make_roster(
        [{"id": "u", "name": "Squad", "type": "unit", "selectionEntries": [model]}]
    )
    unit, _ = edit.select_entry(roster, force, "u")
    trooper, _ = edit.select_entry(roster, force, "m", unit)
    edit.select_entry(roster, force, "shield", trooper)
    [squad] = evaluate(roster).view.forces[0].selections
    [model_view] = squad.children
    assert squad.name == "Squad with Shield"
    assert model_view.name == "Trooper"
    assert model_view.profiles[0].characteristic("Sv") == "5"


def test_primary_category_scope_counts_the_selections_filed_with_mine() -> None:
    def unit(entry_id: str, category: str) -> dict[str, Any]:
        return {
            "id": entry_id,
            "name": entry_id.title(),
            "type": "unit",
            "categoryLinks": [{"id": f"l-{entry_id}", "targetId": category, "primary": True}],
        }

    watch = {
        **unit("watch", "hq"),
        "name": "Off",
        "modifiers": [
            {
                "type": "set",
                "field": "name",
                "value": "On",
                "conditions": [
                    {"type": "atLeast", "value": 2, "scope": "primary-category", "childId": "any"}
                ],
            }
        ],
    }
    roster, force = make_roster(
        [watch, unit("captain", "hq"), unit("squad", "troops")],
        categoryEntries=[{"id": "hq", "name": "HQ"}, {"id": "troops", "name": "Troops"}],
    )
    edit.select_entry(roster, force, "watch")
    edit.select_entry(roster, force, "squad")
    assert "Off" in names(roster)
    edit.select_entry(roster, force, "captain")
    assert "On" in names(roster)


def test_the_game_hook_sees_the_evaluated_roster_and_adds_its_problems(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from armybuilder.engine import systems

    monkeypatch.setitem(systems.HOOKS, "gs", "tests.engine.hook_example")
    systems.hook_for.cache_clear()
    try:
        roster, force = make_roster([{"id": "w", "name": "Warlord", "type": "unit"}])
        edit.select_entry(roster, force, "w")
        assert codes(roster) == []
        edit.select_entry(roster, force, "w")
        assert codes(roster) == [("demo.warlord.too_many", "")]
    finally:
        systems.hook_for.cache_clear()


def test_explain_names_a_full_entry_group() -> None:
    group = {
        "id": "g",
        "name": "Weapons",
        "constraints": [{"id": "g-max", "type": "max", "value": 1, "scope": "parent"}],
        "selectionEntries": [
            {"id": "sword", "name": "Sword", "type": "upgrade"},
            {"id": "axe", "name": "Axe", "type": "upgrade"},
        ],
    }
    roster, force = make_roster(
        [{"id": "hero", "name": "Hero", "type": "unit", "selectionEntryGroups": [group]}]
    )
    hero, _ = edit.select_entry(roster, force, "hero")
    assert explain(roster, force, "axe", hero) == []
    edit.select_entry(roster, force, "sword", hero)
    assert [(r.code, r.entry_id, r.constraint_id) for r in explain(roster, force, "axe", hero)] == [
        (MAX_REACHED, "g", "g-max")
    ]
    # the limit is said where it counts (in the unit holding it), not "per parent"
    (reason,) = explain(roster, force, "axe", hero)
    assert "in this Hero" in reason.message
    assert "parent" not in reason.message


def test_a_maximum_of_zero_says_the_entry_cannot_be_taken_not_for_now() -> None:
    unit = {
        "id": "u",
        "name": "Banned",
        "type": "unit",
        "constraints": [{"id": "none", "type": "max", "value": 0, "scope": "parent"}],
    }
    roster, force = make_roster([unit])
    (reason,) = explain(roster, force, "u")
    assert (reason.code, reason.constraint_id) == (MAX_REACHED, "none")
    assert "limited to 0" not in reason.message
    assert "for now" not in reason.message
    assert "in this force" in reason.message


def test_a_reason_names_its_rule_and_can_still_be_hashed() -> None:
    rule = {"game": "demo", "section": "Rule of One", "digest": "demo.md", "line": 1}
    unit = {
        "id": "u",
        "name": "Unique",
        "type": "unit",
        "constraints": [{"id": "one", "type": "max", "value": 1, "scope": "roster", "rule": rule}],
    }
    roster, force = make_roster([unit])
    edit.select_entry(roster, force, "u")
    (reason,) = explain(roster, force, "u")
    assert reason.rule == rule
    assert reason in {reason}
