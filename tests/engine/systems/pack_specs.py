"""Helpers for the per-pack tests: read a shipped game pack through the import path's checks,
check its provenance and rule references, and build rosters from list-spec shaped dicts.

``run_spec`` applies a spec with the structural roster operations only (no auto-selection), so
a test can build exactly the roster it writes down and see which entries cannot be selected
(``RosterError``). The shared vector test (``tests/engine/test_vectors.py``) applies example
lists and vectors the way a player's clicks would, through ``armybuilder.engine.listspec``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from armybuilder.engine.closure import iter_nodes
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.edit import find_child_entry, find_root_entry
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.formats.reader import read_document
from armybuilder.engine.roster import Force, Roster, Selection

REPO_ROOT = Path(__file__).resolve().parents[3]
PACKS = REPO_ROOT / "catalogues" / "data"
VECTORS = REPO_ROOT / "tests" / "engine" / "vectors"


def load_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def pack_documents(game: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The game system and the catalogues of a pack, read through the import path's checks."""
    folder = PACKS / game
    (game_system,) = (_read(p) for p in folder.glob("*.gst.json"))
    return game_system, [_read(p) for p in sorted(folder.glob("*.cat.json"))]


def _read(path: Path) -> dict[str, Any]:
    return read_document(path.read_bytes(), path.name)


def compile_pack(game: str) -> Compiled:
    game_system, catalogues = pack_documents(game)
    return compile_documents(game_system, catalogues)


def spec_paths(game: str) -> list[Path]:
    return sorted((PACKS / game / "examples").glob("*.json")) + sorted(
        (VECTORS / game).glob("*.json")
    )


def run_spec(compiled: Compiled, spec: dict[str, Any]) -> Evaluation:
    roster = Roster(compiled, name=str(spec.get("name", "")))
    roster.options = dict(spec.get("options") or {})
    for type_id, value in (spec.get("costLimits") or {}).items():
        roster.set_cost_limit(type_id, float(value))
    for raw in spec.get("forces") or []:
        _add_force(roster, raw, None)
    return evaluate(roster)


def _add_force(roster: Roster, raw: dict[str, Any], parent: Force | None) -> None:
    force = roster.add_force(str(raw["forceEntryId"]), str(raw["catalogueId"]), parent)
    for selection in raw.get("selections") or []:
        _add_selection(roster, force, selection, None)
    for child in raw.get("forces") or []:
        _add_force(roster, child, force)


def _add_selection(
    roster: Roster, force: Force, raw: dict[str, Any], parent: Selection | None
) -> None:
    entry_id = str(raw["entryId"])
    node = (
        find_child_entry(parent, entry_id)
        if parent is not None
        else find_root_entry(roster, force, entry_id)
    )
    selection = roster.add_selection(force, node, parent, int(raw.get("number", 1)))
    for child in raw.get("selections") or []:
        _add_selection(roster, force, child, selection)


def outcome(evaluation: Evaluation) -> dict[str, Any]:
    """What a list spec's ``expected`` block states: error and warning codes, and totals."""
    codes = sorted(p.code for p in evaluation.problems if p.severity in ("error", "warning"))
    totals = {c.type_id: c.value for c in evaluation.view.costs}
    return {"codes": codes, "totals": totals}


def costs_without_provenance(game: str) -> list[str]:
    """Ids of pack nodes with a cost that names no source and is not marked unverified."""
    game_system, catalogues = pack_documents(game)
    return [
        str(node.get("id"))
        for document in [game_system, *catalogues]
        for node in iter_nodes(document)
        for cost in node.get("costs") or []
        if not cost.get("source") and not cost.get("unverified")
    ]


def rule_refs(game: str, *holders: object) -> list[dict[str, Any]]:
    """Every ``rule`` reference of a pack, plus the ``*_RULE`` constants of the given modules."""
    game_system, catalogues = pack_documents(game)
    refs = [
        node["rule"]
        for document in [game_system, *catalogues]
        for node in iter_nodes(document)
        if isinstance(node.get("rule"), dict)
    ]
    refs += [
        value
        for holder in holders
        for name, value in vars(holder).items()
        if name.endswith("_RULE") and isinstance(value, dict)
    ]
    return refs


def misplaced_rule_refs(refs: list[dict[str, Any]], rules_folder: Path) -> list[dict[str, Any]]:
    """References whose digest line is not the table row of the rule ids their section names.

    A section such as "2.3 Units (FW-16)" names the digest rows it cites; the cited line must
    be one of them. Sections without ids (the digest's edge cases) only need an existing line.
    """
    bad = []
    for ref in refs:
        lines = (rules_folder / ref["digest"]).read_text(encoding="utf-8").splitlines()
        line = int(ref["line"])
        ids = re.findall(r"\b[A-Z]{2}-\d+\b", str(ref["section"]))
        cited = lines[line - 1] if 1 <= line <= len(lines) else None
        if cited is None or (ids and not any(f"| {rule_id} |" in cited for rule_id in ids)):
            bad.append(ref)
    return bad
