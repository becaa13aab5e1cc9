"""Signing an app in and out: a device token per sign-in."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.core.exceptions import ImmediateHttpResponse
from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import DeviceToken, Preferences
from armybuilder.errors import ApplicationError

BAD_CREDENTIALS = "auth.bad_credentials"
SIGN_IN_THROTTLED = "auth.throttled"
EMAIL_UNVERIFIED = "auth.email_unverified"
TOO_MANY_DEVICES = "auth.too_many_devices"
UNKNOWN_DEVICE = "auth.unknown_device"


def sign_in_device(
    *, request: Any, email: str, password: str, device_name: str
) -> tuple[DeviceToken, str]:
    """A new token for the account with this email and password: the token itself is
    returned once, here, and only its digest is stored."""
    # allauth's adapter: the same failed-login limits per address and per account as the
    # sign-in page (a throttled attempt raises ImmediateHttpResponse with its 429)
    try:
        user = get_adapter(request).authenticate(request, email=email, password=password)
    except ImmediateHttpResponse as throttled:
        retry_after = int(throttled.response.get("Retry-After", 60))
        raise ApplicationError(
            SIGN_IN_THROTTLED,
            _("Too many failed sign-ins: try again later."),
            params={"retry_after": retry_after},
            status=429,
        ) from throttled
    if user is None or not user.is_active:
        raise ApplicationError(
            BAD_CREDENTIALS, _("The email address or the password is wrong."), status=401
        )
    if settings.ACCOUNT_EMAIL_VERIFICATION == "mandatory" and not (
        EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists()
    ):
        raise ApplicationError(
            EMAIL_UNVERIFIED,
            _("Confirm your email address first: follow the link in the mail we sent."),
            status=403,
        )
    limit = settings.API_TOKENS_PER_USER
    if devices_of(user=user).count() >= limit:
        raise ApplicationError(
            TOO_MANY_DEVICES,
            _("This account is signed in on %(limit)d devices; sign one out first.")
            % {"limit": limit},
            params={"limit": limit},
            status=403,
        )
    return DeviceToken.objects.create(user=user, device_name=device_name)


def devices_of(*, user: Any) -> QuerySet[DeviceToken]:
    """The user's signed-in devices, newest first (expired tokens are not listed)."""
    return DeviceToken.objects.filter(user=user).filter(
        Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())
    )


def sign_out_device(*, user: Any, token_key: str) -> None:
    deleted, _kinds = DeviceToken.objects.filter(user=user, token_key=token_key).delete()
    if not deleted:
        raise ApplicationError(
            UNKNOWN_DEVICE, _("No device of this account has that key."), status=404
        )


def sign_out_everywhere(*, user: Any) -> int:
    deleted, _kinds = DeviceToken.objects.filter(user=user).delete()
    return deleted


UNKNOWN_LANGUAGE = "language.unknown"


def choose_language(*, user: Any, language: str) -> str:
    """Remember a player's language on their account (a visitor's only in the cookie, which the
    caller sets); ``language`` must be one of ``LANGUAGES`` exactly."""
    if language not in dict(settings.LANGUAGES):
        raise ApplicationError(
            UNKNOWN_LANGUAGE,
            _("Choose English or Italian."),
            params={"language": language[:10], "allowed": [code for code, _ in settings.LANGUAGES]},
        )
    if user.is_authenticated:
        Preferences.objects.update_or_create(user=user, defaults={"language": language})
    return language


def account_language(*, user: Any) -> str:
    """The language the account chose, or "" when it never chose one."""
    return str(
        Preferences.objects.filter(user=user).values_list("language", flat=True).first() or ""
    )
