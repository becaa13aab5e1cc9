"""Shape checks for documents in the canonical JSON form (e.g. uploaded as JSON)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from .errors import DEFAULT_LIMITS, FormatError, Limits
from .schema import BOOLEAN_ATTRIBUTES, ROOT_KINDS

_REQUIRED_ROOT_STRINGS = ("id", "name")
# What an XML file cannot hold (so neither can the same document in JSON form, which must
# write back to XML), NUL among them, which the database cannot store either.
UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def document_root(document: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``(kind, body)`` of a document ``{"gameSystem" | "catalogue" | "roster": {...}}``."""
    if not isinstance(document, Mapping) or len(document) != 1:
        raise FormatError(
            "format.wrong_root",
            "a document is an object with exactly one key: " + ", ".join(ROOT_KINDS),
        )
    ((kind, body),) = document.items()
    if kind not in ROOT_KINDS:
        raise FormatError(
            "format.wrong_root", f"the root is {kind!r}, not one of " + ", ".join(ROOT_KINDS)
        )
    if not isinstance(body, dict):
        raise FormatError("format.structure", f"{kind!r} must hold an object")
    return kind, body


def _check_scalar(path: str, key: str, value: Any) -> None:
    if isinstance(value, bool):
        return
    if key in BOOLEAN_ATTRIBUTES and value in ("true", "false"):
        return
    if key in BOOLEAN_ATTRIBUTES and isinstance(value, (int, float)):
        raise FormatError("format.structure", f"{path}: {key!r} must be true or false")
    if isinstance(value, float) and not math.isfinite(value):
        raise FormatError("format.structure", f"{path}: {key!r} is not a finite number")
    if not isinstance(value, (str, int, float)):
        raise FormatError("format.structure", f"{path}: {key!r} has an unsupported value")
    if isinstance(value, str) and UNWRITABLE.search(value):
        raise FormatError("format.bad_text", f"{path}: {key!r} holds a control character")


def validate_document(document: Any, *, limits: Limits = DEFAULT_LIMITS) -> str:
    """Check the shape of a JSON-form document; return its kind. Raise FormatError."""
    kind, body = document_root(document)
    for key in _REQUIRED_ROOT_STRINGS:
        if not isinstance(body.get(key), str) or not body[key]:
            raise FormatError("format.structure", f"{kind} needs a non-empty string {key!r}")
    # Iterative walk: a hostile document must not be able to exhaust the call stack.
    pending: list[tuple[str, Mapping[str, Any], int]] = [(kind, body, 1)]
    while pending:
        path, node, depth = pending.pop()
        if depth > limits.max_depth:
            raise FormatError("format.too_deep", f"objects nest deeper than {limits.max_depth}")
        for key, value in node.items():
            if not isinstance(key, str) or not key or UNWRITABLE.search(key):
                raise FormatError("format.structure", f"{path}: keys must be non-empty strings")
            if isinstance(value, dict):
                pending.append((f"{path}.{key}", value, depth + 1))
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if not isinstance(item, dict):
                        raise FormatError(
                            "format.structure", f"{path}.{key}[{index}] must be an object"
                        )
                    pending.append((f"{path}.{key}[{index}]", item, depth + 1))
            else:
                _check_scalar(path, key, value)
    return kind
