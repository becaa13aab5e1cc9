"""Background work for the catalogue store. Tasks take ids and call the service."""

from __future__ import annotations

import logging
from dataclasses import asdict

from celery import shared_task

from catalogues.models import ImportJob
from catalogues.services import CatalogueImportError, import_files

logger = logging.getLogger(__name__)


def _update(job_id: int, **fields: object) -> None:
    ImportJob.objects.filter(pk=job_id).update(**fields)


@shared_task(ignore_result=True)  # type: ignore[untyped-decorator]
def import_upload_task(job_id: int) -> None:
    """Import a pending job's uploaded files, recording progress and the outcome on the job.

    Progress while reading (0-40%) is visible at once; the storing steps run inside the
    import's transaction, so other connections see them only with its commit.
    """
    # Claiming the job by status makes a redelivered message (acks_late) a no-op.
    claimed = ImportJob.objects.filter(pk=job_id, status=ImportJob.Status.PENDING).update(
        status=ImportJob.Status.RUNNING, progress=0, message="Starting"
    )
    if not claimed:
        logger.info("import job %s is not pending; nothing to do", job_id)
        return
    job = ImportJob.objects.get(pk=job_id)
    files = [(f.name, bytes(f.data)) for f in job.files.all()]
    try:
        result = import_files(
            files=files,
            progress=lambda percent, message: _update(job_id, progress=percent, message=message),
        )
    except CatalogueImportError as error:
        _update(
            job_id,
            status=ImportJob.Status.FAILED,
            progress=100,
            message="Nothing was imported.",
            errors=[asdict(problem) for problem in error.problems],
        )
    except Exception:
        logger.exception("import job %s failed", job_id)
        _update(
            job_id,
            status=ImportJob.Status.FAILED,
            progress=100,
            message="Nothing was imported: an internal error occurred.",
            errors=[{"file": "", "code": "import.internal", "message": "internal error"}],
        )
    else:
        summary = result.as_dict()
        _update(
            job_id,
            status=ImportJob.Status.SUCCEEDED,
            progress=100,
            message=(
                f"{summary['created']} revision(s) imported, {summary['unchanged']} unchanged, "
                f"{len(result.unresolved_links)} unresolved link(s)."
            ),
            result=summary,
        )
    finally:
        job.files.all().delete()
