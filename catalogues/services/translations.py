"""A pack's translations: element id -> name, one table per language, stored per revision.

The format (``docs/packs.md``): beside a pack's documents, ``locale/<language>.json`` holds one
JSON object mapping the id of every element a player reads (game system, catalogues, forces,
categories, entries, groups, list options and their values, cost types, rules, profiles and
profile types) to its name in that language. A pack ships one file per language it speaks,
its canonical language included, so each language reads its own words. Each revision of the
pack keeps the names of the elements its document holds.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from armybuilder.engine.caps import MAX_NAME_LENGTH
from catalogues.models import NameTranslation, Revision

LOCALE_FOLDER = "locale"
LANGUAGE_PATTERN = re.compile(r"^[a-z]{2,3}$")
MAX_NAMES = 100_000

Tables = dict[str, dict[str, str]]


class TranslationError(ValueError):
    """A translation file that cannot be used (nothing is stored)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_table(language: str, data: bytes) -> dict[str, str]:
    """One language's table from its file's bytes, checked: ids and names are one-line text."""
    if not LANGUAGE_PATTERN.match(language):
        raise TranslationError(
            "translation.bad_language",
            _("%(language)s is not a language code (two or three lowercase letters)")
            % {"language": language},
        )
    try:
        table: Any = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise TranslationError(
            "translation.malformed",
            _("the %(language)s translations are not JSON: %(error)s")
            % {"language": language, "error": error},
        ) from None
    if not isinstance(table, dict) or len(table) > MAX_NAMES:
        raise TranslationError(
            "translation.malformed",
            _("the %(language)s translations must be one object of at most %(count)s names")
            % {"language": language, "count": MAX_NAMES},
        )
    for element_id, name in table.items():
        if not isinstance(name, str) or not _one_line(name) or not _one_line(element_id):
            raise TranslationError(
                "translation.bad_name",
                _(
                    "the %(language)s name of %(id)s must be one line of text up to %(max)s "
                    "characters"
                )
                % {"language": language, "id": element_id[:100], "max": MAX_NAME_LENGTH},
            )
    return table


def read_locale_folder(folder: Path) -> Tables:
    """The tables of a pack folder's ``locale/<language>.json`` files (none: empty)."""
    locale = folder / LOCALE_FOLDER
    if not locale.is_dir():
        return {}
    return {
        path.stem: parse_table(path.stem, path.read_bytes())
        for path in sorted(locale.glob("*.json"))
    }


def store_pack_translations(*, folder: Path, revision_pks: Sequence[int]) -> int:
    """Store a pack folder's translations for its imported revisions (see the module doc)."""
    tables = read_locale_folder(folder)
    if not tables:
        return 0
    return store_translations(
        revisions=list(Revision.objects.filter(pk__in=revision_pks)), tables=tables
    )


def store_translations(
    *, revisions: Sequence[Revision], tables: Mapping[str, Mapping[str, str]]
) -> int:
    """Keep, for each revision, the names of the elements its document holds, in every
    language of ``tables`` (replacing what it kept in that language). A name the document
    already gives is left out: a reader of the pack's own language then gets an empty table,
    and pages have nothing to rename. Returns the number of tables written."""
    written = 0
    with transaction.atomic():
        for revision in revisions:
            ids = set(element_ids(revision.document))
            own = visible_names(revision.document)
            for language, table in tables.items():
                names = {i: table[i] for i in sorted(ids & table.keys()) if table[i] != own.get(i)}
                digest = hashlib.sha256(
                    json.dumps(names, sort_keys=True, ensure_ascii=False).encode()
                ).hexdigest()
                NameTranslation.objects.update_or_create(
                    revision=revision,
                    language=language,
                    defaults={"names": names, "digest": digest},
                )
                written += 1
    return written


def element_ids(document: Any) -> Iterator[str]:
    """The id of every element of a document that has one."""
    stack = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            element_id = node.get("id")
            if isinstance(element_id, str):
                yield element_id
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, (dict, list)))


def _one_line(text: str) -> bool:
    return 0 < len(text) <= MAX_NAME_LENGTH and "\n" not in text and "\r" not in text


# The elements whose names a player reads, by the container (or root key) that holds them.
# Links are not among them: a link shows its target's name.
VISIBLE_CONTAINERS = frozenset(
    {
        "gameSystem",
        "catalogue",
        "forceEntries",
        "categoryEntries",
        "selectionEntries",
        "selectionEntryGroups",
        "sharedSelectionEntries",
        "sharedSelectionEntryGroups",
        "listOptions",
        "values",
        "costTypes",
        "rules",
        "sharedRules",
        "profiles",
        "sharedProfiles",
        "profileTypes",
        "characteristicTypes",
    }
)


def visible_names(document: Any) -> dict[str, str]:
    """Element id -> its own name, for every element of a document whose name a player
    reads (what a pack's translations must cover)."""
    found: dict[str, str] = {}
    stack: list[tuple[str, Any]] = [(key, value) for key, value in document.items()]
    while stack:
        container, node = stack.pop()
        if isinstance(node, list):
            stack.extend((container, item) for item in node)
        elif isinstance(node, dict):
            if container in VISIBLE_CONTAINERS and isinstance(node.get("id"), str):
                name = node.get("name")
                if isinstance(name, str) and name:
                    found[node["id"]] = name
            stack.extend((key, value) for key, value in node.items())
    return found
