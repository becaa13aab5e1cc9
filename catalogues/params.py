"""Whole numbers and flags read from a request's path or query string.

One parsing path for every page and API endpoint: only ASCII digits are digits (``str.isdigit``
and ``int`` also accept ``²`` or Arabic-Indic digits), and a number must fit the database's
64-bit integer columns, so that no input reaches a query it would crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

# The largest value a 64-bit signed integer column holds (ids, revision numbers).
MAX_ID = 2**63 - 1
TRUE_WORDS = frozenset({"true", "1"})
FALSE_WORDS = frozenset({"false", "0"})


class BadParameter(ValueError):
    """A parameter that is not what its name promises; ``message`` says what was expected."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message


def parse_int(
    value: str | None,
    *,
    name: str,
    minimum: int = 0,
    maximum: int = MAX_ID,
    empty_is_absent: bool = True,
) -> int | None:
    """``value`` as a whole number in ``[minimum, maximum]``; None when absent, or empty (as
    a page's form sends a field left blank) unless ``empty_is_absent`` is false."""
    if value is None or (value == "" and empty_is_absent):
        return None
    digits = value.isascii() and value.isdigit()
    # A digit count bounds int()'s work before the range check.
    if not digits or len(value) > len(str(maximum)) or not minimum <= int(value) <= maximum:
        raise BadParameter(
            name,
            _("Expected a whole number from %(minimum)s to %(maximum)s.")
            % {"minimum": minimum, "maximum": maximum},
        )
    return int(value)


def parse_id(value: str | None, *, name: str) -> int | None:
    """A stored row's id (1 or more)."""
    return parse_int(value, name=name, minimum=1)


def parse_bool(value: str | None, *, name: str, empty_is_absent: bool = True) -> bool | None:
    """``true``/``1`` or ``false``/``0`` (any case); None when absent, or empty (a form's
    "any") unless ``empty_is_absent`` is off."""
    if value is None or (value == "" and empty_is_absent):
        return None
    word = value.lower()
    if word not in TRUE_WORDS | FALSE_WORDS:
        raise BadParameter(name, _("Expected true or false."))
    return word in TRUE_WORDS


# Room for a multipart body's framing and its other fields around the files themselves.
MULTIPART_OVERHEAD_BYTES = 64 * 1024


def declared_body_within(meta: Mapping[str, Any], limit: int) -> bool:
    """Whether a request's ``Content-Length`` is at most ``limit`` bytes, checked before the
    body is read or spooled to disk. Without one Django reads no body, so it is within."""
    try:
        length = parse_int(meta.get("CONTENT_LENGTH"), name="Content-Length")
    except BadParameter:
        return False
    return length is None or length <= limit


class IdConverter:
    """The ``<id:...>`` path converter: a row id that fits its column, else no match (404)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValueError(value)
        return number

    def to_url(self, value: int) -> str:
        return str(value)
