"""Compress stored documents with lz4 on PostgreSQL (pglz makes imports ~30% slower).

Skipped on other databases, and on a PostgreSQL server built without lz4.
"""

from typing import Any

from django.db import DatabaseError, migrations, transaction


def use_lz4(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("catalogues", "Revision")._meta.db_table)
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute(f"ALTER TABLE {table} ALTER COLUMN document SET COMPRESSION lz4")
    except DatabaseError:
        pass  # the server has no lz4: keep its default compression


class Migration(migrations.Migration):
    dependencies = [("catalogues", "0001_initial")]

    operations = [migrations.RunPython(use_lz4, migrations.RunPython.noop, elidable=True)]
