"""Validate a list: build a List spec with the engine against stored revisions and report.

Used by the example list pages and by ``POST /api/v1/validate/``. Nothing is written: a list is
built in memory, evaluated and thrown away.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from armybuilder import messages
from armybuilder.engine.caps import (
    EXPLAIN_STEPS,
    MAX_EXPLAINED,
    REQUEST_STEPS,
    Budget,
    BudgetExceeded,
    CapExceeded,
    finite_costs,
)
from armybuilder.engine.compile import CompileError
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import Reason, explain_node
from armybuilder.engine.listspec import ListSpecError, build_roster
from armybuilder.engine.localize import (
    localized_problem,
    localized_reason,
    localized_view,
    name_of,
)
from armybuilder.engine.model import EntryNode, selectable
from armybuilder.engine.report import ERROR, INFO, SELECTION_UNKNOWN_ENTRY, WARNING, Problem
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.systems import bookkeeping_cost_types, imposed_cost_limits
from armybuilder.engine.systems.common import COST_NOT_ENTERED
from armybuilder.engine.view import ForceView, RosterView, SelectionView
from armybuilder.errors import ApplicationError
from catalogues.closures import (
    ClosureRevisions,
    compiled_closure,
    remembered_closure,
    resolve_closure,
)
from catalogues.models import Catalogue, GameSystem, Revision
from catalogues.names import Names, closure_names

# Stable codes of the reasons a list cannot be validated at all (API clients match on them).
UNKNOWN_GAME_SYSTEM = "list_spec.unknown_game_system"
UNKNOWN_CATALOGUE = "list_spec.unknown_catalogue"
UNKNOWN_REVISION = "list_spec.unknown_revision"
NOT_BUILDABLE = "list_spec.not_buildable"

SEVERITY_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


class ListSpecRejected(ApplicationError):
    """The list cannot be built from the stored data; nothing was evaluated."""

    status = 422


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
    # false when explaining stopped at its cap (``unavailable`` then covers the first entries)
    explained_all: bool = True
    # the evaluation's own evaluator: a page asking more of the unchanged roster (what its
    # add panels offer, category gauges) starts from what the evaluation worked out
    evaluator: Evaluator | None = field(default=None, compare=False, repr=False)

    @property
    def unknown_entries(self) -> list[Problem]:
        """Selections of a roster file whose entries the stored data no longer has."""
        return [p for p in self.problems if p.code == SELECTION_UNKNOWN_ENTRY]

    @property
    def costs_not_entered(self) -> list[str]:
        """What still lacks a cost the player enters from their card (the games' hooks report
        each as ``<game>.cost.not_entered``), in words: the totals leave those costs out, so a
        verdict of "legal" must say so."""
        return [self.owner_label(p) for p in self.problems if p.code.endswith(COST_NOT_ENTERED)]

    def unavailable_at(self, owner_id: str) -> list[Unavailable]:
        """The entries a force or selection offers that cannot be added now."""
        return self._unavailable_by_owner.get(owner_id, [])

    # A page asks these per force, selection and problem: indexed once, so a page of a long
    # list stays proportional to it.
    @cached_property
    def _unavailable_by_owner(self) -> dict[str, list[Unavailable]]:
        by_owner: dict[str, list[Unavailable]] = {}
        for item in self.unavailable:
            by_owner.setdefault(item.owner_id, []).append(item)
        return by_owner

    @cached_property
    def _problems_by_owner(self) -> dict[str, list[Problem]]:
        by_owner: dict[str, list[Problem]] = {}
        for problem in self.problems:
            by_owner.setdefault(problem.owner_id, []).append(problem)
        return by_owner

    @cached_property
    def _selections_by_id(self) -> dict[str, SelectionView]:
        return {s.id: s for s in self.view.all_selections()}

    @cached_property
    def _forces_by_id(self) -> dict[str, ForceView]:
        return {f.id: f for f in self.view.all_forces()}

    def localized(self, names: Names | None = None) -> ListReport:
        """This report with the game data's names in the reader's language (``names``: a
        table already read for its revisions), for a page or an API answer; what is stored
        or exported keeps the canonical names."""
        names = closure_names(self.closure) if names is None else names
        if not names:
            return self
        return replace(
            self,
            view=localized_view(self.view, names),
            problems=[localized_problem(p, names) for p in self.problems],
            totals=[replace(t, name=name_of(names, t.type_id, t.name)) for t in self.totals],
            unavailable=tuple(
                replace(
                    item,
                    name=name_of(names, item.entry_id.rsplit("::", 1)[-1], item.name),
                    reasons=tuple(localized_reason(r, names) for r in item.reasons),
                )
                for item in self.unavailable
            ),
        )

    def force_label(self, force_id: str) -> str:
        """A force's name, numbered when another force of the list has the same one (two
        Skirmish armies in a team game read "Skirmish #1" and "Skirmish #2")."""
        return self._force_labels.get(force_id, force_id)

    @cached_property
    def _force_labels(self) -> dict[str, str]:
        named = [(f.id, f.custom_name or f.name) for f in self.view.all_forces()]
        repeats = Counter(name for _id, name in named)
        seen: Counter[str] = Counter()
        labels: dict[str, str] = {}
        for force_id, name in named:
            seen[name] += 1
            numbered = _("%(name)s #%(number)d") % {"name": name, "number": seen[name]}
            labels[force_id] = name if repeats[name] == 1 else numbered
        return labels

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
        return self._problems_by_owner.get(owner_id, [])

    def owner_label(self, problem: Problem) -> str:
        """What a problem is about, in words: the list, a force, a category or a selection."""
        if problem.owner_type == "selection":
            selection = self._selections_by_id.get(problem.owner_id)
            return selection.custom_name or selection.name if selection else problem.owner_id
        force = self._forces_by_id.get(problem.owner_id)
        if force is None:
            return _("The whole list")
        force_name = self.force_label(force.id)
        if problem.owner_type == "category":
            category = next(
                (c.name for c in force.categories if c.entry_id == problem.owner_entry_id),
                problem.owner_entry_id,
            )
            return _("%(category)s in %(force)s") % {"category": category, "force": force_name}
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
    catalogues lack, and with a ``caps.*`` code when it is over a cap or the work budget
    (``armybuilder.engine.caps``).
    """
    closure = stored_closure(
        spec=spec,
        game_system_revision=game_system_revision,
        catalogue_revisions=catalogue_revisions,
    )
    try:
        roster = build_roster(compiled_closure(closure), spec, budget=Budget(REQUEST_STEPS))
    except (ListSpecError, CompileError) as error:
        raise ListSpecRejected(NOT_BUILDABLE, messages.refusal(error)) from error
    except CapExceeded as error:
        raise ListSpecRejected(error.code, messages.refusal(error), params=error.params) from error
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
    game_system_id = str(spec.get("gameSystemId", ""))
    catalogue_ids = spec_catalogue_ids(spec)
    pinned = dict(catalogue_revisions or {})
    asked = (game_system_id, catalogue_ids, game_system_revision, tuple(sorted(pinned.items())))
    return remembered_closure(
        asked,
        lambda: _resolved_closure(game_system_id, catalogue_ids, pinned, game_system_revision),
    )


def _resolved_closure(
    game_system_id: str,
    catalogue_ids: tuple[str, ...],
    pinned: dict[str, int],
    game_system_revision: int | None,
) -> ClosureRevisions:
    game_system = _game_system(game_system_id)
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
    """Evaluate a roster built on ``closure`` (from a List spec or a roster file).

    The evaluation spends from the roster's budget (``ListSpecRejected`` with
    ``caps.work_budget`` past it, and with ``caps.cost`` for costs that left the float
    range); explaining stops at its own caps instead (see
    ``unavailable_entries``), so a long list is still reported.
    """
    try:
        evaluation = evaluate(roster)
        finite_costs(evaluation.view)
    except CompileError as error:
        raise ListSpecRejected(NOT_BUILDABLE, messages.refusal(error)) from error
    except CapExceeded as error:  # (the work budget, or costs beyond every float)
        raise ListSpecRejected(error.code, messages.refusal(error), params=error.params) from error
    problems = sorted(evaluation.problems, key=lambda p: SEVERITY_ORDER.get(p.severity, 3))
    game_system = closure.game_system_revision.game_system
    assert game_system is not None  # resolve_closure checked it
    unavailable, explained_all = unavailable_entries(roster) if explain else ((), True)
    return ListReport(
        game_system,
        closure,
        evaluation.view,
        problems,
        _totals(evaluation.view),
        explained=explain,
        unavailable=unavailable,
        explained_all=explained_all,
        evaluator=evaluation.evaluator,
    )


def unavailable_entries(roster: Roster) -> tuple[tuple[Unavailable, ...], bool]:
    """Every entry offered at a force's top level or under a selection that cannot be added,
    and whether every offered entry was explained.

    The entries share one evaluator (the roster does not change between them). Explaining
    stops after ``MAX_EXPLAINED`` entries or ``EXPLAIN_STEPS`` steps of the roster's budget,
    whichever comes first: it is a help, never a reason to refuse the list.
    """
    budget = roster.budget.part(EXPLAIN_STEPS)
    evaluator = Evaluator(roster, budget=budget)
    found: list[Unavailable] = []
    try:
        for count, (force, parent, node) in enumerate(_offered(roster), start=1):
            if count > MAX_EXPLAINED:
                return tuple(found), False
            reasons = explain_node(roster, force, node, parent, evaluator=evaluator)
            if reasons:
                owner_type, owner_id = ("selection", parent.id) if parent else ("force", force.id)
                found.append(
                    Unavailable(owner_type, owner_id, node.path_id, node.name, tuple(reasons))
                )
    except BudgetExceeded:
        return tuple(found), False
    finally:
        roster.budget.spend(min(budget.spent, budget.steps))
    return tuple(found), True


def _offered(roster: Roster) -> Iterator[tuple[Force, Selection | None, EntryNode]]:
    """Every entry offered at a force's top level or under a selection, in list order."""
    for force in roster.all_forces():
        for node in selectable(roster.compiled.root_entries(force.catalogue_id)):
            yield force, None, node
        for selection in force.all_selections():
            for node in selectable(selection.node.children):
                yield force, selection, node


def spec_catalogue_ids(spec: Mapping[str, Any]) -> tuple[str, ...]:
    """Ids of the catalogues a List spec's forces (child forces included) are drawn from."""

    def walk(forces: Any) -> Iterator[str]:
        for force in forces or []:
            yield str(force.get("catalogueId", ""))
            yield from walk(force.get("forces"))

    return tuple(dict.fromkeys(walk(spec.get("forces"))))


def _totals(view: RosterView) -> list[CostTotal]:
    """Visible cost totals against the limit enforced: the list's own or, when tighter or the
    list has none, the one its game's rules impose (a 40k battle size's points). A game's
    bookkeeping cost types are left out: the pages show them as allowances."""
    imposed = imposed_cost_limits(view)
    bookkeeping = bookkeeping_cost_types(view.game_system_id)
    totals = []
    for cost in view.costs:
        if cost.hidden or cost.type_id in bookkeeping:
            continue
        limits = [
            limit
            for limit in (view.cost_limit(cost.type_id), imposed.get(cost.type_id))
            if limit is not None
        ]
        totals.append(CostTotal(cost.type_id, cost.name, cost.value, min(limits, default=None)))
    return totals


def _game_system(bs_id: str) -> GameSystem:
    found = GameSystem.objects.filter(bs_id=bs_id).first()
    if found is None:
        raise ListSpecRejected(
            UNKNOWN_GAME_SYSTEM, _("no game system %(id)s is stored") % {"id": repr(bs_id)}
        )
    return found


def _catalogues(game_system: GameSystem, bs_ids: Sequence[str]) -> list[Catalogue]:
    found = {c.bs_id: c for c in game_system.catalogues.filter(bs_id__in=bs_ids)}
    missing = [bs_id for bs_id in bs_ids if bs_id not in found]
    if missing:
        raise ListSpecRejected(
            UNKNOWN_CATALOGUE,
            _("%(game_system)s has no catalogue %(ids)s")
            % {"game_system": game_system.name, "ids": ", ".join(map(repr, missing))},
        )
    return [found[bs_id] for bs_id in bs_ids]


def _revision(owner: GameSystem | Catalogue, number: int | None) -> Revision:
    """The revision ``number`` of a game system or catalogue, by default its newest."""
    revisions = owner.revisions.select_related("catalogue", "game_system").defer("document")
    found = (revisions.filter(number=number) if number is not None else revisions).first()
    if found is None:
        if number is None:
            detail = _("%(owner)s has no stored revision") % {"owner": owner.name}
        else:
            detail = _("%(owner)s has no stored revision %(number)s") % {
                "owner": owner.name,
                "number": number,
            }
        raise ListSpecRejected(UNKNOWN_REVISION, detail)
    return found
