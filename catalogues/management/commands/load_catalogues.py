"""``manage.py load_catalogues``: load the shipped game packs (``catalogues/data/<game>/``).

Each pack's top-level ``*.json`` files (its game system and catalogues; example rosters live
in sub-folders) are imported through the same service as uploads, one transaction per pack.
Running it again changes nothing: unchanged revisions are recognised. A pack's translations
(``locale/<language>.json``) are stored beside its revisions each time, so a corrected name
needs no new revision of the data.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogues.examples import PACKS_DIR
from catalogues.management.importing import ProgressBar, describe_error, describe_result
from catalogues.services.imports import CatalogueImportError, import_files
from catalogues.services.translations import TranslationError, store_pack_translations

DATA_DIR = PACKS_DIR


def pack_folders(data_dir: Path, names: list[str]) -> list[Path]:
    folders = sorted(p for p in data_dir.iterdir() if p.is_dir()) if data_dir.is_dir() else []
    if names:
        unknown = set(names) - {p.name for p in folders}
        if unknown:
            raise CommandError(f"no such game pack: {', '.join(sorted(unknown))}")
        folders = [p for p in folders if p.name in names]
    return [p for p in folders if any(p.glob("*.json"))]


class Command(BaseCommand):
    help = "Load (or refresh) the game packs shipped in catalogues/data/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "games", nargs="*", metavar="GAME", help="pack folder names (default: all)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folders = pack_folders(DATA_DIR, options["games"])
        if not folders:
            self.stdout.write("No game packs to load.")
            return
        failed: list[str] = []
        for folder in folders:
            self.stdout.write(f"Game pack {folder.name}:")
            files = sorted(folder.glob("*.json"))
            try:
                result = import_files(
                    files=[(f"{folder.name}/{p.name}", p.read_bytes()) for p in files],
                    progress=ProgressBar(self.stdout),
                )
            except CatalogueImportError as error:
                self.stderr.write(describe_error(error))
                failed.append(folder.name)
                continue
            for line in describe_result(result):
                self.stdout.write(f"  {line}")
            try:
                tables = store_pack_translations(
                    folder=folder, revision_pks=[r.revision_pk for r in result.revisions]
                )
            except TranslationError as error:
                self.stderr.write(f"  {error.code}: {error.message}")
                failed.append(folder.name)
                continue
            if tables:
                self.stdout.write(f"  {tables} name table(s) stored")
        if failed:
            raise CommandError(f"game pack(s) not loaded: {', '.join(failed)}")
