"""Categories as New Recruit reads them: category constraints that count nested selections,
category modifiers that see what the same selection's earlier modifiers did, the ``ancestor``
scope (the selection itself included) and categories that depend on other selections'."""

from __future__ import annotations

from typing import Any

from armybuilder.engine import edit
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.roster import Roster
from tests.engine.builders import make_roster

ALWAYS = {"type": "always"}


def category(cat_id: str, **extra: Any) -> dict[str, Any]:
    return {"id": cat_id, "name": cat_id.title(), **extra}


def link(cat_id: str, primary: bool = False, **extra: Any) -> dict[str, Any]:
    return {"id": f"link-{cat_id}", "targetId": cat_id, "primary": primary, **extra}


def minimum(scope: str, deep: bool, value: int = 1, kind: str = "min") -> dict[str, Any]:
    return {
        "id": f"{kind}-{scope}-{deep}",
        "type": kind,
        "value": value,
        "field": "selections",
        "scope": scope,
        "includeChildSelections": deep,
    }


def modifier(
    mod_type: str, value: str, *conditions: dict[str, Any], field: str = "category"
) -> dict[str, Any]:
    return {"type": mod_type, "field": field, "value": value, "conditions": list(conditions)}


def instance_of(child_id: str, scope: str = "self") -> dict[str, Any]:
    return {"type": "instanceOf", "scope": scope, "childId": child_id}


def problem_keys(roster: Roster) -> list[tuple[str, str]]:
    return sorted((p.code, p.constraint_id) for p in evaluate(roster).problems)


# ------------------------------------------------------- constraints that count nested ones

HERO = {
    "id": "hero",
    "name": "Hero",
    "type": "unit",
    "categoryLinks": [link("hq", primary=True)],
    "selectionEntries": [
        {"id": "crown", "name": "Warlord", "type": "upgrade", "categoryLinks": [link("warlord")]}
    ],
}


def warlord_roster(constraint: dict[str, Any], with_crown: bool) -> Roster:
    roster, force = make_roster(
        [HERO],
        categoryEntries=[category("hq"), category("warlord")],
        forceEntries=[
            {
                "id": "fe",
                "name": "Army",
                "categoryLinks": [link("hq"), link("warlord", constraints=[constraint])],
            }
        ],
    )
    hero, _ = edit.select_entry(roster, force, "hero")
    if with_crown:
        edit.select_entry(roster, force, "crown", hero)
    return roster


def test_a_force_category_minimum_with_include_child_selections_counts_a_nested_upgrade() -> None:
    deep = minimum("force", True)
    assert problem_keys(warlord_roster(deep, with_crown=True)) == []
    assert problem_keys(warlord_roster(deep, with_crown=False)) == [("constraint.min", deep["id"])]


def test_without_include_child_selections_a_force_slot_counts_top_level_selections_only() -> None:
    shallow = minimum("force", False)
    assert problem_keys(warlord_roster(shallow, with_crown=True)) == [
        ("constraint.min", shallow["id"])
    ]


def test_a_roster_category_maximum_counts_nested_upgrades_in_every_force() -> None:
    most = minimum("roster", True, value=1, kind="max")
    roster, force = make_roster(
        [HERO],
        categoryEntries=[category("hq"), category("warlord", constraints=[most])],
    )
    second, _ = edit.add_force(roster, "fe", "cat")
    for where in (force, second):
        hero, _ = edit.select_entry(roster, where, "hero")
        edit.select_entry(roster, where, "crown", hero)
    assert problem_keys(roster) == [("constraint.max", most["id"])]


def test_a_deep_category_constraint_counts_a_category_that_is_not_primary() -> None:
    """The Supreme Command's "Primarch | Supreme Commander" slot is filled by HQ units that
    also carry that category."""
    deep = minimum("force", True)
    commander = {
        "id": "commander",
        "name": "Commander",
        "type": "unit",
        "categoryLinks": [link("hq", primary=True), link("supreme")],
    }
    roster, force = make_roster(
        [commander],
        categoryEntries=[category("hq"), category("supreme")],
        forceEntries=[
            {"id": "fe", "name": "Army", "categoryLinks": [link("supreme", constraints=[deep])]}
        ],
    )
    assert problem_keys(roster) == [("constraint.min", deep["id"])]
    edit.select_entry(roster, force, "commander")
    assert problem_keys(roster) == []


# ------------------------------------------------- category modifiers of the same selection


def categorised(*modifiers: dict[str, Any]) -> dict[str, Any]:
    return {"id": "unit", "name": "Unit", "type": "unit", "modifiers": list(modifiers)}


def categories_of(entry: dict[str, Any], *more: dict[str, Any]) -> list[tuple[str, bool]]:
    roster, force = make_roster(
        [entry, *more], categoryEntries=[category("a"), category("b"), category("c")]
    )
    edit.select_entry(roster, force, "unit")
    [unit] = [s for s in evaluate(roster).view.all_selections() if s.entry_id == "unit"]
    return [(c.entry_id, c.primary) for c in unit.categories]


def test_a_category_modifier_sees_the_categories_earlier_modifiers_added() -> None:
    entry = categorised(
        modifier("add", "a", ALWAYS), modifier("set-primary", "b", instance_of("a"))
    )
    assert categories_of(entry) == [("b", True), ("a", False)]


def test_a_category_modifier_does_not_see_what_later_modifiers_add() -> None:
    entry = categorised(
        modifier("set-primary", "b", instance_of("a")), modifier("add", "a", ALWAYS)
    )
    assert categories_of(entry) == [("a", False)]


def test_a_removed_category_is_gone_for_the_modifiers_after_it() -> None:
    entry = {
        **categorised(modifier("remove", "a", ALWAYS), modifier("add", "b", instance_of("a"))),
        "categoryLinks": [link("a"), link("c")],
    }
    assert categories_of(entry) == [("c", False)]


def test_the_ancestor_scope_includes_the_selection_itself() -> None:
    entry = categorised(
        modifier("add", "a", ALWAYS),
        modifier("add", "b", instance_of("a", scope="ancestor")),
        modifier("set", "Is unit", instance_of("unit", scope="ancestor"), field="name"),
    )
    roster, force = make_roster([entry], categoryEntries=[category("a"), category("b")])
    edit.select_entry(roster, force, "unit")
    [unit] = evaluate(roster).view.forces[0].selections
    assert (unit.name, [c.entry_id for c in unit.categories]) == ("Is unit", ["a", "b"])


def test_other_modifiers_see_every_category_the_selection_ends_with() -> None:
    entry = categorised(
        modifier("set", "Seen", instance_of("b"), field="name"),
        modifier("add", "a", ALWAYS),
        modifier("add", "b", instance_of("a")),
    )
    roster, force = make_roster([entry], categoryEntries=[category("a"), category("b")])
    edit.select_entry(roster, force, "unit")
    assert [s.name for s in evaluate(roster).view.forces[0].selections] == ["Seen"]


def test_a_category_modifier_reads_categories_other_selections_gained() -> None:
    """Round by round: the scout becomes a troop, and that makes the leader an HQ."""
    scout = {"id": "scout", "name": "Scout", "type": "unit"}
    scout["modifiers"] = [modifier("add", "c", ALWAYS)]
    leads_troops = {
        "type": "atLeast",
        "value": 1,
        "field": "selections",
        "scope": "force",
        "childId": "c",
    }
    leader = categorised(modifier("add", "b", leads_troops))
    roster, force = make_roster(
        [leader, scout], categoryEntries=[category("a"), category("b"), category("c")]
    )
    edit.select_entry(roster, force, "unit")
    edit.select_entry(roster, force, "scout")
    categories = {
        s.entry_id: [c.entry_id for c in s.categories]
        for s in evaluate(roster).view.forces[0].selections
    }
    assert categories == {"unit": ["b"], "scout": ["c"]}


def test_the_first_count_an_evaluator_makes_sees_a_category_a_grouped_modifier_adds() -> None:
    """Counts of other keys skip settling the categories: one that a modifier in a modifier
    group names is not among them, even when nothing settled the categories before it."""
    scout = {
        "id": "scout",
        "name": "Scout",
        "type": "unit",
        "modifierGroups": [{"modifiers": [modifier("add", "c")]}],
    }
    troops_in_force = {
        "type": "atLeast",
        "value": 1,
        "field": "selections",
        "scope": "force",
        "childId": "c",
    }
    banner = {
        "id": "banner",
        "name": "Banner",
        "type": "unit",
        "modifiers": [modifier("set", "With troops", troops_in_force, field="name")],
    }
    roster, force = make_roster([scout, banner], categoryEntries=[category("c")])
    selection, _ = edit.select_entry(roster, force, "banner")

    def first_name() -> str:
        evaluator = Evaluator(roster)
        return str(evaluator.entry_values(banner_node, evaluator.ctx_of(selection)).fields["name"])

    banner_node = selection.node
    assert first_name() == "Banner"
    edit.select_entry(roster, force, "scout")
    assert first_name() == "With troops"
