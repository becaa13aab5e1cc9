"""Data sources: the store follows the URLs staff add, as BattleScribe's "add data index URL".

A source is a data index (a zipped ``.bsi`` or a plain ``index.xml``, each file named
beside it) or a repository release archive of ``.gst``/``.cat`` files. A check
(``run_check``: the periodic task, "check now" and ``manage.py check_data_sources`` all run
it) reads what the source lists, fetches only the files whose revision is newer than the
store's, imports them together through ``imports.import_files`` (so links between them
resolve) and records each file's outcome: imported, unchanged, or refused with its code.

Every file is fetched before anything is imported: a download that fails leaves the store as
it was. A failure worth retrying (the network, a server error) is raised for the task to
retry with backoff; running a check again imports nothing it already imported.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import quote, urljoin

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from armybuilder.engine.formats import FormatError
from armybuilder.engine.formats.data_index import (
    TOO_MANY_FILES,
    IndexEntry,
    document_entry,
    is_zip,
    parse_data_index,
    unzip_source,
)
from catalogues.models import DataSource, DataSourceCheck, DataSourceFile, Revision
from catalogues.services.downloads import Download, DownloadError, DownloadLimits, download
from catalogues.services.imports import CatalogueImportError, import_files, import_limits

logger = logging.getLogger(__name__)

FINISHED = (DataSourceCheck.Status.SUCCEEDED, DataSourceCheck.Status.FAILED)


def add_data_source(*, url: str, name: str, active: bool, user: User | None) -> DataSource:
    """A new source (its URL already checked by the form: ``downloads.check_url``)."""
    return DataSource.objects.create(url=url, name=name, active=active, created_by=user)


def start_check(*, source: DataSource, user: User | None) -> DataSourceCheck:
    """Queue a check of ``source``; a worker runs it (in-process without a broker)."""
    # The task module imports this one, so it is imported when first needed.
    from catalogues.tasks import check_data_source_task

    with transaction.atomic():
        check = DataSourceCheck.objects.create(
            source=source, requested_by=user, message_code="source.waiting"
        )
        transaction.on_commit(lambda: check_data_source_task.delay(check.pk))
    return check


def check_in_process(*, source: DataSource) -> DataSourceCheck:
    """Check ``source`` here and now (the management command: its process is the worker)."""
    check = DataSourceCheck.objects.create(source=source)
    run_check(check_id=check.pk)
    check.refresh_from_db()
    return check


def start_due_checks() -> list[DataSourceCheck]:
    """The periodic check: one for each active source that has none still under way.

    A check left unfinished for two intervals (its worker lost without redelivery) no longer
    holds its source back."""
    recent = timezone.now() - timedelta(seconds=2 * max(settings.DATA_SOURCES_CHECK_INTERVAL, 60))
    busy = DataSourceCheck.objects.filter(created_at__gte=recent).exclude(status__in=FINISHED)
    due = DataSource.objects.filter(active=True).exclude(checks__in=busy)
    return [start_check(source=source, user=None) for source in due]


def run_check(*, check_id: int, final_attempt: bool = True) -> None:
    """Run a queued check, recording its progress and each file's outcome on it.

    A check already finished is left alone; one found running was interrupted (a worker
    lost, its message delivered again) and is run again from the start. A failure worth
    retrying re-raises its ``DownloadError`` (the check waits, pending) unless this is the
    final attempt; any other failure is recorded with its code.
    """
    claimed = DataSourceCheck.objects.filter(pk=check_id).exclude(status__in=FINISHED)
    if not claimed.update(
        status=DataSourceCheck.Status.RUNNING,
        files_done=0,
        files_total=0,
        code="",
        params={},
        message_code="source.reading",
        message_params={},
    ):
        logger.info("data source check %s is finished; nothing to do", check_id)
        return
    check = DataSourceCheck.objects.select_related("source").get(pk=check_id)
    check.files.all().delete()
    try:
        _run(check)
    except (DownloadError, FormatError) as error:
        check.files.all().delete()
        if isinstance(error, DownloadError) and error.transient and not final_attempt:
            _update(
                check,
                status=DataSourceCheck.Status.PENDING,
                code=error.code,
                params=error.params,
                message_code="source.retrying",
            )
            raise
        _finish(
            check,
            DataSourceCheck.Status.FAILED,
            code=error.code,
            params=error.params,
        )
    except Exception:
        # The files recorded so far stay: what the import stored is listed there.
        logger.exception("data source check %s failed", check_id)
        _finish(
            check,
            DataSourceCheck.Status.FAILED,
            code="source.internal",
        )


def _update(check: DataSourceCheck, **fields: object) -> None:
    DataSourceCheck.objects.filter(pk=check.pk).update(**fields)


def _finish(
    check: DataSourceCheck,
    status: str,
    *,
    code: str,
    params: Mapping[str, Any] | None = None,
    message_code: str = "",
    message_params: Mapping[str, Any] | None = None,
) -> None:
    _update(
        check,
        status=status,
        code=code,
        params=dict(params or {}),
        message_code=message_code,
        message_params=dict(message_params or {}),
        finished_at=timezone.now(),
    )


@dataclass(slots=True)
class _Listed:
    """A file the source lists. An archive's files are there already (``content``), or
    refused as they were read (``problem``)."""

    entry: IndexEntry
    content: bytes | None = None
    problem: FormatError | None = None


def _listed(fetched: Download) -> list[_Listed]:
    index: bytes | None = fetched.content
    if is_zip(fetched.content):
        index, documents = unzip_source(fetched.content, limits=import_limits())
        if index is None:
            _refuse_over_max_files(len(documents))
            return [_archived(name, content) for name, content in documents]
    assert index is not None  # a plain index, or the one a .bsi holds
    entries = parse_data_index(index, max_entries=settings.DATA_SOURCES_MAX_FILES)
    return [_Listed(entry) for entry in entries]


def _archived(name: str, content: bytes) -> _Listed:
    try:
        return _Listed(document_entry(name, content, limits=import_limits()), content)
    except FormatError as error:
        unread = IndexEntry(file_path=name, kind="", data_id="", name=name, revision=0)
        return _Listed(unread, problem=error)


def _refuse_over_max_files(count: int) -> None:
    if count > settings.DATA_SOURCES_MAX_FILES:
        raise FormatError(TOO_MANY_FILES, {"limit": settings.DATA_SOURCES_MAX_FILES})


def _stored_numbers(listed: list[_Listed]) -> dict[tuple[str, str], int]:
    """The newest stored revision number of each listed document, by (kind, id)."""
    ids = {kind: [i.entry.data_id for i in listed if i.entry.kind == kind] for kind in KINDS}
    numbers: dict[tuple[str, str], int] = {}
    game_systems = (
        Revision.objects.filter(catalogue=None, game_system__bs_id__in=ids["gameSystem"])
        .values_list("game_system__bs_id")
        .annotate(latest=Max("number"))
    )
    catalogues = (
        Revision.objects.filter(game_system=None, catalogue__bs_id__in=ids["catalogue"])
        .values_list("catalogue__bs_id")
        .annotate(latest=Max("number"))
    )
    for kind, rows in (("gameSystem", game_systems), ("catalogue", catalogues)):
        for bs_id, latest in rows:
            numbers[kind, bs_id] = latest
    return numbers


KINDS = ("gameSystem", "catalogue")


def _record(
    check: DataSourceCheck,
    entry: IndexEntry,
    outcome: str,
    *,
    code: str = "",
    params: Mapping[str, Any] | None = None,
    number: int | None = None,
    revision_pk: int | None = None,
) -> None:
    DataSourceFile.objects.create(
        check_run=check,
        file_path=entry.file_path[:1000],
        kind=entry.kind,
        data_id=entry.data_id,
        name=entry.name[:255],
        number=number if number is not None else (entry.revision if entry.kind else None),
        outcome=outcome,
        code=code,
        params=dict(params or {}),
        revision_id=revision_pk,
    )


def _run(check: DataSourceCheck) -> None:
    limits = DownloadLimits.from_settings()
    source = check.source
    listed = _listed(download(source.url, limits=limits))
    _update(check, files_total=len(listed), message_code="source.fetching")
    stored = _stored_numbers(listed)
    fetched: dict[str, tuple[IndexEntry, bytes]] = {}
    # Everything fetched is held until the import: the check as a whole is bounded too.
    budget = settings.DATA_SOURCES_MAX_CHECK_BYTES
    for done, item in enumerate(listed, start=1):
        entry = item.entry
        if item.problem is not None:
            _record(
                check,
                entry,
                DataSourceFile.Outcome.REFUSED,
                code=item.problem.code,
                params=item.problem.params,
            )
        elif stored.get((entry.kind, entry.data_id), -1) >= entry.revision:
            _record(check, entry, DataSourceFile.Outcome.UNCHANGED)
        elif item.content is not None:
            fetched[entry.file_path] = (entry, item.content)
        else:
            # Beside the index as staff named it (a release's "latest" URL redirects each
            # file as it does the index).
            url = urljoin(source.url, quote(entry.file_path, safe="/"))
            try:
                content = download(url, limits=limits).content
            except DownloadError as error:
                if error.transient:
                    raise
                _record(
                    check,
                    entry,
                    DataSourceFile.Outcome.REFUSED,
                    code=error.code,
                    params=error.params,
                )
            else:
                budget -= len(content)
                if budget < 0:
                    raise DownloadError(
                        "source.too_large",
                        {"form": "together", "limit": settings.DATA_SOURCES_MAX_CHECK_BYTES},
                    )
                fetched[entry.file_path] = (entry, content)
        _update(check, files_done=done)
    _import(check, fetched)
    outcomes = dict.fromkeys(DataSourceFile.Outcome.values, 0)
    for outcome in check.files.values_list("outcome", flat=True):
        outcomes[outcome] += 1
    _finish(
        check,
        DataSourceCheck.Status.SUCCEEDED,
        code="",
        message_code="source.summary",
        message_params=outcomes,
    )


def _import(check: DataSourceCheck, fetched: dict[str, tuple[IndexEntry, bytes]]) -> None:
    """Import the fetched files together; a file the import refuses is recorded with its
    code and the others are imported without it."""
    pending = dict(fetched)
    while pending:
        try:
            result = import_files(
                files=[(path, content) for path, (_e, content) in pending.items()]
            )
        except CatalogueImportError as error:
            refused = {p.file: p for p in error.problems if p.file in pending}
            if not refused:  # the batch as a whole (its size): every file goes with it
                refused = dict.fromkeys(pending, error.problems[0])
            for path, problem in refused.items():
                entry, _content = pending.pop(path)
                _record(
                    check,
                    entry,
                    DataSourceFile.Outcome.REFUSED,
                    code=problem.code,
                    params=problem.params,
                )
            continue
        for imported in result.revisions:
            entry, _content = pending[imported.file]
            _record(
                check,
                entry,
                DataSourceFile.Outcome.IMPORTED
                if imported.status == "created"
                else DataSourceFile.Outcome.UNCHANGED,
                number=imported.revision,
                revision_pk=imported.revision_pk,
            )
        return
