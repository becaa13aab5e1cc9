"""Staff pages of data sources: add one, see its checks, "check now", follow a check."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from catalogues import selectors
from catalogues.forms import DataSourceForm
from catalogues.services.data_sources import FINISHED, add_data_source, start_check
from catalogues.views.staff import staff_only


@staff_only
def data_sources(request: HttpRequest) -> HttpResponse:
    status = 200
    form = DataSourceForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        status = 400
        if form.is_valid():
            source = add_data_source(
                url=form.cleaned_data["url"],
                name=form.cleaned_data["name"],
                active=form.cleaned_data["active"],
                # staff_only: the user is always signed in here
                user=cast(User, request.user),
            )
            check = start_check(source=source, user=cast(User, request.user))
            return redirect("catalogues:data_source_check", pk=check.pk)
    context = {"form": form, "sources": selectors.data_source_list()}
    return render(request, "catalogues/data_sources.html", context, status=status)


@staff_only
def data_source_detail(request: HttpRequest, pk: int) -> HttpResponse:
    source = selectors.data_source_get(pk)
    context = {"source": source, "checks": selectors.data_source_checks(source)[:20]}
    return render(request, "catalogues/data_source.html", context)


@staff_only
@require_POST
def data_source_check_now(request: HttpRequest, pk: int) -> HttpResponse:
    source = selectors.data_source_get(pk)
    check = start_check(source=source, user=cast(User, request.user))
    return redirect("catalogues:data_source_check", pk=check.pk)


@staff_only
def data_source_check_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "catalogues/data_source_check.html", _check_context(pk))


@staff_only
def data_source_check_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The check's status panel alone: the check page polls it until the check ends."""
    return render(request, "catalogues/_data_source_check_status.html", _check_context(pk))


def _check_context(pk: int) -> dict[str, Any]:
    check = selectors.data_source_check_get(pk)
    return {
        "check": check,
        "finished": check.status in FINISHED,
        "files": selectors.data_source_check_files(check),
    }
