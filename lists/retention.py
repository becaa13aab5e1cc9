"""Which versions of a list are kept: a bounded retention policy, as a pure function.

Every save makes a version (a full snapshot, about 11 KB for a 150-selection list), so the
history is pruned after each save. The policy, oldest tier last:

1. the newest ``KEEP_LAST`` versions, whatever their age;
2. every version of the last ``RECENT`` (24 hours), at most the newest ``RECENT_MAX`` of them;
3. from one to ``SESSION_DAYS`` days old: the last version of each editing session (versions
   less than ``SESSION_GAP`` apart belong to one session);
4. from ``SESSION_DAYS`` to ``DAILY_DAYS`` days old: the last version of each (UTC) day;
5. the list's first version (how it was created, imported or forked);
6. versions the caller protects (e.g. the one undo/redo points at).

Older versions are deleted. Each tier is bounded whatever the input (session ends are at
least ``SESSION_GAP`` apart, days are days), so a list never holds more than
``max_kept()`` versions: see ``docs/architecture.md``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

KEEP_LAST = 50
RECENT = timedelta(days=1)
RECENT_MAX = 200
SESSION_GAP = timedelta(minutes=30)
SESSION_DAYS = 7
DAILY_DAYS = 90


@dataclass(frozen=True, slots=True)
class VersionStamp:
    number: int
    created_at: datetime
    kind: str


def editing_sessions(versions: Sequence[VersionStamp]) -> list[list[VersionStamp]]:
    """The versions (in number order) grouped into editing sessions: a new session starts
    after a pause of ``SESSION_GAP`` or more."""
    sessions: list[list[VersionStamp]] = []
    for version in sorted(versions, key=lambda v: v.number):
        if sessions and version.created_at - sessions[-1][-1].created_at < SESSION_GAP:
            sessions[-1].append(version)
        else:
            sessions.append([version])
    return sessions


def max_kept(protected: int = 0) -> int:
    """The most versions ``versions_to_keep`` ever keeps, with ``protected`` protected ones."""
    session_window = timedelta(days=SESSION_DAYS) - RECENT
    session_ends = math.floor(session_window / SESSION_GAP) + 1
    days = DAILY_DAYS - SESSION_DAYS + 1  # a window of N days touches N + 1 calendar days
    return KEEP_LAST + RECENT_MAX + session_ends + days + 1 + protected


def versions_to_keep(
    versions: Sequence[VersionStamp], *, now: datetime, protected: Iterable[int] = ()
) -> set[int]:
    """The numbers of the versions the policy keeps at ``now`` (the rest may be deleted)."""
    if not versions:
        return set()
    by_number = sorted(versions, key=lambda v: v.number)
    keep = {v.number for v in by_number[-KEEP_LAST:]}
    keep.add(by_number[0].number)
    keep.update({v.number for v in by_number} & set(protected))
    recent = [v for v in by_number if now - v.created_at < RECENT]
    keep.update(v.number for v in recent[-RECENT_MAX:])
    for session in editing_sessions(by_number):
        end = session[-1]
        if RECENT <= now - end.created_at < timedelta(days=SESSION_DAYS):
            keep.add(end.number)
    last_of_day: dict[date, VersionStamp] = {}
    for version in by_number:
        age = now - version.created_at
        if timedelta(days=SESSION_DAYS) <= age < timedelta(days=DAILY_DAYS):
            last_of_day[version.created_at.astimezone(UTC).date()] = version
    keep.update(v.number for v in last_of_day.values())
    return keep
