"""Data updates: what moving a list to newer revisions would change, worked out in the
background when those revisions arrive, and said in plain words when the owner looks.

A report is a list of items, each a stable ``kind``, the ``subject`` it concerns (a
selection, force or problem owner id; ``roster`` for the whole list) and its ``params``
(numbers, ids, names; never prose). The kinds are those of ``lists.diff`` for what changes
in place (unit costs, totals, counts, options the newer data adds) plus:

- ``selection.removed``: a selection whose entry the newer data no longer has (``path``,
  ``entry_id``, ``costs``); migrating leaves it out only when the owner confirms;
- ``option.moved``: a selection the newer data offers under another group (``label``,
  ``where``, ``before``, ``after``: the groups' names, empty for none);
- ``problem.appeared`` / ``problem.resolved``: a problem's ``code``, ``severity``, ``owner``
  and its own ``params``;
- ``update.not_evaluated``: the list cannot be evaluated on the newer data (``code``).

Both evaluations go through ``services.evaluate_stored``, the one way a stored list is read;
the one on the list's own revisions only when the list keeps no baseline made on them
(``lists.baseline``).
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, JSONField, OuterRef, Q, QuerySet, Value
from django.utils import timezone
from django.utils.translation import gettext as _

from armybuilder import messages
from armybuilder.engine.document import roster_document
from armybuilder.engine.roster import Roster
from catalogues.closures import ClosureRevisions, batch_work
from catalogues.models import Revision
from lists import diff
from lists.baseline import NO_GROUP, Baseline, closure_key, group_of, read
from lists.errors import EditRejected
from lists.models import ArmyList, DataUpdate, ListPin, RevalidationJob
from lists.services import (
    closure_of,
    evaluate_stored,
    newest_closure,
    pinned_pks,
    same_revisions,
    unlinked_params,
)

logger = logging.getLogger(__name__)

SELECTION_REMOVED = "selection.removed"
OPTION_MOVED = "option.moved"
PROBLEM_APPEARED = "problem.appeared"
PROBLEM_RESOLVED = "problem.resolved"
NOT_EVALUATED = "update.not_evaluated"
# ``lists.diff`` kinds a report keeps (problems are reported with their own params instead of
# a message, and a removed selection as ``selection.removed``).
_IN_PLACE = frozenset(diff.ChangeKind) - {
    diff.ChangeKind.PROBLEM_APPEARED,
    diff.ChangeKind.PROBLEM_RESOLVED,
}


# ---------------------------------------------------------------------------------- reading


def lists_on_older_revisions(*, revision_pks: Iterable[int] | None = None) -> QuerySet[ArmyList]:
    """The lists pinned to a revision that a newer one of the same game system or catalogue
    has replaced, in one query; with ``revision_pks``, only those whose older revision is of
    the owner of one of them."""
    newer = Revision.objects.filter(number__gt=OuterRef("revision__number")).filter(
        Q(catalogue__isnull=False, catalogue_id=OuterRef("revision__catalogue_id"))
        | Q(game_system__isnull=False, game_system_id=OuterRef("revision__game_system_id"))
    )
    pins = ListPin.objects.filter(Exists(newer))
    if revision_pks is not None:
        owners = Revision.objects.filter(pk__in=list(revision_pks))
        pins = pins.filter(
            Q(revision__catalogue_id__in=owners.exclude(catalogue=None).values("catalogue_id"))
            | Q(
                revision__game_system_id__in=owners.exclude(game_system=None).values(
                    "game_system_id"
                )
            )
        )
    return ArmyList.objects.filter(pk__in=pins.values("army_list_id"))


def pending_update(*, army_list: ArmyList) -> DataUpdate | None:
    """The list's update notice, if newer data exists and the owner has not kept the list on
    its data since: made again here when the list was edited after the report was (one
    list's evaluation, as an edit's), and dropped when the list is on the newest data."""
    update = DataUpdate.objects.filter(army_list=army_list).first()
    current = closure_of(army_list.pinned)
    try:
        target = newest_closure(current)
    except EditRejected:
        return None
    if same_revisions(current, target):
        if update is not None:
            update.delete()
        return None
    key = closure_key(target)
    if update is None or update.target_key != key or update.list_version != army_list.version:
        report = update_report(
            document=army_list.document,
            pinned=army_list.pinned,
            current=current,
            target=target,
            baseline=army_list.baseline,
        )
        update = _store(army_list, army_list.version, target, report, update)
    return None if update.dismissed else update


_REPORT_FIELDS = ["target", "target_key", "list_version", "report", "removals"]


def _store(
    army_list: ArmyList,
    list_version: int,
    target: ClosureRevisions,
    report: list[dict[str, Any]],
    existing: DataUpdate | None,
) -> DataUpdate:
    # "keep" holds until the target moves
    dismissed = (
        existing is not None and existing.dismissed and existing.target_key == closure_key(target)
    )
    row = _update_row(army_list, target, report, dismissed=dismissed, list_version=list_version)
    update, _created = DataUpdate.objects.update_or_create(
        army_list=army_list,
        defaults={name: getattr(row, name) for name in [*_REPORT_FIELDS, "dismissed"]},
    )
    return update


def _update_row(
    army_list: ArmyList,
    target: ClosureRevisions,
    report: list[dict[str, Any]],
    *,
    dismissed: bool,
    list_version: int | None = None,
) -> DataUpdate:
    return DataUpdate(
        army_list=army_list,
        target=_pins(target),
        target_key=closure_key(target),
        list_version=army_list.version if list_version is None else list_version,
        report=report,
        removals=sum(1 for item in report if item["kind"] == SELECTION_REMOVED),
        dismissed=dismissed,
        updated_at=timezone.now(),
    )


def _pins(closure: ClosureRevisions) -> dict[str, Any]:
    return {
        "gameSystem": closure.game_system_revision.pk,
        "catalogues": {
            r.catalogue.bs_id: r.pk for r in closure.catalogue_revisions if r.catalogue is not None
        },
    }


# ------------------------------------------------------------------------------- reporting


def update_report(
    *,
    document: Mapping[str, Any],
    pinned: Mapping[str, Any],
    current: ClosureRevisions,
    target: ClosureRevisions,
    baseline: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """What moving a stored list from ``current`` to ``target`` changes (see the module).
    ``baseline`` is what the list keeps of its last evaluation (``lists.baseline``): the list
    is evaluated on ``current`` only when that was not made on it."""
    try:
        own = read(baseline or {}, current)
        if own is None:
            old_roster, old_report = evaluate_stored(
                document=document, pinned=pinned, closure=current
            )
            own = Baseline.of(old_roster, old_report.problems)
        new_roster, new_report = evaluate_stored(
            document=document, pinned=pinned, closure=target, leave_out_unlinked=True
        )
    except EditRejected as error:
        return [_item(NOT_EVALUATED, "roster", code=error.code)]
    old = diff.snapshot(document, own.problems)
    new = diff.snapshot(roster_document(new_report.view), new_report.problems)
    removed = {u.selection_id for u in new_roster.unlinked}
    items = [
        _item(
            SELECTION_REMOVED,
            u.selection_id,
            **unlinked_params(u),
            cost_names={t: old.cost_names.get(t, t) for t in u.costs},
        )
        for u in new_roster.unlinked
    ]
    items += [
        {"kind": str(change.kind), "subject": change.subject_id, "params": dict(change.params)}
        for change in diff.diff(old, new)
        if change.kind in _IN_PLACE
        and not (
            change.kind in (diff.ChangeKind.UNIT_REMOVED, diff.ChangeKind.OPTION_REMOVED)
            and change.subject_id in removed
        )
    ]
    items += list(_moved(own, old, new_roster))
    items += list(_problems(old, new))
    return items


def _item(kind: str, subject: str, **params: Any) -> dict[str, Any]:
    return {"kind": kind, "subject": subject, "params": params}


def _moved(own: Baseline, old: diff.Snapshot, new: Roster) -> Iterator[dict[str, Any]]:
    # (a stored document is written from a roster evaluated on its own revisions: its
    # selections are those that evaluation had)
    for selection in new.all_selections():
        if selection.id not in old.selections or selection.parent is None:
            continue
        old_id, old_name = own.groups.get(selection.id, NO_GROUP)
        new_id, new_name = group_of(selection)
        if old_id != new_id:
            yield _item(
                OPTION_MOVED,
                selection.id,
                label=selection.custom_name or selection.node.name,
                where=selection.parent.custom_name or selection.parent.node.name,
                before=old_name,
                after=new_name,
            )


def _problems(old: diff.Snapshot, new: diff.Snapshot) -> Iterator[dict[str, Any]]:
    for kind, one, other in (
        (PROBLEM_APPEARED, new, old),
        (PROBLEM_RESOLVED, old, new),
    ):
        for key, problem in one.problems.items():
            if key not in other.problems:
                yield _item(
                    kind,
                    problem.owner_id,
                    code=problem.code,
                    severity=problem.severity,
                    owner=one.owner_label(problem),
                    params=dict(problem.params),
                )


# --------------------------------------------------------------------------------- wording


def describe(item: Mapping[str, Any]) -> str:
    """One report item in the reader's language."""
    kind, params = str(item["kind"]), item["params"]
    if kind == SELECTION_REMOVED:
        costs = ", ".join(
            f"{diff.format_number(value)} {params['cost_names'].get(type_id, type_id)}"
            for type_id, value in params["costs"].items()
            if value
        )
        text = _("%(path)s is no longer in the data and cannot be carried over") % {
            "path": " / ".join(params["path"])
        }
        return f"{text} ({costs})" if costs else text
    if kind == OPTION_MOVED:
        return _("%(where)s: %(label)s moves from %(before)s to %(after)s") % {
            **params,
            "before": params["before"] or _("no group"),
            "after": params["after"] or _("no group"),
        }
    if kind in (PROBLEM_APPEARED, PROBLEM_RESOLVED):
        template = (
            _("New %(severity)s on %(owner)s: %(message)s")
            if kind == PROBLEM_APPEARED
            else _("Resolved %(severity)s on %(owner)s: %(message)s")
        )
        return template % {
            "severity": messages.severity(str(params["severity"])),
            "owner": params["owner"],
            "message": messages.render(str(params["code"]), params["params"]),
        }
    if kind == NOT_EVALUATED:
        return _("The newer data cannot evaluate this list (%(code)s).") % {
            "code": str(params["code"])
        }
    return diff.Change(diff.ChangeKind(kind), str(item["subject"]), params).describe()


@dataclass(frozen=True)
class Notice:
    """An update notice as a page shows it: each item's kind and words."""

    update: DataUpdate
    lines: list[tuple[str, str]] = field(default_factory=list)

    @property
    def removals(self) -> list[str]:
        return [text for kind, text in self.lines if kind == SELECTION_REMOVED]


def notice(update: DataUpdate) -> Notice:
    return Notice(update, [(str(item["kind"]), describe(item)) for item in update.report])


# ------------------------------------------------------------------------------------ jobs


def start_revalidation(*, revision_pks: Sequence[int]) -> RevalidationJob | None:
    """Queue a job re-validating the lists pinned to older revisions of the owners of
    ``revision_pks`` (newly stored), once they are committed; none when no list is."""
    # The task module imports this one, so it is imported when first needed.
    from lists.tasks import revalidate_task

    if not lists_on_older_revisions(revision_pks=revision_pks).exists():
        return None
    job = RevalidationJob.objects.create(revisions=sorted(revision_pks))
    transaction.on_commit(lambda: revalidate_task.delay(job.pk))
    return job


def on_revisions_imported(sender: object, *, revisions: Sequence[int], **kwargs: Any) -> None:
    """``catalogues.signals.revisions_imported``: newer revisions mean lists to re-validate."""
    start_revalidation(revision_pks=revisions)


@dataclass
class _Run:
    """What one run of a job has read: revisions and closures, shared by its chunks."""

    revisions: dict[int, Revision] = field(default_factory=dict)
    targets: dict[str, ClosureRevisions] = field(default_factory=dict)

    def closure(self, pinned: Mapping[str, Any]) -> ClosureRevisions:
        game_system_pk, *catalogue_pks = pinned_pks(pinned)
        return ClosureRevisions(
            self.revisions[game_system_pk], tuple(self.revisions[pk] for pk in catalogue_pks)
        )

    def target(self, current: ClosureRevisions) -> ClosureRevisions:
        key = closure_key(current)
        if key not in self.targets:
            self.targets[key] = newest_closure(current)
        return self.targets[key]

    def read(self, lists: Sequence[ArmyList]) -> None:
        """The revisions the lists are pinned to that this run has not read yet, at once."""
        wanted = {pk for a in lists for pk in pinned_pks(a.pinned)} - self.revisions.keys()
        if wanted:
            self.revisions.update(
                (r.pk, r)
                for r in Revision.objects.filter(pk__in=wanted)
                .select_related("catalogue", "game_system")
                .defer("document")
            )


def pin_key(pinned: Mapping[str, Any]) -> str:
    """The revisions a list is pinned to as one sortable text: equal for equal pins."""
    game_system_pk, *catalogue_pks = pinned_pks(pinned)
    return f"{game_system_pk:012d}:" + ",".join(f"{pk:012d}" for pk in sorted(catalogue_pks))


def run_revalidation(*, job_id: int, chunk_size: int | None = None) -> None:
    """Re-validate a job's lists a chunk at a time, by pin set, from where it stopped.

    The lists in the job's scope and their pins are read once (one query, no documents) and
    ordered by pin set then id; each chunk's lists are then read in one query (with their
    documents) and their revisions in at most one more. A chunk's reports, and the job's
    cursor and ``done``, are written in one transaction that first checks the cursor is still
    where this run read it, so a second run of the same job (a redelivered message beside a
    slow one) writes each chunk once. A report already made on the same target and list
    version is kept as it is.
    """
    claimed = RevalidationJob.objects.filter(
        pk=job_id,
        status__in=[RevalidationJob.Status.PENDING, RevalidationJob.Status.RUNNING],
    )
    job = claimed.first()
    if job is None:
        logger.info("re-validation job %s is finished; nothing to do", job_id)
        return
    chunk_size = chunk_size or settings.LISTS_REVALIDATION_CHUNK
    order = sorted(
        (pin_key(pinned), pk)
        for pk, pinned in lists_on_older_revisions(revision_pks=job.revisions).values_list(
            "pk", "pinned"
        )
    )
    if job.status == RevalidationJob.Status.PENDING:
        claimed.filter(status=RevalidationJob.Status.PENDING).update(
            status=RevalidationJob.Status.RUNNING, total=len(order)
        )
    claimed.update(attempts=job.attempts + 1)
    cursor = (job.after_key, job.after)
    run = _Run()
    with batch_work():
        while True:
            start = bisect.bisect_right(order, cursor)
            chunk = order[start : start + chunk_size]
            if not chunk:
                break
            by_pk = ArmyList.objects.only(
                "pk", "version", "document", "pinned", "baseline"
            ).in_bulk([pk for _key, pk in chunk])
            # (a list deleted since the order was read is passed over)
            lists = [by_pk[pk] for _key, pk in chunk if pk in by_pk]
            cursor = _record_chunk(job_id, cursor, chunk[-1], lists, _reports(run, lists))
    claimed.update(status=RevalidationJob.Status.SUCCEEDED)


def _reports(
    run: _Run, chunk: Sequence[ArmyList]
) -> dict[int, tuple[ClosureRevisions, list[dict[str, Any]]] | None]:
    """Each list's target and report (None: it is on the newest data after all)."""
    run.read(chunk)
    reports: dict[int, tuple[ClosureRevisions, list[dict[str, Any]]] | None] = {}
    for army_list in chunk:
        current = run.closure(army_list.pinned)
        target = run.target(current)
        if same_revisions(current, target):
            reports[army_list.pk] = None
            continue
        reports[army_list.pk] = (
            target,
            update_report(
                document=army_list.document,
                pinned=army_list.pinned,
                current=current,
                target=target,
                baseline=army_list.baseline,
            ),
        )
    return reports


def _record_chunk(
    job_id: int,
    cursor: tuple[str, int],
    last: tuple[str, int],
    chunk: Sequence[ArmyList],
    reports: Mapping[int, tuple[ClosureRevisions, list[dict[str, Any]]] | None],
) -> tuple[str, int]:
    """Store a chunk's reports (one upsert) and move the job's cursor from ``cursor`` to
    ``last``, unless another run moved it; return the cursor as it now is."""
    with transaction.atomic():
        job = RevalidationJob.objects.select_for_update().get(pk=job_id)
        if (job.after_key, job.after) != cursor:
            return job.after_key, job.after
        existing = {
            u.army_list_id: (u.target_key, u.list_version, u.dismissed)
            for u in DataUpdate.objects.filter(army_list_id__in=[a.pk for a in chunk]).only(
                "army_list_id", "target_key", "list_version", "dismissed"
            )
        }
        # a list edited or migrated since it was read gets its report when next shown
        versions = dict(
            ArmyList.objects.filter(pk__in=[a.pk for a in chunk]).values_list("pk", "version")
        )
        rows = []
        for army_list in chunk:
            outcome = reports[army_list.pk]
            if outcome is None or versions.get(army_list.pk) != army_list.version:
                continue
            target, report = outcome
            key = closure_key(target)
            before = existing.get(army_list.pk)
            if before is not None and before[:2] == (key, army_list.version):
                continue
            row = _update_row(army_list, target, report, dismissed=before is not None and before[2])
            # As a value of its own, not in one array a column (Django's UNNEST insert, whose
            # array psycopg quotes in Python a character at a time: a tenth of the job's time)
            row.report = Value(report, output_field=JSONField())
            rows.append(row)
        DataUpdate.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["army_list"],
            update_fields=[*_REPORT_FIELDS, "dismissed", "updated_at"],
        )
        job.after_key, job.after = last
        job.done += len(chunk)
        job.reported += len(rows)
        job.save(update_fields=["after_key", "after", "done", "reported", "updated_at"])
        return last
