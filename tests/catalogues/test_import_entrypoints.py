"""The Celery task and the management commands, each calling the import service."""

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from catalogues.management.commands import load_catalogues
from catalogues.models import Catalogue, GameSystem, ImportJob, ImportJobFile, Revision
from catalogues.services import import_jobs
from catalogues.tasks import import_upload_task
from tests.conftest import BSDATA, require_shared

# These tests count what the store holds, so it starts without the session's packs.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_store")]

GST = {"gameSystem": {"id": "gs-p", "name": "Pack Game", "revision": 1}}
CAT = {
    "catalogue": {
        "id": "cat-p",
        "name": "Pack Army",
        "revision": 1,
        "gameSystemId": "gs-p",
        "selectionEntries": [{"id": "se-p", "name": "Soldier", "type": "unit"}],
    }
}


def _job(*files: tuple[str, bytes]) -> ImportJob:
    job = ImportJob.objects.create()
    ImportJobFile.objects.bulk_create(ImportJobFile(job=job, name=n, data=d) for n, d in files)
    return job


def test_task_imports_the_job_files_and_records_the_result() -> None:
    job = _job(("game.json", json.dumps(GST).encode()), ("army.json", json.dumps(CAT).encode()))

    import_upload_task(job.pk)

    job.refresh_from_db()
    assert (job.status, job.progress, job.errors) == (ImportJob.Status.SUCCEEDED, 100, [])
    assert job.result["created"] == 2
    assert {r["revision_pk"] for r in job.result["revisions"]} == set(
        Revision.objects.values_list("pk", flat=True)
    )
    assert not job.files.exists()


def test_task_records_a_refusal_and_stores_nothing() -> None:
    job = _job(("game.json", json.dumps(GST).encode()), ("bad.cat", b"<catalogue"))

    import_upload_task(job.pk)

    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert [e["code"] for e in job.errors] == ["format.malformed"]
    assert not GameSystem.objects.exists()
    assert not job.files.exists()


def test_task_records_an_internal_error_without_its_details(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(**_: Any) -> None:
        raise RuntimeError("secret connection string")

    monkeypatch.setattr(import_jobs, "import_files", broken)
    job = _job(("game.json", json.dumps(GST).encode()))

    import_upload_task(job.pk)

    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert [e["code"] for e in job.errors] == ["import.internal"]
    assert "secret" not in json.dumps([job.message, job.errors])
    assert not job.files.exists()


def test_task_ignores_a_job_that_is_not_pending() -> None:
    job = _job(("game.json", json.dumps(GST).encode()))
    ImportJob.objects.filter(pk=job.pk).update(status=ImportJob.Status.SUCCEEDED)

    import_upload_task(job.pk)

    assert not GameSystem.objects.exists()
    assert job.files.exists()


def test_import_bsdata_imports_a_folder_and_is_idempotent() -> None:
    folder = require_shared(BSDATA / "t9a-3rd")
    out = StringIO()

    call_command("import_bsdata", str(folder), stdout=out)
    call_command("import_bsdata", str(folder), stdout=out)

    files = len(list(folder.glob("*.[gc][sa]t")))
    assert Revision.objects.count() == files
    assert f"{files} revision(s) imported" in out.getvalue()
    assert f"0 revision(s) imported, {files} unchanged" in out.getvalue()
    assert "100%" in out.getvalue()


def test_import_bsdata_refuses_bad_files(tmp_path: Path) -> None:
    (tmp_path / "bad.cat").write_bytes(b"<catalogue")
    with pytest.raises(CommandError):
        call_command("import_bsdata", str(tmp_path), stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("import_bsdata", str(tmp_path / "missing"), stdout=StringIO())
    assert not Revision.objects.exists()


def _pack(root: Path, name: str, *documents: dict[str, Any]) -> None:
    folder = root / name
    (folder / "examples").mkdir(parents=True)
    for number, document in enumerate(documents):
        (folder / f"{number}.json").write_text(json.dumps(document))
    # Example rosters live in a sub-folder and are not imported.
    (folder / "examples" / "roster.json").write_text(
        json.dumps({"roster": {"id": "r", "name": "R"}})
    )


def test_load_catalogues_loads_every_pack_idempotently(tmp_path: Path, monkeypatch: Any) -> None:
    _pack(tmp_path, "pack-game", GST, CAT)
    monkeypatch.setattr(load_catalogues, "DATA_DIR", tmp_path)

    call_command("load_catalogues", stdout=StringIO())
    call_command("load_catalogues", stdout=StringIO())

    assert Catalogue.objects.get().name == "Pack Army"
    assert Revision.objects.count() == 2


def test_load_catalogues_with_no_packs_does_nothing(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(load_catalogues, "DATA_DIR", tmp_path / "absent")
    out = StringIO()

    call_command("load_catalogues", stdout=out)

    assert "No game packs" in out.getvalue()
    assert not Revision.objects.exists()


def test_load_catalogues_reports_a_broken_pack_and_loads_the_others(
    tmp_path: Path, monkeypatch: Any
) -> None:
    _pack(tmp_path, "a-good", GST, CAT)
    _pack(tmp_path, "b-broken", {"catalogue": {"id": "x", "name": "X", "gameSystemId": "none"}})
    monkeypatch.setattr(load_catalogues, "DATA_DIR", tmp_path)

    with pytest.raises(CommandError, match="b-broken"):
        call_command("load_catalogues", stdout=StringIO(), stderr=StringIO())

    assert Revision.objects.count() == 2
