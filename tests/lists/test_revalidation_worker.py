"""Re-validation by a real Celery worker over Redis, against the test database: a newer
revision imported through the import path, or fetched from a data source by the worker,
re-validates the saved lists in the background, and a worker killed in the middle of the job
leaves it to be finished after a restart, each list counted once.

Runs in CI (``CELERY_TEST_BROKER_URL``); on a laptop it skips unless Redis is configured."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from armybuilder.celery import app
from catalogues.models import Catalogue, DataSourceCheck, GameSystem
from catalogues.services import data_sources
from lists import services
from lists.models import DataUpdate, RevalidationJob
from lists.services import ListState
from tests.catalogues.source_server import SourceServer, bumped, serve_index
from tests.catalogues.test_worker import broker_url, worker_database_url
from tests.conftest import BSDATA, REPO_ROOT, require_shared
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS, WARRIORS, add
from tests.lists.test_updates import dearer_king, newer_dwarven_holds, without_engineer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Seconds Redis keeps a killed worker's task before handing it to the next worker.
VISIBILITY_TIMEOUT = 2


class Workers:
    """Celery workers, one at a time, on a queue of their own, sharing the test's database."""

    def __init__(self, broker: str, queue: str, chunk: int) -> None:
        self.queue = queue
        self.env = {
            **os.environ,
            "DATABASE_URL": worker_database_url(),
            "CELERY_BROKER_URL": broker,
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
            "LISTS_REVALIDATION_CHUNK": str(chunk),
            # What the worker sends itself (an import's re-validation) stays on the test queue.
            "CELERY_TASK_DEFAULT_QUEUE": queue,
            # Data sources are served to it from the test, on 127.0.0.1.
            "DATA_SOURCES_ALLOW_LOOPBACK": "1",
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
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
                self.queue,
                "--loglevel",
                "WARNING",
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=REPO_ROOT,
            env=self.env,
        )

    def kill(self) -> None:
        """As a machine losing power would: no chance to hand the task back."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@pytest.fixture
def workers(request: pytest.FixtureRequest) -> Iterator[Callable[[int], Workers]]:
    """Make the app send tasks to a test queue on the real broker; the test starts workers."""
    broker = broker_url()
    queue = f"test-{uuid.uuid4().hex}"
    made: list[Workers] = []
    saved = {
        key: app.conf[key] for key in ("task_always_eager", "broker_url", "task_default_queue")
    }
    app.conf.update(task_always_eager=False, broker_url=broker, task_default_queue=queue)
    # the app's producer pool may already be bound to the broker it had before: forgotten
    # here as in a forked process, so that the next send connects to the test broker
    app._after_fork()

    def make(chunk: int) -> Workers:
        made.append(Workers(broker, queue, chunk))
        return made[-1]

    try:
        yield make
    finally:
        for worker in made:
            worker.stop()
        app.conf.update(saved)
        app._after_fork()


def wait_for(condition: Callable[[], Any], seconds: float = 120) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


# BSData's The 9th Age (``../shared/bsdata/t9a-3rd``): the game system, Dwarven Holds, its
# army force, points, and the King (210 points there).
T9A_GAME_SYSTEM, T9A_DWARVEN_HOLDS = "8c9a-3026-84b4-cf16", "2a82-ff56-cd2c-e1e1"
T9A_DWARVEN_FORCE, T9A_POINTS = "69e5-00da-77bb-e5b0", "24fd-8af8-0c78-001c"
T9A_KING, T9A_CLAN_WARRIORS = "b36a-bcef-7c32-9f4f", "4393-7273-f349-35ce"
T9A_KING_COST = b'<cost name="pts" typeId="24fd-8af8-0c78-001c" value="210.0"/>'


def a_list(player: Any) -> ListState:
    state = services.create_list(
        user=player,
        game_system=Catalogue.objects.get(bs_id=DWARVEN_HOLDS).game_system,
        catalogue=Catalogue.objects.get(bs_id=DWARVEN_HOLDS),
        name="Grudge settlers",
        cost_limits={POINTS: 4500},
        options={},
        force_entry_id=DWARVEN_FORCE,
    )
    return add(add(state, KING), WARRIORS)


def checked(check: DataSourceCheck) -> DataSourceCheck:
    """The check once the worker has finished it, succeeded."""
    check = wait_for(
        lambda: DataSourceCheck.objects.filter(pk=check.pk, status__in=FINISHED).first()
    )
    assert check.status == DataSourceCheck.Status.SUCCEEDED, (check.code, check.message)
    return check


FINISHED = (DataSourceCheck.Status.SUCCEEDED, DataSourceCheck.Status.FAILED)


def finished(job_id: int) -> RevalidationJob | None:
    job = RevalidationJob.objects.get(pk=job_id)
    return job if job.status in ("succeeded", "failed") else None


def test_a_worker_re_validates_the_lists_when_a_newer_revision_is_imported(
    workers: Callable[[int], Workers], ninth_age: Any, settings: Any
) -> None:
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000
    player = get_user_model().objects.create_user("p", "p@example.com", "pw-player-1")
    states = [a_list(player) for _ in range(3)]
    worker = workers(200)
    worker.start()

    newer_dwarven_holds(dearer_king, without_engineer)  # commits: the job is sent on commit

    job = wait_for(lambda: RevalidationJob.objects.first())
    job = wait_for(lambda: finished(job.pk))
    assert (job.status, job.total, job.done, job.reported) == ("succeeded", 3, 3, 3)
    assert DataUpdate.objects.count() == 3
    client = Client()
    client.force_login(player)
    page = client.get(f"/lists/{states[0].army_list.pk}/update/").content.decode()
    assert 'data-kind="unit_cost.changed"' in page
    assert 'data-kind="cost.changed"' in page


def test_a_killed_worker_s_job_is_finished_after_a_restart_counting_each_list_once(
    workers: Callable[[int], Workers], ninth_age: Any, settings: Any
) -> None:
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000
    player = get_user_model().objects.create_user("p", "p@example.com", "pw-player-1")
    first = a_list(player)
    count = 60
    for _copy in range(count - 1):
        services.duplicate_list(army_list=first.army_list, user=player)
    worker = workers(1)
    worker.start()

    newer_dwarven_holds(dearer_king)
    job = wait_for(lambda: RevalidationJob.objects.first())
    wait_for(lambda: RevalidationJob.objects.get(pk=job.pk).done >= 3, seconds=60)
    worker.kill()

    killed = RevalidationJob.objects.get(pk=job.pk)
    assert killed.status == "running"
    assert 0 < killed.done < count
    time.sleep(VISIBILITY_TIMEOUT + 1)
    workers(1).start()
    job = wait_for(lambda: finished(job.pk))

    assert (job.status, job.total, job.done, job.reported) == ("succeeded", count, count, count)
    assert job.attempts == 2
    assert DataUpdate.objects.count() == count


def test_a_data_source_s_newer_revision_re_validates_the_lists_through_a_worker(
    workers: Callable[[int], Workers], settings: Any
) -> None:
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 1_000
    folder = require_shared(BSDATA / "t9a-3rd")
    game_system, dwarven_holds = (
        (folder / name).read_bytes() for name in ("T9A-FB-3rd.gst", "dwarvenHolds.cat")
    )
    assert dwarven_holds.count(T9A_KING_COST) == 1
    player = get_user_model().objects.create_user("p", "p@example.com", "pw-player-1")
    worker = workers(200)
    worker.start()
    with SourceServer() as server:
        files = {"T9A-FB-3rd.gst": game_system, "dwarvenHolds.cat": dwarven_holds}
        source = data_sources.add_data_source(
            url=serve_index(server, files), name="T9A", active=True, user=None
        )
        checked(data_sources.start_check(source=source, user=None))
        state = services.create_list(
            user=player,
            game_system=GameSystem.objects.get(bs_id=T9A_GAME_SYSTEM),
            catalogue=Catalogue.objects.get(bs_id=T9A_DWARVEN_HOLDS),
            name="Hold of the community data",
            cost_limits={T9A_POINTS: 4500},
            options={},
            force_entry_id=T9A_DWARVEN_FORCE,
        )
        state = add(add(state, T9A_KING), T9A_CLAN_WARRIORS)
        before = state.report.view.total_cost(T9A_POINTS)

        dearer = bumped(dwarven_holds).replace(T9A_KING_COST, T9A_KING_COST.replace(b"210", b"260"))
        serve_index(server, {**files, "dwarvenHolds.cat": dearer})
        check = checked(data_sources.start_check(source=source, user=None))

    assert dict(check.files.values_list("data_id", "outcome")) == {
        T9A_GAME_SYSTEM: "unchanged",
        T9A_DWARVEN_HOLDS: "imported",
    }
    job = wait_for(lambda: RevalidationJob.objects.first())
    job = wait_for(lambda: finished(job.pk))
    assert (job.status, job.total, job.done, job.reported) == ("succeeded", 1, 1, 1)
    army_list = state.army_list
    by_kind = {item["kind"]: item for item in DataUpdate.objects.get(army_list=army_list).report}
    king = by_kind["unit_cost.changed"]
    (king_selection,) = [s for s in state.roster.all_selections() if s.node.id == T9A_KING]
    assert king["subject"] == king_selection.id
    assert (king["params"]["cost"], king["params"]["after"] - king["params"]["before"]) == (
        "pts",
        50,
    )
    total = by_kind["cost.changed"]["params"]
    assert total["after"] - total["before"] == 50

    client = Client()
    client.force_login(player)
    page = f"/lists/{army_list.pk}/update/"
    assert f'href="{page}"' in client.get("/lists/").content.decode()
    builder = client.get(f"/lists/{army_list.pk}/").content.decode()
    assert 'id="update-notice"' in builder
    assert 'data-kind="unit_cost.changed"' in builder
    api = APIClient()
    api.force_authenticate(player)
    url = f"/api/v1/lists/{army_list.pk}/"
    answer = api.get(f"{url}update/").json()
    assert answer["available"] is True
    assert {"unit_cost.changed", "cost.changed"} <= {item["kind"] for item in answer["items"]}

    migrated = api.post(f"{url}migrate/", {}, format="json", HTTP_IF_MATCH=api.get(url)["ETag"])

    assert migrated.status_code == 200
    army_list.refresh_from_db()
    after = services.load_list(army_list=army_list).report.view.total_cost(T9A_POINTS)
    assert after - before == 50
    assert api.get(f"{url}update/").json()["available"] is False
