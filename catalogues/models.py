"""The catalogue store: game systems, catalogues, their imported revisions and an entry index.

A ``Revision`` holds one BattleScribe document whole (canonical JSON, unknown elements and
attributes included). Older revisions are never replaced, because rosters pin the revision
they were built against. ``Entry`` rows index each revision's selection entries and groups
for browsing, search and points comparisons between revisions; they are derived data,
rebuilt only by the importer.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from catalogues import job_messages


class GameSystem(models.Model):
    bs_id = models.CharField(_("BattleScribe id"), max_length=100, unique=True)
    name = models.CharField(max_length=255)
    slug = models.SlugField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Catalogue(models.Model):
    game_system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="catalogues")
    bs_id = models.CharField(_("BattleScribe id"), max_length=100)
    name = models.CharField(max_length=255)
    slug = models.SlugField(max_length=120)
    library = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_system__name", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game_system", "bs_id"], name="catalogue_unique_bs_id"),
            models.UniqueConstraint(fields=["game_system", "slug"], name="catalogue_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name


class Revision(models.Model):
    """One imported revision of a game system (``catalogue`` empty) or of a catalogue."""

    class SourceFormat(models.TextChoices):
        XML = "xml", _("BattleScribe XML")
        ZIP = "zip", _("Zipped BattleScribe XML")
        JSON = "json", "JSON"
        LEGACY = "legacy", _("BattleScribe 1.x XML (converted)")

    game_system = models.ForeignKey(
        GameSystem, on_delete=models.CASCADE, null=True, blank=True, related_name="revisions"
    )
    catalogue = models.ForeignKey(
        Catalogue, on_delete=models.CASCADE, null=True, blank=True, related_name="revisions"
    )
    number = models.PositiveIntegerField(_("revision"))
    name = models.CharField(max_length=255)
    battlescribe_version = models.CharField(max_length=20, blank=True)
    # For a catalogue: the game system revision it was written against (``gameSystemRevision``).
    game_system_revision = models.PositiveIntegerField(null=True, blank=True)
    document = models.JSONField()
    source_name = models.CharField(max_length=255)
    source_format = models.CharField(max_length=10, choices=SourceFormat.choices)
    # sha256 of the imported file (of the member, for a bundle); documents are compared
    # whole when it differs, so the same content in another format is still recognised.
    sha256 = models.CharField(max_length=64)
    unresolved_links = models.JSONField(default=list, blank=True)
    entry_count = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.CheckConstraint(
                condition=Q(game_system__isnull=True, catalogue__isnull=False)
                | Q(game_system__isnull=False, catalogue__isnull=True),
                name="revision_of_game_system_xor_catalogue",
            ),
            models.UniqueConstraint(
                fields=["game_system", "number"],
                condition=Q(catalogue__isnull=True),
                name="revision_unique_game_system_number",
            ),
            models.UniqueConstraint(
                fields=["catalogue", "number"],
                condition=Q(game_system__isnull=True),
                name="revision_unique_catalogue_number",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (revision {self.number})"

    @property
    def owner(self) -> GameSystem | Catalogue:
        owner = self.catalogue or self.game_system
        assert owner is not None  # guaranteed by the check constraint
        return owner

    @property
    def owner_game_system(self) -> GameSystem:
        """The game system this revision belongs to: its own, or its catalogue's."""
        owner = self.owner
        return owner.game_system if isinstance(owner, Catalogue) else owner

    @property
    def kind(self) -> str:
        """``gameSystem`` or ``catalogue``: the root key of ``document``."""
        return "catalogue" if self.catalogue_id else "gameSystem"

    @property
    def body(self) -> dict[str, Any]:
        """The document without its root key."""
        body: dict[str, Any] = self.document[self.kind]
        return body


class NameTranslation(models.Model):
    """The names of one revision's elements in one language: element id -> name, for those
    whose name in the language differs from the document's own.

    Kept beside the revision rather than in its document, so a pack (ours or a community's)
    can add a language or correct a name without a new revision of its data: the document,
    and so every list pinned to it and every export, keeps its canonical names. ``digest``
    (of ``names``) keys the resolved name tables (``catalogues.names``), so a changed table is
    picked up at once and an unchanged one is never read twice.
    """

    revision = models.ForeignKey(Revision, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=16)
    names = models.JSONField(default=dict)
    digest = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["revision", "language"], name="name_translation_unique_language"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.revision} ({self.language})"


class Entry(models.Model):
    """Index row for one selection entry or selection entry group of a revision.

    ``categories``: ``[{"id", "name", "primary"}]``; ``costs``: ``[{"typeId", "name",
    "value", "unverified"}]``; ``profiles``: ``[{"id", "name", "typeId", "typeName",
    "characteristics": [{"name", "typeId", "value"}]}]``; ``rules``: ``[{"id", "name",
    "description"}]``.
    Profiles and rules include those reached through info links, resolved for display.
    """

    class Kind(models.TextChoices):
        SELECTION_ENTRY = "selectionEntry", _("Selection entry")
        SELECTION_ENTRY_GROUP = "selectionEntryGroup", _("Selection entry group")

    revision = models.ForeignKey(Revision, on_delete=models.CASCADE, related_name="entries")
    bs_id = models.CharField(_("BattleScribe id"), max_length=100)
    name = models.TextField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    # unit, model, upgrade, ... (empty for groups)
    type = models.CharField(max_length=40, blank=True)
    # Defined in a shared* list (reachable only through links).
    shared = models.BooleanField(default=False)
    # Selectable at force level: in the root selection entries, or a root entry link's target.
    root = models.BooleanField(default=False)
    hidden = models.BooleanField(default=False)
    # A root entry that catalogues importing this one's root entries (``importRootEntries``)
    # also offer: false when it (or the root entry link offering it) says ``import="false"``.
    importable = models.BooleanField(default=True)
    # Provenance (our extension, docs/architecture.md): some value of the entry, of one of
    # its costs, or of one of its own constraints, modifiers, category links or profiles, is
    # marked ``"unverified": true``; the id of the source the entry cites.
    unverified = models.BooleanField(default=False)
    # Those of its own constraints, modifiers, category links and profiles, so the entry page
    # says which value no source gives: ``[{"kind", "id", "label", "comment"}]``.
    unverified_values = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=100, blank=True)
    parent_bs_id = models.CharField(max_length=100, blank=True)
    primary_category = models.CharField(max_length=255, blank=True)
    categories = models.JSONField(default=list, blank=True)
    costs = models.JSONField(default=list, blank=True)
    profiles = models.JSONField(default=list, blank=True)
    rules = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name_plural = _("entries")
        indexes = [
            models.Index(fields=["revision", "bs_id"], name="entry_revision_bs_id"),
            models.Index(fields=["revision", "root"], name="entry_revision_root"),
            models.Index(fields=["bs_id"], name="entry_bs_id"),
        ]

    def __str__(self) -> str:
        return self.name


class ImportJobQuerySet(models.QuerySet["ImportJob"]):
    def for_user(self, user: User | AnonymousUser) -> ImportJobQuerySet:
        """The jobs a user may follow: their own uploads; every upload for a superuser."""
        if user.is_superuser:
            return self
        if not user.is_authenticated:
            return self.none()
        return self.filter(created_by=user)


class ImportJob(models.Model):
    """An upload imported in the background (``catalogues.tasks.import_upload_task``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Succeeded")
        FAILED = "failed", _("Failed")

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveSmallIntegerField(default=0)  # 0..100
    # What the job is doing or did, worded when read (``catalogues.job_messages``); ``message``
    # holds the words of a job recorded before messages were codes.
    message_code = models.CharField(max_length=40, blank=True)
    message_params = models.JSONField(default=dict, blank=True)
    message = models.TextField(blank=True)
    # ImportResult.as_dict(): created / unchanged revisions, unresolved links.
    result = models.JSONField(default=dict, blank=True)
    errors = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="catalogue_import_jobs",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ImportJobQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Import #{self.pk} ({self.status})"

    @property
    def status_message(self) -> str:
        """What the job is doing or did, in the reader's language."""
        return job_messages.worded(self.message_code, self.message_params, self.message)

    @property
    def worded_errors(self) -> list[dict[str, Any]]:
        """Each file's problem with its message in the reader's language."""
        return [
            {
                **error,
                "message": job_messages.worded(
                    str(error.get("code", "")), error.get("params") or {}, error.get("message", "")
                ),
            }
            for error in self.errors
            if isinstance(error, dict)
        ]


class ImportJobFile(models.Model):
    """One uploaded file waiting for its job; the bytes are dropped once the job ends."""

    job = models.ForeignKey(ImportJob, on_delete=models.CASCADE, related_name="files")
    name = models.CharField(max_length=255)
    data = models.BinaryField()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class DataSource(models.Model):
    """A URL the store follows, as BattleScribe's "add data index URL": a data index (a
    ``.bsi`` or a plain ``index.xml``) or a repository release archive of ``.gst``/``.cat``
    files. Checks (``DataSourceCheck``) import what changed."""

    url = models.CharField(_("URL"), max_length=2000, unique=True)
    name = models.CharField(_("name"), max_length=255, blank=True)
    # The periodic check includes it; "check now" works either way.
    active = models.BooleanField(_("checked periodically"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "url"]

    def __str__(self) -> str:
        return self.name or self.url


class DataSourceCheck(models.Model):
    """One check of a data source: what it lists, what was fetched and imported."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        RUNNING = "running", _("Running")
        SUCCEEDED = "succeeded", _("Succeeded")
        FAILED = "failed", _("Failed")

    source = models.ForeignKey(DataSource, on_delete=models.CASCADE, related_name="checks")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    files_total = models.PositiveIntegerField(default=0)
    files_done = models.PositiveIntegerField(default=0)
    # Why the whole check failed (the source itself could not be read), else empty: a reader's
    # refusal is worded from ``code`` and ``params`` when read (``worded_message``).
    code = models.CharField(max_length=60, blank=True)
    params = models.JSONField(default=dict, blank=True)
    # What the check is doing or did, worded when read (``catalogues.job_messages``);
    # ``message`` holds the words of a check recorded before messages were codes.
    message_code = models.CharField(max_length=40, blank=True)
    message_params = models.JSONField(default=dict, blank=True)
    message = models.TextField(blank=True)
    # Empty for the periodic check and the management command.
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Check #{self.pk} of {self.source} ({self.status})"

    @property
    def worded_message(self) -> str:
        """Why the check failed (or last failed, when it will try again), in the reader's
        language."""
        return job_messages.worded(self.code, self.params, self.message)

    @property
    def status_message(self) -> str:
        """What the check is doing or did, in the reader's language."""
        params = {**self.message_params, "reason": self.worded_message if self.code else ""}
        return job_messages.worded(self.message_code, params, self.message)


class DataSourceFile(models.Model):
    """The outcome of one file a check found listed."""

    class Outcome(models.TextChoices):
        IMPORTED = "imported", _("Imported")
        UNCHANGED = "unchanged", _("Unchanged")
        REFUSED = "refused", _("Refused")

    check_run = models.ForeignKey(DataSourceCheck, on_delete=models.CASCADE, related_name="files")
    file_path = models.CharField(max_length=1000)
    kind = models.CharField(max_length=20, blank=True)  # gameSystem | catalogue
    data_id = models.CharField(max_length=100, blank=True)
    name = models.CharField(max_length=255, blank=True)
    number = models.PositiveIntegerField(_("revision"), null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    code = models.CharField(max_length=60, blank=True)
    params = models.JSONField(default=dict, blank=True)
    message = models.TextField(blank=True)
    revision = models.ForeignKey(
        Revision, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.file_path}: {self.outcome}"

    @property
    def worded_message(self) -> str:
        """Why the file was refused, in the reader's language where its code is worded."""
        return job_messages.worded(self.code, self.params, self.message)


class RevisionEdit(models.Model):
    """A revision staff published by editing the one before it: who, why and what changed."""

    revision = models.OneToOneField(Revision, on_delete=models.CASCADE, related_name="staff_edit")
    based_on = models.ForeignKey(
        Revision, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    note = models.TextField(_("why"))
    # [{"entry_id", "entry_name", "field", "label", "old", "new"}]
    changes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Edit of {self.revision}"
