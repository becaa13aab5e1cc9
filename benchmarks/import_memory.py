"""Print the time and memory of importing one large zipped catalogue, as a staff upload does.

Usage: [DATABASE_URL=...] python benchmarks/import_memory.py [ENTRIES]

Builds a game system and a catalogue of ENTRIES selection entries (default 200,000; each with
a cost, a category link and a profile), zips the catalogue as a .catz, and imports both
through ``import_files`` into a fresh database (a temporary SQLite file unless DATABASE_URL
is set). Prints the zipped size, the import's wall time, and how far the import raises the
process's peak resident memory above what it held before (the files themselves included),
overall and per entry: Python objects and lxml's trees alike. Run each size in a fresh
process.
"""

from __future__ import annotations

import io
import os
import resource
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
# Room for the largest sizes this is run with.
os.environ.setdefault("CATALOGUE_MAX_UNZIPPED_BYTES", str(2**31))

import django

django.setup()

from django.core.management import call_command  # noqa: E402

from catalogues.services.imports import import_files  # noqa: E402

GAME_SYSTEM = b"""<?xml version="1.0" encoding="UTF-8"?>
<gameSystem id="mem-gs" name="Memory Test" revision="1" battleScribeVersion="2.03"
  xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes><costType id="mem-pts" name="pts" defaultCostLimit="-1"/></costTypes>
  <profileTypes><profileType id="mem-pt" name="Unit">
    <characteristicTypes><characteristicType id="mem-ct" name="M"/></characteristicTypes>
  </profileType></profileTypes>
  <categoryEntries><categoryEntry id="mem-cat" name="Troops"/></categoryEntries>
  <forceEntries><forceEntry id="mem-force" name="Army">
    <categoryLinks>
      <categoryLink id="mem-force-cat" name="Troops" targetId="mem-cat"/>
    </categoryLinks>
  </forceEntry></forceEntries>
</gameSystem>
"""


def catalogue(entries: int) -> bytes:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<catalogue id="mem-cat-1" name="Memory Army" revision="1" battleScribeVersion="2.03"'
        ' gameSystemId="mem-gs" gameSystemRevision="1" library="false"'
        ' xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
    ]
    for n in range(entries):
        parts.append(
            f'<selectionEntry id="mem-e{n}" name="Unit {n}" type="unit">'
            f'<categoryLinks><categoryLink id="mem-e{n}-cl" name="Troops" targetId="mem-cat"'
            ' primary="true"/></categoryLinks>'
            f'<profiles><profile id="mem-e{n}-p" name="Unit {n}" typeId="mem-pt" typeName="Unit">'
            '<characteristics><characteristic name="M" typeId="mem-ct">5</characteristic>'
            "</characteristics></profile></profiles>"
            f'<costs><cost name="pts" typeId="mem-pts" value="{n % 50}"/></costs>'
            "</selectionEntry>"
        )
    parts.append("</selectionEntries></catalogue>")
    return "".join(parts).encode()


def zipped(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


def main() -> None:
    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    call_command("migrate", verbosity=0)
    files = [
        ("memory.gst", GAME_SYSTEM),
        ("memory.catz", zipped("memory.cat", catalogue(entries))),
    ]
    before = peak_rss()
    started = time.perf_counter()
    result = import_files(files=files)
    elapsed = time.perf_counter() - started
    grown = peak_rss() - before
    assert len(result.created) == 2
    stored = result.created[1].entries
    print(f"entries stored:   {stored:,}")
    print(f"zipped catalogue: {len(files[1][1]) / 2**20:.1f} MB")
    print(f"import time:      {elapsed:.1f} s")
    print(f"peak memory:      +{grown / 2**20:,.0f} MB ({grown / stored / 1024:.1f} KB/entry)")


def peak_rss() -> int:
    """The process's peak resident memory so far, in bytes (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


if __name__ == "__main__":
    main()
