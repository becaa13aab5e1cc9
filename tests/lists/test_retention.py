"""The retention policy: what it keeps, and a property test that a history stays bounded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from lists.retention import (
    DAILY_DAYS,
    KEEP_LAST,
    RECENT,
    RECENT_MAX,
    SESSION_DAYS,
    SESSION_GAP,
    VersionStamp,
    editing_sessions,
    max_kept,
    versions_to_keep,
)

START = datetime(2026, 1, 1, tzinfo=UTC)


def _stamps(offsets: list[timedelta]) -> list[VersionStamp]:
    return [VersionStamp(i + 1, START + offset, "edit") for i, offset in enumerate(offsets)]


def test_sessions_split_on_a_pause() -> None:
    minutes = [0, 5, 10, 50, 55, 200]
    versions = _stamps([timedelta(minutes=m) for m in minutes])

    sessions = editing_sessions(versions)

    assert [[v.number for v in s] for s in sessions] == [[1, 2, 3], [4, 5], [6]]


def test_a_fresh_history_is_kept_whole() -> None:
    versions = _stamps([timedelta(minutes=m) for m in range(120)])

    assert versions_to_keep(versions, now=START + timedelta(hours=3)) == set(range(1, 121))


def test_old_sessions_keep_their_last_version() -> None:
    # three sessions of 60 edits two days ago, then 60 edits now
    offsets = [timedelta(hours=h, minutes=m) for h in (0, 2, 4) for m in range(60)]
    offsets += [timedelta(days=2, minutes=m) for m in range(60)]
    versions = _stamps(offsets)

    kept = versions_to_keep(versions, now=START + timedelta(days=2, hours=2))

    session_ends = {60, 120, 180}
    assert kept == {1} | session_ends | set(range(181, 241))


def test_after_a_week_one_version_per_day_and_nothing_after_ninety_days() -> None:
    # a session of ten edits every 12 hours for 120 days, looked at a day and more later: the newest
    # KEEP_LAST versions span the last few sessions only, so the session tier has its own
    edits = 10
    offsets = [timedelta(hours=12 * i, minutes=m) for i in range(240) for m in range(edits)]
    versions = _stamps(offsets)
    now = START + timedelta(days=121, hours=6)  # no session straddles a tier's edge

    kept = versions_to_keep(versions, now=now)

    def age(number: int) -> timedelta:
        return now - versions[number - 1].created_at

    def aged(low: timedelta, high: timedelta) -> set[int]:
        return {v.number for v in versions if low <= age(v.number) < high}

    newest = set(range(len(versions) - KEEP_LAST + 1, len(versions) + 1))
    session_ends = {v.number for v in versions if v.number % edits == 0}
    week = aged(RECENT, timedelta(days=SESSION_DAYS)) - newest
    assert len(week & session_ends) >= 5  # the 1-7 day tier is not all newest versions
    assert kept & week == week & session_ends  # session ends only

    daily = kept & aged(timedelta(days=SESSION_DAYS), timedelta(days=DAILY_DAYS))
    days = [versions[v - 1].created_at.date() for v in daily]
    window = aged(timedelta(days=SESSION_DAYS), timedelta(days=DAILY_DAYS))
    assert len(days) == len(set(days))  # one version per day
    assert set(days) == {versions[v - 1].created_at.date() for v in window}  # every day has one
    assert daily <= session_ends  # the day's last edit
    assert kept & aged(timedelta(days=DAILY_DAYS), timedelta.max) == {1}


def test_protected_and_first_versions_survive() -> None:
    offsets = [timedelta(days=d) for d in range(200)]
    versions = _stamps(offsets)

    kept = versions_to_keep(versions, now=START + timedelta(days=400), protected=[3, 999])

    assert {1, 3} <= kept
    assert 999 not in kept


def test_a_burst_of_edits_in_one_day_is_capped() -> None:
    versions = _stamps([timedelta(seconds=s) for s in range(RECENT_MAX * 3)])

    kept = versions_to_keep(versions, now=START + timedelta(hours=1))

    newest = set(range(RECENT_MAX * 2 + 1, RECENT_MAX * 3 + 1))
    assert kept == newest | {1}


gaps = st.lists(
    st.one_of(
        st.integers(min_value=0, max_value=int(SESSION_GAP.total_seconds()) * 2),
        st.integers(min_value=0, max_value=3 * 86400),
    ),
    min_size=1,
    max_size=600,
)


@settings(max_examples=60, deadline=None)
@given(gaps=gaps, later=st.integers(min_value=0, max_value=200 * 86400))
def test_a_history_pruned_after_every_save_stays_within_the_bound(
    gaps: list[int], later: int
) -> None:
    history: list[VersionStamp] = []
    moment = START
    for number, gap in enumerate(gaps, start=1):
        moment += timedelta(seconds=gap)
        history.append(VersionStamp(number, moment, "edit"))
        kept = versions_to_keep(history, now=moment, protected=[number - 1])
        # the save just made and the newest versions are always kept
        assert number in kept
        assert {v.number for v in history[-KEEP_LAST:]} <= kept
        history = [v for v in history if v.number in kept]
        assert len(history) <= max_kept(protected=1)
    now = moment + timedelta(seconds=later)
    kept = versions_to_keep(history, now=now)
    assert len(kept) <= max_kept()
    assert history[0].number in kept
    assert history[-1].number in kept
    for version in history:
        if now - version.created_at < timedelta(days=1) and len(history) <= RECENT_MAX:
            assert version.number in kept
