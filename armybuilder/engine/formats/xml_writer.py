"""Canonical JSON form -> BattleScribe XML (the inverse of ``xml_reader``).

Scalars become attributes (strings under a text-field name become text elements), lists
become containers, objects become single elements, ``"$text"`` becomes the element's text.
The layout is New Recruit's: two-space indent, attributes in document order with the
namespace last, empty elements as ``<tag ... />``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from .errors import (
    INVALID_NAME,
    INVALID_NUMBER,
    INVALID_TEXT,
    INVALID_VALUE,
    NO_TAG,
    NOT_AN_OBJECT,
    FormatError,
)
from .schema import CONTAINERS, NAMESPACES, TEXT_FIELDS, TEXT_VALUE_ELEMENTS
from .validate import document_root

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-:]*")
# Characters XML 1.0 cannot carry at all, even escaped.
_INVALID_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ATTRIBUTE_ESCAPES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\n": "&#10;",
        "\r": "&#13;",
        "\t": "&#9;",
    }
)
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_INDENT = "  "


def _check_text(text: str) -> str:
    if _INVALID_CHARS.search(text):
        raise FormatError(INVALID_TEXT)
    return text


def _check_name(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise FormatError(INVALID_NAME, {"name": name})
    return name


def format_scalar(value: Any) -> str:
    """The XML attribute text of a JSON scalar."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise FormatError(INVALID_NUMBER, {"value": str(value)})
        text = repr(value)
        # xs:decimal has no exponent form
        return format(Decimal(text), "f") if "e" in text else text
    if isinstance(value, str):
        return _check_text(value)
    raise FormatError(INVALID_VALUE, {"type": type(value).__name__})


def _write_element(
    out: list[str], tag: str, node: Mapping[str, Any], depth: int, extra: str
) -> None:
    indent = _INDENT * depth
    attributes: list[str] = []
    children: list[tuple[str, Any]] = []
    text = node.get("$text")
    if text is None and tag in TEXT_VALUE_ELEMENTS and "value" in node:
        # the conformance protocol's spelling of a characteristic's text
        text = node["value"]
        node = {key: value for key, value in node.items() if key != "value"}
    for key, value in node.items():
        if key == "$tag" or key == "$text":
            continue
        if isinstance(value, (list, dict)) or (key in TEXT_FIELDS and isinstance(value, str)):
            children.append((key, value))
        else:
            attributes.append(
                f' {_check_name(key)}="{format_scalar(value).translate(_ATTRIBUTE_ESCAPES)}"'
            )
    out.append(f"{indent}<{_check_name(tag)}{''.join(attributes)}{extra}")
    body = _check_text(format_scalar(text)).translate(_TEXT_ESCAPES) if text is not None else ""
    if not children:
        out.append(f">{body}</{tag}>\n" if body else " />\n")
        return
    out.append(f">{body}\n")
    for key, value in children:
        _write_child(out, key, value, depth + 1)
    out.append(f"{indent}</{tag}>\n")


def _write_child(out: list[str], key: str, value: Any, depth: int) -> None:
    if isinstance(value, str):
        text = _check_text(value).translate(_TEXT_ESCAPES)
        out.append(f"{_INDENT * depth}<{_check_name(key)}>{text}</{key}>\n")
    elif isinstance(value, dict):
        _write_element(out, key, value, depth, "")
    elif not value:
        out.append(f"{_INDENT * depth}<{_check_name(key)} />\n")
    else:
        item_tag = CONTAINERS.get(key)
        out.append(f"{_INDENT * depth}<{_check_name(key)}>\n")
        for index, item in enumerate(value):
            if not isinstance(item, dict):
                raise FormatError(NOT_AN_OBJECT, {"path": f"{key}[{index}]"})
            tag = item.get("$tag", item_tag)
            if not isinstance(tag, str):
                raise FormatError(NO_TAG, {"key": key})
            _write_element(out, tag, item, depth + 1, "")
        out.append(f"{_INDENT * depth}</{key}>\n")


def write_xml(document: Mapping[str, Any]) -> bytes:
    """Serialise ``{"<rootTag>": {...}}`` as BattleScribe XML (UTF-8)."""
    kind, body = document_root(document)
    body = {key: value for key, value in body.items() if key != "xmlns"}
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n']
    _write_element(out, kind, body, 0, f' xmlns="{NAMESPACES[kind]}"')
    return "".join(out).encode("utf-8")
