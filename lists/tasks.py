"""Background work for saved lists: tasks take ids and call a service."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import DatabaseError

from lists.models import DATABASE_FAILED, RevalidationJob
from lists.updates import run_revalidation

MAX_RETRIES = 5


@shared_task(  # type: ignore[untyped-decorator]
    bind=True,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(DatabaseError,),
    retry_backoff=True,
    retry_backoff_max=300,
    max_retries=MAX_RETRIES,
)
def revalidate_task(self: Any, job_id: int) -> None:
    """Re-validate the lists of a job (``lists.updates.run_revalidation``); a database that
    fails is retried with backoff, and the job is marked failed after the last try."""
    try:
        run_revalidation(job_id=job_id)
    except DatabaseError:
        # The database's own words go to the worker's log (Celery logs the exception raised).
        if self.request.retries >= MAX_RETRIES:
            RevalidationJob.objects.filter(pk=job_id).update(
                status=RevalidationJob.Status.FAILED,
                error_code=DATABASE_FAILED,
                error_params={"tries": MAX_RETRIES + 1},
            )
        raise
