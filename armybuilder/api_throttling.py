"""API throttles, their rates read from ``settings.API_THROTTLE_RATES`` when a request comes
(so a deployment, a benchmark or a test sets them without reloading DRF) and counted in the
default cache (``settings.CACHES``): a shared cache makes the limits hold across processes."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, UserRateThrottle


class _RatesFromSettings:
    scope: str

    def get_rate(self) -> str | None:
        rate: str | None = settings.API_THROTTLE_RATES.get(self.scope)
        return rate


class AnonymousThrottle(_RatesFromSettings, AnonRateThrottle):
    """Per client address, for requests without a user."""


class UserThrottle(_RatesFromSettings, UserRateThrottle):
    """Per signed-in user, whichever device or tab the requests come from."""


class ScopedThrottle(_RatesFromSettings, ScopedRateThrottle):
    """Per view scope (``throttle_scope``), e.g. the stricter one of token sign-in."""
