"""Background work for the catalogue store: tasks take ids and call a service."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.conf import settings

from catalogues.services.data_sources import run_check, start_due_checks
from catalogues.services.downloads import DownloadError
from catalogues.services.import_jobs import run_import_job

# The longest wait between two tries of a check.
RETRY_BACKOFF_MAX = 6 * 3600


@shared_task(ignore_result=True)  # type: ignore[untyped-decorator]
def import_upload_task(job_id: int) -> None:
    """Import a pending upload job (``catalogues.services.import_jobs.run_import_job``)."""
    run_import_job(job_id=job_id)


# Acknowledged once done: a worker lost mid-check leaves the message to another, which
# runs the check again from the start (imports are by revision, so nothing twice).
@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)  # type: ignore[untyped-decorator]
def check_data_source_task(self: Any, check_id: int) -> None:
    """Check one data source (``catalogues.services.data_sources.run_check``), retried with
    backoff while the network fails.

    Run eagerly (the quick start, no broker) it is tried once: waiting to retry would hold
    the request that asked for it."""
    retries = settings.DATA_SOURCES_CHECK_RETRIES
    final_attempt = self.request.is_eager or self.request.retries >= retries
    try:
        run_check(check_id=check_id, final_attempt=final_attempt)
    except DownloadError as error:
        delay = min(
            settings.DATA_SOURCES_RETRY_BACKOFF * 2**self.request.retries, RETRY_BACKOFF_MAX
        )
        raise self.retry(exc=error, countdown=delay, max_retries=retries) from error


@shared_task(ignore_result=True)  # type: ignore[untyped-decorator]
def check_data_sources_task() -> None:
    """The periodic check (Celery beat, ``DATA_SOURCES_CHECK_INTERVAL``): a check of each
    active data source."""
    start_due_checks()
