"""Re-validation by a real Celery worker over Redis, against the test database: a newer
revision imported through the import path re-validates the saved lists in the background,
and a worker killed in the middle of the job leaves it to be finished after a restart, each
list counted once.

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

from armybuilder.celery import app
from catalogues.models import Catalogue
from lists import services
from lists.models import DataUpdate, RevalidationJob
from lists.services import ListState
from tests.catalogues.test_worker import broker_url, worker_database_url
from tests.conftest import REPO_ROOT
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
