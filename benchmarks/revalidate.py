"""Print how fast one worker re-validates stored lists after newer revisions arrive.

Usage: DATABASE_URL=postgres://... python benchmarks/revalidate.py [LISTS] [--without-baselines]

Loads the shipped game packs unless they are stored, then stores LISTS lists (default
10,000) as a player's, copies of the packs' example lists (every game, legal and illegal,
with a name of their own each) pinned to the stored revisions, with their pins as rows and
the baseline every store keeps (``lists.baseline``); ``--without-baselines`` stores them as
lists stored before baselines were kept, which the job evaluates on their own revisions too.
Imports, through the import path, a newer revision of every catalogue those lists use: every
entry's costs up by 5 and one root entry of each left out, so each list has costs to report
and many a selection that cannot be carried over. Then times the job the import starts
(``lists.updates.run_revalidation``, in this process as one worker runs it: chunks of
``LISTS_REVALIDATION_CHUNK`` lists, each list evaluated on the newest revisions (and on its
own too when it keeps no baseline), a report stored per list; each closure compiled once in
the job) and prints:

- lists per second, against the target of 200 per worker;
- the job's SQL queries per chunk (a fixed number: nothing is queried per list);
- the run's CPU time (``time.process_time``: on a machine shared with other work the wall
  time says how much of a core the worker got; the CPU time per list, what one worker with a
  core of its own would do).

The benchmark's lists, the newer revisions and the job are deleted at the end, so it can run
again on the same database.
"""

from __future__ import annotations

import copy
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.DEBUG = False  # as in production: no query text kept

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from armybuilder.engine.document import roster_document  # noqa: E402
from armybuilder.engine.listspec import build_roster  # noqa: E402
from catalogues.closures import compiled_closure  # noqa: E402
from catalogues.examples import shipped_examples  # noqa: E402
from catalogues.models import Catalogue, Revision  # noqa: E402
from catalogues.services.imports import import_files  # noqa: E402
from catalogues.services.validation import report_roster, stored_closure  # noqa: E402
from catalogues.signals import revisions_imported  # noqa: E402
from lists.models import ArmyList, DataUpdate, ListPin, RevalidationJob  # noqa: E402
from lists.services import denormalised_fields, pinned_revisions  # noqa: E402
from lists.updates import on_revisions_imported, run_revalidation  # noqa: E402

TARGET_PER_SECOND = 200
USER = "revalidate-benchmark"
COST_STEP = 5


def example_lists() -> list[tuple[dict[str, Any], dict[str, Any], Catalogue, dict[str, Any]]]:
    """Each shipped example list as a stored list's document, pins and the columns copied
    from its evaluation (built once)."""
    built = []
    for example in shipped_examples():
        if example.spec.get("fixtureCatalogues"):
            continue
        closure = stored_closure(spec=example.spec)
        roster = build_roster(compiled_closure(closure), example.spec)
        report = report_roster(closure=closure, roster=roster, explain=False)
        catalogue = Catalogue.objects.get(
            game_system=closure.game_system_revision.game_system,
            bs_id=example.spec["forces"][0]["catalogueId"],
        )
        built.append(
            (
                roster_document(report.view),
                pinned_revisions(closure),
                catalogue,
                denormalised_fields(report),
            )
        )
    return built


def store_lists(count: int, user: Any, *, baselines: bool) -> None:
    """COUNT lists, copies of the examples in turn, with their pins as rows (bulk: setting up
    is not what is measured)."""
    examples = example_lists()
    now = timezone.now()
    batch = 1000
    for start in range(0, count, batch):
        rows = []
        for number in range(start, min(count, start + batch)):
            document, pinned, catalogue, fields = examples[number % len(examples)]
            document = copy.deepcopy(document)
            document["roster"]["name"] = f"Benchmark list {number}"
            rows.append(
                ArmyList(
                    owner=user,
                    name=document["roster"]["name"],
                    game_system=catalogue.game_system,
                    catalogue=catalogue,
                    document=document,
                    pinned=pinned,
                    updated_at=now,
                    **(fields if baselines else {**fields, "baseline": {}}),
                )
            )
        with transaction.atomic():
            created = ArmyList.objects.bulk_create(rows)
            ListPin.objects.bulk_create(
                ListPin(army_list=a, revision_id=pk)
                for a in created
                for pk in {a.pinned["gameSystem"], *a.pinned["catalogues"].values()}
            )


def newer_revisions(lists: Any) -> list[tuple[str, bytes]]:
    """A newer revision of each catalogue the lists are pinned to: dearer, one entry short."""
    pinned = {
        pk for pins in lists.values_list("pinned", flat=True) for pk in pins["catalogues"].values()
    }
    files = []
    for revision in Revision.objects.filter(pk__in=pinned, catalogue__isnull=False):
        document = copy.deepcopy(revision.document)
        body = document["catalogue"]
        body["revision"] = revision.number + 1
        entries = [*body.get("selectionEntries", []), *body.get("sharedSelectionEntries", [])]
        for entry in entries:
            for cost in entry.get("costs", []):
                cost["value"] = float(cost.get("value", 0)) + COST_STEP
        if body.get("selectionEntries"):
            body["selectionEntries"] = body["selectionEntries"][1:]
        files.append((f"{revision.catalogue.slug}.cat.json", json.dumps(document).encode()))
    return files


def main(count: int, *, baselines: bool = True) -> int:
    print(f"machine load (1, 5, 15 min): {os.getloadavg()}; database: {connection.vendor}")
    call_command("load_catalogues", stdout=io.StringIO())
    user, _created = get_user_model().objects.get_or_create(
        username=USER, defaults={"email": f"{USER}@example.com"}
    )
    ArmyList.objects.filter(owner=user).delete()
    started = time.perf_counter()
    store_lists(count, user, baselines=baselines)
    lists = ArmyList.objects.filter(owner=user)
    print(
        f"stored {lists.count()} lists ({'with' if baselines else 'without'} baselines) "
        f"in {time.perf_counter() - started:.1f} s"
    )

    # the job is timed on its own: the import only stores it
    revisions_imported.disconnect(on_revisions_imported, dispatch_uid="lists.revalidate")
    try:
        result = import_files(files=newer_revisions(lists))
    finally:
        revisions_imported.connect(on_revisions_imported, dispatch_uid="lists.revalidate")
    created = [r.revision_pk for r in result.revisions if r.status == "created"]
    job = RevalidationJob.objects.create(revisions=created)

    chunk = settings.LISTS_REVALIDATION_CHUNK
    wall, cpu = time.perf_counter(), time.process_time()
    with CaptureQueriesContext(connection) as queries:
        run_revalidation(job_id=job.pk)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    job.refresh_from_db()
    chunks = -(-job.done // chunk)
    rate = job.done / wall
    print(
        f"re-validated {job.done} of {job.total} lists ({job.reported} reports) in {wall:.1f} s "
        f"(CPU {cpu:.1f} s), chunks of {chunk}: {rate:.0f} lists/s "
        f"({'meets' if rate >= TARGET_PER_SECOND else 'misses'} the {TARGET_PER_SECOND}/s target)"
    )
    print(
        f"CPU per list: {cpu / max(job.done, 1) * 1000:.1f} ms, so {job.done / cpu:.0f} lists/s "
        "when the worker has a core to itself"
    )
    print(f"queries: {len(queries)} in all, {len(queries) / max(chunks, 1):.1f} per chunk")
    removals = DataUpdate.objects.filter(army_list__owner=user, removals__gt=0).count()
    print(f"lists with a selection the newer data no longer has: {removals}")

    lists.delete()
    job.delete()
    Revision.objects.filter(pk__in=created).delete()
    return 0 if job.done == count else 1


if __name__ == "__main__":
    numbers = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    sys.exit(
        main(
            int(numbers[0]) if numbers else 10_000,
            baselines="--without-baselines" not in sys.argv[1:],
        )
    )
