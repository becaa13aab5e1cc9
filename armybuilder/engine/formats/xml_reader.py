"""BattleScribe XML -> canonical JSON form, built directly from expat events.

Security: the document may not have a DTD at all. Expat reports the DOCTYPE before it reads
any declaration, and we stop there, so there is no entity expansion (billion laughs), no
external entity and no DTD fetching. Size and nesting depth are bounded.

Mapping (docs/architecture.md): attributes become keys, typed per ``schema``; a container
element becomes a list of its items (an item whose tag is not the container's usual item
tag carries ``"$tag"``); text-only elements become strings; a characteristic's text becomes
``"$text"``. An unknown element becomes a list when it has no attributes and no text (a
container), else an object under its tag, so it writes back to the same XML.
"""

from __future__ import annotations

import re
from typing import Any, NoReturn
from xml.parsers import expat

from .errors import DEFAULT_LIMITS, FormatError, Limits
from .schema import (
    BOOLEAN_ATTRIBUTES,
    CONTAINERS,
    NAMESPACE_PREFIX,
    NUMERIC_ATTRIBUTES,
    ROOT_KINDS,
    TEXT_FIELDS,
    TEXT_VALUE_ELEMENTS,
)

_INTEGER = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+\.[0-9]*|\.[0-9]+)")
_BOOLEANS = {"true": True, "false": False}

# Frame kinds
_OBJECT = 0
_CONTAINER = 1
_TEXT = 2
_UNDECIDED = 3  # unknown element without attributes: a container unless it holds text


def to_number(text: str) -> int | float | str:
    """An int when the text has no fraction, a float when it has, else the text unchanged."""
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return text


def _typed(tag: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """Type known attributes in place (expat hands each call a fresh dict)."""
    for key in BOOLEAN_ATTRIBUTES.intersection(attrs):
        value = _BOOLEANS.get(attrs[key])
        if value is not None:
            attrs[key] = value
    numeric = NUMERIC_ATTRIBUTES.get(tag)
    if numeric:
        for key in numeric.intersection(attrs):
            attrs[key] = to_number(attrs[key])
    return attrs


def _structure_error(message: str) -> NoReturn:
    raise FormatError("format.structure", message)


def _put(parent: dict[str, Any], key: str, value: Any, parent_tag: str) -> None:
    if key in parent:
        _structure_error(f"<{parent_tag}> has more than one <{key}> (or a clashing attribute)")
    parent[key] = value


class _Frame:
    __slots__ = ("item_tag", "kind", "node", "parent", "tag", "text")

    def __init__(self, kind: int, tag: str, node: Any, item_tag: str | None, parent: Any) -> None:
        self.kind = kind
        self.tag = tag
        self.node = node
        self.item_tag = item_tag
        self.parent = parent  # the parent's node (needed to replace an undecided element)
        self.text: list[str] = []


class _Builder:
    """Expat handlers building the document as it is read."""

    def __init__(self, limits: Limits) -> None:
        self.max_depth = limits.max_depth
        self.stack: list[_Frame] = []
        self.root: dict[str, Any] | None = None
        self.root_tag = ""
        parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.buffer_size = 1 << 16
        parser.StartDoctypeDeclHandler = _refuse_dtd
        parser.EntityDeclHandler = _refuse_dtd
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.data
        self.parser = parser
        self._push = self.stack.append

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        stack = self.stack
        if not stack:
            self._start_root(tag, attrs)
            return
        if len(stack) >= self.max_depth:
            raise FormatError("format.too_deep", f"elements nest deeper than {self.max_depth}")
        parent = stack[-1]
        kind = parent.kind
        if kind in (_CONTAINER, _UNDECIDED):
            node = _typed(tag, attrs)
            if tag != parent.item_tag:
                node = {"$tag": tag, **node}
            parent.node.append(node)
            self._push(_Frame(_OBJECT, tag, node, None, parent.node))
        elif kind == _OBJECT:
            self._start_in_object(parent, tag, attrs)
        else:
            _structure_error(f"<{parent.tag}> holds text only, but contains <{tag}>")

    def _start_root(self, tag: str, attrs: dict[str, str]) -> None:
        if tag not in ROOT_KINDS:
            raise FormatError(
                "format.wrong_root",
                f"the root element is <{tag}>, not one of " + ", ".join(ROOT_KINDS),
            )
        namespace = attrs.pop("xmlns", None)
        if namespace is not None and not namespace.startswith(NAMESPACE_PREFIX):
            raise FormatError(
                "format.wrong_root", f"<{tag}> is in namespace {namespace!r}, not BattleScribe's"
            )
        self.root = _typed(tag, attrs)
        self.root_tag = tag
        self._push(_Frame(_OBJECT, tag, self.root, None, None))

    def _start_in_object(self, parent: _Frame, tag: str, attrs: dict[str, str]) -> None:
        if not attrs:
            if tag in TEXT_FIELDS:
                self._push(_Frame(_TEXT, tag, None, None, parent.node))
                return
            item_tag = CONTAINERS.get(tag)
            items: list[Any] = []
            _put(parent.node, tag, items, parent.tag)
            kind = _CONTAINER if item_tag is not None else _UNDECIDED
            self._push(_Frame(kind, tag, items, item_tag, parent.node))
            return
        node = _typed(tag, attrs)
        _put(parent.node, tag, node, parent.tag)
        self._push(_Frame(_OBJECT, tag, node, None, parent.node))

    def end(self, tag: str) -> None:
        stack = self.stack
        frame = stack.pop()
        text = "".join(frame.text) if frame.text else ""
        kind = frame.kind
        if kind == _OBJECT:
            if tag in TEXT_VALUE_ELEMENTS or text.strip():
                frame.node["$text"] = text
        elif kind == _TEXT:
            _put(frame.parent, tag, text, stack[-1].tag)
        elif text.strip():
            if kind == _UNDECIDED and not frame.node:
                frame.parent[tag] = {"$text": text}
            else:
                _structure_error(f"<{tag}> mixes text with elements")

    def data(self, text: str) -> None:
        self.stack[-1].text.append(text)


def _refuse_dtd(*_args: object) -> NoReturn:
    raise FormatError("format.dtd", "the document has a DTD (DOCTYPE), which is not allowed")


def parse_xml(data: bytes, *, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Parse BattleScribe XML into ``{"<rootTag>": {...}}``; raise FormatError otherwise."""
    if len(data) > limits.max_document_bytes:
        raise FormatError(
            "format.too_large",
            f"the document is {len(data)} bytes, over the limit of {limits.max_document_bytes}",
        )
    builder = _Builder(limits)
    try:
        builder.parser.Parse(data, True)
    except expat.ExpatError as error:
        raise FormatError(
            "format.malformed",
            f"not well-formed XML: {expat.ErrorString(error.code)} "
            f"at line {error.lineno}, column {error.offset}",
        ) from None
    if builder.root is None:  # pragma: no cover - expat rejects a document without a root
        raise FormatError("format.malformed", "the document has no root element")
    return {builder.root_tag: builder.root}
