"""Bounded downloads from a URL staff gave: HTTPS only, never to an address inside the network.

Every hop (the URL, then each redirect) is resolved and each of its addresses checked before
anything is sent; the connection then goes to the checked address itself (the host name is
only sent as ``Host`` and for TLS), so a name that resolves elsewhere a second time (DNS
rebinding) reaches nothing unchecked. Sizes, time and redirects are bounded.
``DATA_SOURCES_ALLOW_LOOPBACK`` lets tests serve files over plain HTTP on 127.0.0.1.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from django.conf import settings

from catalogues import job_messages

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_CHUNK = 64 * 1024
MAX_URL_LENGTH = 2000


class DownloadError(Exception):
    """A download was refused or failed; ``code`` is stable. ``transient`` failures (the
    network, a server error) are worth retrying later; the others will fail again."""

    def __init__(
        self, code: str, params: Mapping[str, Any] | None = None, *, transient: bool = False
    ) -> None:
        super().__init__(code)
        self.code = code
        # (kept with a check or a file and worded when read: ``catalogues.job_messages``)
        self.params = dict(params or {})
        self.transient = transient

    @property
    def message(self) -> str:
        return job_messages.worded(self.code, self.params)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class DownloadLimits:
    max_bytes: int
    timeout: float  # seconds, for the whole download, redirects included
    max_redirects: int
    allow_loopback: bool

    @classmethod
    def from_settings(cls) -> DownloadLimits:
        return cls(
            max_bytes=settings.DATA_SOURCES_MAX_DOWNLOAD_BYTES,
            timeout=settings.DATA_SOURCES_TIMEOUT,
            max_redirects=settings.DATA_SOURCES_MAX_REDIRECTS,
            allow_loopback=settings.DATA_SOURCES_ALLOW_LOOPBACK,
        )


@dataclass(frozen=True, slots=True)
class Download:
    url: str  # the final URL, after redirects: files named by an index are beside it
    content: bytes


def check_url(url: str, *, allow_loopback: bool) -> tuple[str, str, int]:
    """``(scheme, host, port)`` of a URL a download may start from, or ``DownloadError``."""
    if len(url) > MAX_URL_LENGTH:
        raise DownloadError("source.bad_url", {"form": "too_long", "limit": MAX_URL_LENGTH})
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise DownloadError("source.bad_url", {"form": "not_a_url"}) from None
    schemes = ("https", "http") if allow_loopback else ("https",)
    if parts.scheme not in schemes:
        raise DownloadError("source.insecure_scheme", {"url": url})
    if not parts.hostname or parts.username or parts.password:
        raise DownloadError("source.bad_url", {"form": "no_host"})
    default_port = 443 if parts.scheme == "https" else 80
    return parts.scheme, parts.hostname, port or default_port


def _allowed(address: str, allow_loopback: bool) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return allow_loopback
    # Private, link-local (cloud metadata), shared, reserved, multicast: not the internet.
    return ip.is_global and not ip.is_multicast


def resolve(host: str, port: int, *, allow_loopback: bool) -> str:
    """The address to connect to: every address the host resolves to must be allowed."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise DownloadError(
            "source.network",
            {"form": "unresolved", "host": host, "error": str(error)},
            transient=True,
        ) from None
    addresses = [str(info[4][0]) for info in infos]
    refused = [a for a in addresses if not _allowed(a, allow_loopback)]
    if refused or not addresses:
        raise DownloadError(
            "source.forbidden_address", {"host": host, "address": ", ".join(refused) or "-"}
        )
    return addresses[0]


class _PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        # The certificate is checked against the host name, not the address connected to.
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)  # type: ignore[attr-defined]


def _remaining(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise DownloadError("source.timeout", transient=True)
    return left


def download(url: str, *, limits: DownloadLimits) -> Download:
    """The body at ``url`` (following redirects), within ``limits``."""
    deadline = time.monotonic() + limits.timeout
    for _hop in range(limits.max_redirects + 1):
        scheme, host, port = check_url(url, allow_loopback=limits.allow_loopback)
        address = resolve(host, port, allow_loopback=limits.allow_loopback)
        connection_class = _PinnedHTTPSConnection if scheme == "https" else _PinnedHTTPConnection
        connection = connection_class(host, port, address=address, timeout=_remaining(deadline))
        try:
            parts = urlsplit(url)
            target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            connection.request("GET", target, headers={"User-Agent": "armybuilder data sources"})
            response = connection.getresponse()
            if response.status in _REDIRECTS:
                location = response.getheader("Location")
                if not location:
                    raise DownloadError("source.http_status", {"form": "no_location"})
                url = urljoin(url, location)
                continue
            if response.status != 200:
                raise DownloadError(
                    "source.http_status",
                    {"status": response.status, "url": url},
                    transient=response.status >= 500 or response.status == 429,
                )
            return Download(url=url, content=_read(response, limits, deadline))
        except (OSError, http.client.HTTPException) as error:
            code = "source.timeout" if isinstance(error, TimeoutError) else "source.network"
            raise DownloadError(
                code, {"form": "unfetched", "url": url, "error": str(error)}, transient=True
            ) from None
        finally:
            connection.close()
    raise DownloadError("source.too_many_redirects", {"limit": limits.max_redirects})


def _too_large(limit: int) -> DownloadError:
    return DownloadError("source.too_large", {"limit": limit})


def _read(
    response: http.client.HTTPResponse,
    limits: DownloadLimits,
    deadline: float,
) -> bytes:
    declared = response.getheader("Content-Length")
    if declared and declared.isdigit() and int(declared) > limits.max_bytes:
        raise _too_large(limits.max_bytes)
    chunks: list[bytes] = []
    size = 0
    while True:
        # One receive at a time, the deadline checked before each (a receive itself waits at
        # most the socket's timeout): a server sending a byte at a time cannot stretch the
        # download past it.
        _remaining(deadline)
        chunk = response.read1(_CHUNK)
        if not chunk:
            break
        size += len(chunk)
        if size > limits.max_bytes:
            raise _too_large(limits.max_bytes)
        chunks.append(chunk)
    return b"".join(chunks)
