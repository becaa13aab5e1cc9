"""Who the client is, the headers every response carries, and what a throttled login answers.

``docs/security.md`` states the promises these keep and the tests that hold them.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import cache
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.core.internal.ratelimit import get_rates, respond_429
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
# What a proxy may tell about the request it passes on; from anyone else these are dropped.
FORWARDED_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST")
# A 429 that does not say when to come back says one minute (every rate's shortest window).
DEFAULT_RETRY_AFTER = 60


@cache
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(proxy.strip(), strict=False) for proxy in proxies)


def _trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(meta: dict[str, Any], proxies: tuple[str, ...]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
    address in X-Forwarded-For that is not one (a client can write anything to the left of
    what its own proxy appends, so reading stops at the first address no proxy vouches for)."""
    peer = str(meta.get("REMOTE_ADDR", ""))
    networks = _networks(proxies)
    if not networks or not _trusted(peer, networks):
        return peer
    hops = [hop.strip() for hop in str(meta.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    for hop in reversed([hop for hop in hops if hop]):
        if not _trusted(hop, networks):
            return hop if _valid(hop) else peer
    return peer


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


class TrustedProxyMiddleware:
    """Believe forwarding headers only from the proxies ``TRUSTED_PROXIES`` names.

    From a trusted proxy, ``REMOTE_ADDR`` becomes the client's address (what the throttles key
    on) and X-Forwarded-Proto stays for ``SECURE_PROXY_SSL_HEADER``; from anyone else every
    forwarding header is removed, so no client can pick its throttle bucket or claim HTTPS.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        proxies = tuple(settings.TRUSTED_PROXIES)
        peer = str(request.META.get("REMOTE_ADDR", ""))
        if proxies and _trusted(peer, _networks(proxies)):
            request.META["REMOTE_ADDR"] = client_address(request.META, proxies)
        else:
            for header in FORWARDED_HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)


class SecurityHeadersMiddleware:
    """``Permissions-Policy`` on every response, and ``Retry-After`` on every 429."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        if response.status_code == 429:
            response.setdefault("Retry-After", str(DEFAULT_RETRY_AFTER))
        return response


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, but a login refused by the failed-login throttle answers 429 with
    ``Retry-After`` (the longest window of that throttle), not the form again with 200."""

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError as error:
            if error.code != "too_many_login_attempts":
                raise
            response = respond_429(request)
            response["Retry-After"] = str(_login_failed_window())
            raise ImmediateHttpResponse(response) from error


def _login_failed_window() -> int:
    rates = get_rates(app="allauth.account", action="login_failed")
    return int(max((rate.duration for rate in rates), default=DEFAULT_RETRY_AFTER))
