"""The retention policy applied to the stored versions of a list (after each save)."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from lists.models import ArmyList, ListVersion
from lists.retention import VersionStamp, versions_to_keep


def prune_versions(*, army_list: ArmyList, now: datetime | None = None) -> int:
    """Delete the versions ``lists.retention`` no longer keeps; returns how many went.

    Versions undo and redo still point at are kept; a fork of a deleted version keeps its
    own copy of the document and only loses the link back. What the deleted versions weighed
    comes off the list's ``stored_bytes`` (the account quota's count).
    """
    rows = ListVersion.objects.filter(army_list=army_list).values_list(
        "number", "created_at", "kind", "document_bytes"
    )
    weights = {number: weight for number, _created, _kind, weight in rows}
    stamps = [VersionStamp(number, created_at, kind) for number, created_at, kind, _w in rows]
    keep = versions_to_keep(
        stamps, now=now or timezone.now(), protected=army_list.referenced_version_numbers
    )
    doomed = [s.number for s in stamps if s.number not in keep]
    if not doomed:
        return 0
    # Deleting goes through Django's collector (forks' links to the versions are set to null
    # first), which reads the rows it deletes: their keys only, not a document of about
    # 200 KB each to parse and throw away.
    deleted = ListVersion.objects.filter(army_list=army_list, number__in=doomed).only("pk").delete()
    freed = sum(weights[number] for number in doomed)
    ArmyList.objects.filter(pk=army_list.pk).update(
        stored_bytes=Greatest(F("stored_bytes") - freed, Value(0))
    )
    army_list.stored_bytes = max(0, army_list.stored_bytes - freed)
    return deleted[1].get(ListVersion._meta.label, 0)
