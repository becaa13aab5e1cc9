"""Every change to an army list: one keyword-only function per edit, for pages and the API.

An edit loads the list's document with the engine on the revisions the list is pinned to,
applies one engine operation, evaluates the result and stores it in one transaction: a
compare-and-swap on ``version`` (an edit made on an older version raises ``StaleVersion``
and changes nothing) plus a ``ListVersion`` snapshot. Bad input raises ``EditRejected``
with a stable code before anything is written.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection, transaction
from django.db.models import JSONField, Q, QuerySet, Value
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from armybuilder import messages
from armybuilder.engine import edit as engine_edit
from armybuilder.engine.caps import (
    MAX_NOTES_LENGTH,
    REQUEST_STEPS,
    Budget,
    CapExceeded,
    checked_name,
    checked_notes,
)
from armybuilder.engine.compile import CompileError
from armybuilder.engine.document import check_document, load_roster, roster_document
from armybuilder.engine.explain import MAX_REACHED, Reason, explain
from armybuilder.engine.model import EntryNode, ForceNode, selectable
from armybuilder.engine.roster import Force, Roster, RosterError, Selection, Unlinked
from armybuilder.errors import ApplicationError
from catalogues.closures import (
    ClosureError,
    ClosureRevisions,
    compiled_closure,
    remembered_closure,
    resolve_closure,
)
from catalogues.models import Catalogue, GameSystem, Revision
from catalogues.names import Names, names_for
from catalogues.services.validation import (
    ListReport,
    ListSpecRejected,
    report_roster,
    stored_closure,
)
from lists import authorship, baseline, quotas, setup
from lists.errors import EditRejected
from lists.models import NAME_MAX_LENGTH, ArmyList, DataUpdate, ListPin, ListVersion, VersionKind
from lists.pruning import prune_versions
from lists.summaries import Summary, summary

# Stable codes of a refused edit (pages and API clients match on them).
UNKNOWN_SELECTION = "edit.unknown_selection"
UNKNOWN_FORCE = "edit.unknown_force"
UNKNOWN_ENTRY = "edit.unknown_entry"
UNKNOWN_CATALOGUE = "edit.unknown_catalogue"
UNKNOWN_COST_TYPE = "edit.unknown_cost_type"
UNKNOWN_OPTION = "edit.unknown_option"
BAD_COUNT = "edit.bad_count"
BAD_VALUE = "edit.bad_value"
BAD_TEXT = "edit.bad_text"  # a blank name (a text past its cap is the engine's caps.text)
BAD_VERSION = "edit.bad_version"
NOT_ALLOWED = "edit.not_allowed"
NOTHING_TO_UNDO = "edit.nothing_to_undo"
NOTHING_TO_REDO = "edit.nothing_to_redo"
NOTHING_TO_CHANGE = "edit.nothing_to_change"
DATA_MISSING = "edit.data_missing"
UP_TO_DATE = "migration.up_to_date"
REMOVALS_UNCONFIRMED = "migration.removals_unconfirmed"

MAX_COUNT = 10_000
MAX_ID_LENGTH = 200
# How many steps undo (and redo) can go back.
UNDO_DEPTH = 100
ROSTER_TARGET = "roster"

T = TypeVar("T")


@dataclass(frozen=True)
class ListState:
    """A saved list with its roster and evaluation: what every edit returns."""

    army_list: ArmyList
    roster: Roster
    report: ListReport


class StaleVersion(ApplicationError):
    """The edit was made on an older version of the list than the stored one."""

    status = 412

    def __init__(self, current_version: int) -> None:
        super().__init__(
            "edit.stale_version",
            _("The list changed in another tab or device."),
            params={"current_version": current_version},
        )
        self.current_version = current_version


# ------------------------------------------------------------------------------- creating


def create_list(
    *,
    user: Any,
    game_system: GameSystem,
    catalogue: Catalogue,
    name: str,
    cost_limits: Mapping[str, float | None],
    options: Mapping[str, str],
    force_entry_id: str | None,
    setup_selections: Mapping[str, str] | None = None,
) -> ListState:
    """A new list on the newest revisions of ``catalogue`` and what it links to.

    ``setup_selections`` maps a setup choice (``lists.setup.setup_choices``, by its key) to
    the option chosen, selected in the first force.
    """
    name = _name(name)
    quotas.admit_creation(user=user)
    if catalogue.game_system_id != game_system.pk or catalogue.library:
        raise EditRejected(UNKNOWN_CATALOGUE, _("Choose a faction of this game."))
    try:
        closure = stored_closure(
            spec={"gameSystemId": game_system.bs_id, "forces": [{"catalogueId": catalogue.bs_id}]}
        )
        compiled = compiled_closure(closure)
    except (ListSpecRejected, ClosureError) as error:
        raise EditRejected(DATA_MISSING, str(error)) from error
    except CompileError as error:
        raise EditRejected(DATA_MISSING, messages.refusal(error)) from error
    roster = Roster.new(compiled, name=name, roster_id=str(uuid.uuid4()))
    for cost_type_id, limit in cost_limits.items():
        _set_cost_limit(roster, cost_type_id, limit)
    for option, value in options.items():
        _set_option(roster, option, value)
    if force_entry_id:
        if force_entry_id not in {f.id for f in setup.force_choices(compiled, catalogue.bs_id)}:
            raise EditRejected(UNKNOWN_FORCE, _("This force cannot start a list of this faction."))
        force, _created = _engine(
            lambda: engine_edit.add_force(roster, force_entry_id, catalogue.bs_id)
        )
        for key, option_id in (setup_selections or {}).items():
            _select_setup(roster, force, key, option_id)
    report = _report(closure, roster, explain=True)
    army_list = store_new_list(
        user=user,
        name=name,
        game_system=game_system,
        catalogue=catalogue,
        document=_document(report),
        pinned=pinned_revisions(closure),
        kind=VersionKind.CREATE,
        summary=summary("list.created"),
        report=report,
    )
    return ListState(army_list, roster, report)


def store_new_list(
    *,
    user: Any,
    name: str,
    game_system: GameSystem,
    catalogue: Catalogue,
    document: dict[str, Any],
    pinned: dict[str, Any],
    kind: str,
    summary: Summary,
    report: ListReport | None = None,
    forked_from: ListVersion | None = None,
) -> ArmyList:
    """Write a new list: its row with the columns copied from its evaluation, and its first
    version, in one transaction. Every way a list is made (the wizard, a copy, a fork, an
    import, an example) ends here, after ``quotas.admit_creation``; ``report`` is the
    document's evaluation when the caller has it, else the document is evaluated here."""
    size = quotas.document_bytes(document)
    quotas.admit_new_document(user=user, size=size)
    if report is None:
        _roster, report = evaluate_stored(document=document, pinned=pinned)
    with transaction.atomic():
        army_list = ArmyList.objects.create(
            owner=user,
            name=name,
            game_system=game_system,
            catalogue=catalogue,
            document=document,
            document_bytes=size,
            stored_bytes=size,
            pinned=pinned,
            updated_at=timezone.now(),
            forked_from=forked_from,
            **denormalised_fields(report),
        )
        record_version(army_list, kind, summary)
        sync_pins(army_list)
    return army_list


def duplicate_list(*, army_list: ArmyList, user: Any) -> ArmyList:
    """A copy of the list's current version for ``user``, with its own history."""
    quotas.admit_creation(user=user)
    name = (_("Copy of %(name)s") % {"name": army_list.name})[:NAME_MAX_LENGTH]
    return store_new_list(
        user=user,
        name=name,
        game_system=army_list.game_system,
        catalogue=army_list.catalogue,
        document=renamed_document(army_list.document, name),
        pinned=army_list.pinned,
        kind=VersionKind.CREATE,
        summary=summary("list.copied", name=army_list.name),
    )


def delete_list(*, army_list: ArmyList) -> None:
    """Delete the list as it was read; ``StaleVersion`` if it changed since."""
    deleted, _kinds = as_read(army_list).delete()
    if not deleted:
        raise StaleVersion(_stored_version(army_list))


def as_read(army_list: ArmyList) -> QuerySet[ArmyList]:
    """The list's row, only while it is still as ``army_list`` was read: its version,
    visibility and share link (what its ETag says), for a compare-and-swap."""
    return ArmyList.objects.filter(
        pk=army_list.pk,
        version=army_list.version,
        visibility=army_list.visibility,
        share_token=army_list.share_token,
    )


def rename_list(*, army_list: ArmyList, name: str) -> ArmyList:
    """Rename the list (its newest version, whichever tab made it: a rename never conflicts)."""
    name = _name(name)
    for _attempt in range(3):
        try:
            return set_custom(
                army_list=army_list,
                version=army_list.version,
                target_id=ROSTER_TARGET,
                name=name,
                notes=UNCHANGED,
            ).army_list
        except StaleVersion:
            army_list.refresh_from_db()
    raise StaleVersion(army_list.version)


# --------------------------------------------------------------------------------- reading


def load_list(*, army_list: ArmyList, explain: bool = True) -> ListState:
    """The list's roster and evaluation, nothing written."""
    roster, report = evaluate_stored(
        document=army_list.document, pinned=army_list.pinned, explain=explain
    )
    return ListState(army_list, roster, report)


def evaluate_stored(
    *,
    document: Mapping[str, Any],
    pinned: Mapping[str, Any],
    closure: ClosureRevisions | None = None,
    explain: bool = False,
    leave_out_unlinked: bool = False,
) -> tuple[Roster, ListReport]:
    """A stored list document evaluated on the revisions it is pinned to, or on ``closure``
    (newer data), within the request's work budget: the one way a stored list is read back,
    by the pages, edits, history, imports and data updates. Refuses with ``EditRejected``
    (``edit.data_missing``, a ``caps.*`` code) when it cannot be. ``leave_out_unlinked``
    evaluates it as it would be stored on ``closure``: without the selections that data no
    longer has (still listed in ``roster.unlinked``)."""
    closure, roster = read_stored(document=document, pinned=pinned, closure=closure)
    if leave_out_unlinked:
        roster.leave_out_unlinked()
    return roster, _report(closure, roster, explain=explain)


def read_stored(
    *,
    document: Mapping[str, Any],
    pinned: Mapping[str, Any],
    closure: ClosureRevisions | None = None,
) -> tuple[ClosureRevisions, Roster]:
    """A stored list document read back as a roster (``evaluate_stored`` without the
    evaluation, for an edit that evaluates once it has changed it)."""
    closure = closure or closure_of(pinned)
    return closure, _load_roster(document, closure)


def pinned_closure(army_list: ArmyList) -> ClosureRevisions:
    """The stored revisions the list is pinned to (pages show them)."""
    return closure_of(army_list.pinned)


def pinned_names(army_list: ArmyList) -> Names:
    """The name table of the revisions the list is pinned to, in the reader's language."""
    pinned = army_list.pinned
    return names_for([int(pinned["gameSystem"]), *map(int, pinned.get("catalogues", {}).values())])


def closure_of(pinned: Mapping[str, Any]) -> ClosureRevisions:
    """The stored revisions a list's (or a version's) pins name (remembered per process
    while the store is unchanged, as a List spec's are: one query instead of a join that
    makes a model of each revision, its catalogue and its game system, on every edit)."""
    game_system_pk, *catalogue_pks = pinned_pks(pinned)
    return remembered_closure(
        ("pinned", game_system_pk, tuple(catalogue_pks)),
        lambda: _pinned_closure(game_system_pk, catalogue_pks),
    )


def _pinned_closure(game_system_pk: int, catalogue_pks: list[int]) -> ClosureRevisions:
    revisions = {
        r.pk: r
        for r in Revision.objects.filter(pk__in=[game_system_pk, *catalogue_pks])
        .select_related("catalogue", "game_system")
        .defer("document")
    }
    try:
        return ClosureRevisions(
            revisions[game_system_pk], tuple(revisions[pk] for pk in catalogue_pks)
        )
    except KeyError as error:
        raise EditRejected(DATA_MISSING, _("The data this list was built with is gone.")) from error


def newest_closure(closure: ClosureRevisions) -> ClosureRevisions:
    """``closure`` with each revision replaced by the newest stored one of its game system or
    catalogue, and what those newer catalogues link to."""
    game_system = closure.game_system_revision.owner_game_system
    newest = newest_revisions(closure.game_system_revision, *closure.catalogue_revisions)
    try:
        return resolve_closure(
            game_system=game_system,
            catalogue_revisions=[newest[r.pk] for r in closure.catalogue_revisions],
            game_system_revision=newest[closure.game_system_revision.pk],
        )
    except ClosureError as error:
        raise EditRejected(DATA_MISSING, str(error)) from error


def newest_revisions(*revisions: Revision) -> dict[int, Revision]:
    """For each revision (by primary key), the newest stored revision of its owner (itself
    when it is the newest), in one query."""
    catalogue_ids = {r.catalogue_id for r in revisions if r.catalogue_id}
    game_system_ids = {r.game_system_id for r in revisions if r.game_system_id}
    newest_of: dict[tuple[str, int], Revision] = {}
    for candidate in (
        Revision.objects.filter(
            Q(catalogue_id__in=catalogue_ids) | Q(game_system_id__in=game_system_ids)
        )
        .select_related("catalogue", "game_system")
        .defer("document")
    ):
        key = _owner_key(candidate)
        if key not in newest_of or candidate.number > newest_of[key].number:
            newest_of[key] = candidate
    return {r.pk: newest_of.get(_owner_key(r), r) for r in revisions}


def _owner_key(revision: Revision) -> tuple[str, int]:
    if revision.catalogue_id:
        return ("catalogue", revision.catalogue_id)
    return ("gameSystem", int(revision.game_system_id or 0))


def same_revisions(one: ClosureRevisions, other: ClosureRevisions) -> bool:
    def pks(closure: ClosureRevisions) -> set[int]:
        return {closure.game_system_revision.pk, *(r.pk for r in closure.catalogue_revisions)}

    return pks(one) == pks(other)


# ------------------------------------------------------------------------------ data updates


class MigrationRefused(ApplicationError):
    """The list cannot be moved to newer data as asked (already on it, or the move would
    leave out selections the owner has not agreed to lose)."""

    status = 409


def migrate_list(*, army_list: ArmyList, version: int, confirm_removals: bool = False) -> ListState:
    """Move the list to the newest revisions of its game system and catalogues, as a new
    version of kind ``migration`` (undo goes back to the old data).

    A selection whose entry the newer data no longer has cannot be carried over: unless
    ``confirm_removals``, the move is refused (``migration.removals_unconfirmed``, each such
    selection in ``params.removals``) and nothing changes; the previous version keeps them.
    """
    check_version(army_list, version)
    current = pinned_closure(army_list)
    target = newest_closure(current)
    if same_revisions(current, target):
        raise MigrationRefused(UP_TO_DATE, _("This list is already on the newest data."))
    closure, roster = read_stored(
        document=army_list.document, pinned=army_list.pinned, closure=target
    )
    if roster.unlinked and not confirm_removals:
        raise MigrationRefused(
            REMOVALS_UNCONFIRMED,
            _(
                "The newer data no longer has %(count)d of this list's selections: confirm "
                "that they may be left out (the previous version keeps them)."
            )
            % {"count": len(roster.unlinked)},
            params={"removals": [unlinked_params(u) for u in roster.unlinked]},
        )
    removed = len(roster.unlinked)
    roster.leave_out_unlinked()
    state = save_roster(
        army_list,
        version,
        roster,
        closure,
        VersionKind.MIGRATION,
        summary("list.migrated_left_out", count=removed) if removed else summary("list.migrated"),
        undo_stack=[*army_list.undo_stack, version][-UNDO_DEPTH:],
        redo_stack=[],
    )
    DataUpdate.objects.filter(army_list=army_list).delete()
    return state


def keep_pinned(*, army_list: ArmyList) -> None:
    """The owner keeps the list on its data: its update notice is dismissed until a newer
    revision arrives. The list itself is not written (its version does not move)."""
    DataUpdate.objects.filter(army_list=army_list).update(dismissed=True)


def unlinked_params(unlinked: Unlinked) -> dict[str, Any]:
    """A selection the data no longer offers, as a report's or refusal's params."""
    return {
        "selection_id": unlinked.selection_id,
        "entry_id": unlinked.entry_id,
        "path": list(unlinked.path),
        "force_id": unlinked.force_id,
        "costs": dict(unlinked.costs),
    }


# ----------------------------------------------------------------------------------- edits


def add_force(
    *,
    army_list: ArmyList,
    version: int,
    force_entry_id: str,
    catalogue_id: str,
    parent_force_id: str | None = None,
) -> ListState:
    """Add a force (or a child force) drawn from ``catalogue_id``; a catalogue the list does
    not use yet is pinned at its newest revision."""
    force_entry_id, catalogue_id = _id(force_entry_id), _id(catalogue_id)
    check_version(army_list, version)
    closure = _closure_with(army_list, catalogue_id)

    def change(roster: Roster) -> Summary:
        parent = _force(roster, parent_force_id) if parent_force_id is not None else None
        if parent is None and force_entry_id not in {
            f.id for f in setup.force_choices(roster.compiled, catalogue_id)
        }:
            raise EditRejected(UNKNOWN_FORCE, _("This force cannot be added here."))
        force, _created = _engine(
            lambda: engine_edit.add_force(roster, force_entry_id, catalogue_id, parent)
        )
        return summary("force.added", **_node_named(force.node))

    return _edit(army_list, version, change, closure=closure)


def remove_force(*, army_list: ArmyList, version: int, force_id: str) -> ListState:
    def change(roster: Roster) -> Summary:
        force = _force(roster, force_id)
        roster.remove_force(force)
        return summary("force.removed", **_named(force))

    return _edit(army_list, version, change)


def add_selection(
    *,
    army_list: ArmyList,
    version: int,
    force_id: str,
    entry_id: str,
    parent_selection_id: str | None = None,
) -> ListState:
    """Select an entry in a force or under a selection, unless the data hides it there (a limit
    it goes past is the list's problem, shown with its rule)."""
    entry_id = _id(entry_id)

    def change(roster: Roster) -> Summary:
        force, parent, reasons = _obstacles(roster, force_id, entry_id, parent_selection_id)
        _refuse_what_the_data_hides(reasons)
        selection, _created = _engine(
            lambda: engine_edit.select_entry(roster, force, entry_id, parent)
        )
        return summary("selection.added", **_named(selection))

    return _edit(army_list, version, change)


def why_not(
    *, army_list: ArmyList, force_id: str, entry_id: str, parent_selection_id: str | None = None
) -> list[Reason]:
    """Why an entry cannot be added to a force (or under a selection) now: nothing if it can."""
    entry_id = _id(entry_id)
    _closure, roster = read_stored(document=army_list.document, pinned=army_list.pinned)
    return _obstacles(roster, force_id, entry_id, parent_selection_id)[2]


def _obstacles(
    roster: Roster, force_id: str, entry_id: str, parent_selection_id: str | None
) -> tuple[Force, Selection | None, list[Reason]]:
    force = _force(roster, force_id)
    parent = _selection(roster, parent_selection_id) if parent_selection_id else None
    if parent is not None and parent.force is not force:
        raise EditRejected(UNKNOWN_SELECTION, _("That selection is in another force."))
    try:
        return force, parent, explain(roster, force, entry_id, parent)
    except RosterError as error:
        raise EditRejected(UNKNOWN_ENTRY, messages.refusal(error)) from error


def _not_allowed(reasons: list[Reason]) -> EditRejected:
    """An entry refused for its reasons, each with its code and what it names."""
    return EditRejected(
        NOT_ALLOWED,
        " ".join(map(messages.word, reasons)),
        params={
            "reasons": [
                {"code": r.code, "entry_id": r.entry_id, "constraint_id": r.constraint_id}
                for r in reasons
            ]
        },
    )


def choose_option(
    *, army_list: ArmyList, version: int, selection_id: str, entry_id: str
) -> ListState:
    """Pick an option of a group under a selection as a radio button does: what else the
    group's innermost group holds is removed in the same edit."""
    entry_id = _id(entry_id)

    def change(roster: Roster) -> Summary:
        parent = _selection(roster, selection_id)
        try:
            node = engine_edit.find_child_entry(parent, entry_id)
        except RosterError as error:
            raise EditRejected(UNKNOWN_ENTRY, messages.refusal(error)) from error
        group = node.parent
        if group is None or group.kind != "group":
            raise EditRejected(NOT_ALLOWED, _("That option is not one of a group."))
        for other in [s for s in parent.children if s.node.within(group) and s.node is not node]:
            roster.remove_selection(other)
        if not any(s.node is node for s in parent.children):
            _refuse_what_the_data_hides(explain(roster, parent.force, node.path_id, parent))
            _engine(lambda: engine_edit.select_node(roster, parent.force, node, parent))
        return summary("selection.chose", option=node.name, option_id=node.id, **_named(parent))

    return _edit(army_list, version, change)


def set_count(*, army_list: ArmyList, version: int, selection_id: str, count: int) -> ListState:
    """Set how many of a selection there are; 0 removes it."""
    count = _count(count)

    def change(roster: Roster) -> Summary:
        selection = _selection(roster, selection_id)
        if count == 0:
            roster.remove_selection(selection)
            return summary("selection.removed", **_named(selection))
        _engine(lambda: engine_edit.set_count(selection, count))
        return summary("selection.count", **_named(selection), count=count)

    return _edit(army_list, version, change)


def set_option_count(
    *, army_list: ArmyList, version: int, selection_id: str, entry_id: str, count: int
) -> ListState:
    """Set how many of one option (an entry under a selection) the selection holds.

    What a checkbox or a stepper asks in one edit: 0 removes every pick of it; more adds
    picks (one selection each for an entry with options of its own, else one selection's
    count) or takes the last ones away. Adding is refused, with the engine's reason, when
    the data hides the entry there. (A radio button's pick is ``choose_option``.)
    """
    entry_id, count = _id(entry_id), _count(count)

    def change(roster: Roster) -> Summary:
        parent = _selection(roster, selection_id)
        node = parent.node.find_entry(entry_id)
        if node is None:
            raise EditRejected(UNKNOWN_ENTRY, _("This selection has no such option."))
        picks = [s for s in parent.children if s.node is node]
        have = sum(s.amount for s in picks)
        label = _node_named(node)
        if count == have:
            return summary("selection.unchanged", **label)
        if count < have:
            _take_away(roster, picks, have - count)
            return summary("selection.count", **label, count=count)
        _refuse_what_the_data_hides(explain(roster, parent.force, node.path_id, parent))
        for _step in range(count - have):  # a pick each, or one more of the same pick
            _engine(lambda: engine_edit.select_node(roster, parent.force, node, parent))
        return summary("selection.count", **label, count=count)

    return _edit(army_list, version, change)


def _refuse_what_the_data_hides(reasons: list[Reason]) -> None:
    """A maximum reached does not stop an edit: the list then shows the broken limit with its
    rule, as BattleScribe does, so every illegal list can be built and read. An entry the
    data hides here is refused."""
    hidden = [r for r in reasons if r.code != MAX_REACHED]
    if hidden:
        raise _not_allowed(hidden)


def _take_away(roster: Roster, picks: list[Selection], amount: int) -> None:
    """Remove ``amount`` of an option, the last picks first."""
    for pick in reversed(picks):
        if amount <= 0:
            return
        if pick.amount > amount:
            pick.amount -= amount
            return
        amount -= pick.amount
        roster.remove_selection(pick)


def remove_selection(*, army_list: ArmyList, version: int, selection_id: str) -> ListState:
    def change(roster: Roster) -> Summary:
        selection = _selection(roster, selection_id)
        roster.remove_selection(selection)
        return summary("selection.removed", **_named(selection))

    return _edit(army_list, version, change)


def duplicate_selection(
    *, army_list: ArmyList, version: int, selection_id: str, target_force_id: str | None = None
) -> ListState:
    """Copy a selection with everything under it, beside it or into another force that
    offers the same entry."""

    def change(roster: Roster) -> Summary:
        selection = _selection(roster, selection_id)
        target = _force(roster, target_force_id) if target_force_id else None
        if target is not None and target is not selection.force:
            if selection.parent is not None:
                raise EditRejected(
                    NOT_ALLOWED, _("Only a unit, not its options, moves to another force.")
                )
            offered = {
                n.path_id for n in selectable(roster.compiled.root_entries(target.catalogue_id))
            }
            if selection.node.path_id not in offered:
                raise EditRejected(NOT_ALLOWED, _("That force does not offer this entry."))
        roster.duplicate_selection(selection, target)
        return summary("selection.duplicated", **_named(selection))

    return _edit(army_list, version, change)


class _Unchanged:
    """Marks a text ``set_custom`` leaves as it is."""


UNCHANGED: Any = _Unchanged()


def set_custom(
    *,
    army_list: ArmyList,
    version: int,
    target_id: str,
    name: str | None,
    notes: str | None,
) -> ListState:
    """Set the custom name and notes of a selection, a force or (``"roster"``) the list.

    An empty string or ``None`` clears a custom name or notes. The list's own name cannot be
    cleared: ``None`` leaves it as it is, an empty one is refused.
    """
    name = _text(name, checked_name)
    notes = _text(notes, checked_notes)

    def change(roster: Roster) -> Summary:
        if target_id == ROSTER_TARGET:
            renamed = name is not UNCHANGED and name is not None
            if renamed:
                roster.name = _name(name)
            if notes is not UNCHANGED:
                roster.custom_notes = notes or None
            return summary("list.renamed" if renamed else "list.notes")
        target: Selection | Force
        try:
            target = roster.selection(_id(target_id))
        except RosterError:
            target = _force(roster, target_id)
        if name is not UNCHANGED:
            target.custom_name = name or None
        if notes is not UNCHANGED:
            target.custom_notes = notes or None
        return summary("selection.edited", **_node_named(target.node))

    return _edit(army_list, version, change)


def set_cost_limit(
    *, army_list: ArmyList, version: int, cost_type_id: str, value: float | None
) -> ListState:
    """Set (or with ``None`` remove) the list's limit of one cost type."""

    def change(roster: Roster) -> Summary:
        _set_cost_limit(roster, cost_type_id, value)
        return summary("list.limit")

    return _edit(army_list, version, change)


def set_option(*, army_list: ArmyList, version: int, name: str, value: str) -> ListState:
    """Choose a list option's value (one the game system declares)."""

    def change(roster: Roster) -> Summary:
        _set_option(roster, name, value)
        return summary("list.option")

    return _edit(army_list, version, change)


def undo(*, army_list: ArmyList, version: int) -> ListState:
    """Go back to the state before the last edit, as a new version (history is kept)."""
    check_version(army_list, version)
    if not army_list.undo_stack:
        raise EditRejected(NOTHING_TO_UNDO, _("There is nothing to undo."))
    target = int(army_list.undo_stack[-1])
    return _restore(
        army_list,
        version,
        target,
        VersionKind.UNDO,
        undo_stack=army_list.undo_stack[:-1],
        redo_stack=[*army_list.redo_stack, version][-UNDO_DEPTH:],
    )


def redo(*, army_list: ArmyList, version: int) -> ListState:
    """Apply again the last edit undone, unless an edit was made since."""
    check_version(army_list, version)
    if not army_list.redo_stack:
        raise EditRejected(NOTHING_TO_REDO, _("There is nothing to redo."))
    target = int(army_list.redo_stack[-1])
    return _restore(
        army_list,
        version,
        target,
        VersionKind.REDO,
        undo_stack=[*army_list.undo_stack, version][-UNDO_DEPTH:],
        redo_stack=army_list.redo_stack[:-1],
    )


def on_latest_version(edit: Callable[..., T], *, army_list: ArmyList, **arguments: Any) -> T:
    """Apply an edit made on an older version to the list as it is stored now.

    What a stale tab offers ("apply my change to the latest version"): the ids the edit names
    are stable across versions, so the same edit applies if its targets still exist, and is
    refused with their ``EditRejected`` code if not.
    """
    army_list.refresh_from_db()
    return edit(army_list=army_list, version=army_list.version, **arguments)


# ---------------------------------------------------------------------------- edge parsing


def parse_count(raw: object) -> int:
    """A count as a form or JSON body sends it (text or number), checked."""
    if isinstance(raw, bool):
        raise EditRejected(BAD_COUNT, _("The count must be a whole number."))
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, str) and raw.strip().lstrip("-").isdecimal() and len(raw.strip()) <= 6:
        raw = int(raw.strip())
    return _count(raw)


def parse_version(raw: object) -> int:
    """The version an edit was made on, as a form or JSON body sends it."""
    text = str(raw).strip() if isinstance(raw, str | int) and not isinstance(raw, bool) else ""
    if not text.isdecimal() or len(text) > 10:
        raise EditRejected(BAD_VERSION, _("The edit names no version of the list."))
    return int(text)


def parse_limit(raw: object) -> float | None:
    """A cost limit as a form sends it: blank for none, else a number."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        value = float(str(raw).strip()) if not isinstance(raw, int | float) else float(raw)
    except ValueError as error:
        raise EditRejected(BAD_VALUE, _("The limit must be a number.")) from error
    return _limit(value)


# --------------------------------------------------------------------------------- helpers


def _edit(
    army_list: ArmyList,
    version: int,
    change: Callable[[Roster], Summary],
    *,
    closure: ClosureRevisions | None = None,
) -> ListState:
    check_version(army_list, version)
    closure, roster = read_stored(
        document=army_list.document, pinned=army_list.pinned, closure=closure
    )
    _refuse_unlinked(roster)
    try:
        summary = change(roster)
    except CapExceeded as error:
        raise EditRejected(error.code, messages.refusal(error), params=error.params) from error
    return save_roster(
        army_list,
        version,
        roster,
        closure,
        VersionKind.EDIT,
        summary,
        undo_stack=[*army_list.undo_stack, version][-UNDO_DEPTH:],
        redo_stack=[],
    )


def _restore(
    army_list: ArmyList,
    version: int,
    target: int,
    kind: str,
    *,
    undo_stack: list[int],
    redo_stack: list[int],
) -> ListState:
    snapshot = ListVersion.objects.filter(army_list=army_list, number=target).first()
    if snapshot is None:
        raise EditRejected(
            NOTHING_TO_UNDO if kind == VersionKind.UNDO else NOTHING_TO_REDO,
            _("That version is no longer kept."),
        )
    closure, roster = read_stored(document=snapshot.document, pinned=snapshot.pinned)
    _refuse_unlinked(roster)
    # Every step onto the undo or redo stack is followed by the version that made the change
    # (an edit, an undo or a redo), whose summary names the edit: the one stepped over now.
    summary = _version_summary(army_list, target + 1) or Summary("edit.gone")
    return save_roster(
        army_list,
        version,
        roster,
        closure,
        kind,
        summary,
        undo_stack=undo_stack,
        redo_stack=redo_stack,
    )


def _refuse_unlinked(roster: Roster) -> None:
    """Storing a roster that could not re-link some selections would drop them unseen: only
    a migration the owner confirmed does that (``migrate_list``)."""
    if roster.unlinked:
        raise EditRejected(
            DATA_MISSING,
            _("The data this list was built with no longer has some of its selections."),
            params={"removals": [unlinked_params(u) for u in roster.unlinked]},
        )


def _version_summary(army_list: ArmyList, number: int) -> Summary | None:
    version = (
        ListVersion.objects.filter(army_list=army_list, number=number)
        .only("summary", "summary_code", "summary_params")
        .first()
    )
    return version.summary_of_edit if version is not None else None


def save_roster(
    army_list: ArmyList,
    version: int,
    roster: Roster,
    closure: ClosureRevisions,
    kind: str,
    summary: Summary,
    *,
    undo_stack: list[int],
    redo_stack: list[int],
) -> ListState:
    """Evaluate, then store with a compare-and-swap on ``version`` and a snapshot.

    The report says what is wrong, not why each entry cannot be added: explaining every
    entry of a large list takes a second, and a page explains only what it shows.
    """
    report = _report(closure, roster, explain=False)
    document = _document(report)
    text = quotas.document_json(document)
    size = len(text.encode())
    quotas.admit_document(army_list=army_list, size=size)
    fields: dict[str, Any] = {
        "name": roster.name[:NAME_MAX_LENGTH] or army_list.name,
        "document": document,
        "document_bytes": size,
        # (the compare-and-swap below holds the row at ``version``, and so at this count)
        "stored_bytes": army_list.stored_bytes + size,
        "pinned": pinned_revisions(closure),
        "version": version + 1,
        "undo_stack": undo_stack,
        "redo_stack": redo_stack,
        "updated_at": timezone.now(),
        **denormalised_fields(report),
    }
    repinned = fields["pinned"] != army_list.pinned
    # the document goes to the database as the text just weighed, not serialised again
    stored = Cast(Value(text), output_field=JSONField())
    with transaction.atomic():
        if not ArmyList.objects.filter(pk=army_list.pk, version=version).update(
            **{**fields, "document": stored}
        ):
            raise StaleVersion(_stored_version(army_list))
        for field, value in fields.items():
            setattr(army_list, field, value)
        record_version(army_list, kind, summary)
        if repinned:
            sync_pins(army_list)
        prune_versions(army_list=army_list)
    return ListState(army_list, roster, report)


def sync_pins(army_list: ArmyList) -> None:
    """Make the list's ``ListPin`` rows name exactly the revisions its ``pinned`` names."""
    wanted = set(pinned_pks(army_list.pinned))
    ListPin.objects.filter(army_list=army_list).exclude(revision_id__in=wanted).delete()
    ListPin.objects.bulk_create(
        [ListPin(army_list=army_list, revision_id=pk) for pk in sorted(wanted)],
        ignore_conflicts=True,
    )


def pinned_pks(pinned: Mapping[str, Any]) -> list[int]:
    """The primary keys of the revisions a list's (or a version's) pins name."""
    return [int(pinned["gameSystem"]), *(int(pk) for pk in pinned.get("catalogues", {}).values())]


def record_version(army_list: ArmyList, kind: str, summary: Summary) -> None:
    """Store the list's current version as a ``ListVersion``.

    The list's row was written just before (in the same transaction), so the database copies
    its document and pinned revisions into the snapshot: the document, most of an edit's
    write, is serialised, sent and parsed once per edit, not twice.
    """
    author = authorship.current()
    values = {
        "army_list": army_list.pk,
        "number": army_list.version,
        "kind": kind,
        "summary": "",
        "summary_code": summary.code,
        "summary_params": dict(summary.params),
        "author": author.user_id if author else None,
        "channel": author.channel if author else "",
        "device": author.device.pk if author and author.device else None,
        "points": army_list.points,
        "legal": army_list.legal,
        "created_at": timezone.now(),
    }
    quote = connection.ops.quote_name
    target, source = ListVersion._meta, ArmyList._meta
    given = [(target.get_field(name), value) for name, value in values.items()]
    copied = ("document", "document_bytes", "pinned")
    columns = [field.column for field, _value in given]
    columns += [target.get_field(name).column for name in copied]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(target.db_table)} "
            f"({', '.join(quote(column) for column in columns)}) "
            f"SELECT {', '.join(['%s'] * len(given))}, "
            f"{', '.join(quote(source.get_field(name).column) for name in copied)} "
            f"FROM {quote(source.db_table)} WHERE {quote(source.pk.column)} = %s",
            [*(field.get_db_prep_save(value, connection) for field, value in given), army_list.pk],
        )


def _stored_version(army_list: ArmyList) -> int:
    stored = ArmyList.objects.filter(pk=army_list.pk).values_list("version", flat=True).first()
    return int(stored or 0)


def check_version(army_list: ArmyList, version: int) -> None:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise EditRejected(BAD_VERSION, _("The edit names no version of the list."))
    if version > army_list.version:  # versions only grow: no tab has seen this one
        raise EditRejected(BAD_VERSION, _("The edit names a version the list never had."))
    if version != army_list.version:
        raise StaleVersion(army_list.version)


def denormalised_fields(report: ListReport) -> dict[str, Any]:
    """The columns a list keeps of the evaluation of the document it stores: the main cost
    type's total and limit (the first one with a limit, else the first), its legality and
    what a data update's report needs of it (``lists.baseline``)."""
    main = next((t for t in report.totals if t.limit is not None), None) or next(
        iter(report.totals), None
    )
    return {
        "points": main.value if main else 0.0,
        "points_limit": main.limit if main else None,
        "legal": report.legal,
        "error_count": report.error_count,
        "baseline": baseline.kept(report),
    }


def pinned_revisions(closure: ClosureRevisions) -> dict[str, Any]:
    return {
        "gameSystem": closure.game_system_revision.pk,
        "catalogues": {
            revision.catalogue.bs_id: revision.pk
            for revision in closure.catalogue_revisions
            if revision.catalogue is not None
        },
    }


def _closure_with(army_list: ArmyList, catalogue_id: str) -> ClosureRevisions:
    """The list's closure, plus ``catalogue_id`` (newest revision) when it is new to it."""
    closure = pinned_closure(army_list)
    if any(r.catalogue and r.catalogue.bs_id == catalogue_id for r in closure.catalogue_revisions):
        return closure
    catalogue = army_list.game_system.catalogues.filter(bs_id=catalogue_id, library=False).first()
    newest = catalogue.revisions.defer("document").first() if catalogue else None
    if newest is None:
        raise EditRejected(UNKNOWN_CATALOGUE, _("This game has no such faction."))
    try:
        return resolve_closure(
            game_system=army_list.game_system,
            catalogue_revisions=[*closure.catalogue_revisions, newest],
            game_system_revision=closure.game_system_revision,
        )
    except ClosureError as error:
        raise EditRejected(DATA_MISSING, str(error)) from error


def _load_roster(document: Mapping[str, Any], closure: ClosureRevisions) -> Roster:
    try:
        return load_roster(compiled_closure(closure), document, budget=Budget(REQUEST_STEPS))
    except CapExceeded as error:
        raise EditRejected(error.code, messages.refusal(error), params=error.params) from error
    except (RosterError, CompileError) as error:
        raise EditRejected(DATA_MISSING, messages.refusal(error)) from error


def _report(closure: ClosureRevisions, roster: Roster, *, explain: bool) -> ListReport:
    try:
        return report_roster(closure=closure, roster=roster, explain=explain)
    except ListSpecRejected as error:  # (over the work budget)
        raise EditRejected(error.code, error.detail) from error


def _document(report: ListReport) -> dict[str, Any]:
    """The document to store, refused (``caps.*``) when an edit took the list past the caps
    that every way into the engine shares."""
    document = roster_document(report.view)
    try:
        check_document(document)
    except CapExceeded as error:
        raise EditRejected(error.code, messages.refusal(error), params=error.params) from error
    return document


def _engine(operation: Callable[[], T]) -> T:
    try:
        return operation()
    except CapExceeded as error:
        raise EditRejected(error.code, messages.refusal(error), params=error.params) from error
    except RosterError as error:
        raise EditRejected(NOT_ALLOWED, messages.refusal(error)) from error


def _force(roster: Roster, force_id: str | None) -> Force:
    try:
        return roster.force(_id(force_id, UNKNOWN_FORCE))
    except RosterError as error:
        raise EditRejected(UNKNOWN_FORCE, _("This list has no such force.")) from error


def _selection(roster: Roster, selection_id: str | None) -> Selection:
    try:
        return roster.selection(_id(selection_id, UNKNOWN_SELECTION))
    except RosterError as error:
        raise EditRejected(UNKNOWN_SELECTION, _("This list has no such selection.")) from error


def _select_setup(roster: Roster, force: Force, key: str, option_id: str) -> None:
    choice = next(
        (c for c in setup.setup_choices(roster.compiled, force.catalogue_id) if c.key == key),
        None,
    )
    options = {o.id for o in choice.options} if choice else set()
    if choice is None or option_id not in options:
        raise EditRejected(UNKNOWN_ENTRY, _("That is not one of the choices offered."))
    holder = next((s for s in force.selections if s.node.path_id == choice.entry_id), None)
    if holder is None:
        holder, _created = _engine(lambda: engine_edit.select_entry(roster, force, choice.entry_id))
    for chosen in [s for s in holder.children if s.node.path_id in options]:
        roster.remove_selection(chosen)
    _engine(lambda: engine_edit.select_entry(roster, force, option_id, holder))


def _set_cost_limit(roster: Roster, cost_type_id: str, value: float | None) -> None:
    if cost_type_id not in {ct.id for ct in roster.compiled.cost_types}:
        raise EditRejected(UNKNOWN_COST_TYPE, _("This game has no such cost."))
    limit = _limit(value)
    roster.set_cost_limit(cost_type_id, -1.0 if limit is None else limit)


def _set_option(roster: Roster, name: str, value: str) -> None:
    option = next((o for o in setup.list_options(roster.compiled) if o.id == name), None)
    if option is None:
        raise EditRejected(UNKNOWN_OPTION, _("This game has no such list option."))
    if not isinstance(value, str) or not option.allows(value):
        raise EditRejected(BAD_VALUE, _("That is not a value this option allows."))
    roster.options[name] = value


def _limit(value: float | None) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 <= value <= setup.MAX_COST_LIMIT
    ):
        raise EditRejected(
            BAD_VALUE,
            _("A limit is a number from 0 to %(max)d.") % {"max": int(setup.MAX_COST_LIMIT)},
        )
    return float(value)


def _count(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise EditRejected(
            BAD_COUNT, _("A count is a whole number from 0 to %(max)d.") % {"max": MAX_COUNT}
        )
    return count


def _id(value: object, code: str = UNKNOWN_ENTRY) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_ID_LENGTH:
        raise EditRejected(code, _("That id is not valid."))
    return value


def _name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise EditRejected(
            BAD_TEXT,
            _("A name has 1 to %(max)d characters.") % {"max": NAME_MAX_LENGTH},
            params={"max": NAME_MAX_LENGTH},
        )
    return _checked_text(name.strip(), checked_name)


def _text(value: object, check: Callable[[Any], str]) -> Any:
    if value is UNCHANGED or value is None:
        return value
    return _checked_text(value, check).strip()


def _checked_text(value: object, check: Callable[[Any], str]) -> str:
    """A name or notes within the caps every way in shares (``engine.caps``): a refusal
    names the cap's code (``caps.text``), never a page's own rule."""
    try:
        return check(value)
    except CapExceeded as error:
        limit = NAME_MAX_LENGTH if check is checked_name else MAX_NOTES_LENGTH
        raise EditRejected(
            error.code,
            _(
                "A name is one line of at most %(max)d characters, notes at most %(notes)d "
                "characters, and neither holds control characters."
            )
            % {"max": NAME_MAX_LENGTH, "notes": MAX_NOTES_LENGTH},
            params={"max": limit},
        ) from error


def _node_named(node: EntryNode | ForceNode) -> dict[str, str]:
    """A summary's params naming game data: its own name and its id, by which the history
    names it in the reader's language (``summaries.NAMED_PARAMS``)."""
    return {"name": node.name, "name_id": node.id}


def _named(item: Selection | Force) -> dict[str, str]:
    """A summary's params naming a selection or force: the player's name for it, else its
    entry's."""
    return {"name": item.custom_name} if item.custom_name else _node_named(item.node)


def renamed_document(document: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A copy of a list's document under a new name and a roster id of its own."""
    body = dict(document.get("roster", document))
    body["name"] = name
    body["id"] = str(uuid.uuid4())
    return {"roster": body}
