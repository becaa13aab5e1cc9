"""The engine is pure: importing every engine module pulls in no Django, DRF or third party."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import armybuilder.engine

REPO = Path(__file__).resolve().parents[2]


def _engine_modules() -> list[str]:
    root = Path(armybuilder.engine.__file__).parent
    return ["armybuilder.engine"] + [
        info.name for info in pkgutil.walk_packages([str(root)], "armybuilder.engine.")
    ]


def test_engine_modules_import_only_the_standard_library() -> None:
    modules = _engine_modules()
    assert "armybuilder.engine.evaluate" in modules
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    stdlib = set(sys.stdlib_module_names)
    foreign = sorted(
        name
        for name in loaded
        if name.split(".")[0] not in stdlib
        and name.split(".")[0] != "armybuilder"
        and not name.startswith("_")
    )
    assert foreign == []
    assert not [
        name
        for name in loaded
        if name.startswith("armybuilder.") and not (name.startswith("armybuilder.engine"))
    ]
