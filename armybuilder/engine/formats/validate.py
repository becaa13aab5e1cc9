"""Shape checks for documents in the canonical JSON form (e.g. uploaded as JSON)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from .errors import (
    BAD_KEY,
    BAD_TEXT,
    BAD_VALUE,
    DEFAULT_LIMITS,
    MISSING_FIELD,
    NOT_AN_OBJECT,
    NOT_BOOLEAN,
    NOT_FINITE,
    TOO_DEEP,
    WRONG_ROOT,
    WRONG_ROOT_SHAPE,
    FormatError,
    Limits,
)
from .schema import BOOLEAN_ATTRIBUTES, ROOT_KINDS

_REQUIRED_ROOT_STRINGS = ("id", "name")
# What an XML file cannot hold (so neither can the same document in JSON form, which must
# write back to XML), NUL among them, which the database cannot store either.
UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def document_root(document: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``(kind, body)`` of a document ``{"gameSystem" | "catalogue" | "roster": {...}}``."""
    if not isinstance(document, Mapping) or len(document) != 1:
        raise FormatError(WRONG_ROOT_SHAPE, {"expected": ", ".join(ROOT_KINDS)})
    ((kind, body),) = document.items()
    if kind not in ROOT_KINDS:
        raise FormatError(WRONG_ROOT, {"found": kind, "expected": ", ".join(ROOT_KINDS)})
    if not isinstance(body, dict):
        raise FormatError(NOT_AN_OBJECT, {"path": kind})
    return kind, body


def _check_scalar(path: str, key: str, value: Any) -> None:
    if isinstance(value, bool):
        return
    if key in BOOLEAN_ATTRIBUTES and value in ("true", "false"):
        return
    if key in BOOLEAN_ATTRIBUTES and isinstance(value, (int, float)):
        raise FormatError(NOT_BOOLEAN, {"path": path, "key": key})
    if isinstance(value, float) and not math.isfinite(value):
        raise FormatError(NOT_FINITE, {"path": path, "key": key})
    if not isinstance(value, (str, int, float)):
        raise FormatError(BAD_VALUE, {"path": path, "key": key})
    if isinstance(value, str) and UNWRITABLE.search(value):
        raise FormatError(BAD_TEXT, {"path": path, "key": key})


def validate_document(document: Any, *, limits: Limits = DEFAULT_LIMITS) -> str:
    """Check the shape of a JSON-form document; return its kind. Raise FormatError."""
    kind, body = document_root(document)
    for key in _REQUIRED_ROOT_STRINGS:
        if not isinstance(body.get(key), str) or not body[key]:
            raise FormatError(MISSING_FIELD, {"kind": kind, "key": key})
    # Iterative walk: a hostile document must not be able to exhaust the call stack.
    pending: list[tuple[str, Mapping[str, Any], int]] = [(kind, body, 1)]
    while pending:
        path, node, depth = pending.pop()
        if depth > limits.max_depth:
            raise FormatError(TOO_DEEP, {"limit": limits.max_depth})
        for key, value in node.items():
            if not isinstance(key, str) or not key or UNWRITABLE.search(key):
                raise FormatError(BAD_KEY, {"path": path})
            if isinstance(value, dict):
                pending.append((f"{path}.{key}", value, depth + 1))
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if not isinstance(item, dict):
                        raise FormatError(NOT_AN_OBJECT, {"path": f"{path}.{key}[{index}]"})
                    pending.append((f"{path}.{key}[{index}]", item, depth + 1))
            else:
                _check_scalar(path, key, value)
    return kind
