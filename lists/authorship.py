"""Who makes a version, and through what: the pages, or the API with which device.

Every way in sets it once for its request (``AuthorshipMiddleware`` for the pages, the API's
views for theirs); ``record_version`` reads it. It travels beside the call
rather than through every service's arguments because it describes the request, not the
edit: the same service makes the same version whoever asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse

from accounts.models import DeviceToken


class Channel:
    """Through what a version was made (``ListVersion.channel``)."""

    PAGE = "page"
    API = "api"


@dataclass(frozen=True)
class Author:
    user_id: int | None
    channel: str
    device: DeviceToken | None = None


_current: ContextVar[Author | None] = ContextVar("list_author", default=None)


def current() -> Author | None:
    return _current.get()


def begin(*, user: Any, channel: str, device: DeviceToken | None = None) -> Token[Author | None]:
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    return _current.set(Author(user_id, channel, device))


def end(token: Token[Author | None]) -> None:
    _current.reset(token)


@contextmanager
def authored_by(*, user: Any, channel: str, device: DeviceToken | None = None) -> Iterator[None]:
    token = begin(user=user, channel=channel, device=device)
    try:
        yield
    finally:
        end(token)


class AuthorshipMiddleware:
    """Versions made by a page request are the signed-in player's, through the pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with authored_by(user=request.user, channel=Channel.PAGE):
            return self.get_response(request)
