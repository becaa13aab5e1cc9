"""Read-only catalogue API: game systems, catalogues, revisions, entries and import jobs."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpResponseNotModified, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.cache import patch_vary_headers
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from armybuilder import messages
from armybuilder.engine.caps import CapExceeded
from armybuilder.errors import ApplicationError
from catalogues import selectors
from catalogues.api import catalogue_serializers as serializers
from catalogues.api.base import (
    MAX_QUERY_TEXT,
    QUERY_TEXT_PATTERN,
    IdLookup,
    Pagination,
    query_bool,
    query_id,
    query_int,
    query_text,
)
from catalogues.api.schema import ErrorSerializer
from catalogues.models import Catalogue, Entry, GameSystem, ImportJob, Revision
from catalogues.params import MAX_ID
from catalogues.services import outlines


def _id_parameter(name: str, description: Promise) -> OpenApiParameter:
    return _number_parameter(name, description)


def _text_parameter(name: str, description: Promise) -> OpenApiParameter:
    schema = {"type": "string", "maxLength": MAX_QUERY_TEXT, "pattern": QUERY_TEXT_PATTERN}
    return OpenApiParameter(name, schema, description=description)


def _number_parameter(name: str, description: Promise) -> OpenApiParameter:
    """A whole number of 1 or more that fits a 64-bit column (``catalogues.params``)."""
    return OpenApiParameter(
        name, {"type": "integer", "minimum": 1, "maximum": MAX_ID}, description=description
    )


@extend_schema_view(
    list=extend_schema(summary=gettext_lazy("The game systems stored, by name.")),
    retrieve=extend_schema(summary=gettext_lazy("One game system.")),
)
class GameSystemViewSet(IdLookup, viewsets.ReadOnlyModelViewSet[GameSystem]):
    serializer_class = serializers.GameSystemSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[GameSystem]:
        return selectors.game_system_list()


@extend_schema_view(
    retrieve=extend_schema(summary=gettext_lazy("One catalogue (a faction or a library).")),
    list=extend_schema(
        summary=gettext_lazy("The catalogues stored: factions and the libraries they share."),
        parameters=[
            _id_parameter(
                "game_system", gettext_lazy("Only catalogues of this game system (its id).")
            ),
            OpenApiParameter(
                "library", OpenApiTypes.BOOL, description=gettext_lazy("Only libraries, or none.")
            ),
        ],
    ),
)
class CatalogueViewSet(IdLookup, viewsets.ReadOnlyModelViewSet[Catalogue]):
    serializer_class = serializers.CatalogueSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Catalogue]:
        catalogues = selectors.catalogue_list(library=query_bool(self.request, "library"))
        game_system = query_id(self.request, "game_system")
        if game_system is not None:
            catalogues = catalogues.filter(game_system_id=game_system)
        return catalogues

    @extend_schema(
        summary=(
            gettext_lazy(
                "What changed between two revisions: entries added and removed, and entries "
                "whose costs, constraints or categories changed."
            )
        ),
        parameters=[
            _number_parameter("from", gettext_lazy("Revision number; default: the one before.")),
            _number_parameter("to", gettext_lazy("Revision number; default: the latest revision.")),
        ],
        responses={200: serializers.ComparisonSerializer, 404: None},
    )
    @action(detail=True, methods=["get"])
    def compare(self, request: Request, pk: str | None = None) -> Response:
        comparison = selectors.compare_catalogue(
            self.get_object(),
            query_int(request, "from", minimum=1),
            query_int(request, "to", minimum=1),
        )
        if comparison is None:
            raise NotFound(_("This catalogue has only one revision."))
        return Response(serializers.ComparisonSerializer(comparison).data)

    @extend_schema(
        summary=gettext_lazy(
            "The faction's entries as an app keeps them (ETag; If-None-Match gives 304)."
        ),
        description=(
            gettext_lazy(
                "The compiled tree of what the catalogue's forces offer (links resolved, shared "
                "entries included): names, types, costs, categories and the bounds the data "
                "declares, before any list's modifiers (the server evaluates lists). Its ETag is "
                "the revisions' content: send it as If-None-Match to learn, with a 304, that a "
                "kept copy is still good."
            )
        ),
        parameters=[
            _number_parameter("revision", gettext_lazy("Revision number; default: the latest."))
        ],
        responses={
            200: OpenApiTypes.OBJECT,
            304: None,
            404: ErrorSerializer,
            422: ErrorSerializer,
        },
    )
    @action(detail=True, methods=["get"])
    def outline(self, request: Request, pk: str | None = None) -> HttpResponseBase:
        catalogue = self.get_object()
        number = query_int(request, "revision", minimum=1)
        revisions = catalogue.revisions.defer("document")
        revision = revisions.filter(number=number).first() if number else revisions.first()
        if revision is None:
            raise NotFound(_("This catalogue has no such revision."))
        closure = outlines.outline_closure(revision=revision)
        etag = outlines.outline_etag(closure, catalogue)
        if etag in {t.strip() for t in request.headers.get("If-None-Match", "").split(",")}:
            not_modified = HttpResponseNotModified()
            not_modified["ETag"] = etag
            patch_vary_headers(not_modified, ["Accept-Language"])
            return not_modified
        try:
            body = outlines.outline(closure, catalogue)
        except CapExceeded as error:
            raise ApplicationError(
                error.code, messages.refusal(error), params=error.params, status=422
            ) from error
        response = Response(body)
        response["ETag"] = etag
        response["Cache-Control"] = "public, no-cache"
        patch_vary_headers(response, ["Accept-Language"])
        return response


@extend_schema_view(
    retrieve=extend_schema(summary=gettext_lazy("One revision of a game system or catalogue.")),
    list=extend_schema(
        summary=gettext_lazy("Every revision imported, newest first."),
        parameters=[
            _id_parameter(
                "game_system", gettext_lazy("Only revisions of this game system's own document.")
            ),
            _id_parameter("catalogue", gettext_lazy("Only revisions of this catalogue.")),
        ],
    ),
)
class RevisionViewSet(IdLookup, viewsets.ReadOnlyModelViewSet[Revision]):
    serializer_class = serializers.RevisionSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Revision]:
        revisions = selectors.revision_list()
        game_system = query_id(self.request, "game_system")
        catalogue = query_id(self.request, "catalogue")
        if game_system is not None:
            revisions = revisions.filter(game_system_id=game_system)
        if catalogue is not None:
            revisions = revisions.filter(catalogue_id=catalogue)
        return revisions

    @extend_schema(
        summary=gettext_lazy("The revision's whole document (canonical JSON), as a download."),
        responses={(200, "application/json"): OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def document(self, request: Request, pk: str | None = None) -> JsonResponse:
        revision = self.get_object()
        response = JsonResponse(revision.document, json_dumps_params={"ensure_ascii": False})
        filename = f"{revision.owner.slug}-r{revision.number}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


@extend_schema_view(
    retrieve=extend_schema(summary=gettext_lazy("One entry: costs, categories, profiles, rules.")),
    list=extend_schema(
        summary=gettext_lazy(
            "Visible entries; by default only those a player adds directly to a force."
        ),
        parameters=[
            _id_parameter("revision", gettext_lazy("Entries of this revision.")),
            _id_parameter(
                "catalogue",
                gettext_lazy(
                    "What this catalogue's latest revision offers, with the root entries it "
                    "imports from its libraries."
                ),
            ),
            _text_parameter("q", gettext_lazy("Name contains (any case).")),
            _text_parameter("category", gettext_lazy("A category entry id.")),
            _text_parameter(
                "type",
                format_lazy(
                    gettext_lazy("unit, model, upgrade, ... or {group!r} for groups."),
                    group=selectors.GROUP_TYPE,
                ),
            ),
            OpenApiParameter(
                "shared",
                OpenApiTypes.BOOL,
                description=gettext_lazy(
                    "Include entries below force level (shared and nested ones)."
                ),
            ),
        ],
    ),
)
class EntryViewSet(IdLookup, viewsets.ReadOnlyModelViewSet[Entry]):
    """Visible entries; by default only those a player adds directly to a force."""

    serializer_class = serializers.EntrySerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Entry]:
        if self.action != "list":
            return Entry.objects.filter(hidden=False)
        filters = selectors.EntryFilters(
            query=query_text(self.request, "q").strip(),
            category=query_text(self.request, "category"),
            type=query_text(self.request, "type"),
            include_shared=bool(query_bool(self.request, "shared")),
        )
        return selectors.entry_search(filters, revisions=self._revisions())

    def _revisions(self) -> list[Revision] | list[int] | None:
        """The one revision asked for, or a catalogue's latest with what it imports."""
        revision = query_id(self.request, "revision")
        catalogue = query_id(self.request, "catalogue")
        if catalogue is not None:
            latest = selectors.revision_list(catalogue=get_object_or_404(Catalogue, pk=catalogue))
            first = latest.first()
            return selectors.listing_revisions(first) if first else []
        return None if revision is None else [revision]


@extend_schema_view(
    list=extend_schema(summary=gettext_lazy("My catalogue uploads, newest first (staff).")),
    retrieve=extend_schema(summary=gettext_lazy("One upload's status and result (staff).")),
)
class ImportJobViewSet(IdLookup, viewsets.ReadOnlyModelViewSet[ImportJob]):
    """Status and result of catalogue uploads (staff only, each their own)."""

    serializer_class = serializers.ImportJobSerializer
    permission_classes = [permissions.IsAdminUser]
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[ImportJob]:
        return selectors.import_job_list(user=self.request.user)
