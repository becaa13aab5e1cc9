"""The language switcher in the header: a plain form post, so it needs no script."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import services
from armybuilder.errors import ApplicationError
from armybuilder.i18n import SESSION_LANGUAGE_KEY


@require_POST
def switch_language(request: HttpRequest) -> HttpResponseRedirect:
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    try:
        language = services.choose_language(
            user=request.user, language=request.POST.get("language", "")
        )
    except ApplicationError as refusal:
        messages.error(request, refusal.detail, extra_tags=refusal.code)
        return response
    if request.user.is_authenticated:
        request.session[SESSION_LANGUAGE_KEY] = language
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
