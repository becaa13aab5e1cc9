"""Entry index: ``unverified_values``, the entry's own constraints, modifiers, category links
and profiles that no source gives; ``unverified`` now counts them too.

Stored revisions are immutable and an identical re-import changes nothing, so the rows of
stored revisions are filled from their documents here; an import fills new ones. It reads them
with the import's own ``unverified_values``, so that a migrated row and an imported one cannot
differ; a later change to what that function collects needs a migration of its own.
"""

from typing import Any

from django.db import migrations, models
from django.db.models import Q

from armybuilder.engine.closure import index_ids
from catalogues.services.entry_index import unverified_values


def fill(apps: Any, schema_editor: Any) -> None:
    GameSystem = apps.get_model("catalogues", "GameSystem")
    Revision = apps.get_model("catalogues", "Revision")
    Entry = apps.get_model("catalogues", "Entry")
    for game_system in GameSystem.objects.all():
        revisions = Revision.objects.filter(
            Q(game_system=game_system) | Q(catalogue__game_system=game_system)
        ).only("id", "document")
        bodies = {revision.pk: next(iter(revision.document.values())) for revision in revisions}
        # A row may index an entry of another file (a root link's target in a library), and
        # a category link may name a category of the game system.
        anywhere: dict[str, Any] = {}
        for body in bodies.values():
            for node_id, node in index_ids(body).items():
                anywhere.setdefault(node_id, node)
        for revision_id, body in bodies.items():
            own = index_ids(body)
            changed = []
            for entry in Entry.objects.filter(revision_id=revision_id):
                node = own.get(entry.bs_id) or anywhere.get(entry.bs_id) or {}
                values = unverified_values(node, anywhere.get)
                if values:
                    entry.unverified_values = values
                    entry.unverified = True
                    changed.append(entry)
            Entry.objects.bulk_update(changed, ["unverified", "unverified_values"], batch_size=500)


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
