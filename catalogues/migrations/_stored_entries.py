"""What data migrations of the entry index share: each stored row with the document node it
indexes. (The migration loader skips modules whose name starts with an underscore.)"""

from collections.abc import Callable, Iterator
from typing import Any

from django.db.models import Q

from armybuilder.engine.closure import index_ids


BATCH = 500


def update_stored_entries(
    apps: Any,
    fill_row: Callable[[Any, Any, dict[str, Any], dict[str, Any]], bool],
    fields: list[str],
) -> None:
    """Set ``fields`` on every stored row ``fill_row`` changes (it returns whether it did)."""
    Entry = apps.get_model("catalogues", "Entry")
    changed = []
    for entry, node, body, anywhere in _stored_entries(apps):
        if fill_row(entry, node, body, anywhere):
            changed.append(entry)
        if len(changed) == BATCH:
            Entry.objects.bulk_update(changed, fields)
            changed = []
    Entry.objects.bulk_update(changed, fields)


def _stored_entries(apps: Any) -> Iterator[tuple[Any, Any, dict[str, Any], dict[str, Any]]]:
    """Every stored entry row with its node, its revision's body, and every node of its game
    system by id: a row may index an entry of another file (a root link's target in a
    library), and a link may name a category of the game system."""
    GameSystem = apps.get_model("catalogues", "GameSystem")
    Revision = apps.get_model("catalogues", "Revision")
    Entry = apps.get_model("catalogues", "Entry")
    for game_system in GameSystem.objects.all():
        revisions = Revision.objects.filter(
            Q(game_system=game_system) | Q(catalogue__game_system=game_system)
        ).only("id", "document")
        bodies = {revision.pk: next(iter(revision.document.values())) for revision in revisions}
        anywhere: dict[str, Any] = {}
        for body in bodies.values():
            for node_id, node in index_ids(body).items():
                anywhere.setdefault(node_id, node)
        for revision_id, body in bodies.items():
            own = index_ids(body)
            for entry in Entry.objects.filter(revision_id=revision_id):
                node = own.get(entry.bs_id) or anywhere.get(entry.bs_id) or {}
                yield entry, node, body, anywhere
