"""Staff editing: change an entry's name, costs or constraint values and publish the result as
a new revision, never in place.

The edited document goes through ``imports.import_files`` like any other data (so it is
stored, indexed and content-addressed as an import is, and anything that follows imports
follows it too); ``RevisionEdit`` records who published it, why, and what changed.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from armybuilder.engine.closure import iter_nodes
from catalogues import job_messages
from catalogues.models import Entry, Revision, RevisionEdit
from catalogues.selectors import latest_game_system_revision
from catalogues.services.entry_index import MAX_NAME_LENGTH
from catalogues.services.imports import CatalogueImportError, import_files

MAX_NOTE_LENGTH = 2000
# The largest cost or constraint value an edit may set, either way (a cost may be negative).
MAX_VALUE = 1_000_000_000
_ENTRY_LISTS = (
    "selectionEntries",
    "selectionEntryGroups",
    "sharedSelectionEntries",
    "sharedSelectionEntryGroups",
)


class EditRefused(Exception):
    """The edit was refused and nothing was published; ``code`` is stable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class EditableValue:
    key: str  # a cost's typeId, a constraint's id
    label: str
    value: float | int


@dataclass(frozen=True, slots=True)
class EditableEntry:
    name: str
    costs: list[EditableValue] = field(default_factory=list)
    constraints: list[EditableValue] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class EntryChanges:
    """What an edit sets: a new name, and values by cost type id and by constraint id.
    Values not named are kept."""

    name: str | None = None
    costs: Mapping[str, float] = field(default_factory=dict)
    constraints: Mapping[str, float] = field(default_factory=dict)


def _node(body: Mapping[str, Any], bs_id: str) -> dict[str, Any]:
    for node in iter_nodes(body):
        for key in _ENTRY_LISTS:
            for item in node.get(key) or ():
                if isinstance(item, dict) and item.get("id") == bs_id:
                    return item
    raise EditRefused("edit.unknown_entry", _("The entry is not in its revision."))


def _cost_names(revision: Revision) -> dict[str, str]:
    game_system = latest_game_system_revision(revision.owner_game_system)
    body = game_system.body if game_system is not None else {}
    return {str(t.get("id")): str(t.get("name", "")) for t in body.get("costTypes") or ()}


def _constraint_label(constraint: Mapping[str, Any]) -> str:
    return _("%(type)s %(field)s in %(scope)s") % {
        "type": constraint.get("type", ""),
        "field": constraint.get("field", ""),
        "scope": constraint.get("scope", ""),
    }


def editable_entry(*, entry: Entry) -> EditableEntry:
    """What a staff edit of ``entry`` may change, with the values it has now."""
    node = _node(entry.revision.body, entry.bs_id)
    names = _cost_names(entry.revision)
    return EditableEntry(
        name=str(node.get("name", "")),
        costs=[
            EditableValue(str(c["typeId"]), names.get(str(c["typeId"])) or str(c["typeId"]), v)
            for c in node.get("costs") or ()
            if isinstance(v := c.get("value"), (int, float)) and "typeId" in c
        ],
        constraints=[
            EditableValue(str(c["id"]), _constraint_label(c), v)
            for c in node.get("constraints") or ()
            if isinstance(v := c.get("value"), (int, float)) and "id" in c
        ],
    )


def _canonical(value: float) -> float | int:
    """A number as the canonical form writes it: an integer when it has no fraction."""
    if not math.isfinite(value) or abs(value) > MAX_VALUE:
        raise EditRefused(
            "edit.bad_value",
            _("%(value)s is not a number within %(limit)s either way.")
            % {"value": value, "limit": MAX_VALUE},
        )
    return int(value) if float(value).is_integer() else float(value)


def _check_text(name: str | None, note: str) -> None:
    if name is not None and (
        not name.strip() or len(name) > MAX_NAME_LENGTH or "\n" in name or "\r" in name
    ):
        raise EditRefused(
            "edit.bad_name",
            _("A name is one line of 1 to %(limit)s characters.") % {"limit": MAX_NAME_LENGTH},
        )
    if not note.strip() or len(note) > MAX_NOTE_LENGTH:
        raise EditRefused(
            "edit.bad_note",
            _("Say why, in 1 to %(limit)s characters.") % {"limit": MAX_NOTE_LENGTH},
        )


def _apply(
    node: dict[str, Any], changes: EntryChanges, editable: EditableEntry
) -> list[dict[str, Any]]:
    """Apply ``changes`` to the entry's node; what changed, as the edit records it."""
    entry_id, entry_name = str(node["id"]), str(node.get("name", ""))
    done: list[dict[str, Any]] = []

    def note(what: str, key: str, label: str, old: Any, new: Any) -> None:
        done.append(
            {
                "entry_id": entry_id,
                "entry_name": entry_name,
                "field": what,
                "key": key,
                "label": label,
                "old": old,
                "new": new,
            }
        )

    if changes.name is not None and changes.name != node.get("name"):
        note("name", "", _("name"), node.get("name"), changes.name)
        node["name"] = changes.name
    for what, items, values in (
        ("cost", node.get("costs") or [], changes.costs),
        ("constraint", node.get("constraints") or [], changes.constraints),
    ):
        labels = {
            v.key: v.label for v in (editable.costs if what == "cost" else editable.constraints)
        }
        key_of = "typeId" if what == "cost" else "id"
        by_key = {str(item.get(key_of)): item for item in items if str(item.get(key_of)) in labels}
        unknown = set(values) - set(by_key)
        if unknown:
            raise EditRefused(
                f"edit.unknown_{what}",
                _("The entry has no %(what)s %(keys)s.")
                % {"what": what, "keys": ", ".join(sorted(unknown))},
            )
        for key, value in values.items():
            new = _canonical(value)
            if what == "constraint" and new < 0:
                raise EditRefused("edit.bad_value", _("A constraint's value is not negative."))
            if by_key[key]["value"] != new:
                note(what, key, labels[key], by_key[key]["value"], new)
                by_key[key]["value"] = new
    return done


def publish_entry_edit(
    *, entry: Entry, changes: EntryChanges, note: str, user: User | None
) -> Revision:
    """Publish the entry's revision with ``changes`` applied as the next revision of its
    game system or catalogue, recorded with ``user`` and ``note``; the revision edited stays
    as it was. Only the newest revision is edited (``edit.stale_revision`` otherwise: an
    edit or import landed since the page was read)."""
    _check_text(changes.name, note)
    revision = entry.revision
    owner = revision.owner
    latest = owner.revisions.order_by("-number").values_list("pk", "number").first()
    if latest is None or latest[0] != revision.pk:
        raise EditRefused(
            "edit.stale_revision",
            _("A newer revision has been published since: edit that one."),
        )
    document = copy.deepcopy(revision.document)
    body = document[revision.kind]
    editable = editable_entry(entry=entry)
    changed = _apply(_node(body, entry.bs_id), changes, editable)
    if not changed:
        raise EditRefused("edit.no_change", _("Nothing was changed."))
    number = latest[1] + 1
    body["revision"] = number
    name = f"{owner.slug}-{number}-staff-edit.json"
    with transaction.atomic():
        try:
            result = import_files(files=[(name, json.dumps(document).encode())])
        except CatalogueImportError as error:
            problem = error.problems[0]
            raise EditRefused(
                problem.code, job_messages.worded(problem.code, problem.params, problem.message)
            ) from None
        published = Revision.objects.get(pk=result.revisions[0].revision_pk)
        RevisionEdit.objects.create(
            revision=published, based_on=revision, edited_by=user, note=note, changes=changed
        )
    return published
