"""A player's app sign-ins: one token per device, named so the player can tell them apart and
sign one out (django-rest-knox keeps only a digest of each token)."""

from __future__ import annotations

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
