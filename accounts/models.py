"""A player's app sign-ins (one token per device, named so the player can tell them apart and
sign one out; django-rest-knox keeps only a digest of each token) and the language they chose."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken

DEVICE_NAME_MAX_LENGTH = 100


class DeviceToken(AbstractAuthToken):
    device_name = models.CharField(_("device"), max_length=DEVICE_NAME_MAX_LENGTH, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("device token")

    def __str__(self) -> str:
        return f"{self.device_name or self.token_key} ({self.user})"


class Preferences(models.Model):
    """What a player chose once and every device of theirs follows."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # blank: never chosen, the browser's language applies
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )

    class Meta:
        verbose_name = _("preferences")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
