"""Data sources end to end: a data index (zipped or plain) or a release archive served from
127.0.0.1, checked, imported through the import path; hostile sources refused with their
code and nothing stored. The files are BSData's own (``../shared/bsdata``), read in place."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from armybuilder.engine.formats.data_index import document_entry
from armybuilder.engine.formats.errors import DEFAULT_LIMITS
from catalogues.models import DataSource, DataSourceCheck, Revision
from catalogues.services.data_sources import check_in_process, run_check, start_check
from catalogues.services.downloads import DownloadError
from tests.catalogues.source_server import (
    T9A_FILES,
    Reply,
    SourceServer,
    bumped,
    index_xml,
    serve_index,
    zipped,
)

pytestmark = pytest.mark.django_db


def check(url: str) -> DataSourceCheck:
    source, _created = DataSource.objects.get_or_create(url=url)
    return check_in_process(source=source)


def data_id(content: bytes) -> str:
    return document_entry("file.cat", content, limits=DEFAULT_LIMITS).data_id


def outcomes(done: DataSourceCheck) -> dict[str, tuple[str, str]]:
    return {f.file_path: (f.outcome, f.code) for f in done.files.all()}


def test_a_check_imports_what_an_index_lists_then_only_what_changed(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    url = serve_index(source_server, t9a_files)

    first = check(url)

    assert first.status == DataSourceCheck.Status.SUCCEEDED, (first.code, first.message)
    assert outcomes(first) == dict.fromkeys(T9A_FILES, ("imported", ""))
    assert (first.files_done, first.files_total) == (3, 3)
    dwarves_id = document_entry(
        "d.cat", t9a_files["dwarvenHolds.cat"], limits=DEFAULT_LIMITS
    ).data_id
    dwarves = Revision.objects.get(catalogue__bs_id=dwarves_id)
    assert dwarves.number == 2
    assert set(first.files.values_list("revision_id", flat=True)) >= {dwarves.pk}

    t9a_files["dwarvenHolds.cat"] = bumped(t9a_files["dwarvenHolds.cat"])
    serve_index(source_server, t9a_files)
    source_server.requests.clear()

    second = check(url)

    assert outcomes(second) == {
        "T9A-FB-3rd.gst": ("unchanged", ""),
        "dwarvenHolds.cat": ("imported", ""),
        "ogreKhans.cat": ("unchanged", ""),
    }
    # Only the index and the changed file were fetched.
    assert source_server.requests == ["/t9a.bsi", "/dwarvenHolds.cat"]
    numbers = Revision.objects.filter(catalogue__bs_id=dwarves_id)
    assert sorted(numbers.values_list("number", flat=True)) == [2, 3]

    count = Revision.objects.count()
    third = check(url)

    assert {outcome for outcome, _code in outcomes(third).values()} == {"unchanged"}
    assert Revision.objects.count() == count


def test_a_plain_index_xml_is_a_source_too(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    files = {name: t9a_files[name] for name in ("T9A-FB-3rd.gst", "ogreKhans.cat")}
    serve_index(source_server, files, path="/data/unused.bsi")
    source_server.routes["/data/index.xml"] = index_xml(files)

    done = check(source_server.url("/data/index.xml"))

    assert outcomes(done) == dict.fromkeys(files, ("imported", ""))


def test_a_release_archive_imports_its_game_system_and_catalogues(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    source_server.routes["/release.zip"] = zipped(
        {
            "t9a-v9/README.md": b"# readme",
            "t9a-v9/T9A-FB-3rd.gst": t9a_files["T9A-FB-3rd.gst"],
            "t9a-v9/dwarvenHolds.cat": t9a_files["dwarvenHolds.cat"],
        }
    )

    first = check(source_server.url("/release.zip"))
    second = check(source_server.url("/release.zip"))

    assert outcomes(first) == {
        "t9a-v9/T9A-FB-3rd.gst": ("imported", ""),
        "t9a-v9/dwarvenHolds.cat": ("imported", ""),
    }
    assert {outcome for outcome, _code in outcomes(second).values()} == {"unchanged"}


def test_a_file_the_import_refuses_is_recorded_and_the_others_imported(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    url = serve_index(source_server, t9a_files)
    source_server.routes["/ogreKhans.cat"] = t9a_files["ogreKhans.cat"][:5000]  # cut short: not XML

    done = check(url)

    found = outcomes(done)
    assert found["ogreKhans.cat"][0] == "refused"
    assert found["ogreKhans.cat"][1].startswith("format.")
    assert found["dwarvenHolds.cat"] == ("imported", "")
    ogres_id = data_id(t9a_files["ogreKhans.cat"])
    assert not Revision.objects.filter(catalogue__bs_id=ogres_id).exists()


def test_a_file_missing_on_the_server_is_refused_with_its_status(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    url = serve_index(source_server, t9a_files)
    del source_server.routes["/ogreKhans.cat"]

    done = check(url)

    assert outcomes(done)["ogreKhans.cat"] == ("refused", "source.http_status")


def _bomb() -> bytes:
    # A megabyte of spaces deflates to about a kilobyte: over the ratio any real file has.
    return zipped({"index.xml": b"<dataIndex>" + b" " * 1_000_000 + b"</dataIndex>"})


def _billion_laughs() -> bytes:
    return (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        b"<dataIndex>&lol2;</dataIndex>"
    )


def _traversing_index() -> bytes:
    return (
        b'<dataIndex xmlns="http://www.battlescribe.net/schema/dataIndexSchema">'
        b'<dataIndexEntries><dataIndexEntry filePath="../../secret.gst" dataType="gamesystem" '
        b'dataId="x" dataName="x" dataRevision="1"/></dataIndexEntries></dataIndex>'
    )


HOSTILE = {
    "too_large": (Reply(body=b"<dataIndex>" + b" " * 5000 + b"</dataIndex>"), "source.too_large"),
    "zip_bomb": (Reply(body=_bomb()), "format.zip_ratio"),
    "zip_traversal": (
        Reply(body=zipped({"../../evil.cat": b"<catalogue/>"})),
        "format.zip_outside",
    ),
    "index_traversal": (Reply(body=_traversing_index()), "source.unsafe_path"),
    "bad_xml": (Reply(body=b"<dataIndex><dataIndexEntries>"), "source.bad_index_malformed"),
    "not_an_index": (Reply(body=b"<html><body>hello</body></html>"), "source.bad_index_root"),
    "dtd": (Reply(body=_billion_laughs()), "format.dtd"),
    "timeout": (
        Reply(body=b"<dataIndex>" + b" " * 100 + b"</dataIndex>", drip_seconds=0.05),
        "source.timeout",
    ),
    "redirect_private": (
        Reply(status=302, headers={"Location": "http://10.1.2.3/index.xml"}),
        "source.forbidden_address",
    ),
    "redirect_link_local": (
        Reply(status=307, headers={"Location": "http://169.254.169.254/latest/meta-data/"}),
        "source.forbidden_address",
    ),
    "redirect_loop": (
        Reply(status=302, headers={"Location": "/hostile"}),
        "source.too_many_redirects",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_source_is_refused_with_its_code_and_changes_nothing(
    source_server: SourceServer, settings: Any, case: str
) -> None:
    settings.DATA_SOURCES_MAX_DOWNLOAD_BYTES = 4000
    settings.DATA_SOURCES_TIMEOUT = 1
    reply, code = HOSTILE[case]
    source_server.routes["/hostile"] = reply
    count = Revision.objects.count()

    done = check(source_server.url("/hostile"))

    assert (done.status, done.code) == (DataSourceCheck.Status.FAILED, code), done.message
    assert not done.files.exists()
    assert Revision.objects.count() == count


def test_a_source_listing_too_many_files_is_refused(
    source_server: SourceServer,
    settings: Any,
    t9a_files: dict[str, bytes],
) -> None:
    settings.DATA_SOURCES_MAX_FILES = 2
    url = serve_index(source_server, t9a_files)

    done = check(url)

    assert (done.status, done.code) == (DataSourceCheck.Status.FAILED, "source.too_many_files")
    assert source_server.requests == ["/t9a.bsi"]


def test_the_command_checks_a_url_and_prints_each_file(
    source_server: SourceServer,
    t9a_files: dict[str, bytes],
) -> None:
    url = serve_index(source_server, t9a_files)
    out = io.StringIO()

    call_command("check_data_sources", url, stdout=out)

    assert DataSource.objects.filter(url=url).exists()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"{url}: succeeded")
    assert sum("imported" in line for line in lines[1:]) == 3


def test_the_command_checks_every_active_source_and_fails_on_a_failed_check(
    source_server: SourceServer,
) -> None:
    source_server.routes["/broken"] = b"<notAnIndex/>"
    DataSource.objects.create(url=source_server.url("/broken"))
    DataSource.objects.create(url=source_server.url("/not-checked"), active=False)

    with pytest.raises(CommandError):
        call_command("check_data_sources", stdout=io.StringIO())

    failed = DataSourceCheck.objects.get()
    assert (failed.code, failed.params) == ("source.bad_index_root", {"tag": "notAnIndex"})


def test_the_command_refuses_a_url_that_is_not_https(settings: Any) -> None:
    settings.DATA_SOURCES_ALLOW_LOOPBACK = False
    with pytest.raises(CommandError, match=r"source\.insecure_scheme"):
        call_command("check_data_sources", "http://example.org/index.bsi")
    assert not DataSource.objects.exists()


def test_the_task_run_eagerly_tries_once_and_records_the_failure(
    source_server: SourceServer, django_capture_on_commit_callbacks: Any
) -> None:
    source_server.routes["/index.xml"] = Reply(status=503)
    source = DataSource.objects.create(url=source_server.url("/index.xml"))

    # Eager (no broker, the quick start): the task runs as the transaction commits.
    with django_capture_on_commit_callbacks(execute=True):
        started = start_check(source=source, user=None)

    started.refresh_from_db()
    assert (started.status, started.code) == (DataSourceCheck.Status.FAILED, "source.http_status")
    assert source_server.requests == ["/index.xml"]


def test_a_network_failure_on_the_final_attempt_is_recorded(settings: Any) -> None:
    settings.DATA_SOURCES_ALLOW_LOOPBACK = True
    source = DataSource.objects.create(url="http://127.0.0.1:9/index.bsi")  # discard: closed
    pending = DataSourceCheck.objects.create(source=source)

    run_check(check_id=pending.pk, final_attempt=True)

    pending.refresh_from_db()
    assert (pending.status, pending.code) == (DataSourceCheck.Status.FAILED, "source.network")


def test_a_network_failure_before_the_final_attempt_leaves_the_check_pending(
    settings: Any,
) -> None:
    settings.DATA_SOURCES_ALLOW_LOOPBACK = True
    source = DataSource.objects.create(url="http://127.0.0.1:9/index.bsi")
    pending = DataSourceCheck.objects.create(source=source)

    with pytest.raises(DownloadError):
        run_check(check_id=pending.pk, final_attempt=False)

    pending.refresh_from_db()
    assert (pending.status, pending.code) == (DataSourceCheck.Status.PENDING, "source.network")


def test_what_a_check_says_is_kept_as_codes_and_worded_in_the_readers_language(
    settings: Any, source_server: SourceServer, t9a_files: dict[str, bytes]
) -> None:
    settings.DATA_SOURCES_ALLOW_LOOPBACK = True
    source = DataSource.objects.create(url="http://127.0.0.1:9/index.bsi")
    retrying = DataSourceCheck.objects.create(source=source)
    with pytest.raises(DownloadError):
        run_check(check_id=retrying.pk, final_attempt=False)
    retrying.refresh_from_db()
    done = check(serve_index(source_server, t9a_files))

    assert (retrying.message_code, retrying.code) == ("source.retrying", "source.network")
    assert retrying.params["form"] == "unfetched"
    assert (done.message_code, done.message_params["imported"]) == ("source.summary", 3)
    assert retrying.message == done.message == ""
    said = {}
    for language in ("en", "it"):
        with translation.override(language):
            said[language] = (retrying.status_message, done.status_message)
    assert said["en"][0].startswith("Will try again: http://127.0.0.1:9/index.bsi could not")
    assert said["it"][0].startswith(
        "Nuovo tentativo in arrivo: Impossibile scaricare http://127.0.0.1"
    )
    assert said["en"][1] == "3 imported, 0 unchanged, 0 refused."
    assert said["it"][1] == "3 importati, 0 invariati, 0 rifiutati."


def test_a_finished_check_delivered_again_does_nothing(source_server: SourceServer) -> None:
    source = DataSource.objects.create(url=source_server.url("/never"))
    finished = DataSourceCheck.objects.create(
        source=source, status=DataSourceCheck.Status.SUCCEEDED, message="done"
    )

    run_check(check_id=finished.pk)

    finished.refresh_from_db()
    assert (finished.status, finished.message) == (DataSourceCheck.Status.SUCCEEDED, "done")
    assert source_server.requests == []


def test_the_periodic_check_starts_one_per_active_source_not_yet_under_way(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from catalogues.services.data_sources import start_due_checks

    due = DataSource.objects.create(url="https://example.org/a.bsi")
    busy = DataSource.objects.create(url="https://example.org/b.bsi")
    DataSource.objects.create(url="https://example.org/c.bsi", active=False)
    DataSourceCheck.objects.create(source=busy, status=DataSourceCheck.Status.RUNNING)

    with django_capture_on_commit_callbacks(execute=False) as queued:
        started = start_due_checks()

    assert [c.source for c in started] == [due]
    assert len(queued) == 1


def test_the_beat_schedule_names_the_periodic_task() -> None:
    from django.conf import settings

    from catalogues import tasks

    entry = settings.CELERY_BEAT_SCHEDULE["check-data-sources"]
    assert entry["task"] == tasks.check_data_sources_task.name
    assert entry["schedule"] == settings.DATA_SOURCES_CHECK_INTERVAL


def test_a_check_fetching_more_than_its_budget_in_all_imports_nothing(
    source_server: SourceServer, settings: Any, t9a_files: dict[str, bytes]
) -> None:
    # Each file is within the download limit; together they are not.
    settings.DATA_SOURCES_MAX_CHECK_BYTES = len(t9a_files["T9A-FB-3rd.gst"]) + 1000
    url = serve_index(source_server, t9a_files)
    count = Revision.objects.count()

    done = check(url)

    assert (done.status, done.code) == (DataSourceCheck.Status.FAILED, "source.too_large")
    assert Revision.objects.count() == count


def test_an_internal_error_fails_the_check_with_its_code(
    source_server: SourceServer, t9a_files: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    from catalogues.services import data_sources

    def broken(**_kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(data_sources, "import_files", broken)
    url = serve_index(source_server, t9a_files)

    done = check(url)

    assert (done.status, done.code) == (DataSourceCheck.Status.FAILED, "source.internal")
    assert done.finished_at is not None
