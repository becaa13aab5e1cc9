"""One entry point for every form a BattleScribe document arrives in."""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import Any, NoReturn

from .archive import unzip_document
from .errors import (
    DEFAULT_LIMITS,
    JSON,
    JSON_CONSTANT,
    JSON_ENCODING,
    JSON_TOO_DEEP,
    UNSUPPORTED,
    WRONG_ROOT,
    FormatError,
    Limits,
    refuse_over,
)
from .schema import (
    BUNDLE_EXTENSIONS,
    EXTENSION_KINDS,
    JSON_EXTENSIONS,
    XML_EXTENSIONS,
    ZIP_EXTENSIONS,
)
from .validate import validate_document
from .xml_reader import parse_xml


def _reject_constant(name: str) -> NoReturn:
    raise FormatError(JSON_CONSTANT, {"name": name})


def parse_json(data: bytes, *, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Parse and shape-check a document in the JSON form."""
    refuse_over(len(data), limits.max_document_bytes)
    try:
        document = json.loads(data, parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise FormatError(JSON_ENCODING) from None
    except json.JSONDecodeError as error:
        raise FormatError(JSON, {"line": error.lineno, "column": error.colno}) from None
    except RecursionError:
        raise FormatError(JSON_TOO_DEEP) from None
    validate_document(document, limits=limits)
    result: dict[str, Any] = document
    return result


def suffix(filename: str) -> str:
    """The lower-cased extension of a file name (``"Orks.catz"`` -> ``".catz"``)."""
    return PurePosixPath(filename.replace("\\", "/")).suffix.lower()


def xml_bytes(data: bytes, filename: str, *, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """The XML text of an XML or zipped XML file (for tools that need the raw XML)."""
    ext = suffix(filename)
    if ext in ZIP_EXTENSIONS:
        return unzip_document(data, limits=limits)[1]
    if ext in XML_EXTENSIONS:
        return data
    raise FormatError(
        UNSUPPORTED,
        {"name": filename, "expected": ", ".join(sorted(XML_EXTENSIONS | ZIP_EXTENSIONS))},
    )


def read_document(data: bytes, filename: str, *, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Read a ``.gst/.cat/.ros`` (XML), ``.gstz/.catz/.rosz`` (zip) or ``.json`` file.

    Returns the canonical JSON form ``{"gameSystem" | "catalogue" | "roster": {...}}``;
    raises FormatError (with a stable ``code``) for anything malformed, hostile or too large.
    """
    refuse_over(len(data), limits.max_input_bytes)
    ext = suffix(filename)
    if ext in JSON_EXTENSIONS:
        document = parse_json(data, limits=limits)
    elif ext in XML_EXTENSIONS or ext in ZIP_EXTENSIONS:
        document = parse_xml(xml_bytes(data, filename, limits=limits), limits=limits)
    else:
        raise FormatError(
            UNSUPPORTED, {"name": filename, "expected": ", ".join(sorted(BUNDLE_EXTENSIONS))}
        )
    expected = EXTENSION_KINDS.get(ext)
    (kind,) = document
    if expected is not None and kind != expected:
        raise FormatError(WRONG_ROOT, {"found": kind, "expected": expected})
    return document
