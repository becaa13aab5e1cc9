"""Signing an app in and out: a device token per sign-in."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import authenticate
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import DeviceToken
from armybuilder.errors import ApplicationError

BAD_CREDENTIALS = "auth.bad_credentials"
EMAIL_UNVERIFIED = "auth.email_unverified"
TOO_MANY_DEVICES = "auth.too_many_devices"
UNKNOWN_DEVICE = "auth.unknown_device"


def sign_in_device(
    *, request: Any, email: str, password: str, device_name: str
) -> tuple[DeviceToken, str]:
    """A new token for the account with this email and password: the token itself is
    returned once, here, and only its digest is stored."""
    user = authenticate(request, email=email, password=password)
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
