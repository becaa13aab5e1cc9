"""Upload jobs: files a staff member uploads, imported in the background by a worker.

The job and its files are stored first; the worker (``catalogues.tasks``) claims the job,
imports its files through ``imports.import_files`` and records the outcome on the job.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict

from django.contrib.auth.models import User
from django.db import transaction

from catalogues.models import ImportJob, ImportJobFile
from catalogues.services.imports import CatalogueImportError, FileProblem, import_files

logger = logging.getLogger(__name__)


def start_import_job(*, files: Sequence[tuple[str, bytes]], user: User | None) -> ImportJob:
    """Queue ``(name, bytes)`` files for a background import; return the pending job.

    The job and its files are committed before the worker is asked to start, so that it
    always finds them.
    """
    # The task module imports this one, so it is imported when first needed.
    from catalogues.tasks import import_upload_task

    with transaction.atomic():
        job = ImportJob.objects.create(created_by=user, message_code="job.waiting")
        ImportJobFile.objects.bulk_create(
            ImportJobFile(job=job, name=name, data=data) for name, data in files
        )
        transaction.on_commit(lambda: import_upload_task.delay(job.pk))
    return job


def _update_job(job_id: int, **fields: object) -> None:
    ImportJob.objects.filter(pk=job_id).update(**fields)


def run_import_job(*, job_id: int) -> None:
    """Import a pending job's uploaded files, recording progress and the outcome on the job.

    Progress while reading (0-40%) is visible at once; the storing steps run inside the
    import's transaction, so other connections see them only with its commit.
    """
    # Claiming the job by status makes a redelivered message (acks_late) a no-op.
    claimed = ImportJob.objects.filter(pk=job_id, status=ImportJob.Status.PENDING).update(
        status=ImportJob.Status.RUNNING, progress=0, message_code="job.starting"
    )
    if not claimed:
        logger.info("import job %s is not pending; nothing to do", job_id)
        return
    job = ImportJob.objects.get(pk=job_id)
    files = [(f.name, bytes(f.data)) for f in job.files.all()]
    try:
        result = import_files(
            files=files,
            progress=lambda percent, code, params: _update_job(
                job_id, progress=percent, message_code=code, message_params=params
            ),
        )
    except CatalogueImportError as error:
        _update_job(
            job_id,
            status=ImportJob.Status.FAILED,
            progress=100,
            message_code="job.failed",
            message_params={},
            errors=[asdict(problem) for problem in error.problems],
        )
    except Exception:
        logger.exception("import job %s failed", job_id)
        _update_job(
            job_id,
            status=ImportJob.Status.FAILED,
            progress=100,
            message_code="job.internal",
            message_params={},
            errors=[asdict(FileProblem.of("", "import.internal"))],
        )
    else:
        summary = result.as_dict()
        _update_job(
            job_id,
            status=ImportJob.Status.SUCCEEDED,
            progress=100,
            message_code="job.succeeded",
            message_params={
                "created": summary["created"],
                "unchanged": summary["unchanged"],
                "unresolved": len(result.unresolved_links),
            },
            result=summary,
        )
    finally:
        job.files.all().delete()
