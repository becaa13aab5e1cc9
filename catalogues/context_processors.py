"""What every page may show: game systems' and catalogues' names in the reader's language."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from catalogues.names import owner_names


def game_data_names(request: HttpRequest) -> dict[str, Any]:
    # read only by a page that names a game system or catalogue (``|named:owner_names``)
    return {"owner_names": SimpleLazyObject(owner_names)}
