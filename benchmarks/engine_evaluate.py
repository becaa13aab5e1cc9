"""Print how fast the engine compiles the wh40k 9e closure and re-evaluates a realistic roster.

Usage: python benchmarks/engine_evaluate.py [UNITS] [RUNS]
Reads ../shared/bsdata/wh40k-9e (never copied into the repo). Builds an Ultramarines
Battalion with the first UNITS units of the catalogue (auto-selected options included) and
re-evaluates it RUNS times.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armybuilder.engine import edit
from armybuilder.engine.compile import compile_documents
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml
from armybuilder.engine.roster import Roster

DATA = Path(__file__).resolve().parents[2] / "shared" / "bsdata" / "wh40k-9e"
CATALOGUE = "Imperium - Adeptus Astartes - Ultramarines"


def main(units: int, runs: int) -> None:
    game_system = parse_xml((DATA / "Warhammer 40,000.gst").read_bytes())
    catalogues = [parse_xml(p.read_bytes()) for p in sorted(DATA.glob("*.cat"))]
    started = time.perf_counter()
    compiled = compile_documents(game_system, catalogues)
    print(f"compile: {(time.perf_counter() - started) * 1000:.1f} ms")
    catalogue_id = next(c for c, body in compiled.catalogues.items() if body["name"] == CATALOGUE)
    battalion = next(f for f in compiled.force_entries.values() if f.name == "Battalion Detachment")
    roster = Roster(compiled)
    force, _ = edit.add_force(roster, battalion.id, catalogue_id)
    candidates = [
        n for n in compiled.root_entries(catalogue_id) if n.type == "unit" and not n.hidden
    ]
    for node in candidates[:units]:
        edit.select_node(roster, force, node, None)
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        evaluation = evaluate(roster)
        timings.append((time.perf_counter() - started) * 1000)
    selections = sum(1 for _ in roster.all_selections())
    points = evaluation.view.total_cost("points")
    print(f"roster: {selections} selections, {points:g} pts, {len(evaluation.problems)} problems")
    print(f"evaluate: median {statistics.median(timings):.2f} ms, min {min(timings):.2f} ms")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 12, int(sys.argv[2]) if len(sys.argv) > 2 else 20
    )
