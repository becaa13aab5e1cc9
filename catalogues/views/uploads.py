"""The staff upload of catalogue files, and the pages following its background import."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from catalogues import params, selectors
from catalogues.forms import UploadForm, upload_limit
from catalogues.models import ImportJob
from catalogues.services.import_jobs import start_import_job

FINISHED = frozenset({ImportJob.Status.SUCCEEDED, ImportJob.Status.FAILED})


@staff_member_required
def upload(request: HttpRequest) -> HttpResponse:
    status = 200
    limit, refusal = upload_limit()
    declared_within = params.declared_body_within(
        request.META, limit + params.MULTIPART_OVERHEAD_BYTES
    )
    if request.method == "POST" and not declared_within:
        # Refused on its Content-Length, before the body is read or spooled to disk.
        form = UploadForm()
        context = {"form": form, "refused": refusal, "jobs": _recent_jobs(request)}
        return render(request, "catalogues/upload.html", context, status=413)
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        status = 400
        if form.is_valid():
            uploads = form.cleaned_data["uploads"]
            job = start_import_job(
                files=[(f.name or "upload", f.read()) for f in uploads],
                # staff_member_required: the user is always signed in here
                user=cast(User, request.user),
            )
            return redirect("catalogues:import_job", pk=job.pk)
    else:
        form = UploadForm()
    context = {"form": form, "jobs": _recent_jobs(request)}
    return render(request, "catalogues/upload.html", context, status=status)


def _recent_jobs(request: HttpRequest) -> Any:
    return selectors.import_job_list(user=request.user)[:10]


@staff_member_required
def import_job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "catalogues/import_job.html", _job_context(request, pk))


@staff_member_required
def import_job_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The job's status panel alone: the job page polls it until the job ends."""
    return render(request, "catalogues/_import_job_status.html", _job_context(request, pk))


def _job_context(request: HttpRequest, pk: int) -> dict[str, Any]:
    job = selectors.import_job_get(pk=pk, user=request.user)
    return {
        "job": job,
        "finished": job.status in FINISHED,
        "imported": selectors.import_job_revisions(job),
    }
