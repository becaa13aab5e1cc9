"""With debug off, errors are the site's own pages or, under /api/, the API's JSON error shape:
never a traceback, and never a page that needs the session or the database to render."""

from __future__ import annotations

import pytest
from django.test import Client

from catalogues import selectors


@pytest.fixture
def broken_selectors(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(selectors, "game_system_list", fail)


@pytest.mark.django_db
def test_an_unknown_page_is_the_sites_own_404(client: Client) -> None:
    response = client.get("/no/such/page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<html lang="en' in html
    assert '<main id="content" data-status="404">' in html
    assert 'href="/"' in html


@pytest.mark.django_db
def test_an_unknown_api_url_is_a_json_404(client: Client) -> None:
    response = client.get("/api/v1/no-such-thing/")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert set(response.json()) == {"code", "detail", "params"}


@pytest.mark.django_db
@pytest.mark.usefixtures("broken_selectors")
def test_a_crash_is_the_sites_own_500_page() -> None:
    response = Client(raise_request_exception=False).get("/")

    assert response.status_code == 500
    html = response.content.decode()
    assert '<main id="content" data-status="500">' in html
    assert "Traceback" not in html
    assert "the database went away" not in html


@pytest.mark.django_db
@pytest.mark.usefixtures("broken_selectors")
def test_an_api_crash_is_a_json_500() -> None:
    response = Client(raise_request_exception=False).get("/api/v1/game-systems/")

    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "server.error"
    assert set(response.json()) == {"code", "detail", "params"}


def test_the_500_page_renders_without_a_request_or_context_processors() -> None:
    from django.template import loader

    html = loader.get_template("500.html").render({"detail": "x"})

    assert '<main id="content" data-status="500">' in html
