"""Print the server time of a shared list's page and of a diff of two of its versions.

Usage: DATABASE_URL=postgres://... python benchmarks/shared_page.py [REQUESTS]

Imports ../shared/bsdata/wh40k-9e (never copied into the repo) unless it is stored already,
builds the 150-selection 2000-point Ultramarines Battalion of
``tests/engine/realdata/space_marines_battalion_2000.json`` and stores it as a list through
the import service (its ``.ros``), then makes a second version by removing a unit and
changing a squad's count through the edit services. Each timed request goes through the
whole Django stack in process (``django.test.Client``: middleware, URL resolution, view,
query, engine evaluation, template, response), without a network hop. Prints the median
and 95th percentile of REQUESTS requests for:

- ``GET /s/<token>/`` (the shared page: load, evaluate on the pinned revisions, render);
- ``GET /lists/<id>/history/?old=1&new=2`` (the history page with the diff: both versions
  evaluated, compared and said in words);
- ``history.diff_versions`` alone (the service, no page);

the diffs both with the per-process cache of evaluated versions emptied before each request
("uncached": both versions loaded and evaluated) and with it kept ("cached");

and the number of database queries of one request of each. The first request of each
(compiling the closure into the per-process cache) is timed apart as "cold". Besides wall
time it prints the process's CPU time per request (``time.process_time``): on a machine
shared with other work, wall time counts the waits for a core, CPU time does not (neither
counts the database server's own CPU).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,localhost")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from catalogues import closures  # noqa: E402
from catalogues.models import GameSystem  # noqa: E402
from catalogues.services.imports import import_files  # noqa: E402
from catalogues.services.rosters import export_roster  # noqa: E402
from catalogues.services.validation import validate_list_spec  # noqa: E402
from lists import history, services, sharing  # noqa: E402
from lists.models import ArmyList, Visibility  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "bsdata" / "wh40k-9e"
SPEC = ROOT / "tests" / "engine" / "realdata" / "space_marines_battalion_2000.json"
GAME_SYSTEM_ID = "28ec-711c-d87f-3aeb"
USER = "benchmark-shared-page"


def ensure_data() -> None:
    if GameSystem.objects.filter(bs_id=GAME_SYSTEM_ID).exists():
        return
    paths = sorted(p for p in DATA.iterdir() if p.suffix in {".gst", ".cat"})
    import_files(files=[(p.name, p.read_bytes()) for p in paths])


def make_list() -> ArmyList:
    """The Battalion as a stored unlisted list with two versions."""
    user_model = get_user_model()
    user_model.objects.filter(username=USER).delete()
    user = user_model.objects.create_user(USER, f"{USER}@example.com", "benchmark-pw-1")
    report = validate_list_spec(spec=json.loads(SPEC.read_text()))
    ros = export_roster(report=report, extension=".ros")
    army_list = sharing.import_list(user=user, data=ros.content, filename=ros.filename).army_list
    sharing.set_visibility(army_list=army_list, visibility=Visibility.UNLISTED)
    state = services.load_list(army_list=army_list, explain=False)
    selections = sum(1 for _ in state.report.view.all_selections())
    print(f"list: {selections} selections, {army_list.points:.0f} points")
    force = state.roster.forces[0]
    last_unit = force.selections[-1]
    state = services.remove_selection(
        army_list=army_list, version=army_list.version, selection_id=last_unit.id
    )
    counted = next(s for s in state.roster.all_selections() if s.parent and s.number > 1)
    services.set_count(
        army_list=state.army_list,
        version=state.army_list.version,
        selection_id=counted.id,
        count=counted.number - 1,
    )
    army_list.refresh_from_db()
    return army_list


def percentile_95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def timed(label: str, call: Callable[[], object], requests: int) -> None:
    closures.cache_clear()
    started = time.perf_counter()
    call()
    cold = time.perf_counter() - started
    with CaptureQueriesContext(connection) as captured:
        call()
    queries = len(captured)
    wall, cpu = [], []
    for _ in range(requests):
        started, started_cpu = time.perf_counter(), time.process_time()
        call()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    print(
        f"{label:38} wall: median {statistics.median(wall) * 1000:6.1f} ms  "
        f"p95 {percentile_95(wall) * 1000:6.1f} ms | "
        f"cpu: median {statistics.median(cpu) * 1000:6.1f} ms  "
        f"p95 {percentile_95(cpu) * 1000:6.1f} ms | "
        f"cold {cold * 1000:5.0f} ms  {queries} queries"
    )


def main(requests: int) -> int:
    if connection.vendor != "postgresql":
        print("Set DATABASE_URL to a PostgreSQL database (the figures are for Postgres).")
        return 2
    call_command("migrate", verbosity=0)
    ensure_data()
    army_list = make_list()
    owner = Client()
    owner.force_login(army_list.owner)
    visitor = Client()
    shared = f"/s/{army_list.share_token}/"
    diff = f"/lists/{army_list.pk}/history/?old=1&new={army_list.version}"
    assert visitor.get(shared).status_code == 200
    response = owner.get(diff)
    assert response.status_code == 200
    assert b'data-kind="unit.removed"' in response.content
    print(f"{requests} requests each (after one cold request):")
    timed("GET /s/<token>/", lambda: visitor.get(shared), requests)

    def diff_page_uncached() -> object:
        history.snapshot_cache_clear()
        return owner.get(diff)

    timed("GET history + diff v1-v3, uncached", diff_page_uncached, requests)
    timed("GET history + diff v1-v3, cached", lambda: owner.get(diff), requests)

    def diff_uncached() -> object:
        history.snapshot_cache_clear()
        return history.diff_versions(
            army_list=army_list, old_number=1, new_number=army_list.version
        )

    timed("diff_versions (service), uncached", diff_uncached, requests)
    timed(
        "diff_versions (service), cached",
        lambda: history.diff_versions(
            army_list=army_list, old_number=1, new_number=army_list.version
        ),
        requests,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100))
