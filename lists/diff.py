"""What changed between two versions of a list, in plain words.

A diff is computed between two *evaluated* snapshots: the roster document the engine wrote
for each version (``roster_document(view)``: selections keyed by their stable ids, with their
evaluated costs) and the problems the engine raised on it. Comparing by selection id (never
by position or name) means a renamed, recounted or re-optioned unit is one unit that changed,
not one removed and one added.

Each change has a stable ``kind`` (tests and API clients match on it) and the parameters it
was made from; ``describe`` says it in words, through the translation functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from django.utils.translation import gettext as _

from armybuilder.engine.document import LIST_OPTION_TAG
from armybuilder.engine.report import Problem


class ChangeKind(StrEnum):
    FORCE_ADDED = "force.added"
    FORCE_REMOVED = "force.removed"
    UNIT_ADDED = "unit.added"
    UNIT_REMOVED = "unit.removed"
    OPTION_ADDED = "option.added"
    OPTION_REMOVED = "option.removed"
    COUNT_CHANGED = "count.changed"
    NAME_CHANGED = "name.changed"
    NOTES_CHANGED = "notes.changed"
    UNIT_COST_CHANGED = "unit_cost.changed"
    COST_CHANGED = "cost.changed"
    LIMIT_CHANGED = "limit.changed"
    LIST_OPTION_CHANGED = "list_option.changed"
    PROBLEM_APPEARED = "problem.appeared"
    PROBLEM_RESOLVED = "problem.resolved"


ROSTER = "roster"


@dataclass(frozen=True, slots=True)
class SelectionState:
    id: str
    name: str  # the entry's name
    custom_name: str | None
    notes: str | None
    number: int
    force_id: str
    parent_id: str | None
    costs: Mapping[str, float]  # own costs per cost type id (number included)
    total_costs: Mapping[str, float]  # with every descendant

    @property
    def label(self) -> str:
        return self.custom_name or self.name


@dataclass(frozen=True, slots=True)
class ForceState:
    id: str
    name: str
    custom_name: str | None
    notes: str | None
    catalogue_name: str

    @property
    def label(self) -> str:
        return self.custom_name or self.name


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One evaluated version of a list, flattened for comparison."""

    name: str
    notes: str | None
    options: Mapping[str, str]
    cost_names: Mapping[str, str]
    totals: Mapping[str, float]
    limits: Mapping[str, float]
    forces: Mapping[str, ForceState]
    selections: Mapping[str, SelectionState]  # every selection, nested ones included
    problems: Mapping[tuple[str, ...], Problem]

    def owner_label(self, problem: Problem) -> str:
        if problem.owner_type == "selection" and problem.owner_id in self.selections:
            return self.selections[problem.owner_id].label
        if problem.owner_id in self.forces:
            return self.forces[problem.owner_id].label
        return _("the whole list")


def problem_key(problem: Problem) -> tuple[str, ...]:
    """A problem's identity across versions: its code and what it is about."""
    return (
        problem.code,
        problem.owner_type,
        problem.owner_id,
        problem.owner_entry_id,
        problem.entry_id,
        problem.constraint_id,
    )


def snapshot(document: Mapping[str, Any], problems: Iterable[Problem]) -> Snapshot:
    """The snapshot of a roster document (``{"roster": {...}}``) and its evaluation's problems."""
    body = document.get("roster", document)
    cost_names: dict[str, str] = {}
    forces: dict[str, ForceState] = {}
    selections: dict[str, SelectionState] = {}

    def costs_of(raw: Mapping[str, Any]) -> dict[str, float]:
        out: dict[str, float] = {}
        for cost in raw.get("costs") or []:
            type_id = str(cost.get("typeId", ""))
            cost_names.setdefault(type_id, str(cost.get("name") or type_id))
            out[type_id] = out.get(type_id, 0.0) + float(cost.get("value") or 0)
        return out

    def add_selection(
        raw: Mapping[str, Any], force_id: str, parent_id: str | None
    ) -> dict[str, float]:
        own = costs_of(raw)
        total = dict(own)
        for child in raw.get("selections") or []:
            for type_id, value in add_selection(child, force_id, str(raw.get("id"))).items():
                total[type_id] = total.get(type_id, 0.0) + value
        selection_id = str(raw.get("id", ""))
        selections[selection_id] = SelectionState(
            id=selection_id,
            name=str(raw.get("name", "")),
            custom_name=raw.get("customName") or None,
            notes=raw.get("customNotes") or None,
            number=int(raw.get("number") or 1),
            force_id=force_id,
            parent_id=parent_id,
            costs=own,
            total_costs=total,
        )
        return total

    def add_force(raw: Mapping[str, Any]) -> None:
        force_id = str(raw.get("id", ""))
        forces[force_id] = ForceState(
            id=force_id,
            name=str(raw.get("name", "")),
            custom_name=raw.get("customName") or None,
            notes=raw.get("customNotes") or None,
            catalogue_name=str(raw.get("catalogueName", "")),
        )
        for selection in raw.get("selections") or []:
            add_selection(selection, force_id, None)
        for child in raw.get("forces") or []:
            add_force(child)

    for force in body.get("forces") or []:
        add_force(force)
    totals = costs_of(body)
    limits = {
        str(limit.get("typeId", "")): float(limit.get("value") or 0)
        for limit in body.get("costLimits") or []
    }
    options = {
        str(tag.get("id", "")).removeprefix(LIST_OPTION_TAG): str(tag.get("name", ""))
        for tag in body.get("tags") or []
        if str(tag.get("id", "")).startswith(LIST_OPTION_TAG)
    }
    return Snapshot(
        name=str(body.get("name", "")),
        notes=body.get("customNotes") or None,
        options=options,
        cost_names=cost_names,
        totals=totals,
        limits=limits,
        forces=forces,
        selections=selections,
        problems={problem_key(p): p for p in problems},
    )


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between two versions. ``params`` holds what ``describe`` says."""

    kind: ChangeKind
    subject_id: str  # the selection, force or problem owner it concerns ("roster": the list)
    params: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return _DESCRIPTIONS[self.kind](self.params)

    def __str__(self) -> str:
        return self.describe()


def diff(old: Snapshot, new: Snapshot) -> list[Change]:
    """Every change from ``old`` to ``new``: the list, forces, units, options, then costs and
    problems. A removed unit's options are not listed again (removing the unit says it)."""
    return [
        *_list_changes(old, new),
        *_force_changes(old, new),
        *_selection_changes(old, new),
        *_cost_changes(old, new),
        *_problem_changes(old, new),
    ]


def _list_changes(old: Snapshot, new: Snapshot) -> Iterator[Change]:
    if old.name != new.name:
        yield Change(ChangeKind.NAME_CHANGED, ROSTER, {"before": old.name, "after": new.name})
    if old.notes != new.notes:
        yield Change(ChangeKind.NOTES_CHANGED, ROSTER, {"label": _("the list"), "after": new.notes})
    for name in sorted({*old.options, *new.options}):
        before, after = old.options.get(name), new.options.get(name)
        if before != after:
            yield Change(
                ChangeKind.LIST_OPTION_CHANGED,
                ROSTER,
                {"option": name, "before": before, "after": after},
            )


def _force_changes(old: Snapshot, new: Snapshot) -> Iterator[Change]:
    for force_id, force in new.forces.items():
        before = old.forces.get(force_id)
        if before is None:
            yield Change(
                ChangeKind.FORCE_ADDED,
                force_id,
                {"force": force.label, "catalogue": force.catalogue_name},
            )
            continue
        yield from _custom_changes(force_id, before, force)
    for force_id, force in old.forces.items():
        if force_id not in new.forces:
            yield Change(ChangeKind.FORCE_REMOVED, force_id, {"force": force.label})


def _custom_changes(
    subject_id: str, before: SelectionState | ForceState, after: SelectionState | ForceState
) -> Iterator[Change]:
    if before.custom_name != after.custom_name:
        yield Change(
            ChangeKind.NAME_CHANGED,
            subject_id,
            {"before": before.label, "after": after.label},
        )
    if before.notes != after.notes:
        yield Change(
            ChangeKind.NOTES_CHANGED, subject_id, {"label": after.label, "after": after.notes}
        )


def _selection_changes(old: Snapshot, new: Snapshot) -> Iterator[Change]:
    for selection_id, selection in new.selections.items():
        before = old.selections.get(selection_id)
        if before is None:
            if selection.parent_id is None:
                yield _unit_change(ChangeKind.UNIT_ADDED, selection, new)
            elif selection.parent_id in old.selections:
                yield _option_change(ChangeKind.OPTION_ADDED, selection, new)
            continue
        yield from _custom_changes(selection_id, before, selection)
        if before.number != selection.number:
            yield Change(
                ChangeKind.COUNT_CHANGED,
                selection_id,
                {
                    "label": selection.label,
                    "before": before.number,
                    "after": selection.number,
                    "where": _where(selection, new),
                },
            )
        if selection.parent_id is None:
            for type_id in sorted({*before.total_costs, *selection.total_costs}):
                was = before.total_costs.get(type_id, 0.0)
                now = selection.total_costs.get(type_id, 0.0)
                if was != now:
                    yield Change(
                        ChangeKind.UNIT_COST_CHANGED,
                        selection_id,
                        {
                            "label": selection.label,
                            "cost": new.cost_names.get(type_id, type_id),
                            "before": was,
                            "after": now,
                        },
                    )
    for selection_id, selection in old.selections.items():
        if selection_id in new.selections:
            continue
        if selection.parent_id is None:
            yield _unit_change(ChangeKind.UNIT_REMOVED, selection, old)
        elif selection.parent_id in new.selections:
            yield _option_change(ChangeKind.OPTION_REMOVED, selection, old)


def _where(selection: SelectionState, snap: Snapshot) -> str:
    """The unit an option belongs to, or the force a unit is in."""
    if selection.parent_id is not None and selection.parent_id in snap.selections:
        return snap.selections[selection.parent_id].label
    force = snap.forces.get(selection.force_id)
    return force.label if force else ""


def _unit_change(kind: ChangeKind, selection: SelectionState, snap: Snapshot) -> Change:
    return Change(
        kind,
        selection.id,
        {
            "label": selection.label,
            "number": selection.number,
            "where": _where(selection, snap),
            "costs": _cost_text(selection.total_costs, snap.cost_names),
        },
    )


def _option_change(kind: ChangeKind, selection: SelectionState, snap: Snapshot) -> Change:
    return Change(
        kind,
        selection.id,
        {"label": selection.label, "number": selection.number, "where": _where(selection, snap)},
    )


def _cost_changes(old: Snapshot, new: Snapshot) -> Iterator[Change]:
    names = {**old.cost_names, **new.cost_names}
    for type_id in sorted({*old.totals, *new.totals}):
        before, after = old.totals.get(type_id, 0.0), new.totals.get(type_id, 0.0)
        if before != after:
            yield Change(
                ChangeKind.COST_CHANGED,
                ROSTER,
                {"cost": names.get(type_id, type_id), "before": before, "after": after},
            )
    for type_id in sorted({*old.limits, *new.limits}):
        before_limit, after_limit = old.limits.get(type_id), new.limits.get(type_id)
        if before_limit != after_limit:
            yield Change(
                ChangeKind.LIMIT_CHANGED,
                ROSTER,
                {"cost": names.get(type_id, type_id), "before": before_limit, "after": after_limit},
            )


def _problem_changes(old: Snapshot, new: Snapshot) -> Iterator[Change]:
    for key, problem in new.problems.items():
        if key not in old.problems:
            yield _problem_change(ChangeKind.PROBLEM_APPEARED, problem, new)
    for key, problem in old.problems.items():
        if key not in new.problems:
            yield _problem_change(ChangeKind.PROBLEM_RESOLVED, problem, old)


def _problem_change(kind: ChangeKind, problem: Problem, snap: Snapshot) -> Change:
    return Change(
        kind,
        problem.owner_id,
        {
            "code": problem.code,
            "severity": problem.severity,
            "owner": snap.owner_label(problem),
            "message": problem.message,
        },
    )


def format_number(value: float | None) -> str:
    """A cost or limit as a player writes it: 1500, not 1500.0; 12.5 stays."""
    if value is None:
        return _("none")
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def _cost_text(costs: Mapping[str, float], names: Mapping[str, str]) -> str:
    return ", ".join(
        f"{format_number(value)} {names.get(type_id, type_id)}"
        for type_id, value in costs.items()
        if value
    )


def _counted(params: Mapping[str, Any]) -> str:
    label = str(params["label"])
    number = int(params.get("number") or 1)
    return f"{number}\u00d7 {label}" if number != 1 else label


def _with_costs(text: str, params: Mapping[str, Any]) -> str:
    return f"{text} ({params['costs']})" if params.get("costs") else text


def _severity(params: Mapping[str, Any]) -> str:
    return severity_word(str(params["severity"]))


def severity_word(severity: str) -> str:
    """A problem's severity as the pages name it."""
    return {"error": _("error"), "warning": _("warning"), "info": _("note")}.get(severity, severity)


_DESCRIPTIONS: dict[ChangeKind, Callable[[Mapping[str, Any]], str]] = {
    ChangeKind.FORCE_ADDED: lambda p: _("Added the force %(force)s (%(catalogue)s)") % p,
    ChangeKind.FORCE_REMOVED: lambda p: _("Removed the force %(force)s") % p,
    ChangeKind.UNIT_ADDED: lambda p: _with_costs(
        _("Added %(unit)s to %(where)s") % {"unit": _counted(p), "where": p["where"]}, p
    ),
    ChangeKind.UNIT_REMOVED: lambda p: _with_costs(
        _("Removed %(unit)s from %(where)s") % {"unit": _counted(p), "where": p["where"]}, p
    ),
    ChangeKind.OPTION_ADDED: lambda p: (
        _("%(where)s: took %(option)s") % {"option": _counted(p), "where": p["where"]}
    ),
    ChangeKind.OPTION_REMOVED: lambda p: (
        _("%(where)s: dropped %(option)s") % {"option": _counted(p), "where": p["where"]}
    ),
    ChangeKind.COUNT_CHANGED: lambda p: _("%(label)s in %(where)s: %(before)s → %(after)s") % p,
    ChangeKind.NAME_CHANGED: lambda p: _("Renamed %(before)s to %(after)s") % p,
    ChangeKind.NOTES_CHANGED: lambda p: (
        _("Changed the notes of %(label)s") % p
        if p.get("after")
        else _("Removed the notes of %(label)s") % p
    ),
    ChangeKind.UNIT_COST_CHANGED: lambda p: (
        _("%(label)s: %(before)s → %(after)s %(cost)s")
        % {**p, "before": format_number(p["before"]), "after": format_number(p["after"])}
    ),
    ChangeKind.COST_CHANGED: lambda p: (
        _("Total %(cost)s: %(before)s → %(after)s")
        % {**p, "before": format_number(p["before"]), "after": format_number(p["after"])}
    ),
    ChangeKind.LIMIT_CHANGED: lambda p: (
        _("Limit of %(cost)s: %(before)s → %(after)s")
        % {**p, "before": format_number(p["before"]), "after": format_number(p["after"])}
    ),
    ChangeKind.LIST_OPTION_CHANGED: lambda p: (
        _("List option %(option)s: %(before)s → %(after)s")
        % {**p, "before": p["before"] or _("none"), "after": p["after"] or _("none")}
    ),
    ChangeKind.PROBLEM_APPEARED: lambda p: (
        _("New %(severity)s on %(owner)s: %(message)s") % {**p, "severity": _severity(p)}
    ),
    ChangeKind.PROBLEM_RESOLVED: lambda p: (
        _("Resolved %(severity)s on %(owner)s: %(message)s") % {**p, "severity": _severity(p)}
    ),
}
