"""Print how long importing the wh40k 9e game system and catalogues takes, against lxml.

Usage: DATABASE_URL=postgres://... python benchmarks/import_bsdata.py [RUNS]

Reads ../shared/bsdata/wh40k-9e (never copied into the repo). Each run deletes what an
earlier run stored, then times ``import_files`` on every file (read, convert, check links,
store the documents and the entry index, commit). In the same process it times lxml only
parsing the same bytes, alternating the two. Prints the best and median of RUNS for each,
and the ratio of each run's import to the parse timed beside it (median and range; target:
the median <= 10x).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from lxml import etree  # noqa: E402

from catalogues.models import GameSystem  # noqa: E402
from catalogues.services.imports import import_files  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "bsdata" / "wh40k-9e"
TARGET_RATIO = 10


def time_lxml(files: list[tuple[str, bytes]]) -> float:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    started = time.perf_counter()
    for _name, data in files:
        etree.fromstring(data, parser)
    return time.perf_counter() - started


def time_import(files: list[tuple[str, bytes]], game_system_id: str) -> tuple[float, float]:
    """(first import, re-import of the same files) in seconds."""
    GameSystem.objects.filter(bs_id=game_system_id).delete()
    started = time.perf_counter()
    result = import_files(files=files)
    first = time.perf_counter() - started
    assert len(result.created) == len(files)
    assert not result.unresolved_links
    started = time.perf_counter()
    result = import_files(files=files)
    again = time.perf_counter() - started
    assert len(result.unchanged) == len(files)
    return first, again


def main(runs: int) -> int:
    if connection.vendor != "postgresql":
        print("Set DATABASE_URL to a PostgreSQL database (the figures are for Postgres).")
        return 2
    call_command("migrate", verbosity=0)
    paths = sorted(p for p in DATA.iterdir() if p.suffix in {".gst", ".cat"})
    files = [(p.name, p.read_bytes()) for p in paths]
    game_system_id = etree.fromstring(DATA.joinpath("Warhammer 40,000.gst").read_bytes()).get("id")
    megabytes = sum(len(d) for _n, d in files) / 1e6
    print(f"{len(files)} files, {megabytes:.1f} MB, {runs} runs (best, median)")

    # Interleaved, so that both see the same machine load.
    parse_times, import_times = [], []
    for _ in range(runs):
        parse_times.append(time_lxml(files))
        import_times.append(time_import(files, game_system_id))
    GameSystem.objects.filter(bs_id=game_system_id).delete()

    firsts = [t for t, _ in import_times]
    agains = [t for _, t in import_times]
    for label, times in (
        ("lxml parse only:", parse_times),
        ("import (new):", firsts),
        ("re-import (no-op):", agains),
    ):
        print(f"{label:21} {min(times) * 1000:7.0f} ms  ({statistics.median(times) * 1000:.0f})")
    # Each run's import against the parse timed next to it: the machine's load varies
    # between runs, and the paired ratio cancels most of it.
    ratios = [first / parse for first, parse in zip(firsts, parse_times, strict=True)]
    ratio = statistics.median(ratios)
    verdict = "meets" if ratio <= TARGET_RATIO else "misses"
    print(
        f"import / lxml parse:  {ratio:7.1f}x  median of the runs' ratios "
        f"({min(ratios):.1f}-{max(ratios):.1f}x), {verdict} the {TARGET_RATIO}x target"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
