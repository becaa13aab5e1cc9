"""Print the most expensive lists the caps and the work budget let one request check, and
how long each takes.

Usage: python benchmarks/worst_request.py [RUNS]

A request is what ``POST /api/validate/`` and ``POST /api/rosters/check/`` do once the store
has answered: build the list (``listspec.build_roster``, a List spec, every edit evaluated as
in the builder) or load it (``document.load_roster``, a roster file, nothing auto-selected)
on a budget of ``caps.REQUEST_STEPS``, evaluate it, and explain what cannot be added
(``unavailable_entries``, as the roster-check page always asks). The data is the largest we
have: the wh40k 9e closure of ../shared/bsdata (never copied into the repo), and the shipped
The 9th Age pack, whose repeats read the cost limit.

The lists are those the caps leave the most room for: the 150-selection Battalion of
tests/engine/realdata repeated as more forces (up to the size cap, as a List spec and as a
roster file), ``caps.MAX_FORCES`` empty forces, one force holding the most top-level units
the size cap allows, and The 9th Age list at ``caps.MAX_COST_LIMIT``. For each it prints
whether it was checked or refused (and with which code), the steps spent and the median
time of RUNS; then the worst time of all. A list refused by the budget stops after
``REQUEST_STEPS`` steps: the time that takes is the bound the budget sets.
"""

from __future__ import annotations

import copy
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")

import django  # noqa: E402

django.setup()  # (the service's explain step lives beside its models; no database is used)

from armybuilder.engine import caps  # noqa: E402
from armybuilder.engine.caps import Budget, CapExceeded  # noqa: E402
from armybuilder.engine.compile import Compiled, compile_documents  # noqa: E402
from armybuilder.engine.document import load_roster, roster_document  # noqa: E402
from armybuilder.engine.evaluate import evaluate  # noqa: E402
from armybuilder.engine.formats import parse_xml, read_document  # noqa: E402
from armybuilder.engine.listspec import build_roster  # noqa: E402
from armybuilder.engine.roster import Roster  # noqa: E402
from catalogues.services.validation import unavailable_entries  # noqa: E402

WH40K = ROOT.parent / "shared" / "bsdata" / "wh40k-9e"
BATTALION = ROOT / "tests" / "engine" / "realdata" / "space_marines_battalion_2000.json"
NINTH_AGE = ROOT / "catalogues" / "data" / "the-9th-age-3rd"


def wh40k() -> Compiled:
    game_system = parse_xml((WH40K / "Warhammer 40,000.gst").read_bytes())
    return compile_documents(game_system, [parse_xml(p.read_bytes()) for p in WH40K.glob("*.cat")])


def ninth_age() -> tuple[Compiled, dict[str, Any]]:
    read = [read_document(p.read_bytes(), p.name) for p in sorted(NINTH_AGE.glob("*.json"))]
    game_system = next(d for d in read if "gameSystem" in d)
    compiled = compile_documents(game_system, [d for d in read if "catalogue" in d])
    spec = json.loads((NINTH_AGE / "examples" / "dwarven-holds-legal-4500.json").read_text())
    return compiled, {**spec, "costLimits": dict.fromkeys(spec["costLimits"], caps.MAX_COST_LIMIT)}


def checked(build: Callable[[Budget], Roster]) -> tuple[str, int]:
    """One request: build or load, evaluate, explain. (outcome, steps spent)"""
    budget = Budget(caps.REQUEST_STEPS)
    try:
        roster = build(budget)
        evaluate(roster)
        explained, complete = unavailable_entries(roster)
    except CapExceeded as refused:
        return f"refused: {refused.code}", budget.spent
    return f"checked, {len(explained)} entries explained{'' if complete else ' (capped)'}", (
        budget.spent
    )


def timed(runs: int, build: Callable[[Budget], Roster]) -> tuple[str, int, float]:
    outcome, steps = checked(build)  # (once untimed: the closure's entries are built lazily)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        checked(build)
        times.append(time.perf_counter() - started)
    return outcome, steps, statistics.median(times)


def main(runs: int) -> None:
    compiled = wh40k()
    battalion = json.loads(BATTALION.read_text(encoding="utf-8"))
    force = battalion["forces"][0]
    per_force = 150 + 1
    most_forces = caps.MAX_SIZE // per_force
    units = [s for s in force["selections"] if s.get("selections")]
    lists: dict[str, Callable[[Budget], Roster]] = {}
    for copies in (1, 2, 3, 4, most_forces):
        spec = {**battalion, "forces": [copy.deepcopy(force) for _ in range(copies)]}
        lists[f"List spec, Battalion x{copies}"] = lambda b, spec=spec: build_roster(
            compiled, spec, budget=b
        )
    spec = {**battalion, "forces": [force] * most_forces}
    document = roster_document(evaluate(build_roster(compiled, spec)).view)
    lists[f"roster file, Battalion x{most_forces}"] = lambda b: load_roster(
        compiled, document, budget=b
    )
    empty = {"forceEntryId": force["forceEntryId"], "catalogueId": force["catalogueId"]}
    spec = {**battalion, "forces": [empty] * caps.MAX_FORCES}
    lists[f"List spec, {caps.MAX_FORCES} empty forces"] = lambda b: build_roster(
        compiled, spec, budget=b
    )
    many = [units[i % len(units)] for i in range(caps.MAX_SIZE // 8)]
    spec = {**battalion, "forces": [{**force, "selections": many}]}
    lists[f"List spec, one force of {len(many)} units"] = lambda b: build_roster(
        compiled, spec, budget=b
    )
    t9a, t9a_spec = ninth_age()
    lists["List spec, The 9th Age at the largest cost limit"] = lambda b: build_roster(
        t9a, t9a_spec, budget=b
    )
    print(
        f"caps: {caps.MAX_SIZE} selections and forces, {caps.MAX_FORCES} forces, "
        f"{caps.MAX_DEPTH} deep, budget {caps.REQUEST_STEPS:,} steps "
        f"({caps.EXPLAIN_STEPS:,} and {caps.MAX_EXPLAINED} entries for explaining)"
    )
    worst = ("", 0.0)
    for name, build in lists.items():
        outcome, steps, seconds = timed(runs, build)
        print(f"{name}: {outcome}; {steps:,} steps; median {seconds:.2f} s of {runs}")
        worst = max(worst, (name, seconds), key=lambda item: item[1])
    print(f"worst: {worst[0]}, {worst[1]:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
