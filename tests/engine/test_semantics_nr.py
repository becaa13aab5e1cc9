"""New Recruit's additions to the data model, on small inline catalogues: condition-group
expressions, local condition groups, the extra modifier types, annotations, the
``associations`` query field, and roster-wide category and cost-limit problems."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine import edit, report
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.view import SelectionView
from tests.engine.builders import PTS, make_roster, roster_with_forces

RULE = {"game": "test", "section": "1.2", "digest": "test.md", "line": 7}


def unit(entry_id: str, **extra: Any) -> dict[str, Any]:
    return {"id": entry_id, "name": entry_id.title(), "type": "unit", **extra}


def count_of(child_id: str, value: float = 1, ctype: str = "atLeast") -> dict[str, Any]:
    return {
        "type": ctype,
        "value": value,
        "field": "selections",
        "scope": "force",
        "childId": child_id,
    }


def watch(**holder: Any) -> dict[str, Any]:
    """An entry renamed "On" when the modifier's conditions (given as ``holder``) hold."""
    modifier = {"type": "set", "field": "name", "value": "On", **holder}
    return {"id": "watch", "name": "Off", "type": "unit", "modifiers": [modifier]}


def select(roster: Roster, force: Force, *entry_ids: str) -> list[Selection]:
    return [edit.select_entry(roster, force, entry_id)[0] for entry_id in entry_ids]


def watching(group: dict[str, Any], units: str = "ab") -> tuple[Roster, Force]:
    """A roster with ``watch`` selected (named "On" while ``group`` holds) and a unit entry
    for each letter of ``units`` to pick."""
    roster, force = make_roster([watch(conditionGroups=[group]), *map(unit, units)])
    select(roster, force, "watch")
    return roster, force


def view_of(roster: Roster, entry_id: str) -> SelectionView:
    return next(s for s in evaluate(roster).view.all_selections() if s.base_entry_id == entry_id)


def watched(roster: Roster) -> str:
    return view_of(roster, "watch").name


# ====================================================================== condition groups


@pytest.mark.parametrize(("picked", "expected"), [(("a",), "Off"), (("a", "c"), "On")])
def test_count_group_holds_when_enough_of_its_conditions_hold(
    picked: tuple[str, ...], expected: str
) -> None:
    group = {"type": "count", "value": 2, "conditions": [count_of(i) for i in "abc"]}
    roster, force = watching(group, "abc")
    select(roster, force, *picked)
    assert watched(roster) == expected


def test_count_group_without_a_value_needs_one_condition() -> None:
    group = {"type": "count", "conditions": [count_of("a"), count_of("b")]}
    roster, force = watching(group)
    assert watched(roster) == "Off"
    select(roster, force, "b")
    assert watched(roster) == "On"


def test_not_group_negates_all_of_its_children() -> None:
    group = {"type": "not", "conditions": [count_of("a"), count_of("b")]}
    roster, force = watching(group)
    select(roster, force, "a")
    assert watched(roster) == "On"
    select(roster, force, "b")
    assert watched(roster) == "Off"


@pytest.mark.parametrize(
    ("kind", "expected", "then"),
    [
        ("add", 5.0, "b"),
        ("subtract", 1.0, "b"),
        ("multiply", 6.0, "b"),
        ("divide", 1.5, "b"),
        ("modulo", 1.0, "b"),
        ("power", 9.0, "b"),
        ("min", 2.0, "b"),
        ("max", 3.0, "a"),
    ],
)
def test_arithmetic_groups_combine_the_counts_of_their_conditions(
    kind: str, expected: float, then: str
) -> None:
    """3 copies of a and 2 of b: the group's number, compared with ``value`` by ``equal``;
    one more copy of ``then`` changes it."""
    operands = {"type": kind, "conditions": [count_of("a"), count_of("b")]}
    group = {"type": "equal", "value": expected, "conditionGroups": [operands]}
    roster, force = watching(group)
    select(roster, force, "a", "a", "a", "b", "b")
    assert watched(roster) == "On"
    select(roster, force, then)
    assert watched(roster) == "Off"


@pytest.mark.parametrize(
    ("kind", "a_copies", "expected"),
    [
        ("greater", 3, "On"),
        ("greater", 2, "Off"),
        ("greaterOrEqual", 2, "On"),
        ("less", 1, "On"),
        ("lessOrEqual", 3, "Off"),
        ("equal", 2, "On"),
        ("notEqual", 2, "Off"),
    ],
)
def test_comparison_groups_compare_their_first_operand_with_the_second(
    kind: str, a_copies: int, expected: str
) -> None:
    group = {"type": kind, "conditions": [count_of("a"), count_of("b")]}
    roster, force = watching(group)
    select(roster, force, *["a"] * a_copies, "b", "b")
    assert watched(roster) == expected


def test_count_groups_nest_inside_comparisons() -> None:
    """ "More of the conditions on the left hold than on the right"."""
    left = {"type": "count", "conditions": [count_of("a"), count_of("b")]}
    right = {"type": "count", "conditions": [count_of("c")]}
    group = {"type": "greater", "conditionGroups": [left, right]}
    roster, force = watching(group, "abc")
    select(roster, force, "a", "c")
    assert watched(roster) == "Off"
    select(roster, force, "b")
    assert watched(roster) == "On"


# ================================================================= local condition groups


def nth_copy_surcharge(value: int) -> dict[str, Any]:
    """+10 pts on every copy that has at least ``value`` earlier copies in its force."""
    local = {
        "type": "atLeast",
        "value": value,
        "field": "selections",
        "scope": "force",
        "childId": "any",
        "repeats": 1,
        "conditions": [
            {"type": "before", "childId": "self", "value": 1, "scope": "self"},
            {"type": "instanceOf", "childId": "drone", "value": 1, "scope": "self"},
        ],
    }
    modifier = {"type": "increment", "field": "pts", "value": "10"}
    return {**modifier, "localConditionGroups": [local]}


def test_local_condition_group_counts_the_copies_before_this_one() -> None:
    drone = unit(
        "drone", costs=[{"typeId": "pts", "value": 100}], modifiers=[nth_copy_surcharge(1)]
    )
    roster, force = make_roster([drone, unit("other")])
    select(roster, force, "other", "drone", "drone", "other", "drone")
    view = evaluate(roster).view
    drones = [s.cost("pts") for s in view.all_selections() if s.base_entry_id == "drone"]
    assert sorted(drones) == [100.0, 110.0, 110.0]
    assert view.total_cost("pts") == 320.0


def test_local_condition_group_threshold_picks_the_nth_copy() -> None:
    drone = unit(
        "drone", costs=[{"typeId": "pts", "value": 100}], modifiers=[nth_copy_surcharge(2)]
    )
    roster, force = make_roster([drone])
    first, second, third = select(roster, force, "drone", "drone", "drone")
    costs = {s.id: s.cost("pts") for s in evaluate(roster).view.all_selections()}
    assert [costs[first.id], costs[second.id], costs[third.id]] == [100.0, 100.0, 110.0]


@pytest.mark.parametrize(("order", "expected"), [("aga", "Off"), ("aag", "On")])
def test_before_another_entry_compares_with_its_first_selection(order: str, expected: str) -> None:
    """ "At least two copies of a come before the first general"."""
    local = {
        "type": "atLeast",
        "value": 2,
        "field": "selections",
        "scope": "force",
        "childId": "a",
        "conditions": [{"type": "before", "childId": "general", "value": 1, "scope": "self"}],
    }
    roster, force = make_roster([watch(localConditionGroups=[local]), unit("a"), unit("general")])
    select(roster, force, "watch", *("general" if c == "g" else c for c in order))
    assert watched(roster) == expected


# =========================================================================== modifiers


def test_replace_swaps_the_text_named_by_arg_for_the_value() -> None:
    strong = {"type": "replace", "field": "name", "arg": "(X)", "value": "2"}
    tag = {"type": "replace", "field": "name", "arg": " [old]"}
    roster, force = make_roster(
        [{"id": "e", "name": "Strong (X) [old]", "type": "unit", "modifiers": [strong, tag]}]
    )
    select(roster, force, "e")
    assert view_of(roster, "e").name == "Strong 2"


def test_replace_changes_a_characteristic_and_leaves_numbers_alone() -> None:
    profile = {
        "id": "p",
        "name": "Strike",
        "typeId": "pt",
        "characteristics": [{"name": "Damage", "typeId": "dmg", "$text": "d4+1"}],
        "modifiers": [{"type": "replace", "field": "dmg", "arg": "d4", "value": "d6"}],
    }
    entry = unit(
        "e",
        costs=[{"typeId": "pts", "value": 5}],
        profiles=[profile],
        modifiers=[{"type": "replace", "field": "pts", "arg": "5", "value": "7"}],
    )
    roster, force = make_roster([entry])
    select(roster, force, "e")
    selection = view_of(roster, "e")
    assert selection.profiles[0].characteristic("Damage") == "d6+1"
    assert selection.cost("pts") == 5.0


def per_copy(mod_type: str, value: str) -> dict[str, Any]:
    """A modifier on the entry's pts repeated once per other unit in the force."""
    repeat = {"value": 1, "repeats": 1, "field": "selections", "scope": "force", "childId": "o"}
    return {"type": mod_type, "field": "pts", "value": value, "repeats": [repeat]}


@pytest.mark.parametrize(
    ("mod_type", "value", "expected"),
    [
        # three repeats on a cost of 3
        ("exponent", "2", 2.0**2.0**2.0**3),  # the field is the exponent: 3 -> 8 -> 256 -> ...
        ("triangular", "1", 3.0 + 1 + 2 + 3),  # the k-th repeat adds k times the value
        ("cumulative-add", "2", 3.0 + 2 * 3),
        ("cumulative-multiply", "2", 3.0 * (2 * 3)),
        ("multiply", "2", 3.0 * 2 * 2 * 2),
        ("cumulative-power", "2", 3.0 ** (2 * 3)),
        ("power", "2", ((3.0**2) ** 2) ** 2),
    ],
)
def test_repeated_numeric_modifiers(mod_type: str, value: str, expected: float) -> None:
    entry = unit("e", costs=[{"typeId": "pts", "value": 3}], modifiers=[per_copy(mod_type, value)])
    roster, force = make_roster([entry, unit("o")])
    select(roster, force, "e", "o", "o", "o")
    assert view_of(roster, "e").cost("pts") == expected


def test_hide_modifier_hides_the_entry() -> None:
    entry = unit("e", modifiers=[{"type": "hide", "field": "hidden", "value": "true"}])
    roster, force = make_roster([entry])
    select(roster, force, "e")
    assert [p.code for p in evaluate(roster).problems] == [report.SELECTION_HIDDEN]


def test_annotation_modifiers_are_kept_on_the_selection_view() -> None:
    entry = unit(
        "e",
        modifiers=[
            {"type": "set", "field": "annotation", "value": "From Chariot"},
            {
                "type": "append",
                "field": "annotation",
                "value": "(mounted)",
                "conditions": [count_of("mount")],
            },
        ],
    )
    roster, force = make_roster([entry, unit("mount"), unit("plain")])
    select(roster, force, "e", "plain")
    assert view_of(roster, "e").annotation == "From Chariot"
    assert view_of(roster, "plain").annotation is None
    select(roster, force, "mount")
    assert view_of(roster, "e").annotation == "From Chariot (mounted)"


# ===================================================================== associations field


def leader(**constraint: Any) -> dict[str, Any]:
    association = {"id": "attach", "name": "Attached to", "min": 0, "max": 1, "childId": "squad"}
    return unit(
        "leader",
        associations=[association],
        constraints=[{"id": "c-assoc", "field": "associations", "scope": "self", **constraint}],
    )


def test_associations_field_counts_a_selections_associations_in_constraints() -> None:
    roster, force = make_roster([leader(type="min", value=1), unit("squad")])
    boss, squad = select(roster, force, "leader", "squad")
    assert [(p.code, p.constraint_id) for p in evaluate(roster).problems] == [
        (report.CONSTRAINT_MIN, "c-assoc")
    ]
    edit.associate(roster, boss, "attach", squad)
    assert evaluate(roster).problems == []


def test_associations_field_counts_in_conditions() -> None:
    condition = {
        "type": "atLeast",
        "value": 1,
        "field": "associations",
        "scope": "force",
        "childId": "leader",
    }
    roster, force = make_roster(
        [watch(conditions=[condition]), leader(type="max", value=1), unit("squad")]
    )
    _, boss, squad = select(roster, force, "watch", "leader", "squad")
    assert watched(roster) == "Off"
    edit.associate(roster, boss, "attach", squad)
    assert watched(roster) == "On"


# ========================================================================= reported bugs


@pytest.mark.parametrize("child_id", ["any", ""])
def test_any_child_cost_query_counts_each_cost_once(child_id: str) -> None:
    """Bug (a): a cost query over several nested scope objects (``ancestor``: the model, the
    unit, the force) counted the unit's children once per object holding them."""
    cheap = {
        "type": "set",
        "field": "name",
        "value": "Cheap",
        "conditions": [
            {
                "type": "atMost",
                "value": 18,
                "field": "pts",
                "scope": "ancestor",
                "childId": child_id,
            }
        ],
    }
    upgrade = {
        "id": "up",
        "name": "Up",
        "type": "upgrade",
        "modifiers": [cheap],
        "costs": [{"typeId": "pts", "value": 3}],
    }
    model = {
        "id": "m",
        "name": "M",
        "type": "model",
        "selectionEntries": [upgrade],
        "costs": [{"typeId": "pts", "value": 5}],
    }
    squad = unit("squad", costs=[{"typeId": "pts", "value": 10}], selectionEntries=[model])
    roster, force = make_roster([squad])
    (selection,) = select(roster, force, "squad")
    child, _ = edit.select_entry(roster, force, "m", parent=selection)
    edit.select_entry(roster, force, "up", parent=child)
    assert evaluate(roster).view.total_cost("pts") == 18.0
    assert view_of(roster, "up").name == "Cheap"


def test_roster_scope_category_constraint_is_reported_once_for_the_roster() -> None:
    """Bug (b): a game-system category's roster-wide limit, with two forces linking it, is
    reported once (under the category of the first force)."""
    hero = {
        "id": "hero",
        "name": "Hero",
        "constraints": [
            {
                "id": "heroes-max",
                "type": "max",
                "value": 1,
                "field": "selections",
                "scope": "roster",
                "includeChildSelections": True,
            }
        ],
    }
    links = [{"id": "fe-hero", "targetId": "hero", "primary": False}]
    entry = unit("champion", categoryLinks=[{"id": "l", "targetId": "hero", "primary": True}])
    roster, forces = roster_with_forces(
        [entry],
        forces=2,
        categoryEntries=[hero],
        forceEntries=[{"id": "fe", "name": "Army", "categoryLinks": links}],
    )
    for force in forces:
        select(roster, force, "champion")
    problems = [p for p in evaluate(roster).problems if p.constraint_id == "heroes-max"]
    assert [(p.code, p.owner_type, p.owner_id, p.entry_id) for p in problems] == [
        (report.CONSTRAINT_MAX, "category", forces[0].id, "hero")
    ]


def test_roster_scope_category_constraint_without_a_force_link_is_checked() -> None:
    hero = {
        "id": "hero",
        "name": "Hero",
        "constraints": [
            {
                "id": "heroes-max",
                "type": "max",
                "value": 1,
                "field": "selections",
                "scope": "roster",
            }
        ],
    }
    entry = unit("champion", categoryLinks=[{"id": "l", "targetId": "hero", "primary": True}])
    roster, force = make_roster([entry], categoryEntries=[hero])
    select(roster, force, "champion")
    assert [p.code for p in evaluate(roster).problems] == []
    select(roster, force, "champion")
    assert [(p.code, p.owner_type) for p in evaluate(roster).problems] == [
        (report.CONSTRAINT_MAX, "roster")
    ]


def test_cost_limit_problem_cites_the_cost_types_rule() -> None:
    """Bug (c): the cost type's "rule" is copied onto ``cost_limit.exceeded``."""
    entry = unit("e", costs=[{"typeId": "pts", "value": 60}])
    roster, force = make_roster(
        [entry], costTypes=[{**PTS, "defaultCostLimit": 50, "rule": RULE, "code": "x.pts"}]
    )
    select(roster, force, "e")
    (problem,) = evaluate(roster).problems
    assert (problem.code, problem.rule) == (report.COST_LIMIT_EXCEEDED, RULE)
    assert problem.as_dict()["rule"] == RULE


# ============================================== modifier scope on profiles, rules, categories


def stats(attacks: str) -> dict[str, Any]:
    return {
        "id": f"stats-{attacks}",
        "name": "Stats",
        "typeId": "pt",
        "characteristics": [{"name": "A", "typeId": "att", "$text": attacks}],
    }


def squad_with(upgrade: dict[str, Any]) -> tuple[Roster, Force, Selection]:
    """A roster with a squad (profile A 2) selected and ``upgrade`` offered inside it."""
    squad = unit("squad", profiles=[stats("2")], selectionEntries=[upgrade])
    roster, force = make_roster([squad])
    (selection,) = select(roster, force, "squad")
    return roster, force, selection


def attacks(roster: Roster, entry_id: str) -> str:
    return view_of(roster, entry_id).profiles[0].characteristic("A")


def aimed_at_unit(**modifier: Any) -> dict[str, Any]:
    return {"type": "increment", "field": "att", "value": "1", "scope": "unit", **modifier}


def info_holding(kind: str, modifier: dict[str, Any]) -> dict[str, Any]:
    """The blade's own profile (A 5), and a ``kind`` info carrying ``modifier``."""
    rule = {"id": "r", "name": "Keen", "description": "Sharp.", "modifiers": [modifier]}
    holders: dict[str, dict[str, Any]] = {
        "profiles": {"profiles": [{**stats("5"), "modifiers": [modifier]}]},
        "rules": {"profiles": [stats("5")], "rules": [rule]},
        "infoGroups": {
            "profiles": [stats("5")],
            "infoGroups": [{"id": "g", "name": "Group", "rules": [rule]}],
        },
    }
    return holders[kind]


@pytest.mark.parametrize("kind", ["profiles", "rules", "infoGroups"])
def test_an_aimed_modifier_on_an_options_info_changes_the_units_characteristic(
    kind: str,
) -> None:
    blade = {"id": "blade", "name": "Blade", "type": "upgrade"}
    blade |= info_holding(kind, aimed_at_unit())
    roster, force, squad = squad_with(blade)
    assert attacks(roster, "squad") == "2"
    edit.select_entry(roster, force, "blade", parent=squad)
    assert attacks(roster, "squad") == "3"
    assert attacks(roster, "blade") == "5"  # the holder itself is not aimed at


def test_an_aimed_info_modifier_counts_from_the_selection_holding_it() -> None:
    """Its repeats (and conditions) see the option as "self": one step per blade."""
    repeat = {"value": 1, "repeats": 1, "field": "selections", "scope": "parent"}
    modifier = aimed_at_unit(repeats=[{**repeat, "childId": "blade"}])
    blade = {"id": "blade", "name": "Blade", "type": "upgrade", "profiles": [stats("5")]}
    blade["profiles"][0]["modifiers"] = [modifier]
    blade["constraints"] = [{"id": "b-max", "type": "max", "value": 3, "scope": "parent"}]
    roster, force, squad = squad_with(blade)
    edit.select_entry(roster, force, "blade", parent=squad)
    edit.select_entry(roster, force, "blade", parent=squad)
    assert [child.number for child in squad.children] == [2]
    assert attacks(roster, "squad") == "4"


def test_an_aimed_modifier_on_an_options_category_changes_the_unit() -> None:
    surcharge = {"type": "increment", "field": "pts", "value": "5", "scope": "unit"}
    link = {"id": "l-heavy", "targetId": "heavy", "primary": False, "modifiers": [surcharge]}
    gun = {"id": "gun", "name": "Gun", "type": "upgrade", "categoryLinks": [link]}
    squad = unit("squad", costs=[{"typeId": "pts", "value": 10}], selectionEntries=[gun])
    roster, force = make_roster([squad], categoryEntries=[{"id": "heavy", "name": "Heavy"}])
    (selection,) = select(roster, force, "squad")
    edit.select_entry(roster, force, "gun", parent=selection)
    assert view_of(roster, "squad").cost("pts") == 15.0
    assert view_of(roster, "gun").cost("pts") == 0.0


def force_limited_to_one_squad(**force_entry: Any) -> dict[str, Any]:
    limit = {
        "id": "squads-max",
        "type": "max",
        "value": 1,
        "field": "selections",
        "scope": "force",
        "childId": "squad",
    }
    return {"id": "fe", "name": "Army", "constraints": [limit], **force_entry}


def elite_army(captain: dict[str, Any], *others: dict[str, Any]) -> tuple[Roster, Force]:
    """A force allowing one squad, and a category "elite" each of whose selections raises
    that limit by one (a modifier on the category entry, aimed at the force)."""
    raise_limit = {"type": "increment", "field": "squads-max", "value": "1", "scope": "force"}
    elite = {"id": "elite", "name": "Elite", "modifiers": [raise_limit]}
    return make_roster(
        [unit("squad"), captain, *others],
        categoryEntries=[elite],
        forceEntries=[force_limited_to_one_squad()],
    )


def test_a_category_modifier_aimed_at_the_force_changes_its_constraint() -> None:
    captain = unit("captain", categoryLinks=[{"id": "l", "targetId": "elite", "primary": True}])
    roster, force = elite_army(captain)
    select(roster, force, "squad", "squad")
    assert [(p.code, p.owner_type) for p in evaluate(roster).problems] == [
        (report.CONSTRAINT_MAX, "force")
    ]
    select(roster, force, "captain")
    assert evaluate(roster).problems == []


def test_a_force_linking_a_category_does_not_fire_the_category_entrys_modifiers() -> None:
    # The category entry's modifier speaks for each selection filed under it; a force that
    # merely offers the category as a slot is not one of them.
    captain = unit("captain", categoryLinks=[{"id": "l", "targetId": "elite", "primary": True}])
    raise_limit = {"type": "increment", "field": "squads-max", "value": "1", "scope": "force"}
    slot = {"id": "fe-elite", "targetId": "elite", "primary": False}
    roster, force = make_roster(
        [unit("squad"), captain],
        categoryEntries=[{"id": "elite", "name": "Elite", "modifiers": [raise_limit]}],
        forceEntries=[force_limited_to_one_squad(categoryLinks=[slot])],
    )
    select(roster, force, "squad", "squad")
    assert [p.code for p in evaluate(roster).problems] == [report.CONSTRAINT_MAX]
    select(roster, force, "captain")
    assert evaluate(roster).problems == []


def test_a_category_a_modifier_adds_aims_its_modifiers_too() -> None:
    promote = {"type": "add", "field": "category", "value": "elite"}
    captain = unit("captain", modifiers=[{**promote, "conditions": [count_of("banner")]}])
    roster, force = elite_army(captain, unit("banner"))
    select(roster, force, "squad", "squad", "captain")
    assert [p.code for p in evaluate(roster).problems] == [report.CONSTRAINT_MAX]
    select(roster, force, "banner")
    assert evaluate(roster).problems == []


def test_a_force_category_links_aimed_modifier_renames_the_force() -> None:
    rename = {
        "type": "set",
        "field": "name",
        "value": "Big Army",
        "scope": "force",
        "conditions": [count_of("squad", 2)],
    }
    link = {"id": "fe-troops", "targetId": "troops", "primary": False, "modifiers": [rename]}
    roster, force = make_roster(
        [unit("squad")],
        categoryEntries=[{"id": "troops", "name": "Troops"}],
        forceEntries=[{"id": "fe", "name": "Army", "categoryLinks": [link]}],
    )
    select(roster, force, "squad")
    assert evaluate(roster).view.forces[0].name == "Army"
    select(roster, force, "squad")
    view = evaluate(roster).view.forces[0]
    assert view.name == "Big Army"
    assert "Troops" in [c.name for c in view.categories]  # the category keeps its name


def test_an_aimed_modifier_on_a_force_rule_changes_the_force() -> None:
    rule = {
        "id": "r",
        "name": "Muster",
        "modifiers": [{"type": "increment", "field": "squads-max", "value": "2", "scope": "force"}],
    }
    roster, force = make_roster(
        [unit("squad")], forceEntries=[force_limited_to_one_squad(rules=[rule])]
    )
    select(roster, force, "squad", "squad", "squad")
    assert evaluate(roster).problems == []
    select(roster, force, "squad")
    assert [p.code for p in evaluate(roster).problems] == [report.CONSTRAINT_MAX]


def test_an_aimed_error_modifier_raises_its_problem_on_the_force() -> None:
    error = {
        "type": "append",
        "field": "error",
        "value": "Too many squads.",
        "scope": "force",
        "code": "test.too_many_squads",
        "conditions": [{**count_of("squad", 2), "scope": "parent"}],
    }
    roster, force = make_roster([unit("squad", rules=[{"id": "r", "modifiers": [error]}])])
    select(roster, force, "squad")
    assert evaluate(roster).problems == []
    select(roster, force, "squad")
    assert [(p.code, p.owner_type, p.owner_id) for p in evaluate(roster).problems] == [
        ("test.too_many_squads", "force", force.id),
        ("test.too_many_squads", "force", force.id),
    ]


def test_an_aimed_rule_modifier_reads_its_field_on_the_target() -> None:
    armed = {"type": "append", "field": "name", "value": "(armed)", "scope": "unit"}
    rule = {"id": "r", "name": "Keen", "description": "Sharp.", "modifiers": [armed]}
    roster, force, squad = squad_with({"id": "blade", "name": "Blade", "rules": [rule]})
    edit.select_entry(roster, force, "blade", parent=squad)
    assert view_of(roster, "squad").name == "Squad (armed)"
    assert [r.name for r in view_of(roster, "blade").rules] == ["Keen"]


def test_a_top_level_selections_parent_scope_aims_at_its_force() -> None:
    drill = {"type": "increment", "field": "att", "value": "1", "scope": "parent"}
    roster, force = make_roster(
        [unit("banner", modifiers=[drill])],
        forceEntries=[{"id": "fe", "name": "Army", "profiles": [stats("2")]}],
    )
    assert evaluate(roster).view.forces[0].profiles[0].characteristic("A") == "2"
    select(roster, force, "banner")
    assert evaluate(roster).view.forces[0].profiles[0].characteristic("A") == "3"
