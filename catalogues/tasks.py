"""Background work for the catalogue store: tasks take ids and call a service."""

from __future__ import annotations

from celery import shared_task

from catalogues.services.import_jobs import run_import_job


@shared_task(ignore_result=True)  # type: ignore[untyped-decorator]
def import_upload_task(job_id: int) -> None:
    """Import a pending upload job (``catalogues.services.import_jobs.run_import_job``)."""
    run_import_job(job_id=job_id)
