"""The refusal every list service raises (an ``ApplicationError``): a stable code, its
parameters and an HTTP status.

Pages show ``detail``; the API (and tests) match on ``code`` and ``params``; both answer with
``status`` (400 for bad input, 403/413 for a quota, 429 with ``Retry-After`` for a rate).
"""

from __future__ import annotations

from typing import TypeVar

from django.http import HttpResponse

from armybuilder.errors import ApplicationError

R = TypeVar("R", bound=HttpResponse)


class EditRejected(ApplicationError):
    """The edit names something the list does not have, a value out of bounds, or goes past
    one of the account's quotas."""


def answered(response: R, error: Exception) -> R:
    """A page's answer to a refusal: its status, and when to retry for a rate."""
    status = getattr(error, "status", None)
    if status is not None:
        response.status_code = status
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response
