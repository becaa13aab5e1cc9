"""Reading the shipped game packs (canonical JSON) for engine tests, without the database."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from armybuilder.engine.compile import Compiled, compile_documents

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKS = REPO_ROOT / "catalogues" / "data"
VECTORS = Path(__file__).resolve().parent / "vectors"


def pack_folders() -> list[Path]:
    return sorted(p for p in PACKS.iterdir() if p.is_dir()) if PACKS.is_dir() else []


def pack_documents(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The game system and the catalogues of one pack folder."""
    game_systems: list[dict[str, Any]] = []
    catalogues: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        (game_systems if "gameSystem" in document else catalogues).append(document)
    if len(game_systems) != 1:
        raise AssertionError(f"{folder.name}: expected one game system, found {len(game_systems)}")
    return game_systems[0], catalogues


@cache
def compiled_pack_for(game_system_id: str) -> Compiled:
    for folder in pack_folders():
        game_system, catalogues = pack_documents(folder)
        if game_system["gameSystem"]["id"] == game_system_id:
            return compile_documents(game_system, catalogues)
    raise LookupError(f"no shipped pack has game system {game_system_id!r}")


def list_spec_files() -> list[Path]:
    """Every worked-example vector and every example list shipped in a pack."""
    vectors = sorted(VECTORS.glob("*/*.json")) if VECTORS.is_dir() else []
    examples = sorted(PACKS.glob("*/examples/*.json")) if PACKS.is_dir() else []
    return vectors + examples
