"""``manage.py check_data_sources [URL...]``: check data sources now, in this process.

Without URLs, every active source is checked (as the periodic check does); a URL not yet
followed is added first. Each file's outcome is printed; the exit status is 1 when a check
failed.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalogues.models import DataSource, DataSourceCheck
from catalogues.services.data_sources import add_data_source, check_in_process
from catalogues.services.downloads import DownloadError, check_url


class Command(BaseCommand):
    help = (
        "Check data sources (BattleScribe data indexes, release archives) and import what changed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("urls", nargs="*", metavar="URL")

    def handle(self, *args: Any, **options: Any) -> None:
        sources = [self._source(url) for url in options["urls"]] or list(
            DataSource.objects.filter(active=True)
        )
        if not sources:
            raise CommandError("no data sources: add one with a URL")
        failed = False
        for source in sources:
            check = check_in_process(source=source)
            self.stdout.write(f"{source.url}: {check.status} {check.code} {check.message}".rstrip())
            for file in check.files.all():
                line = f"  {file.outcome:9} {file.file_path} (revision {file.number})"
                self.stdout.write(f"{line} {file.code} {file.message}".rstrip())
            failed = failed or check.status == DataSourceCheck.Status.FAILED
        if failed:
            raise CommandError("a data source check failed")

    def _source(self, url: str) -> DataSource:
        existing = DataSource.objects.filter(url=url).first()
        if existing is not None:
            return existing
        try:
            check_url(url, allow_loopback=settings.DATA_SOURCES_ALLOW_LOOPBACK)
        except DownloadError as error:
            raise CommandError(f"{url}: {error.code}: {error.message}") from None
        return add_data_source(url=url, name="", active=True, user=None)
