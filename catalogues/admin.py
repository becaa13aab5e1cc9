"""Admin: a read-mostly view of the catalogue store.

Revisions and their entry index are written only by the importer (the staff upload page),
so the admin shows them without letting anyone edit a stored document by hand.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from catalogues.models import (
    Catalogue,
    DataSource,
    DataSourceCheck,
    Entry,
    GameSystem,
    ImportJob,
    Revision,
    RevisionEdit,
)


class ImportedRowAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Rows come from imports only, so none is added by hand."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class ReadOnlyAdmin(ImportedRowAdmin):
    """Browse and delete only."""

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(GameSystem)
class GameSystemAdmin(ImportedRowAdmin):
    list_display = ["name", "bs_id", "slug", "created_at"]
    search_fields = ["name", "bs_id"]
    # Names and slugs may be tidied by staff; the id ties the row to its documents.
    readonly_fields = ["bs_id", "created_at"]


@admin.register(Catalogue)
class CatalogueAdmin(ImportedRowAdmin):
    list_display = ["name", "game_system", "library", "bs_id", "slug"]
    list_filter = ["game_system", "library"]
    search_fields = ["name", "bs_id"]
    readonly_fields = ["game_system", "bs_id", "library", "created_at"]


@admin.register(Revision)
class RevisionAdmin(ReadOnlyAdmin):
    list_display = ["name", "number", "kind", "source_format", "entry_count", "imported_at"]
    list_filter = ["source_format", "game_system", "catalogue__game_system"]
    search_fields = ["name", "source_name", "sha256"]
    exclude = ["document"]
    readonly_fields = ["document_link"]
    list_select_related = ["game_system", "catalogue"]

    @admin.display(description=_("Document"))
    def document_link(self, revision: Revision) -> str:
        url = reverse("api:revision-document", args=[revision.pk])
        return format_html('<a href="{}">{}</a>', url, _("Download the document as JSON"))


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["name", "kind", "type", "primary_category", "root", "shared", "hidden"]
    list_filter = ["kind", "type", "root", "shared", "hidden"]
    search_fields = ["name", "bs_id"]
    raw_id_fields = ["revision"]
    show_full_result_count = False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A revision's index must stay whole: rows go only with their revision.
        return False


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "progress", "created_by", "created_at"]
    list_filter = ["status"]
    readonly_fields = ["job_page"]

    @admin.display(description=_("Progress page"))
    def job_page(self, job: ImportJob) -> str:
        url = reverse("catalogues:import_job", args=[job.pk])
        return format_html('<a href="{}">{}</a>', url, _("Open the import page"))


@admin.register(DataSource)
class DataSourceAdmin(ImportedRowAdmin):
    """Sources are added on the staff page, which checks the URL; here they are renamed,
    paused or removed."""

    list_display = ["__str__", "url", "active", "created_at"]
    list_filter = ["active"]
    fields = ["url", "name", "active"]
    readonly_fields = ["url"]


@admin.register(DataSourceCheck)
class DataSourceCheckAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "code", "files_done", "files_total", "created_at"]
    list_filter = ["status"]


@admin.register(RevisionEdit)
class RevisionEditAdmin(ReadOnlyAdmin):
    list_display = ["revision", "edited_by", "created_at"]
