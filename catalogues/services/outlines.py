"""A catalogue's outline (``armybuilder.engine.outline``) for the API, kept per closure and
language: its revisions never change, so an outline built once serves every request, and its
ETag (the revisions' content hashes, the reader's language and the digests of the names it
shows in it) tells an app when its copy is still good."""

from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from armybuilder.engine.outline import catalogue_outline
from catalogues.closures import ClosureRevisions, compiled_closure, resolve_closure
from catalogues.models import Catalogue, Revision
from catalogues.names import closure_names, names_digest, reader_language

# Raised when the outline's shape changes, so apps fetch it again.
OUTLINE_FORMAT = "1"


def outline_closure(*, revision: Revision) -> ClosureRevisions:
    catalogue = revision.catalogue
    assert catalogue is not None
    return resolve_closure(game_system=catalogue.game_system, catalogue_revisions=[revision])


def outline_etag(closure: ClosureRevisions, catalogue: Catalogue) -> str:
    """Changes with the data, the reader's language and the names shown in it."""
    content = "\n".join(
        (
            OUTLINE_FORMAT,
            catalogue.bs_id,
            *closure.key.digests,
            reader_language(),
            names_digest(closure.key.pks),
        )
    )
    return f'"{hashlib.sha256(content.encode()).hexdigest()[:32]}"'


def outline(closure: ClosureRevisions, catalogue: Catalogue) -> dict[str, Any]:
    """The outline with the revisions it was built from. Raises ``CapExceeded``."""
    revisions = (closure.game_system_revision, *closure.catalogue_revisions)
    return {
        "revisions": [
            {"id": r.pk, "bs_id": r.owner.bs_id, "name": r.name, "number": r.number}
            for r in revisions
        ],
        **_outline(
            _OutlineKey(closure.key, catalogue.bs_id, names_digest(closure.key.pks), closure)
        ),
    }


@dataclass(frozen=True)
class _OutlineKey:
    """Kept by content, as compiled closures are (``catalogues.closures``)."""

    content: Hashable
    catalogue_id: str
    names: str  # the digests of the name tables shown (none: the data's own names)
    closure: ClosureRevisions = field(compare=False)


@lru_cache(maxsize=16)
def _outline(key: _OutlineKey) -> dict[str, Any]:
    names = closure_names(key.closure) if key.names else {}
    return catalogue_outline(compiled_closure(key.closure), key.catalogue_id, names=names)
