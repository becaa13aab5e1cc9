"""An upload imported by a real Celery worker over Redis, against the test database (Postgres,
or the SQLite file the quick start would use).

Runs in CI (``.ci/run`` sets ``CELERY_TEST_BROKER_URL``); on a laptop it skips unless Redis is
configured."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.db import connection

from armybuilder.celery import app
from catalogues.models import DataSource, DataSourceCheck, ImportJob, Revision
from catalogues.tasks import check_data_source_task, import_upload_task
from tests.catalogues.source_server import Reply, SourceServer, serve_index
from tests.conftest import REPO_ROOT, missing, require_service

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

GAME_SYSTEM_XML = b"""<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="worker-gs" name="Worker Test System" revision="3" battleScribeVersion="2.03"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="pts" name="pts" defaultCostLimit="-1"/></costTypes>
</gameSystem>
"""


def broker_url() -> str:
    url = os.environ.get("CELERY_TEST_BROKER_URL", "")
    if not url:
        missing("CELERY_TEST_BROKER_URL is not set")
    parts = urlsplit(url)
    require_service("Redis", parts.hostname or "127.0.0.1", parts.port or 6379)
    return url


def worker_database_url() -> str:
    """The test database, as the worker process must name it."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or "postgres"
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


@pytest.fixture
def worker_queue() -> Iterator[tuple[str, str]]:
    """A Celery worker on its own queue, sharing this test's database."""
    broker = broker_url()
    database = worker_database_url()
    queue = f"test-{uuid.uuid4().hex}"
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "CELERY_BROKER_URL": broker,
        # Data sources are served to it from this test, on 127.0.0.1, and retried quickly.
        "DATA_SOURCES_ALLOW_LOOPBACK": "1",
        "DATA_SOURCES_RETRY_BACKOFF": "1",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "armybuilder.celery",
            "worker",
            "--pool",
            "solo",
            "--queues",
            queue,
            "--loglevel",
            "WARNING",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=REPO_ROOT,
        env=env,
    )
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield queue, broker
    finally:
        app.conf.task_always_eager = previous
        worker.terminate()
        worker.wait(timeout=30)


def test_a_real_worker_imports_an_uploaded_file(worker_queue: tuple[str, str]) -> None:
    queue, broker = worker_queue
    job = ImportJob.objects.create()
    job.files.create(name="worker.gst", data=GAME_SYSTEM_XML)

    # An explicit connection: the app's own pool may already be bound to the eager default.
    with app.connection_for_write(broker) as connection:
        import_upload_task.apply_async(args=[job.pk], queue=queue, connection=connection)

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (ImportJob.Status.SUCCEEDED, ImportJob.Status.FAILED):
            break
        time.sleep(0.2)
    assert job.status == ImportJob.Status.SUCCEEDED, (job.status, job.message, job.errors)
    assert job.progress == 100
    revision = Revision.objects.get(game_system__bs_id="worker-gs", catalogue=None)
    assert revision.number == 3
    assert not job.files.exists()


def test_a_real_worker_checks_a_data_source_retrying_a_server_error(
    worker_queue: tuple[str, str], source_server: SourceServer, t9a_files: dict[str, bytes]
) -> None:
    queue, broker = worker_queue
    url = serve_index(source_server, t9a_files)
    index = source_server.routes["/t9a.bsi"]
    assert isinstance(index, bytes)
    source_server.routes["/t9a.bsi"] = [Reply(status=503), Reply(body=index)]
    check = DataSourceCheck.objects.create(source=DataSource.objects.create(url=url))

    with app.connection_for_write(broker) as connection:
        check_data_source_task.apply_async(args=[check.pk], queue=queue, connection=connection)

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        check.refresh_from_db()
        if check.status in (DataSourceCheck.Status.SUCCEEDED, DataSourceCheck.Status.FAILED):
            break
        time.sleep(0.2)
    assert check.status == DataSourceCheck.Status.SUCCEEDED, (check.code, check.message)
    assert (check.files_done, check.files_total) == (3, 3)
    assert source_server.requests.count("/t9a.bsi") == 2  # the 503, then the retry
    imported = check.files.filter(outcome="imported")
    assert imported.count() == 3
    assert Revision.objects.filter(pk__in=imported.values("revision")).count() == 3
