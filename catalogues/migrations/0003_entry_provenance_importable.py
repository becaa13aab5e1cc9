"""Entry index: provenance (``unverified``, ``source``) and ``importable``.

Rows of stored revisions are filled from their documents here; an import fills new ones.
"""

from typing import Any

from django.db import migrations, models
from django.db.models import Q

from armybuilder.engine.closure import index_ids


def fill(apps: Any, schema_editor: Any) -> None:
    GameSystem = apps.get_model("catalogues", "GameSystem")
    Revision = apps.get_model("catalogues", "Revision")
    Entry = apps.get_model("catalogues", "Entry")
    for game_system in GameSystem.objects.all():
        revisions = Revision.objects.filter(
            Q(game_system=game_system) | Q(catalogue__game_system=game_system)
        ).only("id", "document")
        bodies = {revision.pk: next(iter(revision.document.values())) for revision in revisions}
        # A row may index an entry of another file (a root link's target in a library).
        anywhere: dict[str, Any] = {}
        for body in bodies.values():
            for node_id, node in index_ids(body).items():
                anywhere.setdefault(node_id, node)
        for revision_id, body in bodies.items():
            _fill_revision(Entry, revision_id, body, anywhere)


def _fill_revision(Entry: Any, revision_id: int, body: Any, anywhere: dict[str, Any]) -> None:
    own = index_ids(body)
    root_links = {link.get("targetId"): link for link in body.get("entryLinks") or []}
    changed = []
    for entry in Entry.objects.filter(revision_id=revision_id):
        node = own.get(entry.bs_id) or anywhere.get(entry.bs_id) or {}
        entry.unverified = node.get("unverified") is True or any(
            c.get("unverified") is True for c in node.get("costs") or []
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
