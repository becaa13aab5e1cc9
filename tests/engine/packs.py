"""The shipped game packs (canonical JSON) for engine tests, without the database: reading a
pack through the import path's checks, compiling it, building rosters from list specs with the
engine's own ``listspec``, and the checks every pack must pass (each returns the offenders, so
a test asserts it is empty and a failure names them)."""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from armybuilder.engine.closure import iter_nodes
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats.reader import read_document
from armybuilder.engine.listspec import ListSpecError, build_roster, outcome
from armybuilder.engine.systems import HOOKS
from tests.conftest import REPO_ROOT, SHARED

PACKS = REPO_ROOT / "catalogues" / "data"
VECTORS = Path(__file__).resolve().parent / "vectors"
RULES = SHARED / "rules"

JsonDict = dict[str, Any]


def pack_folders() -> list[Path]:
    return sorted(p for p in PACKS.iterdir() if p.is_dir()) if PACKS.is_dir() else []


def pack_names() -> list[str]:
    return [folder.name for folder in pack_folders()]


def list_spec_files() -> list[Path]:
    """Every worked-example vector and every example list shipped in a pack."""
    vectors = sorted(VECTORS.glob("*/*.json")) if VECTORS.is_dir() else []
    examples = sorted(PACKS.glob("*/examples/*.json")) if PACKS.is_dir() else []
    return vectors + examples


# ----------------------------------------------------------------------- reading and compiling


def pack_documents(game: str) -> tuple[JsonDict, list[JsonDict]]:
    """The game system and the catalogues of a pack, read through the import path's checks."""
    folder = PACKS / game
    game_systems = [_read(p) for p in folder.glob("*.gst.json")]
    if len(game_systems) != 1:
        raise AssertionError(f"{game}: expected one game system, found {len(game_systems)}")
    return game_systems[0], [_read(p) for p in sorted(folder.glob("*.cat.json"))]


def _read(path: Path) -> JsonDict:
    return read_document(path.read_bytes(), path.name)


def pack_nodes(game: str) -> list[JsonDict]:
    """Every JSON object in the pack's game system and catalogues."""
    game_system, catalogues = pack_documents(game)
    return [node for document in [game_system, *catalogues] for node in iter_nodes(document)]


@cache
def compiled_pack(game: str) -> Compiled:
    return compile_documents(*pack_documents(game))


def pack_for(game_system_id: str) -> str:
    """The shipped pack whose game system has this id."""
    for game in pack_names():
        if pack_documents(game)[0]["gameSystem"]["id"] == game_system_id:
            return game
    raise LookupError(f"no shipped pack has game system {game_system_id!r}")


def compiled_pack_for(game_system_id: str) -> Compiled:
    return compiled_pack(pack_for(game_system_id))


def compiled_for_spec(spec: JsonDict) -> Compiled:
    """The shipped pack a list spec names, plus the spec's own ``fixtureCatalogues``.

    A fixture catalogue is test-only data for a worked example's situation that no shipped
    army book holds (a hypothetical model exactly as the example describes it). It is inline
    canonical JSON linking the shipped game system, read through the import path's checks
    like a pack file, and compiled beside the pack's catalogues without touching the cached pack.
    """
    fixtures = spec.get("fixtureCatalogues") or []
    if not fixtures:
        return compiled_pack_for(spec["gameSystemId"])
    game_system, catalogues = pack_documents(pack_for(spec["gameSystemId"]))
    shipped = {c["catalogue"]["id"] for c in catalogues}
    documents = [read_document(json.dumps(f).encode(), "fixture.cat.json") for f in fixtures]
    clashing = [d["catalogue"]["id"] for d in documents if d["catalogue"]["id"] in shipped]
    if clashing:
        raise AssertionError(f"fixture catalogues reuse shipped catalogue ids: {clashing}")
    return compile_documents(game_system, [*catalogues, *documents])


def hook_module(game: str) -> ModuleType:
    """The hook module registered for the pack's game system."""
    return importlib.import_module(HOOKS[pack_documents(game)[0]["gameSystem"]["id"]])


# ---------------------------------------------------------------------------------- list specs


def one_force_spec(
    force_entry_id: str,
    catalogue_id: str,
    selections: Sequence[JsonDict],
    cost_limits: dict[str, float],
) -> JsonDict:
    """A list spec of one force."""
    force = {"forceEntryId": force_entry_id, "catalogueId": catalogue_id}
    return {"costLimits": cost_limits, "forces": [{**force, "selections": list(selections)}]}


def nested_selection(path: Sequence[str], entry_id: str) -> JsonDict:
    """A selection spec of ``entry_id`` inside one selection of each entry of ``path``."""
    selection: JsonDict = {"entryId": entry_id, "number": 1}
    for parent in reversed(path):
        selection = {"entryId": parent, "number": 1, "selections": [selection]}
    return selection


def assert_not_offered(
    game: str, spec_with: Callable[[list[JsonDict]], JsonDict], path: Sequence[str], entry_id: str
) -> None:
    """``entry_id`` cannot be selected under ``path``, although ``path`` itself builds, so the
    refusal is the entry's own and not a misspelt parent's."""
    if path:
        spec_outcome(game, spec_with([nested_selection(path[:-1], path[-1])]))
    with pytest.raises(ListSpecError):
        spec_outcome(game, spec_with([nested_selection(path, entry_id)]))


def spec_outcome(game: str, spec: JsonDict) -> dict[str, Any]:
    """The codes and totals of the roster a list spec builds from the pack."""
    return outcome(evaluate(build_roster(compiled_pack(game), spec)))


# ------------------------------------------------------------------------------------- checks


def costs_without_provenance(game: str) -> list[str]:
    """Ids of pack nodes with a cost that names no source and is not marked unverified."""
    return [
        str(node.get("id"))
        for node in pack_nodes(game)
        for cost in node.get("costs") or []
        if not cost.get("source") and not cost.get("unverified")
    ]


def undeclared_sources(game: str) -> list[str]:
    """Sources named in a document that its root's ``sources`` do not declare."""
    game_system, catalogues = pack_documents(game)
    missing: list[str] = []
    for document in [game_system, *catalogues]:
        body = next(iter(document.values()))
        declared = {source["id"] for source in body.get("sources") or []}
        missing += sorted(
            {n["source"] for n in iter_nodes(body) if isinstance(n.get("source"), str)} - declared
        )
    return missing


def rule_bearing_items(game: str) -> list[JsonDict]:
    """Constraints and modifiers that state a rule of the game: army-wide limits, limits on the
    cost limit, data-authored errors. Increments (such as the repeats that scale a cap with
    the army's points) are part of the constraint they change. Any other node that raises a
    problem code of its own is checked by ``coded_nodes_without_rule``."""
    return [
        item
        for node in pack_nodes(game)
        for item in (node.get("constraints") or []) + (node.get("modifiers") or [])
        if (
            item.get("scope") == "roster"
            or str(item.get("field", "")).startswith(("limit::", "error"))
        )
        and item.get("type") != "increment"
    ]


def coded_nodes_without_rule(game: str) -> list[str]:
    """Ids of the pack nodes (entries, constraints, modifiers) that raise a problem code of
    their own without the rule reference the problem must carry."""
    return [
        str(node.get("id") or node.get("field"))
        for node in pack_nodes(game)
        if "code" in node and not isinstance(node.get("rule"), dict)
    ]


def limited_cost_types_without_rule(game: str) -> list[str]:
    """Ids of the cost types a list can go over (a default limit, or a limit some list spec
    sets) that carry no rule for ``cost_limit.exceeded`` to cite."""
    game_system = pack_documents(game)[0]["gameSystem"]
    limited = {
        type_id
        for path in list_spec_files()
        for type_id in json.loads(path.read_text(encoding="utf-8")).get("costLimits") or {}
    }
    return [
        cost_type["id"]
        for cost_type in game_system.get("costTypes") or []
        if (cost_type["id"] in limited or cost_type.get("defaultCostLimit", -1) >= 0)
        and not isinstance(cost_type.get("rule"), dict)
    ]


def without_code_or_rule(items: Sequence[JsonDict]) -> list[str]:
    """Ids of the items that do not carry both a problem code and a rule reference."""
    return [
        str(item.get("id"))
        for item in items
        if not item.get("code") or not isinstance(item.get("rule"), dict)
    ]


def rule_refs(game: str) -> list[JsonDict]:
    """Every ``rule`` reference of a pack, plus the rule references its hook module defines."""
    refs = [node["rule"] for node in pack_nodes(game) if isinstance(node.get("rule"), dict)]
    refs += [
        value
        for value in vars(hook_module(game)).values()
        if isinstance(value, dict) and {"digest", "line"} <= value.keys()
    ]
    return refs


def misplaced_rule_refs(refs: Sequence[JsonDict], rules_folder: Path) -> list[JsonDict]:
    """References whose digest line is not a line of the digest (a whole number), or not the
    table row of the rule ids their section names.

    A section such as "2.3 Units (FW-16)" names the digest rows it cites; the cited line must
    be one of them. Sections without ids (the digest's edge cases) only need an existing line.
    """
    bad = []
    for ref in refs:
        lines = (rules_folder / ref["digest"]).read_text(encoding="utf-8").splitlines()
        line = ref["line"]
        ids = re.findall(r"\b[A-Z]{2}-\d+\b", str(ref["section"]))
        cited = lines[line - 1] if isinstance(line, int) and 1 <= line <= len(lines) else None
        if cited is None or (ids and not any(f"| {rule_id} |" in cited for rule_id in ids)):
            bad.append(ref)
    return bad
