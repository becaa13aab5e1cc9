"""Shared fixtures. Tests that need real services are marked ``services``: on a laptop they
skip when a service is down; with ``CI`` set they fail instead, so CI never skips them."""

import os
import socket
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"
BSDATA = SHARED / "bsdata"


def service_reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require_service(name: str, host: str, port: int) -> None:
    if service_reachable(host, port):
        return
    if os.environ.get("CI"):
        pytest.fail(f"{name} is not reachable at {host}:{port}, and CI must not skip.")
    pytest.skip(f"{name} is not running at {host}:{port}")


def require_shared(path: Path) -> Path:
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing, and CI must not skip.")
        pytest.skip(f"{path} is not beside the repository")
    return path
