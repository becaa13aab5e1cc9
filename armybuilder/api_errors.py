"""The API's one error shape, for every refusal whatever raised it.

Every 4xx body is ``{"code", "detail", "params"}``: ``code`` is stable (clients and tests
branch on it), ``params`` carries what a client needs to word the refusal itself (numbers, ids,
names, limits), ``detail`` is the server's wording in the reader's language. A body that does
not match its schema adds ``field_errors`` (DRF's per-field messages), a bad query parameter
names it in ``parameter``. DRF's own headers (``Retry-After`` on a 429, ``WWW-Authenticate``
on a 401) are kept.
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from armybuilder.errors import ApplicationError

# DRF's exception classes and the codes they answer with.
DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "request.malformed",
    exceptions.AuthenticationFailed: "auth.failed",
    exceptions.NotAuthenticated: "auth.required",
    exceptions.PermissionDenied: "auth.forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "request.method_not_allowed",
    exceptions.NotAcceptable: "request.not_acceptable",
    exceptions.UnsupportedMediaType: "request.media_type",
    exceptions.Throttled: "request.throttled",
}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        body = {"code": exc.code, "detail": exc.detail, "params": exc.params}
        response = Response(body, status=exc.status)
        if exc.retry_after is not None:
            response["Retry-After"] = str(exc.retry_after)
        return response
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    response.data = _shaped(exc, response.data)
    return response


def _shaped(exc: Exception, data: Any) -> dict[str, Any]:
    if isinstance(data, dict) and "code" in data and "detail" in data:
        return {"params": {}, **data}
    if isinstance(exc, exceptions.ValidationError):
        if isinstance(data, dict) and "parameter" in data:
            return {
                "code": "request.bad_parameter",
                "detail": str(data.get("detail", "")),
                "params": {"parameter": str(data["parameter"])},
                "parameter": str(data["parameter"]),
            }
        return {
            "code": "request.invalid",
            "detail": _("The request does not match the schema; see field_errors."),
            "params": {},
            "field_errors": data,
        }
    code = next((c for kind, c in DRF_CODES.items() if isinstance(exc, kind)), "request.refused")
    params: dict[str, Any] = {}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        # the name quota refusals use too (``ApplicationError.retry_after``)
        params["retry_after"] = math.ceil(exc.wait)
    detail = data.get("detail", "") if isinstance(data, dict) else data
    return {"code": code, "detail": str(detail), "params": params}
