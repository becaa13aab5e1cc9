"""Which language a request is answered in.

A signed-in player's choice is the account's (copied into the session at sign-in and when it
changes, so no request reads the account for it); a visitor's is the language cookie; else the
browser's Accept-Language. The API answers every client by Accept-Language alone, so an app
gets the language it asks for whatever a browser session on the same site chose.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    parse_accept_lang_header,
)

SESSION_LANGUAGE_KEY = "account_language"
API_PREFIX = "/api/"


def supported_language(code: str | None) -> str | None:
    """One of ``LANGUAGES`` for a language code (``it-IT`` is ``it``), or None."""
    if not code:
        return None
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def accepted_language(request: HttpRequest) -> str:
    """The first of the browser's Accept-Language we speak, else the default."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            break
        language = supported_language(code)
        if language:
            return language
    return settings.LANGUAGE_CODE


def request_language(request: HttpRequest) -> str:
    if request.path.startswith(API_PREFIX):
        return accepted_language(request)
    session = getattr(request, "session", None)
    chosen = session.get(SESSION_LANGUAGE_KEY) if session is not None else None
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return supported_language(chosen) or supported_language(cookie) or accepted_language(request)


class LanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = request_language(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language  # type: ignore[attr-defined]
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", language)
        translation.deactivate()
        return response
