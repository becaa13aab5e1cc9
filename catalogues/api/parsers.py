"""The API's JSON parser: DRF's, refusing bodies nested deeper than any API body needs."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

# A List spec nests forces and selections a dozen levels (two JSON levels each); nothing the
# API reads needs more, and a deeper body is refused before any code walks it.
MAX_JSON_DEPTH = 64


def json_depth(data: Any) -> int:
    """How deep lists and objects nest in parsed JSON (a scalar is 0), without recursion."""
    deepest = 0
    pending: list[tuple[int, Any]] = [(0, data)]
    while pending:
        depth, node = pending.pop()
        deepest = max(deepest, depth)
        if isinstance(node, dict):
            pending.extend((depth + 1, child) for child in node.values())
        elif isinstance(node, list):
            pending.extend((depth + 1, child) for child in node)
    return deepest


def check_json_depth(data: Any) -> Any:
    """``data`` itself, or ``ValueError`` when it nests deeper than ``MAX_JSON_DEPTH``."""
    if json_depth(data) > MAX_JSON_DEPTH:
        raise ValueError(_too_deep())
    return data


def _too_deep() -> str:
    return _("JSON may nest at most %(depth)s levels.") % {"depth": MAX_JSON_DEPTH}


def bounded_json_loads(text: str | bytes) -> Any:
    """``json.loads`` with the depth limit; ``ValueError`` for anything not acceptable JSON."""
    try:
        data = json.loads(text)
    except RecursionError as error:
        raise ValueError(_too_deep()) from error
    return check_json_depth(data)


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser (``DEFAULT_PARSER_CLASSES``), refusing bodies nested too deep.

    The C decoder stops at Python's recursion limit with ``RecursionError`` (a 500 if left
    alone); a body just under it would still make every recursive walker after it crash.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(_too_deep()) from error
        try:
            return check_json_depth(data)
        except ValueError as error:
            raise ParseError(str(error)) from error
