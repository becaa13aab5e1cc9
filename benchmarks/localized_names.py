"""Print what showing a list in another language adds to an evaluation: renaming its view and
problems from a name table (``armybuilder.engine.localize``).

Usage: python benchmarks/localized_names.py [RUNS] [SPEC]

Reads ../shared/bsdata/wh40k-9e (never copied into the repo) and the list spec SPEC (default:
tests/engine/realdata/space_marines_battalion_2000.json, 150 selections), as
``engine_evaluate.py`` does, and a name table naming every element of the closure (the worst
case: a language in which every name differs). Prints the median and 95th percentile of RUNS
full evaluations and of RUNS renamings of that evaluation (view and problems), in ms of this
process's CPU time (on a shared machine, the figure the load inflates least). A reader
of the data's own language gets an empty table, which renames nothing (no copy is made).
See docs/performance.md, "Names in the reader's language".
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.engine.closure import iter_nodes  # noqa: E402
from armybuilder.engine.compile import compile_documents  # noqa: E402
from armybuilder.engine.evaluate import evaluate  # noqa: E402
from armybuilder.engine.listspec import build_roster  # noqa: E402
from armybuilder.engine.localize import localized_problem, localized_view  # noqa: E402
from benchmarks.engine_evaluate import SPEC, parse_closure  # noqa: E402


def timed(step: Callable[[], Any], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.process_time()
        step()
        times.append((time.process_time() - start) * 1000)
    return times


def summary(label: str, times: list[float]) -> None:
    p95 = sorted(times)[max(0, int(len(times) * 0.95) - 1)]
    print(f"{label:<28} median {statistics.median(times):7.2f} ms   p95 {p95:7.2f} ms")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    spec_path = Path(sys.argv[2]) if len(sys.argv) > 2 else SPEC
    game_system, catalogues = parse_closure()
    compiled = compile_documents(game_system, catalogues)
    roster = build_roster(compiled, json.loads(spec_path.read_text()))
    names = {
        str(node["id"]): f"{node['name']} (it)"
        for document in (game_system, *catalogues)
        for node in iter_nodes(document)
        if isinstance(node.get("id"), str) and isinstance(node.get("name"), str)
    }
    evaluation = evaluate(roster)
    selections = sum(1 for _ in evaluation.view.all_selections())
    print(f"{selections} selections, {len(evaluation.problems)} problems, {len(names)} names")

    def rename() -> None:
        localized_view(evaluation.view, names)
        [localized_problem(p, names) for p in evaluation.problems]

    summary("evaluate", timed(lambda: evaluate(roster), runs))
    summary("rename view and problems", timed(rename, runs))


if __name__ == "__main__":
    main()
