"""Error responses for requests no view answered: the site's own pages, or under ``/api/``
the API's JSON error shape (``{"code", "detail", "params"}``, ``armybuilder.api_errors``),
never a traceback.

The pages render with a plain context: no context processor (a session, a user, a database)
can fail while an error is being reported.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


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
    return _error(
        request, 500, "500.html", _("A server error occurred; it has been logged."), "server.error"
    )
