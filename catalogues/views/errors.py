"""Error responses for requests no view answered: the site's own pages, or under ``/api/``
the API's JSON error shape (``{"code", "detail", "params"}``, ``armybuilder.api_errors``),
never a traceback.

The pages render with a plain context: no context processor (a session, a user, a database)
can fail while an error is being reported.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _

API_PREFIX = "/api/"
DATABASE_DOWN_RETRY_AFTER = 30  # seconds


def _error(
    request: HttpRequest, status: int, template: str, detail: str, code: str
) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": code, "detail": detail, "params": {}}, status=status)
    content = loader.get_template(template).render({"detail": detail})
    return HttpResponse(content, status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _error(
        request, 400, "400.html", _("The request could not be understood."), "request.bad"
    )


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _error(
        request, 403, "403.html", _("You do not have permission to see this."), "auth.forbidden"
    )


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _error(request, 404, "404.html", _("Not found."), "not_found")


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500, or a 503 when the database cannot be reached (or answer in time): the site is
    down for a while, not broken, and clients may try again. Called while the exception is
    being handled, wherever it was raised: a view, a middleware or a template."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        response = _error(
            request,
            503,
            "503.html",
            _("The site is down for a moment; try again shortly."),
            "server.unavailable",
        )
        response["Retry-After"] = str(DATABASE_DOWN_RETRY_AFTER)
        return response
    return _error(
        request, 500, "500.html", _("A server error occurred; it has been logged."), "server.error"
    )
