"""A list spec builds the roster the player's edit operations would: ``build_roster`` places
the spec's selections and auto-selects only what they leave short, and must give the same
selections, costs and report as selecting each entry in turn through ``edit`` (auto-selection
and all) and letting the spec's selections take over what it added, as lists were built
before. The reference below is that earlier builder, kept here as the test's oracle."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import caps, edit
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.listspec import ListSpecError, build_roster, empty_roster
from armybuilder.engine.roster import Force, Roster, RosterError, Selection
from armybuilder.engine.view import SelectionView
from tests.engine.packs import compiled_for_spec, list_spec_files
from tests.engine.realdata import GAMES, compiled_for, spec_files

JsonDict = dict[str, Any]


def by_edits(compiled: Compiled, spec: JsonDict) -> Roster:
    """The roster built through the player's edit operations, one selection at a time."""
    roster = empty_roster(compiled, spec)
    try:
        for force_spec in spec.get("forces") or []:
            _add_force(roster, force_spec, None)
    except RosterError as exc:
        raise ListSpecError(exc.code, exc.params) from exc
    return roster


def _add_force(roster: Roster, spec: JsonDict, parent: Force | None) -> None:
    force, _ = edit.add_force(
        roster, str(spec["forceEntryId"]), str(spec["catalogueId"]), parent=parent
    )
    force.custom_name = spec.get("customName")
    _add_selections(roster, force, None, spec.get("selections") or [])
    for child in spec.get("forces") or []:
        _add_force(roster, child, force)


def _add_selections(
    roster: Roster, force: Force, parent: Selection | None, specs: Sequence[JsonDict]
) -> None:
    automatic = list(parent.children if parent is not None else force.selections)
    picked_groups: set[int] = set()
    for spec in specs:
        entry_id = str(spec["entryId"])
        number = int(float(spec.get("number", 1)))
        selection = _take_automatic(automatic, entry_id)
        if selection is not None:
            edit.set_count(selection, number)
        else:
            siblings = parent.children if parent is not None else force.selections
            before = {id(s): s.amount for s in siblings}
            selection, _ = edit.select_entry(roster, force, entry_id, parent)
            edit.set_count(selection, before.get(id(selection), 0) + number)
        if selection.node.parent is not None and selection.node.parent.kind == "group":
            picked_groups.add(id(selection.node.parent))
        selection.custom_name = spec.get("customName", selection.custom_name)
        selection.custom_notes = spec.get("customNotes", selection.custom_notes)
        _add_selections(roster, force, selection, spec.get("selections") or [])
    for leftover in automatic:
        group = leftover.node.parent
        if group is None or id(group) not in picked_groups:
            continue
        if group.attr("defaultSelectionEntryId") in leftover.node.ids:
            roster.remove_selection(leftover)


def _take_automatic(automatic: list[Selection], entry_id: str) -> Selection | None:
    for selection in automatic:
        node = selection.node
        if entry_id == node.path_id or entry_id in node.ids:
            automatic.remove(selection)
            return selection
    return None


# ------------------------------------------------------------------------------ comparing


def described(roster: Roster) -> Any:
    """The evaluated roster with selection ids replaced by their entry paths (ids follow the
    order selections were made in, which differs), siblings in a stable order."""
    evaluation = evaluate(roster)
    paths: dict[str, str] = {}

    def selection(view: SelectionView, path: str) -> Any:
        here = f"{path}/{view.entry_id}"
        paths[view.id] = here
        children = sorted(selection(child, here) for child in view.children)
        costs = sorted((c.type_id, c.value) for c in view.costs)
        categories = sorted((c.entry_id, c.primary) for c in view.categories)
        names = (view.custom_name or "", view.custom_notes or "")
        return json.dumps([view.entry_id, view.number, names, costs, categories, children])

    forces = [
        (
            force.entry_id,
            force.catalogue_id,
            sorted(selection(s, force.id) for s in force.selections),
        )
        for force in evaluation.view.all_forces()
    ]
    problems = sorted(
        (
            p.code,
            p.severity,
            p.owner_type,
            paths.get(p.owner_id, p.owner_id),
            p.owner_entry_id,
            p.entry_id,
            p.constraint_id,
            p.message,
        )
        for p in evaluation.problems
    )
    totals = sorted((c.type_id, c.value) for c in evaluation.view.costs)
    return {"forces": forces, "totals": totals, "problems": problems}


def outcome_of(build: Any, compiled: Compiled, spec: JsonDict) -> Any:
    try:
        return described(build(compiled, spec))
    except (ListSpecError, caps.CapExceeded) as error:
        return type(error).__name__


def assert_same_roster(compiled: Compiled, spec: JsonDict) -> None:
    assert outcome_of(build_roster, compiled, spec) == outcome_of(by_edits, compiled, spec)


@pytest.mark.parametrize("path", list_spec_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_pack_example_or_vector_builds_as_the_edit_operations_would(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    assert_same_roster(compiled_for_spec(spec), spec)


@pytest.mark.parametrize("path", spec_files(), ids=lambda p: p.stem)
def test_a_real_data_list_builds_as_the_edit_operations_would(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    assert spec["gameSystemId"] in GAMES
    assert_same_roster(compiled_for(spec["gameSystemId"]), spec)
