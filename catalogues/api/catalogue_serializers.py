"""Output serializers of the read-only catalogue API."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from catalogues.models import Catalogue, Entry, GameSystem, ImportJob, Revision
from catalogues.selectors import ComparedEntry, Comparison


class GameSystemSerializer(serializers.ModelSerializer[GameSystem]):
    latest_revision = serializers.IntegerField(source="latest_number", allow_null=True)
    catalogue_count = serializers.IntegerField()
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = GameSystem
        fields = ["id", "bs_id", "name", "slug", "latest_revision", "catalogue_count", "page_url"]

    def get_page_url(self, game_system: GameSystem) -> str:
        return reverse("catalogues:game_system", args=[game_system.slug])


class CatalogueSerializer(serializers.ModelSerializer[Catalogue]):
    latest_revision = serializers.IntegerField(source="latest_number", allow_null=True)
    revision_count = serializers.IntegerField()
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Catalogue
        fields = [
            "id",
            "bs_id",
            "name",
            "slug",
            "library",
            "game_system",
            "latest_revision",
            "revision_count",
            "page_url",
        ]

    def get_page_url(self, catalogue: Catalogue) -> str:
        return reverse("catalogues:catalogue", args=[catalogue.game_system.slug, catalogue.slug])


class RevisionSerializer(serializers.ModelSerializer[Revision]):
    kind = serializers.ChoiceField(choices=["gameSystem", "catalogue"], read_only=True)
    document_url = serializers.SerializerMethodField()

    class Meta:
        model = Revision
        fields = [
            "id",
            "kind",
            "game_system",
            "catalogue",
            "number",
            "name",
            "battlescribe_version",
            "game_system_revision",
            "source_name",
            "source_format",
            "sha256",
            "entry_count",
            "unresolved_links",
            "imported_at",
            "document_url",
        ]

    def get_document_url(self, revision: Revision) -> str:
        return reverse("api:revision-document", args=[revision.pk])


class EntrySerializer(serializers.ModelSerializer[Entry]):
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        # Every index field: the API serves only visible entries.
        exclude = ["hidden"]

    def get_page_url(self, entry: Entry) -> str:
        return reverse("catalogues:entry", args=[entry.pk])


class ImportJobSerializer(serializers.ModelSerializer[ImportJob]):
    message = serializers.CharField(
        source="status_message",
        read_only=True,
        help_text=gettext_lazy("In the language asked for."),
    )
    message_code = serializers.CharField(read_only=True)
    message_params = serializers.DictField(read_only=True)
    errors = serializers.ListField(
        source="worded_errors",
        child=serializers.DictField(),
        read_only=True,
        help_text=gettext_lazy(
            "Each file's problem: file, code, params, message (in the language asked)."
        ),
    )

    class Meta:
        model = ImportJob
        fields = [
            "id",
            "status",
            "progress",
            "message",
            "message_code",
            "message_params",
            "result",
            "errors",
            "created_at",
            "updated_at",
        ]


class ComparedEntrySerializer(serializers.Serializer[ComparedEntry]):
    bs_id = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()
    primary_category = serializers.CharField()
    old_costs = serializers.DictField(
        child=serializers.FloatField(), help_text=gettext_lazy("typeId: value")
    )
    new_costs = serializers.DictField(
        child=serializers.FloatField(), help_text=gettext_lazy("typeId: value")
    )
    old_constraints = serializers.DictField(
        child=serializers.DictField(),
        help_text=gettext_lazy("The entry's own constraints: id: {type, value, field, scope}."),
    )
    new_constraints = serializers.DictField(
        child=serializers.DictField(),
        help_text=gettext_lazy("The entry's own constraints: id: {type, value, field, scope}."),
    )
    old_categories = serializers.ListField(child=serializers.CharField())
    new_categories = serializers.ListField(child=serializers.CharField())


class ComparisonSerializer(serializers.Serializer[Comparison]):
    old_revision = serializers.IntegerField(source="old.number")
    new_revision = serializers.IntegerField(source="new.number")
    added = ComparedEntrySerializer(many=True)
    removed = ComparedEntrySerializer(many=True)
    changed = ComparedEntrySerializer(
        many=True, help_text=gettext_lazy("Entries whose costs changed.")
    )
    constraints_changed = ComparedEntrySerializer(
        many=True, help_text=gettext_lazy("Entries whose own constraints changed.")
    )
    categories_changed = ComparedEntrySerializer(
        many=True, help_text=gettext_lazy("Entries whose categories changed.")
    )
