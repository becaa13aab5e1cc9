"""Print the server time of one builder edit, the queries it makes, and the page's weight.

Usage: DATABASE_URL=postgres://... python benchmarks/builder_edit.py [EDITS] [SPEC]

Imports ../shared/bsdata/wh40k-9e (never copied into the repo) unless it is stored already,
stores the list spec SPEC (default: tests/engine/realdata/space_marines_battalion_2000.json,
a 150-selection 2000-point Ultramarines Battalion) as a player's list, and then sends EDITS
htmx edits through Django's test client, as the page's stepper sends them: one squad's
models one up, then one down, and so on. Each is timed from request in to response out
(middleware, the view, loading the list and its pinned closure, the edit, the evaluation
with every "why not" explanation, the compare-and-swap store with its snapshot, rendering
the builder region). Prints (see docs/performance.md, "Builder edits"):

- the same for adding the unit with the most options the list can take now (its editor
  opens with the answer) and for removing it again;
- the median, 95th percentile and maximum of the edits (after WARMUP untimed ones: the
  first loads and compiles the closure, which stays cached per process), in wall time and
  in this process's CPU time (``time.process_time``: on a machine shared with other work,
  the CPU time is what the load does not inflate; the database's own work is not in it);
- the SQL queries of one edit, and the same count for the list with half its units removed
  (a fixed number: nothing is queried per selection);
- the builder page's weight: its HTML for this list, the CSS and the JavaScript it loads.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

# As in production: with DEBUG on, Django keeps the text of every query (an edit's update
# carries the whole list document) and templates keep debug information; neither is the
# server's cost of an edit. Queries are counted apart (``counted``), without their text.
settings.DEBUG = False

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.staticfiles import finders  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from armybuilder.engine.caps import MAX_DEPTH  # noqa: E402
from armybuilder.engine.document import roster_document  # noqa: E402
from armybuilder.engine.explain import explain  # noqa: E402
from armybuilder.engine.listspec import build_roster  # noqa: E402
from armybuilder.engine.model import EntryNode, selectable  # noqa: E402
from catalogues.closures import compiled_closure  # noqa: E402
from catalogues.models import Catalogue, GameSystem  # noqa: E402
from catalogues.services.imports import import_files  # noqa: E402
from catalogues.services.validation import report_roster, stored_closure  # noqa: E402
from lists.models import ArmyList  # noqa: E402
from lists.services import load_list  # noqa: E402

DATA = ROOT.parent / "shared" / "bsdata" / "wh40k-9e"
SPEC = ROOT / "tests" / "engine" / "realdata" / "space_marines_battalion_2000.json"
WARMUP = 5
HTMX = {"HTTP_HX_REQUEST": "true"}
TARGET_P95_MS = 50
TARGET_PAGE_KB = 150


def import_data(game_system_id: str) -> None:
    if GameSystem.objects.filter(bs_id=game_system_id).exists():
        return
    paths = sorted(p for p in DATA.iterdir() if p.suffix in {".gst", ".cat"})
    result = import_files(files=[(p.name, p.read_bytes()) for p in paths])
    assert not result.unresolved_links


def stored_list(spec: dict[str, Any], user: Any, name: str) -> ArmyList:
    """The spec as a player's saved list, pinned to the stored revisions."""
    closure = stored_closure(spec=spec)
    roster = build_roster(compiled_closure(closure), spec)
    report = report_roster(closure=closure, roster=roster, explain=False)
    catalogue_id = spec["forces"][0]["catalogueId"]
    return ArmyList.objects.create(
        owner=user,
        name=name,
        game_system=closure.game_system_revision.game_system,
        catalogue=Catalogue.objects.get(bs_id=catalogue_id),
        document=roster_document(report.view),
        pinned={
            "gameSystem": closure.game_system_revision.pk,
            "catalogues": {r.catalogue.bs_id: r.pk for r in closure.catalogue_revisions},
        },
        updated_at=timezone.now(),
        points=report.view.total_cost("points"),
    )


def heaviest_addable(army_list: ArmyList) -> tuple[str, str, str]:
    """The unit with the most options that the first force can take now: (force, entry, name).
    Adding it opens its editor, the largest one a player can open on this list."""
    roster = load_list(army_list=army_list, explain=False).roster
    force = roster.forces[0]
    addable = [
        node
        for node in selectable(roster.compiled.root_entries(force.catalogue_id))
        if not explain(roster, force, node.path_id)
    ]
    heaviest = max(addable, key=options_under)
    return force.id, heaviest.path_id, heaviest.name


def options_under(node: EntryNode, depth: int = 0) -> int:
    if depth > MAX_DEPTH:
        return 0
    return sum(1 + options_under(child, depth + 1) for child in node.children)


def added_and_removed(
    client: Client, army_list: ArmyList, force_id: str, entry_id: str, pairs: int
) -> tuple[list[float], list[float]]:
    """Wall milliseconds of PAIRS edits adding the unit (its editor opens) and PAIRS removing
    it again, after WARMUP pairs."""
    adds, removes = [], []
    for step in range(WARMUP + pairs):
        army_list.refresh_from_db()
        before = {
            s.id for s in load_list(army_list=army_list, explain=False).roster.all_selections()
        }
        added, _cpu, _queries = edit(
            client, army_list, {"force_id": force_id, "entry_id": entry_id}, "add"
        )
        army_list.refresh_from_db()
        after = load_list(army_list=army_list, explain=False).roster
        (new,) = [s.id for s in after.forces[0].selections if s.id not in before]
        removed, _cpu, _queries = edit(client, army_list, {"selection_id": new}, "remove")
        if step >= WARMUP:
            adds.append(added * 1000)
            removes.append(removed * 1000)
    return adds, removes


def stepper_target(army_list: ArmyList) -> tuple[str, str, int]:
    """A squad and its models entry with room for one more: (selection, entry, count)."""
    roster = load_list(army_list=army_list, explain=False).roster
    for unit in roster.all_selections():
        for child in unit.children:
            if child.node.type == "model" and not child.children and child.amount > 1:
                return unit.id, child.node.path_id, child.amount
    raise SystemExit("no squad with several models in this list")


def edit(
    client: Client, army_list: ArmyList, fields: dict[str, Any], action: str = "option"
) -> tuple[float, float, int]:
    """One htmx edit: (wall seconds, this process's CPU seconds, queries)."""
    army_list.refresh_from_db(fields=["version"])
    url = reverse("lists:edit", args=[army_list.pk, action])
    data = {**fields, "version": army_list.version}
    with counted() as queries:
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.post(url, data, **HTMX)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    assert response.status_code == 200, response.content[:500]
    return elapsed, cpu, len(queries)


@contextmanager
def counted() -> Iterator[list[str]]:
    """The SQL statements run inside the block (their text only, parameters left out)."""
    statements: list[str] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield statements


def phases(army_list: ArmyList, unit: str, entry: str, count: int, runs: int) -> None:
    """Where an edit's time goes, each part timed alone (medians of RUNS)."""
    from django.template.loader import render_to_string

    from catalogues.names import closure_names
    from lists import services
    from lists.builder import builder_page
    from lists.builder_views import _revisions

    def median_ms(step: Any) -> float:
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            step()
            times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times)

    state = load_list(army_list=army_list, explain=False)
    closure = state.report.closure
    request = RequestFactory().get("/")
    context = {
        "army_list": army_list,
        "report": state.report,
        "revisions": _revisions(state, closure_names(closure)),
        "page": builder_page(roster=state.roster, report=state.report, selected_id=unit),
    }

    def unchanged_edit() -> None:
        army_list.refresh_from_db(fields=["version"])
        services.set_option_count(
            army_list=army_list,
            version=army_list.version,
            selection_id=unit,
            entry_id=entry,
            count=count,
        )

    figures = {
        "load (list, pinned closure, roster) and evaluate": median_ms(
            lambda: load_list(army_list=army_list, explain=False)
        ),
        "evaluate alone": median_ms(
            lambda: report_roster(closure=closure, roster=state.roster, explain=False)
        ),
        "service: load, apply, evaluate, store": median_ms(unchanged_edit),
        "page model (builder_page, editor open)": median_ms(
            lambda: builder_page(roster=state.roster, report=state.report, selected_id=unit)
        ),
        "templates (builder region)": median_ms(
            lambda: render_to_string("lists/builder_region.html", context, request=request)
        ),
    }
    for name, value in figures.items():
        print(f"phase: {name:45} {value:6.1f} ms")


def page_weight(client: Client, army_list: ArmyList) -> dict[str, int]:
    html = client.get(reverse("lists:builder", args=[army_list.pk])).content
    sizes = {"HTML": len(html)}
    for asset in ("css/app.css", "js/builder.js", "vendor/htmx/htmx-2.0.11.min.js"):
        found = finders.find(asset)
        assert found, asset
        sizes[asset] = Path(str(found)).stat().st_size
    return sizes


def main(edits: int, spec_path: Path) -> int:
    if connection.vendor != "postgresql":
        print("Set DATABASE_URL to a PostgreSQL database (the figures are for Postgres).")
        return 2
    call_command("migrate", verbosity=0)
    spec = json.loads(spec_path.read_text())
    import_data(spec["gameSystemId"])
    user, _created = get_user_model().objects.get_or_create(
        username="benchmark", defaults={"email": "benchmark@example.com"}
    )
    ArmyList.objects.filter(owner=user).delete()
    army_list = stored_list(spec, user, "Benchmark")
    half = {**spec, "forces": [{**spec["forces"][0]}]}
    units = spec["forces"][0]["selections"]
    half["forces"][0]["selections"] = units[: len(units) // 2]
    smaller = stored_list(half, user, "Benchmark, half")
    client = Client(SERVER_NAME="localhost")
    client.force_login(user)

    selections = sum(
        1 for _ in load_list(army_list=army_list, explain=False).roster.all_selections()
    )
    unit, entry, count = stepper_target(army_list)
    times, cpu_times, queries = [], [], set()
    for step in range(WARMUP + edits):
        delta = "1" if step % 2 == 0 else "-1"
        fields = {"selection_id": unit, "selected": unit, "entry_id": entry, "count": count}
        elapsed, cpu, made = edit(client, army_list, {**fields, "delta": delta})
        count += int(delta)
        if os.environ.get("BENCH_VERBOSE"):
            print(f"edit {step}: {elapsed * 1000:.0f} ms, {made} queries")
        if step >= WARMUP:
            times.append(elapsed * 1000)
            cpu_times.append(cpu * 1000)
            queries.add(made)
    # the same count for any edit and any size of list: a limit changed on both lists
    limit = {"cost_type_id": "points", "value": "1999"}
    *_times, small_queries = edit(client, smaller, limit, "cost-limit")
    *_times, large_queries = edit(client, army_list, limit, "cost-limit")
    p95 = statistics.quantiles(times, n=20)[-1]
    cpu_p95 = statistics.quantiles(cpu_times, n=20)[-1]
    print(f"list: {spec_path.name}, {selections} selections; {edits} edits after {WARMUP} warm-up")
    print(
        f"edit, request in to response out: median {statistics.median(times):.1f} ms, "
        f"p95 {p95:.1f} ms, max {max(times):.1f} ms "
        f"({'meets' if p95 < TARGET_P95_MS else 'misses'} the {TARGET_P95_MS} ms p95 target)"
    )
    print(
        f"edit, CPU time of this process (client, server and driver; not the database's): "
        f"median {statistics.median(cpu_times):.1f} ms, p95 {cpu_p95:.1f} ms, "
        f"max {max(cpu_times):.1f} ms (load average {os.getloadavg()[0]:.1f})"
    )
    half_selections = sum(
        1 for _ in load_list(army_list=smaller, explain=False).roster.all_selections()
    )
    print(
        f"queries per edit: {sorted(queries)}; a limit changed: {large_queries} "
        f"({half_selections} selections: {small_queries})"
    )
    force_id, heavy_id, heavy_name = heaviest_addable(army_list)
    adds, removes = added_and_removed(client, army_list, force_id, heavy_id, max(20, edits // 5))
    for name, measured in ((f"add {heavy_name}, its editor open", adds), ("remove it", removes)):
        print(
            f"edit, {name}: median {statistics.median(measured):.1f} ms, "
            f"p95 {statistics.quantiles(measured, n=20)[-1]:.1f} ms, max {max(measured):.1f} ms"
        )
    phases(army_list, unit, entry, count, runs=max(5, edits // 4))
    sizes = page_weight(client, army_list)
    total = sum(sizes.values())
    for name, size in sizes.items():
        print(f"page weight: {name:32} {size / 1024:6.1f} KB")
    print(
        f"page weight: total {total / 1024:.1f} KB uncompressed "
        f"({'meets' if total < TARGET_PAGE_KB * 1024 else 'misses'} the {TARGET_PAGE_KB} KB target)"
    )
    ArmyList.objects.filter(owner=user).delete()
    return 0


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sys.exit(main(runs, Path(sys.argv[2]) if len(sys.argv) > 2 else SPEC))
