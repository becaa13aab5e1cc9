"""Refusals of an edit, a list spec or a closure: a stable code, its params, English words.

API clients match on ``code``; the pages and the API word ``code`` and ``params`` in the
reader's language (``armybuilder.messages.REFUSALS``), ``message`` is the engine's English.
Each module registers its codes' English templates here on import, so that a test can find
every code lacking a message in another language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TEMPLATES: dict[str, str] = {}


def refusal(code: str, template: str) -> str:
    """Register ``code`` with its English ``template`` (naming the params); returns the code."""
    TEMPLATES[code] = template
    return code


class Refused(ValueError):
    """An engine refusal with a registered code; ``params`` are JSON data."""

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        self.message = TEMPLATES[code].format_map(self.params)
        super().__init__(self.message)
