"""Saved army lists: the roster document, the revisions it is pinned to, and every version.

A list's ``document`` is the engine's canonical roster document. Every saved change bumps
``version`` (compare-and-swap: an edit made on an older version is refused) and stores a
full ``ListVersion`` snapshot, which history, undo and redo read. The points, limit and
legality columns are copies of the last evaluation, kept so that pages listing many lists
never evaluate one.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from armybuilder.engine.caps import MAX_NAME_LENGTH
from lists.summaries import LEGACY, Summary

NAME_MAX_LENGTH = MAX_NAME_LENGTH


def new_share_token() -> str:
    return secrets.token_urlsafe(32)


class Visibility(models.TextChoices):
    PRIVATE = "private", _("Private")
    UNLISTED = "unlisted", _("Anyone with the link")
    PUBLIC = "public", _("Public")


class ArmyListQuerySet(models.QuerySet["ArmyList"]):
    def visible_to(self, user: Any, *, with_link: bool = False) -> ArmyListQuerySet:
        """The lists ``user`` may open and fork, every kept version of them: their own, the
        public ones and, reached through the share link, the unlisted ones. The one rule of
        who sees what (pages, API and forks use it)."""
        allowed = (
            ~Q(visibility=Visibility.PRIVATE) if with_link else Q(visibility=Visibility.PUBLIC)
        )
        if getattr(user, "is_authenticated", False):
            allowed |= Q(owner=user)
        return self.filter(allowed)


class ArmyList(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="army_lists"
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    game_system = models.ForeignKey("catalogues.GameSystem", on_delete=models.PROTECT)
    # The faction chosen at creation (a list may add forces of other catalogues later).
    catalogue = models.ForeignKey("catalogues.Catalogue", on_delete=models.PROTECT)
    document = models.JSONField()
    # What the document weighs as stored, and with every kept version (``lists.quotas``).
    document_bytes = models.PositiveBigIntegerField(default=0)
    stored_bytes = models.PositiveBigIntegerField(default=0)
    # {"gameSystem": <Revision pk>, "catalogues": {catalogue bs_id: <Revision pk>}}
    pinned = models.JSONField()
    version = models.PositiveIntegerField(default=1)
    # Version numbers whose snapshots undo (last first) and redo step back to.
    undo_stack = models.JSONField(default=list, blank=True)
    redo_stack = models.JSONField(default=list, blank=True)
    points = models.FloatField(default=0)
    points_limit = models.FloatField(null=True, blank=True)
    legal = models.BooleanField(default=False)
    error_count = models.PositiveIntegerField(default=0)
    # What a data update's report needs of the last evaluation, with the revisions it was
    # made on (``lists.baseline``); empty for a list stored before it was kept.
    baseline = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField()
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = models.CharField(max_length=43, unique=True, default=new_share_token)
    forked_from = models.ForeignKey(
        "lists.ListVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="forks",
    )

    objects = ArmyListQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"], name="armylist_owner_updated")]

    def __str__(self) -> str:
        return self.name

    @property
    def referenced_version_numbers(self) -> set[int]:
        """Versions undo and redo still need (retention must keep them)."""
        return {self.version, *self.undo_stack, *self.redo_stack}


class VersionKind(models.TextChoices):
    CREATE = "create", _("Created")
    EDIT = "edit", _("Edited")
    UNDO = "undo", _("Undone")
    REDO = "redo", _("Redone")
    IMPORT = "import", _("Imported")
    FORK = "fork", _("Forked")
    RESTORE = "restore", _("Restored")
    MIGRATION = "migration", _("Updated to newer data")


class ListVersion(models.Model):
    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    document = models.JSONField()
    document_bytes = models.PositiveBigIntegerField(default=0)
    pinned = models.JSONField()
    kind = models.CharField(max_length=10, choices=VersionKind.choices)
    # What the version did, worded when read (``lists.summaries``); ``summary`` holds the words
    # of a version stored before summaries were codes.
    summary_code = models.CharField(max_length=40, blank=True)
    summary_params = models.JSONField(default=dict, blank=True)
    summary = models.CharField(max_length=300, blank=True)
    # Who made the version and through what (``lists.authorship``); unknown for older ones.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    channel = models.CharField(max_length=10, blank=True)
    device = models.ForeignKey(
        "accounts.DeviceToken",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    points = models.FloatField(default=0)
    legal = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["army_list", "number"], name="listversion_unique_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.army_list} v{self.number}"

    # The reader's name table (``catalogues.names``) the label names game data by, set by the
    # page that shows the version (``history.version_sessions``); else the data's own names.
    names: Mapping[str, str] = MappingProxyType({})

    @property
    def summary_of_edit(self) -> Summary:
        """What the version did, as stored (an undo or redo: the edit it steps over)."""
        if self.summary_code:
            return Summary(self.summary_code, self.summary_params)
        return Summary(LEGACY, {"text": self.summary})

    @property
    def label(self) -> str:
        """The summary as players read it, in their language. An undo or redo stores the
        summary of the edit it steps over, so undoing an undo names that edit, not "Undid:
        Undid: ..."."""
        words = self.summary_of_edit.worded(self.names)
        if self.kind == VersionKind.UNDO:
            return _("Undid: %(summary)s") % {"summary": words}
        if self.kind == VersionKind.REDO:
            return _("Redid: %(summary)s") % {"summary": words}
        return words


class ListPin(models.Model):
    """One stored revision a list is pinned to (its ``pinned`` as rows, kept in step by the
    services that store a list), so the lists on an older revision are one indexed query."""

    army_list = models.ForeignKey(ArmyList, on_delete=models.CASCADE, related_name="pins")
    revision = models.ForeignKey(
        "catalogues.Revision", on_delete=models.PROTECT, related_name="list_pins"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["army_list", "revision"], name="listpin_unique")
        ]
        indexes = [models.Index(fields=["revision", "army_list"], name="listpin_revision")]

    def __str__(self) -> str:
        return f"{self.army_list_id} -> {self.revision_id}"


class DataUpdate(models.Model):
    """What moving a list to the newest revisions would change (``lists.updates``).

    ``report`` holds codes and parameters only (the words are made when it is shown);
    ``target`` the pins of the newest revisions it was worked out on and ``list_version`` the
    list's version then: a report on the same target and version is never made twice. "Keep"
    sets ``dismissed`` until a newer revision (another target) arrives.
    """

    army_list = models.OneToOneField(ArmyList, on_delete=models.CASCADE, related_name="update")
    target = models.JSONField()
    target_key = models.CharField(max_length=500)
    list_version = models.PositiveIntegerField()
    report = models.JSONField()
    removals = models.PositiveIntegerField(default=0)
    dismissed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"update of {self.army_list_id} to {self.target_key}"


class RevalidationJob(models.Model):
    """Re-validating the lists pinned to older revisions of some game system or catalogues,
    after newer revisions arrived (``lists.tasks.revalidate_task``).

    A job goes through its lists by pin set (``after_key``: the revisions a list is pinned
    to, as ``lists.updates.pin_key`` writes them), then by id (``after``), so that each
    closure is compiled once per job. ``after_key`` and ``after`` name the last list done:
    each chunk's reports and the move of the cursor and of ``done`` commit together, so a job
    run again (a killed worker's, redelivered) carries on where it stopped and counts
    nothing twice."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Succeeded")
        FAILED = "failed", _("Failed")

    # primary keys of the newer revisions that started it
    revisions = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    reported = models.PositiveIntegerField(default=0)
    after_key = models.CharField(max_length=500, blank=True)
    after = models.BigIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    # Why a failed job stopped, worded when read (``REVALIDATION_ERRORS``): staff follow it in
    # their own language, and the worker that records it has none.
    error_code = models.CharField(max_length=40, blank=True)
    error_params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Re-validation #{self.pk} ({self.status})"

    @property
    def worded_error(self) -> str:
        """Why the job failed, in the reader's language (empty while it has not)."""
        message = REVALIDATION_ERRORS.get(self.error_code)
        if message is None:
            return self.error_code
        return str(message) % self.error_params


DATABASE_FAILED = "revalidation.database_failed"
REVALIDATION_ERRORS = {
    DATABASE_FAILED: _("The database failed on each of %(tries)s tries: the job stopped."),
}
