"""What the import commands share: a terminal progress bar and the outcome report."""

from __future__ import annotations

from typing import Any

from django.core.management.base import OutputWrapper

from catalogues import job_messages
from catalogues.services.imports import CatalogueImportError, ImportResult

BAR_WIDTH = 30


class ProgressBar:
    """``[#####.....]  40% Reading 10 file(s)`` redrawn in place on a terminal, else one
    line per step (so logs stay readable)."""

    def __init__(self, stream: OutputWrapper) -> None:
        self.stream = stream
        self.interactive = stream.isatty()
        self.last = -1

    def __call__(self, percent: int, code: str, params: dict[str, Any]) -> None:
        message = job_messages.worded(code, params, code)
        filled = BAR_WIDTH * percent // 100
        line = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {percent:3d}% {message}"
        if self.interactive:
            self.stream.write(f"\r\x1b[K{line}", ending="" if percent < 100 else "\n")
            self.stream.flush()
        elif percent != self.last:
            self.stream.write(line)
        self.last = percent


def describe_result(result: ImportResult) -> list[str]:
    lines = [
        f"{r.status:9} {r.kind:10} {r.name} (revision {r.revision}): {r.entries} entries, "
        f"{r.unresolved_links} unresolved links"
        for r in result.revisions
    ]
    lines += [
        f"unresolved {link['kind']} {link['link_id']} -> {link['target_id']} in {link['file']}"
        for link in result.unresolved_links
    ]
    lines.append(
        f"{len(result.created)} revision(s) imported, {len(result.unchanged)} unchanged, "
        f"{len(result.unresolved_links)} unresolved link(s)."
    )
    return lines


def describe_error(error: CatalogueImportError) -> str:
    return "Nothing was imported:\n" + "\n".join(
        f"  {p.file}: {p.message} [{p.code}]" for p in error.problems
    )
