"""Fill ``ListPin`` from each list's JSON pins (the services keep it in step from now on)."""

from typing import Any

from django.db import migrations

BATCH = 1000


def fill_pins(apps: Any, schema_editor: Any) -> None:
    army_lists = apps.get_model("lists", "ArmyList")
    pins = apps.get_model("lists", "ListPin")
    revisions = apps.get_model("catalogues", "Revision")
    stored = set(revisions.objects.values_list("pk", flat=True))
    batch = []
    for list_id, pinned in army_lists.objects.values_list("pk", "pinned").iterator():
        wanted = {
            int(pinned["gameSystem"]),
            *(int(pk) for pk in pinned.get("catalogues", {}).values()),
        }
        batch += [pins(army_list_id=list_id, revision_id=pk) for pk in sorted(wanted & stored)]
        if len(batch) >= BATCH:
            pins.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    pins.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0005_pins_updates_revalidation"),
        ("catalogues", "0001_initial"),
    ]

    operations = [migrations.RunPython(fill_pins, migrations.RunPython.noop)]
