"""What a data update's report needs of a list's evaluation on its own data, kept with the
list each time it is stored, so that re-validation evaluates the list once (on the newest
data) instead of twice.

A report compares the list on its own revisions with the list on the newest ones (see
``lists.updates``). Costs, totals and names come from the stored document; what only an
evaluation on the list's own revisions says is which problems it had (to tell those that
disappear) and which group each selection was taken from (to tell options that moved). Every
store evaluates the list already, so it keeps both, with the revisions they were worked out
on. A list stored before this was kept, or whose stored baseline names other revisions, is
evaluated on its own revisions as before: nothing needs filling in.

A baseline is kept only when the evaluation's roster is the stored document as it loads
again: not when the roster left out selections its data no longer has (an imported file's),
whose problems the stored document would not raise. It is what the engine said when the list
was stored, so it names the engine's source it was worked out with: after a deployment that
changes the engine, a baseline is not read, lest the problems the engine's change added or took
away be counted among those the data update does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from hashlib import sha256
from pathlib import Path
from typing import Any

import armybuilder.engine
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Roster, Selection
from catalogues.closures import ClosureRevisions
from catalogues.services.validation import ListReport

NO_GROUP = ("", "")


@dataclass(frozen=True)
class Baseline:
    """A list's problems on its own revisions, and the group each of its selections was
    taken from (by selection id; a selection in none is not listed)."""

    problems: list[Problem]
    groups: Mapping[str, tuple[str, str]]

    @classmethod
    def of(cls, roster: Roster, problems: list[Problem]) -> Baseline:
        groups = {s.id: group_of(s) for s in roster.all_selections()}
        return cls(problems, {key: group for key, group in groups.items() if group != NO_GROUP})


def group_of(selection: Selection) -> tuple[str, str]:
    """The id and name of the group the selection's entry is offered in (empty: none)."""
    node = selection.node.parent
    if node is not None and node.kind == "group":
        return node.id, node.name
    return NO_GROUP


def closure_key(closure: ClosureRevisions) -> str:
    """The revisions of a closure as one text: equal for the same revisions."""
    pks = [closure.game_system_revision.pk, *sorted(r.pk for r in closure.catalogue_revisions)]
    return ",".join(str(pk) for pk in pks)


@cache
def engine_fingerprint() -> str:
    """A digest of the engine's source: it changes with any change to what the engine says."""
    digest = sha256()
    package = Path(armybuilder.engine.__file__).parent
    for source in sorted(package.rglob("*.py")):
        digest.update(source.relative_to(package).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def kept(report: ListReport) -> dict[str, Any]:
    """The baseline of the evaluation of a document about to be stored, as the list keeps
    it (empty when it cannot keep one: see the module)."""
    roster = report.evaluator.roster if report.evaluator is not None else None
    if roster is None or roster.unlinked:
        return {}
    baseline = Baseline.of(roster, report.problems)
    return {
        "revisions": closure_key(report.closure),
        "engine": engine_fingerprint(),
        "problems": [
            [
                p.code,
                p.severity,
                p.owner_type,
                p.owner_id,
                p.owner_entry_id,
                p.entry_id,
                p.constraint_id,
                dict(p.params),
            ]
            for p in baseline.problems
        ],
        "groups": {key: list(group) for key, group in baseline.groups.items()},
    }


def read(stored: Mapping[str, Any], closure: ClosureRevisions) -> Baseline | None:
    """The baseline a list keeps, if it was worked out on ``closure``."""
    if (
        not stored
        or stored.get("revisions") != closure_key(closure)
        or stored.get("engine") != engine_fingerprint()
    ):
        return None
    return Baseline(
        [_problem(*row) for row in stored["problems"]],
        {key: (group_id, name) for key, (group_id, name) in stored["groups"].items()},
    )


def _problem(
    code: str,
    severity: str,
    owner_type: str,
    owner_id: str,
    owner_entry_id: str,
    entry_id: str,
    constraint_id: str,
    params: dict[str, Any],
) -> Problem:
    # a report words a problem from its code and params: its English message is not kept
    return Problem(
        code=code,
        severity=severity,
        owner_type=owner_type,
        owner_id=owner_id,
        owner_entry_id=owner_entry_id,
        entry_id=entry_id,
        constraint_id=constraint_id,
        message="",
        params=params,
    )
