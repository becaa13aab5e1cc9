import json
from typing import Any

from django.db import migrations, models
from django.db.models import Sum

from armybuilder.engine.caps import MAX_NAME_LENGTH, MAX_NOTES_LENGTH, one_line
from armybuilder.engine.formats.validate import UNWRITABLE


def _cleaned(document: Any) -> Any:
    """A stored document within today's text caps: what XML or the database cannot hold is
    removed, names become one line of at most 200 characters, notes at most 20,000 (lists
    saved before the caps would otherwise no longer open, export or save)."""
    body = document.get("roster", document) if isinstance(document, dict) else None
    if not isinstance(body, dict):
        return document
    pending: list[Any] = [document]
    while pending:
        node = pending.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            if isinstance(value, dict | list):
                pending.append(value)
            elif isinstance(value, str):
                text = UNWRITABLE.sub("", value)
                if key == "customName":
                    text = one_line(text)[:MAX_NAME_LENGTH]
                elif key in ("customNotes", "name"):
                    text = text[:MAX_NOTES_LENGTH]
                node[key] = text
    if isinstance(body.get("name"), str):
        body["name"] = one_line(body["name"])[:MAX_NAME_LENGTH].strip() or "List"
    for tag in body.get("tags") or []:
        if isinstance(tag, dict) and isinstance(tag.get("name"), str):
            tag["name"] = one_line(tag["name"])[:MAX_NAME_LENGTH]
    return document


def clean_and_weigh(apps: Any, schema_editor: Any) -> None:
    """Hold every stored document to the text caps, and record what each weighs (for the
    account quotas, ``lists.quotas``)."""

    def size(document: Any) -> int:
        return len(json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode())

    for model in ("ArmyList", "ListVersion"):
        rows = apps.get_model("lists", model).objects
        for pk, document in rows.values_list("pk", "document").iterator(chunk_size=100):
            cleaned = _cleaned(json.loads(json.dumps(document)))
            changes = {"document_bytes": size(cleaned)}
            if cleaned != document:
                changes["document"] = cleaned
            rows.filter(pk=pk).update(**changes)
    army_lists = apps.get_model("lists", "ArmyList").objects
    for army_list in army_lists.only("pk", "name").iterator(chunk_size=500):
        kept = army_list.versions.aggregate(total=Sum("document_bytes"))["total"] or 0
        name = one_line(UNWRITABLE.sub("", army_list.name))[:MAX_NAME_LENGTH].strip() or "List"
        army_lists.filter(pk=army_list.pk).update(stored_bytes=kept, name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("lists", "0002_documents_lz4"),
    ]

    operations = [
        migrations.AddField(
            model_name="armylist",
            name="document_bytes",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="armylist",
            name="stored_bytes",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="listversion",
            name="document_bytes",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.RunPython(clean_and_weigh, migrations.RunPython.noop, elidable=True),
    ]
