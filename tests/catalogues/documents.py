"""Canonical JSON documents as uploaded files, imported through the real import service."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from catalogues.services.imports import ImportResult, import_files


def as_file(name: str, document: Mapping[str, Any]) -> tuple[str, bytes]:
    """A document as the ``(name, bytes)`` of a ``.json`` file."""
    return name, json.dumps(document).encode()


def import_documents(*documents: Mapping[str, Any]) -> ImportResult:
    """Import the documents in one upload, as an uploader would (file names do not matter)."""
    return import_files(
        files=[as_file(f"doc{number}.json", document) for number, document in enumerate(documents)]
    )
