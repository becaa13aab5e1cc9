"""Print how fast the engine compiles the wh40k 9e closure and re-evaluates a realistic roster.

Usage: python benchmarks/engine_evaluate.py [RUNS] [SPEC]

Reads ../shared/bsdata/wh40k-9e (never copied into the repo) and the list spec SPEC
(default: tests/engine/realdata/space_marines_battalion_2000.json, a legal 2000-point
Ultramarines Battalion), built through ``listspec.build_roster`` as a player would.

Prints (see docs/performance.md, "Rules engine"):
- compile: the median of COMPILES compilations of the parsed closure (documents already
  parsed: parsing is the import's job, timed by import_bsdata.py);
- memory: what tracemalloc sees allocated by the parsed documents (the compiled closure keeps
  them), by compiling them, and by the closure's lazily built entries and shared caches
  once the roster has been built and evaluated (the roster itself dropped);
- cold start: building the roster on a fresh compile (entries are expanded lazily, and each
  edit evaluates as in the builder), then its first evaluation;
- evaluate: median, min, 95th percentile and max of RUNS full re-evaluations (``evaluate``:
  every modifier, condition, constraint, the roster view and the game hooks), then again
  with the loaded objects frozen out of the cyclic garbage collector (``gc.freeze``).
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armybuilder.engine.compile import Compiled, compile_documents  # noqa: E402
from armybuilder.engine.evaluate import evaluate  # noqa: E402
from armybuilder.engine.formats import parse_xml  # noqa: E402
from armybuilder.engine.listspec import build_roster  # noqa: E402
from armybuilder.engine.roster import Roster  # noqa: E402

DATA = ROOT.parent / "shared" / "bsdata" / "wh40k-9e"
SPEC = ROOT / "tests" / "engine" / "realdata" / "space_marines_battalion_2000.json"
COMPILES = 7
MB = 1024 * 1024


def parse_closure() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game_system = parse_xml((DATA / "Warhammer 40,000.gst").read_bytes())
    catalogues = [parse_xml(path.read_bytes()) for path in sorted(DATA.glob("*.cat"))]
    return game_system, catalogues


def allocated(step: Callable[[], Any]) -> tuple[Any, int]:
    """What ``step`` returns, and the bytes it left allocated (tracemalloc)."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    result = step()
    gc.collect()
    return result, tracemalloc.get_traced_memory()[0] - before


def use(compiled: Compiled, spec: dict[str, Any]) -> None:
    """Build and evaluate the roster, keeping neither: what stays is the closure's growth."""
    evaluate(build_roster(compiled, spec))


def memory(spec: dict[str, Any]) -> None:
    tracemalloc.start()
    documents, parsed = allocated(parse_closure)
    compiled, compiled_size = allocated(lambda: compile_documents(*documents))
    _, grown = allocated(lambda: use(compiled, spec))
    tracemalloc.stop()
    print(f"memory: parsed documents {parsed / MB:.1f} MB")
    print(f"memory: compiling them {compiled_size / MB:.2f} MB more")
    print(
        f"memory: the closure's lazily built entries and shared caches after building and "
        f"evaluating the roster {grown / MB:.2f} MB more"
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def timed(step: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    result = step()
    return result, time.perf_counter() - started


def main(runs: int, spec_path: Path) -> None:
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    game_system, catalogues = parse_closure()
    compiles = [timed(lambda: compile_documents(game_system, catalogues)) for _ in range(COMPILES)]
    print(f"compile: median {ms(statistics.median(t for _, t in compiles))} of {COMPILES}")
    compiled: Compiled = compiles[-1][0]
    roster: Roster = build_roster(compiled, spec)
    fresh, building = timed(lambda: build_roster(compiles[0][0], spec))
    _, first = timed(lambda: evaluate(fresh))
    print(
        f"cold: building the roster on a fresh compile {ms(building)} (its entries are "
        f"expanded then; every edit evaluates), then its first evaluation {ms(first)}"
    )
    evaluation = evaluate(roster)
    selections = sum(1 for _ in roster.all_selections())
    units = sum(len(force.selections) for force in roster.all_forces())
    points = evaluation.view.total_cost("points")
    print(
        f"roster: {spec_path.name}: {units} top-level selections, {selections} selections, "
        f"{points:g} pts, {len(evaluation.problems)} problems"
    )
    report_runs("evaluate", [timed(lambda: evaluate(roster))[1] for _ in range(runs)])
    # A full collection walks every object of the parsed closure (tens of milliseconds): a
    # process that froze it after loading (gc.freeze) never pays that again.
    gc.freeze()
    report_runs(
        "evaluate, closure frozen", [timed(lambda: evaluate(roster))[1] for _ in range(runs)]
    )
    gc.unfreeze()
    memory(spec)


def report_runs(label: str, timings: list[float]) -> None:
    timings = sorted(timings)
    p95 = timings[min(len(timings) - 1, round(0.95 * len(timings)))]
    print(
        f"{label} ({len(timings)} runs): median {ms(statistics.median(timings))}, "
        f"min {ms(timings[0])}, p95 {ms(p95)}, max {ms(timings[-1])}"
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 500,
        Path(sys.argv[2]) if len(sys.argv) > 2 else SPEC,
    )
