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

import functools
import re
from typing import Any, NoReturn
from xml.parsers import expat

from .errors import (
    DEFAULT_LIMITS,
    DTD,
    DUPLICATE_ELEMENT,
    MALFORMED,
    MIXED_CONTENT,
    TEXT_ONLY,
    TOO_DEEP,
    WRONG_NAMESPACE,
    WRONG_ROOT,
    FormatError,
    Limits,
    refuse_over,
)
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


@functools.lru_cache(maxsize=4096)
def to_number(text: str) -> int | float | str:
    """An int when the text has no fraction, a float when it has, else the text unchanged.

    Cached: a catalogue repeats a few values ("0.0", "1", "-1") thousands of times.
    """
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return text


# Per element tag, every attribute name it types (booleans and its numbers), so that typing
# an element costs one set intersection.
_TYPED: dict[str, frozenset[str]] = {
    tag: BOOLEAN_ATTRIBUTES | numbers for tag, numbers in NUMERIC_ATTRIBUTES.items()
}


def _duplicate(parent_tag: str, key: str) -> NoReturn:
    raise FormatError(DUPLICATE_ELEMENT, {"parent": parent_tag, "tag": key})


def _check_root(tag: str, attrs: dict[str, Any]) -> None:
    if tag not in ROOT_KINDS:
        raise FormatError(WRONG_ROOT, {"found": tag, "expected": ", ".join(ROOT_KINDS)})
    namespace = attrs.pop("xmlns", None)
    if namespace is not None and not namespace.startswith(NAMESPACE_PREFIX):
        raise FormatError(WRONG_NAMESPACE, {"tag": tag, "namespace": namespace})


def _refuse_dtd(*_args: object) -> NoReturn:
    raise FormatError(DTD)


# A frame per open element: (kind, tag, node, item tag of a container, parent node, index
# in the shared text list where the element's own text chunks start)
_Frame = tuple[int, str, Any, "str | None", Any, int]


def _parser(limits: Limits, root: dict[str, Any]) -> expat.XMLParserType:
    """An expat parser whose handlers build the document into ``root``.

    This is the hot loop of every import (one call per element event). The handlers are
    closures over local names, not methods (local lookups are a fifth faster), and character
    data goes straight into one list through its C ``append`` (no Python call per chunk):
    an element takes the chunks added since it started, so its children's are gone by then.
    """
    stack: list[_Frame] = []
    push = stack.append
    pop = stack.pop
    texts: list[str] = []
    max_depth = limits.max_depth
    containers = CONTAINERS.get
    typed = _TYPED.get
    booleans = BOOLEAN_ATTRIBUTES
    boolean = _BOOLEANS.get

    def start(tag: str, attrs: dict[str, Any]) -> None:
        if attrs:
            # type known attributes in place (expat hands each call a fresh dict)
            for key in typed(tag, booleans).intersection(attrs):
                value = attrs[key]
                attrs[key] = boolean(value, value) if key in booleans else to_number(value)
        if not stack:
            _check_root(tag, attrs)
            root[tag] = attrs
            push((_OBJECT, tag, attrs, None, None, len(texts)))
            return
        if len(stack) >= max_depth:
            raise FormatError(TOO_DEEP, {"limit": max_depth})
        kind, parent_tag, parent, item_tag, _, _ = stack[-1]
        if kind == _OBJECT:
            if attrs:
                if tag in parent:
                    _duplicate(parent_tag, tag)
                parent[tag] = attrs
                push((_OBJECT, tag, attrs, None, parent, len(texts)))
            elif tag in TEXT_FIELDS:
                push((_TEXT, tag, None, None, parent, len(texts)))
            else:
                if tag in parent:
                    _duplicate(parent_tag, tag)
                items: list[Any] = []
                parent[tag] = items
                item_tag = containers(tag)
                kind = _UNDECIDED if item_tag is None else _CONTAINER
                push((kind, tag, items, item_tag, parent, len(texts)))
        elif kind == _TEXT:
            raise FormatError(TEXT_ONLY, {"parent": parent_tag, "tag": tag})
        else:
            if tag != item_tag:
                attrs = {"$tag": tag, **attrs}
            parent.append(attrs)
            push((_OBJECT, tag, attrs, None, parent, len(texts)))

    def end(tag: str) -> None:
        kind, _, node, _, parent, first = pop()
        if len(texts) > first:
            text = "".join(texts[first:])
            del texts[first:]
        else:
            text = ""
        if kind == _OBJECT:
            if tag in TEXT_VALUE_ELEMENTS or text.strip():
                node["$text"] = text
        elif kind == _TEXT:
            if tag in parent:
                _duplicate(stack[-1][1], tag)
            parent[tag] = text
        elif text.strip():
            if kind == _UNDECIDED and not node:
                parent[tag] = {"$text": text}
            else:
                raise FormatError(MIXED_CONTENT, {"tag": tag})

    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.buffer_size = 1 << 16
    parser.StartDoctypeDeclHandler = _refuse_dtd
    parser.EntityDeclHandler = _refuse_dtd
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = texts.append
    return parser


def parse_xml(data: bytes, *, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Parse BattleScribe XML into ``{"<rootTag>": {...}}``; raise FormatError otherwise."""
    refuse_over(len(data), limits.max_document_bytes)
    root: dict[str, Any] = {}
    try:
        _parser(limits, root).Parse(data, True)
    except expat.ExpatError as error:
        # expat counts columns from 0, people (and the JSON reader) from 1
        raise FormatError(MALFORMED, {"line": error.lineno, "column": error.offset + 1}) from None
    return root
