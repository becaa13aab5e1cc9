"""Entry index: ``unverified_values``, the entry's own constraints, modifiers, category links
and profiles that no source gives; ``unverified`` now counts them too.

Stored revisions are immutable and an identical re-import changes nothing, so the rows of
stored revisions are filled from their documents here; an import fills new ones. It reads them
with the import's own ``unverified_values``, so that a migrated row and an imported one cannot
differ; a later change to what that function collects needs a migration of its own.
"""

from typing import Any

from django.db import migrations, models

from catalogues.migrations._stored_entries import update_stored_entries
from catalogues.services.entry_index import unverified_values


def fill(apps: Any, schema_editor: Any) -> None:
    update_stored_entries(apps, _fill_row, ["unverified", "unverified_values"])


def _fill_row(entry: Any, node: Any, body: Any, anywhere: dict[str, Any]) -> bool:
    entry.unverified_values = unverified_values(node, anywhere.get)
    if entry.unverified_values:
        entry.unverified = True
    return bool(entry.unverified_values)


class Migration(migrations.Migration):
    dependencies = [
        ("catalogues", "0003_entry_provenance_importable"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="unverified_values",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
    ]
