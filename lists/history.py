"""A list's history: its kept versions in editing sessions, what changed between any two,
restoring one, and pruning by the retention policy (``lists.retention``)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from threading import Lock

from django.utils.translation import gettext as _

from armybuilder.engine.document import roster_document
from armybuilder.engine.localize import localized_problem, localized_view
from catalogues.names import closure_names, names_for, reader_language
from lists.diff import Change, Snapshot, diff, snapshot
from lists.models import ArmyList, ListVersion, VersionKind
from lists.retention import VersionStamp, editing_sessions
from lists.services import (
    UNDO_DEPTH,
    EditRejected,
    ListState,
    check_version,
    evaluate_stored,
    read_stored,
    save_roster,
)
from lists.summaries import summary

UNKNOWN_VERSION = "history.unknown_version"
# Kinds the history page marks: versions no ordinary edit made.
MARKED_KINDS = frozenset(
    {VersionKind.IMPORT, VersionKind.FORK, VersionKind.RESTORE, VersionKind.MIGRATION}
)


@dataclass(frozen=True)
class Session:
    """One editing session: versions less than ``retention.SESSION_GAP`` apart, newest first."""

    versions: Sequence[ListVersion]

    @property
    def started_at(self) -> datetime:
        return self.versions[-1].created_at

    @property
    def ended_at(self) -> datetime:
        return self.versions[0].created_at


def version_sessions(*, army_list: ArmyList) -> list[Session]:
    """The list's kept versions (without their documents), newest session first, their
    labels naming game data in the reader's language (by the revisions the list is on)."""
    versions = list(
        ListVersion.objects.filter(army_list=army_list)
        .defer("document", "pinned")
        .order_by("number")
    )
    names = names_for(army_list.pins.values_list("revision_id", flat=True))
    for version in versions:
        version.names = names
    by_number = {v.number: v for v in versions}
    sessions = editing_sessions([_stamp(v) for v in versions])
    return [
        Session([by_number[stamp.number] for stamp in reversed(session)])
        for session in reversed(sessions)
    ]


@dataclass(frozen=True)
class VersionDiff:
    old: ListVersion
    new: ListVersion
    changes: list[Change]


def diff_versions(*, army_list: ArmyList, old_number: int, new_number: int) -> VersionDiff:
    """What changed from version ``old_number`` to ``new_number``, both evaluated on the
    revisions each was pinned to (so a data migration shows its cost changes)."""
    old, new = (
        _version(army_list, number, with_document=False) for number in (old_number, new_number)
    )
    return VersionDiff(old, new, diff(evaluated_snapshot(old), evaluated_snapshot(new)))


# A stored version never changes (a restore or an undo makes a new one), so its evaluated
# snapshot is kept per process, by the version's identity and the reader's language (its
# names are the reader's, as the builder shows them), like compiled closures: comparing one
# version with several others, or showing a diff again, loads and evaluates it once.
SNAPSHOT_CACHE_SIZE = 64
_snapshots: OrderedDict[tuple[int, datetime, str], Snapshot] = OrderedDict()
_snapshots_lock = Lock()


def snapshot_cache_clear() -> None:
    with _snapshots_lock:
        _snapshots.clear()


def evaluated_snapshot(version: ListVersion) -> Snapshot:
    """A stored version evaluated by the engine on its own pinned revisions, its game data
    named in the reader's language."""
    key = (version.pk, version.created_at, reader_language())
    with _snapshots_lock:
        cached = _snapshots.get(key)
        if cached is not None:
            _snapshots.move_to_end(key)
            return cached
    document = ListVersion.objects.filter(pk=version.pk).values_list("document", flat=True)[0]
    _roster, report = evaluate_stored(document=document, pinned=version.pinned)
    names = closure_names(report.closure)
    result = snapshot(
        roster_document(localized_view(report.view, names)),
        [localized_problem(problem, names) for problem in report.problems],
    )
    with _snapshots_lock:
        _snapshots[key] = result
        while len(_snapshots) > SNAPSHOT_CACHE_SIZE:
            _snapshots.popitem(last=False)
    return result


def restore_version(*, army_list: ArmyList, version: int, number: int) -> ListState:
    """Make version ``number`` the newest version again (a new version of kind RESTORE;
    nothing in between is lost). ``version`` is the one the request was made on."""
    check_version(army_list, version)
    source = _version(army_list, number)
    closure, roster = read_stored(document=source.document, pinned=source.pinned)
    return save_roster(
        army_list,
        version,
        roster,
        closure,
        VersionKind.RESTORE,
        summary("list.restored", number=number),
        undo_stack=[*army_list.undo_stack, version][-UNDO_DEPTH:],
        redo_stack=[],
    )


def _stamp(version: ListVersion) -> VersionStamp:
    return VersionStamp(version.number, version.created_at, version.kind)


def _version(army_list: ArmyList, number: int, *, with_document: bool = True) -> ListVersion:
    if isinstance(number, bool) or not isinstance(number, int):
        raise EditRejected(UNKNOWN_VERSION, _("That version is not kept."))
    versions = ListVersion.objects.filter(army_list=army_list, number=number)
    found = (versions if with_document else versions.defer("document")).first()
    if found is None:
        raise EditRejected(UNKNOWN_VERSION, _("That version is not kept."))
    return found
