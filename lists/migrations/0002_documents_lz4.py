"""Compress stored list documents with lz4 on PostgreSQL.

Every edit writes the list's document (200 KB of JSON for a 150-selection list) and copies it
into its version snapshot; lz4 compresses it in a fraction of pglz's time, to half pglz's
size. The JSON stored is unchanged. Skipped on other databases, and on a PostgreSQL server
built without lz4.
"""

from typing import Any

from django.db import DatabaseError, migrations, transaction


def use_lz4(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for model in ("ArmyList", "ListVersion"):
        table = schema_editor.quote_name(apps.get_model("lists", model)._meta.db_table)
        try:
            with transaction.atomic(using=schema_editor.connection.alias):
                schema_editor.execute(
                    f"ALTER TABLE {table} ALTER COLUMN document SET COMPRESSION lz4"
                )
        except DatabaseError:
            return  # the server has no lz4: keep its default compression


class Migration(migrations.Migration):
    dependencies = [("lists", "0001_initial")]

    operations = [migrations.RunPython(use_lz4, migrations.RunPython.noop, elidable=True)]
