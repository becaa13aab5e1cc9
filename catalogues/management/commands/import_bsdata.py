"""``manage.py import_bsdata PATH...``: import game systems and catalogues from disk.

PATH may be a file (.gst/.cat, zipped .gstz/.catz, .json, or a .zip bundle of many) or a
folder (read recursively). Everything is imported in one transaction, through the same
service as uploads. A folder's ``locale/<language>.json`` files (a pack's translations,
``docs/packs.md``) are stored beside the revisions imported from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from armybuilder.engine.formats import suffix
from catalogues.management.importing import ProgressBar, describe_error, describe_result
from catalogues.services.imports import IMPORT_SUFFIXES, CatalogueImportError, import_files
from catalogues.services.translations import (
    LOCALE_FOLDER,
    TranslationError,
    store_pack_translations,
)


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += sorted(
                p
                for p in path.rglob("*")
                if p.is_file()
                and suffix(p.name) in IMPORT_SUFFIXES
                and LOCALE_FOLDER not in p.relative_to(path).parts
            )
        elif path.is_file():
            files.append(path)
        else:
            raise CommandError(f"{raw}: no such file or folder")
    if not files:
        raise CommandError("no game system or catalogue files found")
    return files


class Command(BaseCommand):
    help = "Import BattleScribe game systems and catalogues (files, folders, zips)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH")

    def handle(self, *args: Any, **options: Any) -> None:
        files = collect(options["paths"])
        try:
            result = import_files(
                files=[(path.name, path.read_bytes()) for path in files],
                progress=ProgressBar(self.stdout),
            )
        except CatalogueImportError as error:
            raise CommandError(describe_error(error)) from None
        for line in describe_result(result):
            self.stdout.write(line)
        revision_pks = [r.revision_pk for r in result.revisions]
        for folder in {Path(raw) for raw in options["paths"] if Path(raw).is_dir()}:
            try:
                store_pack_translations(folder=folder, revision_pks=revision_pks)
            except TranslationError as error:
                raise CommandError(f"{error.code}: {error.message}") from None
