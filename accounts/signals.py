"""On sign-in the account's language applies, on this device as on every other."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.services import account_language
from armybuilder.i18n import SESSION_LANGUAGE_KEY


@receiver(user_logged_in, dispatch_uid="accounts.language_on_sign_in")
def apply_account_language(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    language = account_language(user=user)
    if language:
        request.session[SESSION_LANGUAGE_KEY] = language
