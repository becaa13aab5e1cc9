"""Entry index: provenance (``unverified``, ``source``) and ``importable``.

Rows of stored revisions are filled from their documents here; an import fills new ones.
"""

from typing import Any

from django.db import migrations, models

from catalogues.migrations._stored_entries import update_stored_entries


def fill(apps: Any, schema_editor: Any) -> None:
    root_links: dict[int, dict[str, Any]] = {}  # by revision, built once each

    def fill_row(entry: Any, node: Any, body: Any, anywhere: dict[str, Any]) -> bool:
        entry.unverified = node.get("unverified") is True or any(
            c.get("unverified") is True for c in node.get("costs") or []
        )
        source = node.get("source")
        entry.source = source[:100] if isinstance(source, str) else ""
        offered_by = None
        if entry.root:
            if entry.revision_id not in root_links:
                root_links[entry.revision_id] = {
                    link.get("targetId"): link for link in body.get("entryLinks") or []
                }
            offered_by = root_links[entry.revision_id].get(entry.bs_id)
        entry.importable = (offered_by or node).get("import") is not False
        return bool(entry.unverified or entry.source or not entry.importable)

    update_stored_entries(apps, fill_row, ["unverified", "source", "importable"])


class Migration(migrations.Migration):
    dependencies = [
        ("catalogues", "0002_revision_document_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="importable",
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name="entry",
            name="source",
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.AddField(
            model_name="entry",
            name="unverified",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
    ]
