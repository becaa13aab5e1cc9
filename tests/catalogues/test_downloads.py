"""Downloads from staff-given URLs never reach inside the network: every address a host
resolves to is checked (after every redirect too), and the connection goes to the checked
address. No database."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from catalogues.services.downloads import (
    DownloadError,
    DownloadLimits,
    check_url,
    download,
    resolve,
)
from tests.catalogues.source_server import Reply, SourceServer

LOOPBACK_ALLOWED = DownloadLimits(max_bytes=10_000, timeout=5, max_redirects=3, allow_loopback=True)
PRODUCTION = DownloadLimits(max_bytes=10_000, timeout=5, max_redirects=3, allow_loopback=False)


@pytest.fixture
def server() -> Iterator[SourceServer]:
    with SourceServer() as running:
        yield running


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.1",
        "172.16.5.4",
        "192.168.1.1",
        "169.254.169.254",  # link-local: cloud metadata
        "100.64.0.1",  # shared address space
        "0.0.0.0",
        "224.0.0.1",
        "fe80::1",
        "fc00::1",
        "::ffff:10.0.0.1",
    ],
)
@pytest.mark.parametrize("allow_loopback", [False, True])
def test_a_private_or_link_local_address_is_always_refused(
    address: str, allow_loopback: bool
) -> None:
    with pytest.raises(DownloadError) as refused:
        resolve(address, 443, allow_loopback=allow_loopback)
    assert refused.value.code == "source.forbidden_address"


@pytest.mark.parametrize("address", ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
def test_loopback_is_refused_unless_the_setting_allows_it(address: str) -> None:
    with pytest.raises(DownloadError) as refused:
        resolve(address, 443, allow_loopback=False)
    assert refused.value.code == "source.forbidden_address"
    assert resolve(address, 443, allow_loopback=True) == address


def test_a_name_with_any_forbidden_address_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def two_addresses(host: str, port: int, **_kwargs: Any) -> list[Any]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", port)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port)),
        ]

    monkeypatch.setattr(socket, "getaddrinfo", two_addresses)
    with pytest.raises(DownloadError) as refused:
        resolve("mixed.example", 443, allow_loopback=False)
    assert refused.value.code == "source.forbidden_address"


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://example.org/index.bsi", "source.insecure_scheme"),
        ("ftp://example.org/index.bsi", "source.insecure_scheme"),
        ("file:///etc/passwd", "source.insecure_scheme"),
        ("https:///index.bsi", "source.bad_url"),
        ("https://user:secret@example.org/index.bsi", "source.bad_url"),
        ("https://example.org:99999/index.bsi", "source.bad_url"),
        ("https://example.org/" + "a" * 2000, "source.bad_url"),
    ],
)
def test_only_https_urls_are_taken_in_production(url: str, code: str) -> None:
    with pytest.raises(DownloadError) as refused:
        check_url(url, allow_loopback=False)
    assert refused.value.code == code


def test_loopback_is_refused_in_production_before_anything_is_sent(server: SourceServer) -> None:
    server.routes["/index.xml"] = b"<dataIndex/>"
    with pytest.raises(DownloadError) as refused:
        download(f"https://127.0.0.1:{server.port}/index.xml", limits=PRODUCTION)
    assert refused.value.code == "source.forbidden_address"
    assert server.requests == []


@pytest.mark.parametrize(
    "location",
    [
        "http://10.0.0.1/index.xml",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::ffff:192.168.0.1]/index.xml",
    ],
)
def test_a_redirect_to_a_private_address_is_refused(server: SourceServer, location: str) -> None:
    server.routes["/index.xml"] = Reply(status=302, headers={"Location": location})
    with pytest.raises(DownloadError) as refused:
        download(server.url("/index.xml"), limits=LOOPBACK_ALLOWED)
    assert refused.value.code == "source.forbidden_address"


def test_redirects_are_followed_up_to_the_limit(server: SourceServer) -> None:
    server.routes["/a"] = Reply(status=301, headers={"Location": "/b"})
    server.routes["/b"] = Reply(status=308, headers={"Location": "/c"})
    server.routes["/c"] = b"here"

    fetched = download(server.url("/a"), limits=LOOPBACK_ALLOWED)

    assert (fetched.content, fetched.url) == (b"here", server.url("/c"))
    one_redirect = DownloadLimits(max_bytes=100, timeout=5, max_redirects=1, allow_loopback=True)
    with pytest.raises(DownloadError) as refused:
        download(server.url("/a"), limits=one_redirect)
    assert refused.value.code == "source.too_many_redirects"


def test_the_connection_goes_to_the_address_that_was_checked(
    server: SourceServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name is resolved once, checked, and connected to by that address: a second lookup
    answering something else (DNS rebinding) is never made."""
    real = socket.getaddrinfo
    lookups: list[str] = []

    def rebinding(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        if host == "data.example":
            lookups.append(host)
            address = "127.0.0.1" if len(lookups) == 1 else "10.0.0.1"
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    server.routes["/index.xml"] = b"<dataIndex/>"

    fetched = download(f"http://data.example:{server.port}/index.xml", limits=LOOPBACK_ALLOWED)

    assert fetched.content == b"<dataIndex/>"
    assert lookups == ["data.example"]


def test_a_declared_or_actual_size_over_the_limit_is_refused(server: SourceServer) -> None:
    small = DownloadLimits(max_bytes=10, timeout=5, max_redirects=0, allow_loopback=True)
    server.routes["/declared"] = b"x" * 11
    # No Content-Length: the body is counted as it arrives.
    server.routes["/undeclared"] = Reply(body=b"x" * 5000, headers={"Content-Length": ""})
    for path in ("/declared", "/undeclared"):
        with pytest.raises(DownloadError) as refused:
            download(server.url(path), limits=small)
        assert refused.value.code == "source.too_large", path
