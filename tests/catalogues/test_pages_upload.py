"""The staff upload page: files in, an ImportJob run by Celery, its progress and result."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from catalogues.models import Catalogue, GameSystem, ImportJob, Revision
from tests.catalogues import browse_data as data
from tests.catalogues.documents import as_file

# These tests count what the store holds, so it starts without the session's packs.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_store")]

UPLOAD = reverse("catalogues:upload")


def upload_file(name: str, content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def document_file(name: str, document: dict[str, Any]) -> SimpleUploadedFile:
    return upload_file(*as_file(name, document))


@pytest.fixture
def staff(db: None) -> User:
    return User.objects.create_user("staff", password="pw", is_staff=True)


@pytest.fixture
def staff_client(client: Client, staff: User) -> Client:
    client.force_login(staff)
    return client


@pytest.fixture
def post_upload(
    staff_client: Client, django_capture_on_commit_callbacks: Callable[..., Any]
) -> Callable[..., Any]:
    """POST files as staff, running the import task when the request's transaction commits."""

    def post(*files: SimpleUploadedFile) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return staff_client.post(UPLOAD, {"uploads": list(files)})

    return post


def test_anonymous_users_are_refused(client: Client) -> None:
    page = client.get(UPLOAD)
    post = client.post(UPLOAD, {"uploads": [document_file("gs.json", data.game_system_document())]})

    assert page.status_code == 302
    assert reverse("admin:login") in page["Location"]
    assert post.status_code == 302
    assert not ImportJob.objects.exists()
    assert not GameSystem.objects.exists()


def test_users_who_are_not_staff_are_refused(client: Client) -> None:
    client.force_login(User.objects.create_user("player", password="pw"))

    assert client.get(UPLOAD).status_code == 302
    job = ImportJob.objects.create()
    assert client.get(reverse("catalogues:import_job", args=[job.pk])).status_code == 302
    assert client.get(reverse("catalogues:import_job_status", args=[job.pk])).status_code == 302


def test_staff_see_the_form(staff_client: Client) -> None:
    response = staff_client.get(UPLOAD)

    assert response.status_code == 200
    assert re.search(r'<input type="file" name="uploads"[^>]* multiple', response.content.decode())


def test_several_files_are_imported_and_the_result_shown(
    staff_client: Client, post_upload: Callable[..., Any]
) -> None:
    response = post_upload(
        document_file("test.gst.json", data.game_system_document()),
        document_file("orcs.cat.json", data.catalogue_document(1)),
    )

    job = ImportJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("catalogues:import_job", args=[job.pk])
    assert job.status == ImportJob.Status.SUCCEEDED
    assert job.created_by is not None
    assert Catalogue.objects.get().name == "Test Orcs"
    page = staff_client.get(response["Location"])
    html = page.content.decode()
    assert [(i.name, i.status) for i in page.context["imported"]] == [
        ("Test Battles", "created"),
        ("Test Orcs", "created"),
    ]
    assert "hx-trigger" not in html  # finished: no more polling
    assert "/systems/test-battles/catalogues/test-orcs/?revision=1" in html


def test_a_zip_of_documents_is_imported(post_upload: Callable[..., Any]) -> None:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("test.gst.json", json.dumps(data.game_system_document()))
        bundle.writestr("orcs.cat.json", json.dumps(data.catalogue_document(2)))

    post_upload(upload_file("data.zip", archive.getvalue()))

    assert ImportJob.objects.get().status == ImportJob.Status.SUCCEEDED
    assert list(
        Revision.objects.filter(catalogue__isnull=False).values_list("number", flat=True)
    ) == [2]


def test_a_malformed_file_shows_the_error_and_changes_nothing(
    staff_client: Client, post_upload: Callable[..., Any]
) -> None:
    response = post_upload(
        document_file("test.gst.json", data.game_system_document()),
        upload_file("broken.cat", b"<catalogue id='x' name="),
    )

    job = ImportJob.objects.get()
    assert job.status == ImportJob.Status.FAILED
    assert [e["file"] for e in job.errors] == ["broken.cat"]
    assert not GameSystem.objects.exists()
    assert not Revision.objects.exists()
    assert job.errors[0]["code"] == "format.malformed"
    page = staff_client.get(response["Location"])
    alert = re.search(
        r'<div class="alert alert-error" role="alert">(.*?)</div>', page.content.decode(), re.S
    )
    assert alert is not None
    assert "<strong>broken.cat</strong>" in alert.group(1)
    assert "<code>format.malformed</code>" in alert.group(1)


def test_a_refused_file_is_stored_as_its_code_and_read_in_each_readers_language(
    staff_client: Client, post_upload: Callable[..., Any]
) -> None:
    post_upload(upload_file("broken.cat", b"<catalogue id='x' name="))
    job = ImportJob.objects.get()
    url = f"/api/v1/import-jobs/{job.pk}/"

    english = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["errors"][0]
    italian = staff_client.get(url, HTTP_ACCEPT_LANGUAGE="it").json()["errors"][0]

    assert (job.errors[0]["code"], job.errors[0]["params"]) == (
        "format.malformed",
        {"line": 1, "column": 1},
    )
    assert (english["code"], italian["code"]) == ("format.malformed", "format.malformed")
    assert english["message"] == "The file is not well-formed XML (line 1, column 1)."
    assert italian["message"] == "Il file non è XML ben formato (riga 1, colonna 1)."


def test_a_file_of_the_wrong_kind_is_refused_by_the_form(staff_client: Client) -> None:
    response = staff_client.post(UPLOAD, {"uploads": [upload_file("army.ros", b"<roster/>")]})

    assert response.status_code == 400
    assert response.context["form"].errors.as_data()["uploads"][0].code == "suffix"
    assert '<li data-code="suffix">' in response.content.decode()
    assert not ImportJob.objects.exists()


def test_an_empty_upload_is_refused_by_the_form(staff_client: Client) -> None:
    response = staff_client.post(UPLOAD, {})

    assert response.status_code == 400
    assert [e.code for e in response.context["form"].errors.as_data()["uploads"]] == ["required"]
    assert not ImportJob.objects.exists()


def test_a_running_job_polls_its_status(staff_client: Client, staff: User) -> None:
    job = ImportJob.objects.create(
        status=ImportJob.Status.RUNNING, progress=40, message="Reading", created_by=staff
    )

    page = staff_client.get(reverse("catalogues:import_job", args=[job.pk]))
    status = staff_client.get(reverse("catalogues:import_job_status", args=[job.pk]))

    status_url = reverse("catalogues:import_job_status", args=[job.pk])
    assert f'hx-get="{status_url}"' in page.content.decode()
    assert "htmx" in page.content.decode()
    assert status.status_code == 200
    assert '<progress class="progress"' in status.content.decode()
    assert 'value="40"' in status.content.decode()
    assert "<html" not in status.content.decode()  # a fragment, swapped into the page


def test_an_unknown_job_is_404(staff_client: Client) -> None:
    assert staff_client.get(reverse("catalogues:import_job", args=[999999])).status_code == 404


def test_another_staff_members_job_is_not_shown(staff_client: Client) -> None:
    colleague = User.objects.create_user("colleague", password="pw", is_staff=True)
    job = ImportJob.objects.create(created_by=colleague)

    page = staff_client.get(reverse("catalogues:import_job", args=[job.pk]))
    status = staff_client.get(reverse("catalogues:import_job_status", args=[job.pk]))
    listing = staff_client.get(UPLOAD)

    assert (page.status_code, status.status_code) == (404, 404)
    assert list(listing.context["jobs"]) == []


def test_an_upload_over_the_size_limit_is_refused(staff_client: Client, settings: Any) -> None:
    settings.CATALOGUE_MAX_UPLOAD_BYTES = 100

    response = staff_client.post(
        UPLOAD, {"uploads": [document_file("test.gst.json", data.game_system_document())]}
    )

    assert response.status_code == 400
    assert response.context["form"].errors.as_data()["uploads"][0].code == "too_large"
    assert '<li data-code="too_large">' in response.content.decode()
    assert not ImportJob.objects.exists()


def test_without_a_broker_a_large_upload_is_refused_with_the_way_to_import_it(
    staff_client: Client, settings: Any
) -> None:
    settings.CELERY_BROKER_URL = ""
    settings.CATALOGUE_MAX_INLINE_IMPORT_BYTES = 100

    response = staff_client.post(
        UPLOAD, {"uploads": [document_file("test.gst.json", data.game_system_document())]}
    )

    assert response.status_code == 400
    (error,) = response.context["form"].errors.as_data()["uploads"]
    assert error.code == "too_large_inline"
    assert "import_bsdata" in str(error.message)  # the way to import it
    assert '<li data-code="too_large_inline">' in response.content.decode()
    assert not ImportJob.objects.exists()


def test_with_a_broker_the_inline_limit_does_not_apply(settings: Any) -> None:
    from catalogues.forms import upload_limit

    settings.CATALOGUE_MAX_INLINE_IMPORT_BYTES = 100
    settings.CELERY_BROKER_URL = "redis://broker.invalid:6379/0"

    limit, refusal = upload_limit()
    assert limit == settings.CATALOGUE_MAX_UPLOAD_BYTES
    assert refusal.code == "too_large"


def test_an_oversized_upload_is_refused_on_its_length_before_the_body_is_read(
    staff_client: Client, settings: Any
) -> None:
    settings.CATALOGUE_MAX_UPLOAD_BYTES = 1000
    settings.CATALOGUE_MAX_INLINE_IMPORT_BYTES = 1000
    body = b"x" * 200_000

    response = staff_client.generic(
        "POST", UPLOAD, body, content_type="multipart/form-data; boundary=zzz"
    )

    assert response.status_code == 413
    assert response.context["refused"].code == "too_large"
    assert 'id="upload-refused" data-code="too_large"' in response.content.decode()
    assert not ImportJob.objects.exists()
