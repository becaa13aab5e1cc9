"""Sharing a list: who may open it, its share link, its visibility, forks, exports and
imports. Keyword-only services that the pages (and later the API) call.

A list is opened by others only through its share token (``secrets.token_urlsafe(32)``:
256 random bits, never the database id). ``shared_list`` finds it with one query whose
filter already holds the visibility rule, so a token that does not exist, was rotated or
belongs to a private list costs the same work and raises the same ``Http404``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from armybuilder.engine.caps import one_line
from armybuilder.engine.document import roster_document
from armybuilder.engine.report import Problem
from catalogues.examples import ExampleList
from catalogues.models import Catalogue
from catalogues.services.rosters import check_roster_file
from catalogues.services.validation import ListReport, ListSpecRejected, validate_list_spec
from lists import quotas, summaries
from lists.exports import ExportContext, ExportFile, ExportFormat, export
from lists.models import (
    NAME_MAX_LENGTH,
    ArmyList,
    ListVersion,
    VersionKind,
    Visibility,
    new_share_token,
)
from lists.services import (
    EditRejected,
    ListState,
    StaleVersion,
    as_read,
    load_list,
    pinned_revisions,
    renamed_document,
    store_new_list,
)

# What ``secrets.token_urlsafe`` writes: anything else cannot be a token and is not looked up.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")

# Stable codes of a refused share setting, import or fork.
BAD_VISIBILITY = "share.bad_visibility"
IMPORT_NO_FORCE = "import.no_force"
UNKNOWN_VERSION = "fork.unknown_version"


def shared_list(*, token: str, user: Any) -> ArmyList:
    """The list behind a share link, if ``user`` may open it; ``Http404`` otherwise.

    Unlisted and public lists open for anyone with the link, a private one only for its
    owner. The rule is part of the one query, so every refusal takes the same path.
    """
    if not TOKEN_PATTERN.fullmatch(token or ""):
        raise Http404
    found = (
        ArmyList.objects.visible_to(user, with_link=True)
        .filter(share_token=token)
        .select_related("game_system", "catalogue")
        .first()
    )
    if found is None:
        raise Http404
    return found


def public_lists() -> QuerySet[ArmyList]:
    """Lists in the gallery: public ones, most recently edited first."""
    return (
        ArmyList.objects.visible_to(None)
        .select_related("game_system", "catalogue")
        .defer("document", "baseline", "undo_stack", "redo_stack")
        .order_by("-updated_at", "-id")
    )


def set_visibility(*, army_list: ArmyList, visibility: str) -> ArmyList:
    """Change who may open the list. Making it private also gives it a new share link, so a
    link handed out before stays dead when the list is shared again."""
    if visibility not in Visibility.values:
        raise EditRejected(BAD_VISIBILITY, _("Choose private, unlisted or public."))
    fields: dict[str, str] = {"visibility": visibility}
    if visibility == Visibility.PRIVATE and army_list.visibility != Visibility.PRIVATE:
        fields["share_token"] = new_share_token()
    return _share(army_list, fields)


def rotate_share_token(*, army_list: ArmyList) -> ArmyList:
    """Give the list a new share link; the old one stops working at once."""
    return _share(army_list, {"share_token": new_share_token()})


def _share(army_list: ArmyList, fields: dict[str, str]) -> ArmyList:
    """Write sharing fields only where the row is still as ``army_list`` was read (its
    version, visibility and link: what its ETag says); else ``StaleVersion``."""
    if not as_read(army_list).update(**fields):
        raise StaleVersion(ArmyList.objects.filter(pk=army_list.pk).values("version")[0]["version"])
    for field, value in fields.items():
        setattr(army_list, field, value)
    return army_list


@dataclass(frozen=True)
class SharedView:
    """What the shared page shows: the list evaluated now, on its pinned revisions."""

    state: ListState
    checked_at: datetime


def evaluate_shared(*, army_list: ArmyList) -> SharedView:
    return SharedView(load_list(army_list=army_list, explain=False), timezone.now())


def export_list(
    *, army_list: ArmyList, fmt: ExportFormat, share_url: str, verify_url: str
) -> ExportFile:
    """The list's current version in ``fmt``, evaluated now (the verdict it carries is
    the server's, never a stored one)."""
    state = load_list(army_list=army_list, explain=False)
    return export(
        ExportContext(
            report=state.report,
            share_url=share_url,
            verify_url=verify_url,
            version=army_list.version,
            checked_at=timezone.now(),
        ),
        fmt,
    )


def fork_choices(*, army_list: ArmyList) -> QuerySet[ListVersion]:
    """The kept versions of a list someone may fork, newest first (their documents are
    not loaded: the choice shows only what each version's row says). Retention bounds
    how many there are."""
    return (
        ListVersion.objects.filter(army_list=army_list)
        .defer("document", "pinned")
        .order_by("-number")
    )


def fork_list(*, army_list: ArmyList, user: Any, version_number: int | None = None) -> ArmyList:
    """A new private list of ``user`` from a kept version of ``army_list`` (its newest by
    default), recording the version it came from.

    Anyone who may see the list may fork any of its kept versions: its owner, and anyone
    else while it is unlisted or public (a private list raises the same ``Http404`` as its
    share link). Only versions of this list count: a number it does not keep is refused.
    """
    if not ArmyList.objects.visible_to(user, with_link=True).filter(pk=army_list.pk).exists():
        raise Http404
    number = army_list.version if version_number is None else version_number
    source = ListVersion.objects.filter(army_list=army_list, number=number).first()
    if source is None:
        raise EditRejected(UNKNOWN_VERSION, _("That version is no longer kept."))
    quotas.admit_creation(user=user)
    name = (_("Fork of %(name)s") % {"name": army_list.name})[:NAME_MAX_LENGTH]
    return store_new_list(
        user=user,
        name=name,
        game_system=army_list.game_system,
        catalogue=army_list.catalogue,
        document=renamed_document(source.document, name),
        pinned=source.pinned,
        kind=VersionKind.FORK,
        summary=summaries.summary("list.forked", name=army_list.name, number=number),
        forked_from=source,
    )


@dataclass(frozen=True)
class ImportResult:
    army_list: ArmyList
    left_out: Sequence[Problem]  # selections the stored data no longer has


def import_list(*, user: Any, data: bytes, filename: str) -> ImportResult:
    """A ``.ros``/``.rosz`` file as a new private list of ``user``, re-linked to the newest
    stored revisions. Selections whose entries the data no longer has are left out and
    returned (and named in the version's summary), never dropped silently.

    Raises ``ListSpecRejected`` (``format.*`` for a malformed, hostile or oversized file;
    ``caps.*`` for a list past the caps, its texts included; ``list_spec.*`` /
    ``roster_file.*`` for data the store lacks) or ``EditRejected`` (``quota.*``); nothing is
    stored then.
    """
    quotas.admit_creation(user=user)
    report = check_roster_file(data=data, filename=filename)
    filename = one_line(filename)
    left_out = report.unknown_entries
    summary = (
        summaries.summary(
            "list.imported_left_out",
            file=filename,
            entries=[
                str(p.params.get("path") or p.entry_id)[: summaries.NAME_LENGTH]
                for p in left_out[: summaries.LEFT_OUT_NAMED]
            ],
        )
        if left_out
        else summaries.summary("list.imported", file=filename)
    )
    return ImportResult(
        _store_new_list(user, report, report.view.name or filename, summary), left_out
    )


def copy_example(*, user: Any, example: ExampleList) -> ArmyList:
    """An example list as a new private list of ``user``, built on the newest stored
    revisions, ready to edit.

    Raises ``ListSpecRejected`` when the stored data cannot build it, or ``EditRejected``
    (``quota.*``); nothing is stored then.
    """
    quotas.admit_creation(user=user)
    report = validate_list_spec(spec=example.spec)
    summary = summaries.summary("list.from_example", name=example.name)
    return _store_new_list(user, report, example.name, summary)


def _store_new_list(
    user: Any, report: ListReport, name: str, summary: summaries.Summary
) -> ArmyList:
    """A checked list as a new private list of ``user``, with its first version."""
    forces = report.view.forces
    if not forces:
        raise ListSpecRejected(IMPORT_NO_FORCE, _("The roster has no force to import."))
    catalogue = Catalogue.objects.filter(
        game_system=report.game_system, bs_id=forces[0].catalogue_id, library=False
    ).first()
    if catalogue is None:
        raise ListSpecRejected(
            IMPORT_NO_FORCE, _("The roster's first force is of no faction stored here.")
        )
    name = name[:NAME_MAX_LENGTH].strip() or _("Imported list")
    document = roster_document(report.view)
    document["roster"]["name"] = name
    return store_new_list(
        user=user,
        name=name,
        game_system=report.game_system,
        catalogue=catalogue,
        document=document,
        pinned=pinned_revisions(report.closure),
        kind=VersionKind.IMPORT,
        summary=summary,
        report=report,
    )
