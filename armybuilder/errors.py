"""The one error type of the application layer: a refused request, as data.

A service refuses with a stable ``code``, the ``params`` a client needs to say why in its own
language (numbers, ids, names, limits), a ``detail`` already in the reader's language for the
pages, and the HTTP ``status`` an API answers with. Pages show ``detail`` (with the code in a
``data-code`` attribute); the API answers ``{"code", "detail", "params"}``
(``armybuilder.api_errors``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class ApplicationError(Exception):
    status = 400

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        params: Mapping[str, Any] | None = None,
        status: int | None = None,
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.params = dict(params or {})
        if status is not None:
            self.status = status

    @property
    def retry_after(self) -> int | None:
        """Seconds until a rate refusal (429) lets the same request through."""
        value = self.params.get("retry_after")
        return int(value) if value is not None else None
