"""Entry index: provenance (``unverified``, ``source``) and ``importable``.

Rows of stored revisions are filled from their documents here; an import fills new ones.
"""

from typing import Any

from django.db import migrations, models

from armybuilder.engine.closure import index_ids


def fill(apps: Any, schema_editor: Any) -> None:
    Revision = apps.get_model("catalogues", "Revision")
    Entry = apps.get_model("catalogues", "Entry")
    for revision in Revision.objects.only("id", "document").iterator(chunk_size=1):
        (body,) = revision.document.values()
        nodes = index_ids(body)
        root_links = {link.get("targetId"): link for link in body.get("entryLinks") or []}
        changed = []
        for entry in Entry.objects.filter(revision_id=revision.pk):
            node = nodes.get(entry.bs_id, {})
            costs = node.get("costs") or []
            entry.unverified = node.get("unverified") is True or any(
                c.get("unverified") is True for c in costs
            )
            source = node.get("source")
            entry.source = source[:100] if isinstance(source, str) else ""
            offered_by = root_links.get(entry.bs_id) if entry.root else None
            entry.importable = (offered_by or node).get("import") is not False
            if entry.unverified or entry.source or not entry.importable:
                changed.append(entry)
        Entry.objects.bulk_update(changed, ["unverified", "source", "importable"], batch_size=500)


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
