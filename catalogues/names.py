"""Game data's names in the reader's language: one name table per set of revisions.

A pack's translations are stored beside its revisions (``NameTranslation``: element id ->
name, per language). A page or an API answer reads the table for the revisions it shows and
the request's language (Django's ``get_language()``) and passes it to the engine's
``localize`` functions, or looks names up in it. The table is one dict, built once per set of
translations and kept in process, keyed by the translations' digests: finding the table costs
one small query (the digests), never a query per name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from django.conf import settings
from django.utils.translation import get_language

from catalogues.closures import ClosureRevisions
from catalogues.models import NameTranslation

Names = Mapping[str, str]

EMPTY: Names = MappingProxyType({})


def reader_language(language: str | None = None) -> str:
    """The base language code (``it`` for ``it-ch``) of ``language``, else of the request."""
    code = language or get_language() or settings.LANGUAGE_CODE
    return code.split("-", 1)[0].lower()


def names_for(revision_pks: Iterable[int], language: str | None = None) -> Names:
    """The name table of these revisions in ``language`` (default: the reader's); empty when
    none of them has translations in it (their own names are then shown)."""
    rows = tuple(
        NameTranslation.objects.filter(
            revision_id__in=list(revision_pks), language=reader_language(language)
        )
        .order_by("revision_id")
        .values_list("pk", "digest")
    )
    if not rows:
        return EMPTY
    return _table(_TableKey(tuple(digest for _pk, digest in rows), tuple(pk for pk, _ in rows)))


def closure_names(closure: ClosureRevisions, language: str | None = None) -> Names:
    """The name table of a closure's revisions (what a list or an outline shows)."""
    return names_for(closure.key.pks, language)


def names_digest(revision_pks: Iterable[int], language: str | None = None) -> str:
    """What the table of these revisions in ``language`` is made of (for ETags): empty when
    there is none."""
    digests = NameTranslation.objects.filter(
        revision_id__in=list(revision_pks), language=reader_language(language)
    ).values_list("digest", flat=True)
    return ",".join(sorted(digests))


def cache_clear() -> None:
    _table.cache_clear()
    _owner_table.cache_clear()


@dataclass(frozen=True)
class _TableKey:
    digests: tuple[str, ...]
    # Where to read the names on a miss; not part of the key's identity.
    pks: tuple[int, ...] = field(compare=False)


@lru_cache(maxsize=64)
def _table(key: _TableKey) -> Names:
    merged: dict[str, str] = {}
    tables = NameTranslation.objects.filter(pk__in=key.pks).order_by("revision_id")
    for table in tables.values_list("names", flat=True):
        merged.update(table)
    return MappingProxyType(merged)


def owner_names(language: str | None = None) -> Names:
    """Game systems' and catalogues' names (by their BattleScribe id) in ``language``, for
    pages that list them (the home page, my lists, breadcrumbs): each owner's name as the
    translations of its revisions give it."""
    rows = tuple(
        NameTranslation.objects.filter(language=reader_language(language))
        .order_by("revision_id")
        .values_list("pk", "digest")
    )
    if not rows:
        return EMPTY
    return _owner_table(_TableKey(tuple(d for _pk, d in rows), tuple(pk for pk, _d in rows)))


@lru_cache(maxsize=8)
def _owner_table(key: _TableKey) -> Names:
    found: dict[str, str] = {}
    rows = NameTranslation.objects.filter(pk__in=key.pks).order_by("revision__number")
    for names, game_system_id, catalogue_id in rows.values_list(
        "names", "revision__game_system__bs_id", "revision__catalogue__bs_id"
    ):
        owner_id = catalogue_id or game_system_id
        if owner_id in names:
            found[owner_id] = names[owner_id]
    return MappingProxyType(found)
