"""Rosters as canonical JSON roster documents (``{"roster": {...}}``), out and back in.

``armybuilder.engine.formats`` turns a document into a ``.ros`` file and back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armybuilder.engine import caps, edit, report
from armybuilder.engine.caps import (
    MAX_COST_LIMIT,
    Budget,
    check_extent,
    check_texts,
    checked_cost,
    checked_cost_limit,
    checked_number,
)
from armybuilder.engine.closure import unwrap
from armybuilder.engine.compile import Compiled
from armybuilder.engine.model import as_float, json_number
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Force, Roster, RosterError, Selection, Unlinked
from armybuilder.engine.view import (
    CategoryView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    RuleView,
    SelectionView,
)

ROSTER_VERSION = "2.03"
# A list option travels in the roster's own tags (the one place BattleScribe's roster schema
# leaves for data of ours): the tag's id names the option, its name holds the value.
LIST_OPTION_TAG = "list-option:"


def roster_category_id(owner_id: str, entry_id: str) -> str:
    """The id a ``.ros`` file gives a category of a force or selection."""
    return f"{owner_id}:{entry_id}"


def _costs(costs: list[CostView]) -> list[dict[str, Any]]:
    return [{"name": c.name, "typeId": c.type_id, "value": c.value} for c in costs]


def _categories(categories: list[CategoryView], owner_id: str) -> list[dict[str, Any]]:
    return [
        {
            "id": roster_category_id(owner_id, c.entry_id),
            "name": c.name,
            "entryId": c.entry_id,
            "primary": c.primary,
        }
        for c in categories
    ]


def _infos(out: dict[str, Any], profiles: list[ProfileView], rules: list[RuleView]) -> None:
    """Rules and profiles as a .ros file carries them (so other tools can print the list)."""
    if rules:
        out["rules"] = [
            {
                "id": r.id,
                "name": r.name,
                "hidden": r.hidden,
                **({"page": r.page} if r.page else {}),
                "description": r.description,
            }
            for r in rules
        ]
    if profiles:
        out["profiles"] = [
            {
                "id": p.id,
                "name": p.name,
                "hidden": p.hidden,
                "typeId": p.type_id,
                "typeName": p.type_name,
                **({"page": p.page} if p.page else {}),
                "characteristics": [
                    {"name": c.name, "typeId": c.type_id, "$text": c.value}
                    for c in p.characteristics
                ],
            }
            for p in profiles
        ]


def _add_custom(out: dict[str, Any], name: str | None, notes: str | None) -> None:
    """The player's own name and notes, where given."""
    if name:
        out["customName"] = name
    if notes:
        out["customNotes"] = notes


def _selection(sel: SelectionView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": sel.id,
        "name": sel.name,
        "entryId": sel.entry_id,
        "number": sel.number,
        "type": sel.type,
    }
    if sel.entry_group_id:
        out["entryGroupId"] = sel.entry_group_id
    _add_custom(out, sel.custom_name, sel.custom_notes)
    if sel.associations:
        # our spelling: the association declared on the entry, and the partner selection
        out["associations"] = [
            {"associationId": assoc, "selectionId": partner} for assoc, partner in sel.associations
        ]
    _infos(out, sel.profiles, sel.rules)
    if sel.children:
        out["selections"] = [_selection(c) for c in sel.children]
    out["costs"] = _costs(sel.costs)
    if sel.categories:
        out["categories"] = _categories(sel.categories, sel.id)
    return out


def _force(force: ForceView) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": force.id,
        "name": force.name,
        "entryId": force.entry_id,
        "catalogueId": force.catalogue_id,
        "catalogueRevision": force.catalogue_revision,
        "catalogueName": force.catalogue_name,
    }
    _add_custom(out, force.custom_name, force.custom_notes)
    _infos(out, force.profiles, force.rules)
    if force.selections:
        out["selections"] = [_selection(s) for s in force.selections]
    if force.child_forces:
        out["forces"] = [_force(f) for f in force.child_forces]
    if force.categories:
        out["categories"] = _categories(force.categories, force.id)
    return out


def roster_document(view: RosterView) -> dict[str, Any]:
    """The roster as ``{"roster": {...}}`` in the canonical document form."""
    body: dict[str, Any] = {
        "id": view.id,
        "name": view.name,
        "battleScribeVersion": ROSTER_VERSION,
        "gameSystemId": view.game_system_id,
        "gameSystemName": view.game_system_name,
        "gameSystemRevision": view.game_system_revision,
        "costs": _costs(view.costs),
    }
    limits = [
        {"name": c.name, "typeId": c.type_id, "value": view.cost_limits[c.type_id]}
        for c in view.costs
        if c.type_id in view.cost_limits
    ]
    if limits:
        body["costLimits"] = limits
    body["forces"] = [_force(f) for f in view.forces]
    if view.custom_notes:
        body["customNotes"] = view.custom_notes
    if view.options:
        body["tags"] = [
            {"id": f"{LIST_OPTION_TAG}{name}", "name": value}
            for name, value in sorted(view.options.items())
        ]
    return {"roster": body}


def check_document(document: Mapping[str, Any]) -> None:
    """A roster document within the caps ``load_roster`` holds it to (else ``CapExceeded``):
    its extent, its names and notes, and every selection's number and recorded costs. A
    document written after an edit is checked too, so that what is stored always loads again
    (a collective option's number is its count in every copy of its unit, which the edit
    itself does not see)."""
    body = unwrap(document)
    check_extent(body)
    check_texts(body)
    for selection in caps.selections(body):
        checked_number(selection.get("number", 1), lowest=0)
        for cost in selection.get("costs") or []:
            checked_cost(cost.get("value", 0))


def load_roster(
    compiled: Compiled, document: Mapping[str, Any], *, budget: Budget | None = None
) -> Roster:
    """Rebuild a roster from its canonical document (e.g. a parsed ``.ros`` file).

    Selections keep their ids, numbers, names and notes, and the roster its list options;
    nothing is auto-selected. A top-level selection of an entry the data offers only under a
    parent (a warjack outside any battlegroup) is kept where the file has it, and each
    evaluation reports it (``selection.misplaced``). A selection of an entry the data no
    longer offers (a newer catalogue revision) is left out with everything under it, each
    one reported as ``selection.unknown_entry`` on every evaluation and recorded in
    ``Roster.unlinked`` (a roster stored again would not hold them: whoever stores it shows
    them first), and the costs the file records for them stay in the totals
    (``Roster.unlinked_costs``); a force entry or
    catalogue the data does not know raises ``RosterError``.

    The roster has the cost limits its document lists and no others (the game system's
    defaults are for new lists); a negative one is kept, the format's "no limit". A document
    over the caps, or with a cost limit or selection number that is not finite or over its
    cap, raises ``CapExceeded`` before anything is built.
    """
    body = unwrap(document)
    check_document(body)
    limits = [
        (str(limit.get("typeId", "")), as_float(limit.get("value"), -1.0))
        for limit in body.get("costLimits") or []
    ]
    roster = Roster(
        compiled,
        name=str(body.get("name", "")),
        roster_id=str(body.get("id") or "roster"),
        budget=budget,
    )
    for type_id, value in limits:
        no_limit = -MAX_COST_LIMIT <= value < 0  # (false for what is not a finite number)
        roster.set_cost_limit(type_id, value if no_limit else checked_cost_limit(value))
    roster.custom_notes = _text(body.get("customNotes"))
    roster.options = {
        str(tag["id"]).removeprefix(LIST_OPTION_TAG): str(tag.get("name", ""))
        for tag in body.get("tags") or []
        if str(tag.get("id", "")).startswith(LIST_OPTION_TAG)
    }
    for raw in body.get("forces") or []:
        _load_force(roster, raw, None)
    roster.reserve_ids(s.id for s in roster.all_selections())
    roster.reserve_ids(f.id for f in roster.all_forces())
    return roster


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _load_force(roster: Roster, raw: Mapping[str, Any], parent: Force | None) -> None:
    force = roster.add_force(str(raw.get("entryId", "")), str(raw.get("catalogueId", "")), parent)
    force.id = str(raw.get("id") or force.id)
    force.custom_name, force.custom_notes = (
        _text(raw.get("customName")),
        _text(raw.get("customNotes")),
    )
    for category in raw.get("categories") or []:
        if category.get("customName") or category.get("customNotes"):
            force.category_custom[str(category.get("entryId", ""))] = (
                _text(category.get("customName")),
                _text(category.get("customNotes")),
            )
    for selection in raw.get("selections") or []:
        _load_selection(roster, force, selection, None)
    for child in raw.get("forces") or []:
        _load_force(roster, child, force)


def _load_selection(
    roster: Roster, force: Force, raw: Mapping[str, Any], parent: Selection | None
) -> None:
    entry_id = str(raw.get("entryId", ""))
    try:
        if parent is None:
            node = edit.find_root_entry(roster, force, entry_id)
        else:
            node = edit.find_child_entry(parent, entry_id)
    except RosterError:
        # a top-level entry the data offers only under a parent is kept where the file has
        # it, and reported on evaluation (``selection.misplaced``), not left out
        found = (
            roster.compiled.offered_below(force.catalogue_id, entry_id, roster.budget)
            if parent is None
            else None
        )
        if found is None:
            _unlinked(roster, force, raw, parent, ())
            return
        node = found
    number = max(1, int(as_float(raw.get("number"), 1.0)))
    amount = max(1, number // parent.number) if parent is not None else number
    selection = roster.add_selection(force, node, parent, amount)
    selection.id = str(raw.get("id") or selection.id)
    selection.custom_name = _text(raw.get("customName"))
    selection.custom_notes = _text(raw.get("customNotes"))
    selection.associations = [
        (str(a.get("associationId", "")), str(a.get("selectionId", "")))
        for a in raw.get("associations") or []
    ]
    for child in raw.get("selections") or []:
        _load_selection(roster, force, child, selection)


def _unlinked(
    roster: Roster,
    force: Force,
    raw: Mapping[str, Any],
    parent: Selection | None,
    above: tuple[str, ...],
) -> None:
    """Report a selection the data no longer offers, and each selection under it, and keep
    the costs the file records for them in the roster's totals (as ``unlinked_costs``): a
    list never looks cheaper because part of it could not be re-linked."""
    entry_id = str(raw.get("entryId", ""))
    name = str(raw.get("customName") or raw.get("name") or entry_id)
    path = (*above, name)
    recorded: list[str] = []
    for cost in raw.get("costs") or []:
        value = as_float(cost.get("value"), 0.0)
        type_id = str(cost.get("typeId", ""))
        roster.unlinked_costs[type_id] = roster.unlinked_costs.get(type_id, 0.0) + value
        if value:
            recorded.append(f"{json_number(value)} {cost.get('name') or type_id}")
    owner_type, owner = ("selection", parent) if parent is not None else ("force", force)
    roster.unlinked.append(
        Unlinked(
            selection_id=str(raw.get("id", "")),
            entry_id=entry_id,
            path=path,
            force_id=force.id,
            owner_id=owner.id,
            costs={
                str(cost.get("typeId", "")): as_float(cost.get("value"), 0.0)
                for cost in raw.get("costs") or []
            },
        )
    )
    params = {
        "path": " / ".join(path),
        "entry_id": entry_id,
        "under": " / ".join(above),
        "costs": ", ".join(recorded),
        "form": "_".join(form for form, given in (("under", above), ("cost", recorded)) if given),
    }
    roster.load_problems.append(
        Problem(
            report.SELECTION_UNKNOWN_ENTRY,
            report.ERROR,
            owner_type,
            owner.id,
            owner.node.id,
            entry_id,
            "",
            report.words(report.SELECTION_UNKNOWN_ENTRY, params),
            params=params,
        )
    )
    for child in raw.get("selections") or []:
        _unlinked(roster, force, child, parent, path)
