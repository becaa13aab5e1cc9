"""Validate a list: build a List spec with the engine against stored revisions and report.

Used by the example list pages and by ``POST /api/validate/``. Nothing is written: a list is
built in memory, evaluated and thrown away.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from armybuilder.engine.compile import CompileError
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import Reason
from armybuilder.engine.explain import explain as explain_entry
from armybuilder.engine.listspec import ListSpecError, build_roster
from armybuilder.engine.model import EntryNode, selectable
from armybuilder.engine.report import ERROR, INFO, SELECTION_UNKNOWN_ENTRY, WARNING, Problem
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.view import RosterView
from catalogues.closures import ClosureRevisions, compiled_closure, resolve_closure
from catalogues.models import Catalogue, GameSystem, Revision

# Stable codes of the reasons a list cannot be validated at all (API clients match on them).
UNKNOWN_GAME_SYSTEM = "list_spec.unknown_game_system"
UNKNOWN_CATALOGUE = "list_spec.unknown_catalogue"
UNKNOWN_REVISION = "list_spec.unknown_revision"
NOT_BUILDABLE = "list_spec.not_buildable"

SEVERITY_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


class ListSpecRejected(Exception):
    """The list cannot be built from the stored data; nothing was evaluated."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class CostTotal:
    type_id: str
    name: str
    value: float
    limit: float | None  # None: no limit

    @property
    def over(self) -> bool:
        return self.limit is not None and self.value > self.limit


@dataclass(frozen=True)
class Unavailable:
    """An entry a player cannot add at one place of the list right now, and why."""

    owner_type: str  # force (its top level) or selection (its options)
    owner_id: str
    entry_id: str  # the path id, as offered there
    name: str
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class ListReport:
    """A built and evaluated list, with the revisions it was checked against."""

    game_system: GameSystem
    closure: ClosureRevisions
    view: RosterView
    problems: list[Problem]  # errors first, then warnings, then notes
    totals: list[CostTotal]  # visible cost types only
    explained: bool = False  # whether ``unavailable`` was worked out
    unavailable: tuple[Unavailable, ...] = ()

    @property
    def unknown_entries(self) -> list[Problem]:
        """Selections of a roster file whose entries the stored data no longer has."""
        return [p for p in self.problems if p.code == SELECTION_UNKNOWN_ENTRY]

    def unavailable_at(self, owner_id: str) -> list[Unavailable]:
        """The entries a force or selection offers that cannot be added now."""
        return [u for u in self.unavailable if u.owner_id == owner_id]

    @property
    def legal(self) -> bool:
        return not any(p.severity == ERROR for p in self.problems)

    @property
    def error_count(self) -> int:
        return sum(1 for p in self.problems if p.severity == ERROR)

    @property
    def warning_count(self) -> int:
        return sum(1 for p in self.problems if p.severity == WARNING)

    def problems_of(self, owner_id: str) -> list[Problem]:
        """The problems of a selection, or of a force (its categories' included)."""
        return [p for p in self.problems if p.owner_id == owner_id]

    def owner_label(self, problem: Problem) -> str:
        """What a problem is about, in words: the list, a force, a category or a selection."""
        if problem.owner_type == "selection":
            selection = next(
                (s for s in self.view.all_selections() if s.id == problem.owner_id), None
            )
            return selection.custom_name or selection.name if selection else problem.owner_id
        force = next((f for f in self.view.all_forces() if f.id == problem.owner_id), None)
        if force is None:
            return "The whole list"
        force_name = force.custom_name or force.name
        if problem.owner_type == "category":
            category = next(
                (c.name for c in force.categories if c.entry_id == problem.owner_entry_id),
                problem.owner_entry_id,
            )
            return f"{category} in {force_name}"
        return force_name


def validate_list_spec(
    *,
    spec: Mapping[str, Any],
    game_system_revision: int | None = None,
    catalogue_revisions: Mapping[str, int] | None = None,
    explain: bool = False,
) -> ListReport:
    """Build ``spec`` against the stored revisions and evaluate it.

    By default the newest revisions of the game system and of each catalogue are used;
    ``catalogue_revisions`` (catalogue id -> revision number) and ``game_system_revision``
    pin others. With ``explain``, the report also says which entries cannot be added now
    and why. Raises ``ListSpecRejected`` when the spec names something the store or its
    catalogues lack.
    """
    closure = stored_closure(
        spec=spec,
        game_system_revision=game_system_revision,
        catalogue_revisions=catalogue_revisions,
    )
    try:
        roster = build_roster(compiled_closure(closure), spec)
    except (ListSpecError, CompileError) as error:
        raise ListSpecRejected(NOT_BUILDABLE, str(error)) from error
    return report_roster(closure=closure, roster=roster, explain=explain)


def stored_closure(
    *,
    spec: Mapping[str, Any],
    game_system_revision: int | None = None,
    catalogue_revisions: Mapping[str, int] | None = None,
) -> ClosureRevisions:
    """The stored closure a list is checked against (see ``validate_list_spec`` for pins).

    ``spec`` is a List spec or a roster document's body: both name the game system
    (``gameSystemId``) and each force's catalogue (``catalogueId``) with the same keys.
    Raises ``ListSpecRejected`` for a game system, catalogue or revision the store lacks.
    """
    game_system = _game_system(str(spec.get("gameSystemId", "")))
    catalogue_ids = spec_catalogue_ids(spec)
    pinned = dict(catalogue_revisions or {})
    # A pinned catalogue the forces do not name is pinned as a link target.
    used = dict.fromkeys([*catalogue_ids, *pinned])
    revisions = [
        _revision(catalogue, pinned.get(catalogue.bs_id))
        for catalogue in _catalogues(game_system, list(used))
    ]
    return resolve_closure(
        game_system=game_system,
        catalogue_revisions=revisions,
        game_system_revision=_revision(game_system, game_system_revision),
    )


def report_roster(*, closure: ClosureRevisions, roster: Roster, explain: bool) -> ListReport:
    """Evaluate a roster built on ``closure`` (from a List spec or a roster file)."""
    try:
        evaluation = evaluate(roster)
    except CompileError as error:
        raise ListSpecRejected(NOT_BUILDABLE, str(error)) from error
    problems = sorted(evaluation.problems, key=lambda p: SEVERITY_ORDER.get(p.severity, 3))
    game_system = closure.game_system_revision.game_system
    assert game_system is not None  # resolve_closure checked it
    return ListReport(
        game_system,
        closure,
        evaluation.view,
        problems,
        _totals(evaluation.view),
        explained=explain,
        unavailable=tuple(_unavailable(roster)) if explain else (),
    )


def _unavailable(roster: Roster) -> Iterator[Unavailable]:
    """Every entry offered at a force's top level or under a selection that cannot be added."""
    evaluator = Evaluator(roster)  # one pass: the roster does not change while explaining
    for force in roster.all_forces():
        yield from _unavailable_among(
            evaluator, force, None, roster.compiled.root_entries(force.catalogue_id)
        )
        for selection in force.all_selections():
            yield from _unavailable_among(evaluator, force, selection, selection.node.children)


def _unavailable_among(
    evaluator: Evaluator, force: Force, parent: Selection | None, nodes: list[EntryNode]
) -> Iterator[Unavailable]:
    owner_type, owner_id = ("selection", parent.id) if parent else ("force", force.id)
    for node in selectable(nodes):
        reasons = explain_entry(evaluator.roster, force, node.path_id, parent, evaluator)
        if reasons:
            yield Unavailable(owner_type, owner_id, node.path_id, node.name, tuple(reasons))


def spec_catalogue_ids(spec: Mapping[str, Any]) -> tuple[str, ...]:
    """Ids of the catalogues a List spec's forces (child forces included) are drawn from."""

    def walk(forces: Any) -> Iterator[str]:
        for force in forces or []:
            yield str(force.get("catalogueId", ""))
            yield from walk(force.get("forces"))

    return tuple(dict.fromkeys(walk(spec.get("forces"))))


def _totals(view: RosterView) -> list[CostTotal]:
    return [
        CostTotal(cost.type_id, cost.name, cost.value, view.cost_limit(cost.type_id))
        for cost in view.costs
        if not cost.hidden
    ]


def _game_system(bs_id: str) -> GameSystem:
    found = GameSystem.objects.filter(bs_id=bs_id).first()
    if found is None:
        raise ListSpecRejected(UNKNOWN_GAME_SYSTEM, f"no game system {bs_id!r} is stored")
    return found


def _catalogues(game_system: GameSystem, bs_ids: Sequence[str]) -> list[Catalogue]:
    found = {c.bs_id: c for c in game_system.catalogues.filter(bs_id__in=bs_ids)}
    missing = [bs_id for bs_id in bs_ids if bs_id not in found]
    if missing:
        raise ListSpecRejected(
            UNKNOWN_CATALOGUE,
            f"{game_system.name} has no catalogue {', '.join(map(repr, missing))}",
        )
    return [found[bs_id] for bs_id in bs_ids]


def _revision(owner: GameSystem | Catalogue, number: int | None) -> Revision:
    """The revision ``number`` of a game system or catalogue, by default its newest."""
    revisions = owner.revisions.select_related("catalogue", "game_system").defer("document")
    found = (revisions.filter(number=number) if number is not None else revisions).first()
    if found is None:
        wanted = "" if number is None else f" {number}"
        raise ListSpecRejected(UNKNOWN_REVISION, f"{owner.name} has no stored revision{wanted}")
    return found
