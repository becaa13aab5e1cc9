"""The staff pages of data sources: staff only, add a source, check now, follow a check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from catalogues.models import DataSource, DataSourceCheck
from tests.catalogues.source_server import SourceServer, serve_index

pytestmark = pytest.mark.django_db

SOURCES = reverse("catalogues:data_sources")


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(User.objects.create_user("staff", password="pw", is_staff=True))
    return client


def _pages(source: DataSource, check: DataSourceCheck) -> list[str]:
    return [
        SOURCES,
        reverse("catalogues:data_source", args=[source.pk]),
        reverse("catalogues:data_source_check", args=[check.pk]),
        reverse("catalogues:data_source_check_status", args=[check.pk]),
    ]


def test_visitors_are_sent_to_sign_in_and_players_get_a_404(client: Client) -> None:
    source = DataSource.objects.create(url="https://example.org/index.bsi")
    check = DataSourceCheck.objects.create(source=source)
    check_now = reverse("catalogues:data_source_check_now", args=[source.pk])

    for page in _pages(source, check):
        assert client.get(page).status_code == 302, page
    client.force_login(User.objects.create_user("player", password="pw"))
    for page in _pages(source, check):
        assert client.get(page).status_code == 404, page
    assert client.post(check_now).status_code == 404
    assert client.post(SOURCES, {"url": "https://example.org/b.bsi"}).status_code == 404

    assert DataSourceCheck.objects.count() == 1
    assert DataSource.objects.count() == 1


def test_staff_add_a_source_and_see_its_first_check(
    staff_client: Client,
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    url = serve_index(source_server, t9a_files)

    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(SOURCES, {"url": url, "name": "T9A", "active": "on"})

    source = DataSource.objects.get()
    check = source.checks.get()
    assert (source.name, source.active) == ("T9A", True)
    assert response.status_code == 302
    assert response["Location"] == reverse("catalogues:data_source_check", args=[check.pk])
    page = staff_client.get(response["Location"]).content.decode()
    assert 'data-status="succeeded"' in page
    assert page.count('data-outcome="imported"') == 3
    assert "hx-get" not in page
    listing = staff_client.get(SOURCES).content.decode()
    assert "T9A" in listing


def test_check_now_queues_a_check_by_post_only(
    staff_client: Client, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    source = DataSource.objects.create(url="https://example.invalid/index.bsi")
    check_now = reverse("catalogues:data_source_check_now", args=[source.pk])

    assert staff_client.get(check_now).status_code == 405
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = staff_client.post(check_now)

    check = source.checks.get()
    assert response["Location"] == reverse("catalogues:data_source_check", args=[check.pk])
    assert len(queued) == 1
    assert check.requested_by is not None
    assert check.requested_by.username == "staff"


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://example.org/index.bsi", "source.insecure_scheme"),
        ("https://user:pw@example.org/index.bsi", "source.bad_url"),
        ("https://example.org/taken.bsi", "source.exists"),
    ],
)
def test_a_url_the_app_will_not_fetch_is_refused_with_its_code(
    staff_client: Client, url: str, code: str
) -> None:
    DataSource.objects.create(url="https://example.org/taken.bsi")

    response = staff_client.post(SOURCES, {"url": url})

    assert response.status_code == 400
    assert f'data-code="{code}"' in response.content.decode()
    assert DataSource.objects.count() == 1
    assert not DataSourceCheck.objects.exists()


def test_a_running_check_shows_files_done_of_total_and_polls(staff_client: Client) -> None:
    source = DataSource.objects.create(url="https://example.org/index.bsi")
    check = DataSourceCheck.objects.create(
        source=source, status=DataSourceCheck.Status.RUNNING, files_done=1, files_total=3
    )

    page = staff_client.get(reverse("catalogues:data_source_check", args=[check.pk]))

    content = page.content.decode()
    assert reverse("catalogues:data_source_check_status", args=[check.pk]) in content
    assert 'max="3" value="1"' in content


def test_a_failed_check_shows_its_code(staff_client: Client) -> None:
    source = DataSource.objects.create(url="https://example.org/index.bsi")
    check = DataSourceCheck.objects.create(
        source=source, status=DataSourceCheck.Status.FAILED, code="source.too_large"
    )

    page = staff_client.get(reverse("catalogues:data_source_check_status", args=[check.pk]))

    assert 'data-code="source.too_large"' in page.content.decode()


def test_a_source_the_reader_refuses_is_worded_in_the_staff_members_language(
    staff_client: Client,
) -> None:
    source = DataSource.objects.create(url="https://example.com/index.xml")
    check = DataSourceCheck.objects.create(
        source=source,
        status=DataSourceCheck.Status.FAILED,
        code="source.bad_index_root",
        params={"tag": "html"},
        message="The index's root element is <html>, not BattleScribe's <dataIndex>.",
    )
    url = reverse("catalogues:data_source_check", args=[check.pk])

    english = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    italian = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()

    assert 'data-code="source.bad_index_root"' in italian
    assert "The index&#x27;s root element is &lt;html&gt;" in english
    assert "L&#x27;elemento radice dell&#x27;indice è &lt;html&gt;" in italian
