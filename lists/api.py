"""The lists API (``/api/v1/lists/``): a thin adapter over the same services as the builder
pages. Input is parsed by the serializers at the edge; every refusal is an
``ApplicationError`` answered in the API's one error shape.

Concurrency: a list's representation carries an ETag (``lists.etags``) that every write
changes. A write must send it back as ``If-Match``: without one it is refused (428), with an
older one it is refused (412, naming the current version), so two devices never overwrite each
other silently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import django_filters
from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import generics, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from accounts.models import DeviceToken
from armybuilder import messages
from armybuilder.engine.formats.errors import FormatError
from armybuilder.engine.localize import localized_reason
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Roster, RosterError
from armybuilder.errors import ApplicationError
from catalogues import params
from catalogues.api.base import IdLookup
from catalogues.api.parsers import JSONParser
from catalogues.api.schema import ErrorSerializer
from catalogues.models import Catalogue
from catalogues.names import closure_names
from catalogues.params import MAX_ID
from catalogues.services.rosters import read_capped, roster_limits
from catalogues.services.validation import ListReport
from lists import api_serializers as io
from lists import authorship, history, selectors, services, sharing, updates
from lists.builder import add_panels, selection_editor
from lists.etags import etag_of
from lists.exports import CONTENT_TYPES, ExportFormat, verify
from lists.gallery import ListFilters
from lists.models import ArmyList
from lists.services import EditRejected, ListState, StaleVersion, pinned_names
from lists.views.sharing import export_response

PRECONDITION_REQUIRED = "request.precondition_required"

IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    description=gettext_lazy("The list's ETag, as the last read or write of it answered."),
)
# Each export format in its own media type: the roster files (binary) first, so that a
# generated client reading the first one it knows reads bytes, which every format is.
EXPORT_SCHEMAS = {
    ExportFormat.ROS: OpenApiTypes.BINARY,
    ExportFormat.ROSZ: OpenApiTypes.BINARY,
    ExportFormat.TEXT: OpenApiTypes.STR,
    ExportFormat.MARKDOWN: OpenApiTypes.STR,
    ExportFormat.JSON: OpenApiTypes.OBJECT,
}
EXPORT_RESPONSES = {
    **{
        (200, CONTENT_TYPES[fmt].split(";")[0]): OpenApiResponse(
            schema, description=f".{fmt.value}"
        )
        for fmt, schema in EXPORT_SCHEMAS.items()
    },
    404: ErrorSerializer,
}
WRITE_ERRORS = {
    400: ErrorSerializer,
    403: ErrorSerializer,  # an account quota (quota.lists, quota.stored_bytes)
    404: ErrorSerializer,
    412: ErrorSerializer,
    413: ErrorSerializer,  # quota.document_bytes
    428: ErrorSerializer,
    429: ErrorSerializer,  # quota.creations, or a throttle
}
# What a request that makes a new list may be refused with.
CREATE_ERRORS = {
    400: ErrorSerializer,
    403: ErrorSerializer,
    404: ErrorSerializer,
    413: ErrorSerializer,
    422: ErrorSerializer,
    429: ErrorSerializer,
}


@dataclass(frozen=True)
class Edit:
    """One builder edit: the service it calls and the serializer that reads its arguments."""

    service: Callable[..., ListState]
    arguments: type[Serializer[Any]]
    summary: str | Promise


EDITS: Mapping[str, Edit] = {
    "add-force": Edit(
        services.add_force, io.AddForceSerializer, gettext_lazy("Add a force or detachment.")
    ),
    "remove-force": Edit(
        services.remove_force, io.ForceSerializer, gettext_lazy("Remove a force.")
    ),
    "add": Edit(
        services.add_selection,
        io.AddSelectionSerializer,
        gettext_lazy("Add an entry to a force (or an option under a selection)."),
    ),
    "count": Edit(services.set_count, io.CountSerializer, gettext_lazy("Set a selection's count.")),
    "option": Edit(
        services.set_option_count,
        io.OptionCountSerializer,
        gettext_lazy("Set how many of an option a selection takes (0 removes it)."),
    ),
    "choose": Edit(
        services.choose_option,
        io.ChooseSerializer,
        gettext_lazy("Pick the option of a choose-one group."),
    ),
    "remove": Edit(
        services.remove_selection, io.SelectionSerializer, gettext_lazy("Remove a selection.")
    ),
    "duplicate": Edit(
        services.duplicate_selection,
        io.DuplicateSerializer,
        gettext_lazy("Duplicate a selection, beside it or into another force."),
    ),
    "custom": Edit(
        services.set_custom,
        io.CustomSerializer,
        gettext_lazy("Set a custom name or notes (a field left out stays; null clears it)."),
    ),
    "cost-limit": Edit(
        services.set_cost_limit,
        io.CostLimitSerializer,
        gettext_lazy("Set a cost limit (null: none)."),
    ),
    "list-option": Edit(
        services.set_option, io.ListOptionSerializer, gettext_lazy("Set a list option.")
    ),
    "undo": Edit(services.undo, io.NoArgumentsSerializer, gettext_lazy("Undo the last edit.")),
    "redo": Edit(
        services.redo, io.NoArgumentsSerializer, gettext_lazy("Redo the last undone edit.")
    ),
}


def checked_version(request: Request, army_list: ArmyList) -> int:
    """The version a write was made on, from its If-Match; refused when missing or stale."""
    sent = request.headers.get("If-Match")
    if not sent:
        raise ApplicationError(
            PRECONDITION_REQUIRED,
            _("Send the list's ETag as If-Match: a write is made on a version you have seen."),
            status=status.HTTP_428_PRECONDITION_REQUIRED,
        )
    # If-Match compares strongly (a weak tag never matches); "*" matches the list there is
    tags = {tag.strip() for tag in sent.split(",")}
    if "*" not in tags and etag_of(army_list) not in tags:
        raise StaleVersion(army_list.version)
    return army_list.version


def export_format(name: str) -> str:
    if name not in {f.value for f in ExportFormat}:
        raise Http404
    return name


def answer(
    request: Request, state: ListState, *, status_code: int = status.HTTP_200_OK
) -> Response:
    # the document stays as stored (canonical names); the evaluation reads in the asker's
    # language (Accept-Language)
    body = io.ListDetailSerializer(_localized(state), context={"request": request}).data
    return _with_etag(body, state, status_code)


def answer_edit(request: Request, state: ListState, *, document: bool) -> Response:
    """An edit's answer (``EditedListSerializer``): the whole document (200 KB for a list of
    150 selections) only when asked for."""
    body = io.EditedListSerializer(_localized(state), context={"request": request}).data
    if not document:
        del body["document"]
    return _with_etag(body, state, status.HTTP_200_OK)


def _localized(state: ListState) -> ListState:
    return replace(state, report=state.report.localized())


def _with_etag(body: Any, state: ListState, status_code: int) -> Response:
    response = Response(body, status=status_code)
    response["ETag"] = etag_of(state.army_list)
    if status_code == status.HTTP_201_CREATED:
        response["Location"] = reverse("api:list-detail", args=[state.army_list.pk])
    return response


def _edit_schema(name: str, edit: Edit) -> Any:
    return extend_schema(
        summary=edit.summary,
        parameters=[IF_MATCH, io.EditQuerySerializer],
        request=edit.arguments,
        responses={200: io.EditedListSerializer, **WRITE_ERRORS},
        operation_id=f"lists_edit_{name.replace('-', '_')}",
    )


class AuthoredThroughTheAPI:
    """Versions a request makes are the asker's, through the API and the device signed in
    (known only once DRF has authenticated the request, so not in a middleware)."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        device = request.auth if isinstance(request.auth, DeviceToken) else None
        self._authorship = authorship.begin(
            user=request.user, channel=authorship.Channel.API, device=device
        )

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        finally:
            # also when a view raised what no handler answers
            if hasattr(self, "_authorship"):
                authorship.end(self._authorship)
                del self._authorship


class ListViewSet(AuthoredThroughTheAPI, IdLookup, viewsets.GenericViewSet[ArmyList]):
    """My lists: create, read, rename, delete, duplicate, share and edit them."""

    permission_classes = [permissions.IsAuthenticated]
    # No OPTIONS description (405): DRF's describes one serializer per viewset, and each route
    # here reads its own body; the schema describes them all.
    metadata_class = None

    def get_queryset(self) -> QuerySet[ArmyList]:
        return selectors.lists_owned_by(user=self.request.user)

    def owned(self) -> ArmyList:
        """The asker's list (with its document); anyone else's is the same 404 as none."""
        return selectors.owned_list(user=self.request.user, list_id=int(self.kwargs["pk"]))

    @extend_schema(
        summary=gettext_lazy("My lists, last edited first."), responses=io.ListSummarySerializer
    )
    def list(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(io.ListSummarySerializer(page, many=True).data)

    @extend_schema(
        summary=gettext_lazy("Create a list (the new-list wizard's choices)."),
        request=io.CreateListSerializer,
        responses={201: io.ListDetailSerializer, **CREATE_ERRORS},
    )
    def create(self, request: Request) -> Response:
        body = io.CreateListSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        fields = body.validated_data
        catalogue = (
            Catalogue.objects.select_related("game_system").filter(pk=fields["catalogue"]).first()
        )
        if catalogue is None:
            raise EditRejected(services.UNKNOWN_CATALOGUE, _("Choose a faction of this game."))
        state = services.create_list(
            user=request.user,
            game_system=catalogue.game_system,
            catalogue=catalogue,
            name=fields["name"],
            cost_limits=fields["cost_limits"],
            options=fields["options"],
            force_entry_id=fields["force_entry_id"],
            setup_selections=fields["setup"],
        )
        return answer(request, state, status_code=status.HTTP_201_CREATED)

    @extend_schema(
        summary=gettext_lazy(
            "A list with its document and evaluation (`offers/` says what can be added)."
        ),
        responses=io.ListDetailSerializer,
    )
    def retrieve(self, request: Request, pk: int) -> Response:
        return answer(request, services.load_list(army_list=self.owned(), explain=False))

    @extend_schema(
        summary=gettext_lazy("Rename a list."),
        parameters=[IF_MATCH],
        request=io.RenameSerializer,
        responses={200: io.ListDetailSerializer, **WRITE_ERRORS},
    )
    def partial_update(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        body = io.RenameSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        version = checked_version(request, army_list)
        state = services.set_custom(
            army_list=army_list,
            version=version,
            target_id=services.ROSTER_TARGET,
            name=body.validated_data["name"],
            notes=services.UNCHANGED,
        )
        return answer(request, state)

    @extend_schema(
        summary=gettext_lazy("Delete a list and its history."),
        parameters=[IF_MATCH],
        responses={204: None, **WRITE_ERRORS},
    )
    def destroy(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        checked_version(request, army_list)
        services.delete_list(army_list=army_list)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary=gettext_lazy("Copy a list into my lists, with a history of its own."),
        request=None,
        responses={201: io.ListDetailSerializer, **CREATE_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def duplicate(self, request: Request, pk: int) -> Response:
        copy = services.duplicate_list(army_list=self.owned(), user=request.user)
        return answer(
            request, services.load_list(army_list=copy), status_code=status.HTTP_201_CREATED
        )

    @extend_schema(
        summary=gettext_lazy("Make a list private, unlisted (anyone with the link) or public."),
        parameters=[IF_MATCH],
        request=io.VisibilitySerializer,
        responses={200: io.ListDetailSerializer, **WRITE_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def visibility(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        body = io.VisibilitySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        checked_version(request, army_list)
        sharing.set_visibility(army_list=army_list, visibility=body.validated_data["visibility"])
        return answer(request, services.load_list(army_list=army_list))

    @extend_schema(
        summary=gettext_lazy("Give a list a new share link; the old one stops working at once."),
        parameters=[IF_MATCH],
        request=None,
        responses={200: io.ListDetailSerializer, **WRITE_ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="share-link")
    def share_link(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        checked_version(request, army_list)
        sharing.rotate_share_token(army_list=army_list)
        return answer(request, services.load_list(army_list=army_list))

    @extend_schema(
        summary=gettext_lazy("Why an entry cannot be added to a force (or under a selection) now."),
        parameters=[io.WhyNotQuerySerializer],
        responses={200: io.ReasonsSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path="why-not")
    def why_not(self, request: Request, pk: int) -> Response:
        query = io.WhyNotQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        army_list = self.owned()
        reasons = services.why_not(army_list=army_list, **query.validated_data)
        names = pinned_names(army_list)
        localized = [localized_reason(r, names) for r in reasons]
        return Response(io.ReasonsSerializer({"reasons": localized}).data)

    @extend_schema(
        summary=gettext_lazy(
            "What each force can add now, by category: each entry's cost as one pick "
            "would cost, and why not (hidden here, or the rule one more breaks)."
        ),
        responses=io.ForceOffersSerializer(many=True),
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def offers(self, request: Request, pk: int) -> Response:
        state = services.load_list(army_list=self.owned(), explain=False)
        names = closure_names(state.report.closure)
        panels = add_panels(roster=state.roster, report=state.report.localized(names), names=names)
        return Response(io.ForceOffersSerializer(panels, many=True).data)

    @extend_schema(
        summary=gettext_lazy(
            "A selection's options: the form each takes, its bounds, and why not."
        ),
        responses={200: io.SelectionOptionsSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path="selections/<str:selection_id>/options")
    def selection_options(self, request: Request, pk: int, selection_id: str) -> Response:
        state = services.load_list(army_list=self.owned(), explain=False)
        names = closure_names(state.report.closure)
        try:
            editor = selection_editor(
                roster=state.roster,
                report=state.report.localized(names),
                selection_id=selection_id,
                names=names,
            )
        except RosterError as error:
            raise Http404 from error
        return Response(io.SelectionOptionsSerializer(editor).data)

    @extend_schema(
        summary=gettext_lazy("The list's kept versions, newest first."),
        responses=io.VersionSerializer(many=True),
    )
    # Every kept version at once, not paged: retention bounds how many a list keeps.
    @action(detail=True, methods=["get"], pagination_class=None)
    def versions(self, request: Request, pk: int) -> Response:
        versions = sharing.fork_choices(army_list=self.owned())
        return Response(io.VersionSerializer(versions, many=True).data)

    @extend_schema(
        summary=gettext_lazy(
            "What changed between two kept versions, each change a kind and its params."
        ),
        parameters=[io.DiffQuerySerializer],
        responses={200: io.DiffSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"])
    def diff(self, request: Request, pk: int) -> Response:
        query = io.DiffQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        changes = history.diff_versions(
            army_list=self.owned(),
            old_number=query.validated_data["old"],
            new_number=query.validated_data["new"],
        )
        return Response(io.DiffSerializer(changes).data)

    @extend_schema(
        summary=gettext_lazy("Restore a kept version as the newest one (undoable like any edit)."),
        parameters=[IF_MATCH],
        request=io.RestoreSerializer,
        responses={200: io.ListDetailSerializer, **WRITE_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        body = io.RestoreSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        version = checked_version(request, army_list)
        state = history.restore_version(
            army_list=army_list, version=version, number=body.validated_data["number"]
        )
        return answer(request, state)

    @extend_schema(
        summary=gettext_lazy("What moving the list to the newest data would change, item by item."),
        responses={200: io.DataUpdateSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path="update")
    def data_update(self, request: Request, pk: int) -> Response:
        found = updates.pending_update(army_list=self.owned())
        body: dict[str, Any] = {
            "available": found is not None,
            "target": found.target if found else None,
            "list_version": found.list_version if found else None,
            "removals": found.removals if found else 0,
            "items": [
                {**item, "text": text}
                for item, (_kind, text) in zip(
                    found.report, updates.notice(found).lines, strict=True
                )
            ]
            if found
            else [],
        }
        return Response(io.DataUpdateSerializer(body).data)

    @extend_schema(
        summary=gettext_lazy(
            "Move the list to the newest data, as a new version (undoable like any edit)."
        ),
        parameters=[IF_MATCH],
        request=io.MigrateSerializer,
        responses={200: io.ListDetailSerializer, 409: ErrorSerializer, **WRITE_ERRORS},
    )
    @action(detail=True, methods=["post"])
    def migrate(self, request: Request, pk: int) -> Response:
        army_list = self.owned()
        body = io.MigrateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        version = checked_version(request, army_list)
        state = services.migrate_list(
            army_list=army_list,
            version=version,
            confirm_removals=body.validated_data["confirm_removals"],
        )
        return answer(request, state)

    @extend_schema(
        summary=gettext_lazy(
            "Keep the list on its data: its update notice is dismissed until newer data."
        ),
        request=None,
        responses={204: None, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["post"], url_path="update/keep")
    def keep(self, request: Request, pk: int) -> Response:
        services.keep_pinned(army_list=self.owned())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary=gettext_lazy(
            "Download the list: forum text, Markdown, JSON, .ros or .rosz, each verifiable."
        ),
        responses=EXPORT_RESPONSES,
    )
    @action(detail=True, methods=["get"], url_path="export/<str:fmt>")
    def export(self, request: Request, pk: int, fmt: str) -> HttpResponse:
        return export_response(request._request, self.owned(), export_format(fmt))

    @extend_schema(
        summary=gettext_lazy("Import a .ros/.rosz roster file as a new private list."),
        request={"multipart/form-data": io.ImportSerializer},
        responses={201: io.ImportedSerializer, **CREATE_ERRORS},
    )
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[MultiPartParser])
    def import_roster(self, request: Request) -> Response:
        limit = roster_limits().max_input_bytes
        if not params.declared_body_within(request.META, limit + params.MULTIPART_OVERHEAD_BYTES):
            raise ApplicationError(
                "format.too_large",
                _("The upload is over the %(limit)s bytes a roster may have.") % {"limit": limit},
                params={"limit": limit},
            )
        body = io.ImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        upload = body.validated_data["file"]
        result = sharing.import_list(
            user=request.user, data=read_capped(upload), filename=upload.name or ""
        )
        state = services.load_list(army_list=result.army_list)
        imported = Imported(state.army_list, state.roster, state.report, list(result.left_out))
        data = io.ImportedSerializer(imported, context={"request": request}).data
        response = Response(data, status=status.HTTP_201_CREATED)
        response["ETag"] = etag_of(state.army_list)
        response["Location"] = reverse("api:list-detail", args=[state.army_list.pk])
        return response

    def edit(self, request: Request, name: str) -> Response:
        edit = EDITS[name]
        query = io.EditQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        army_list = self.owned()
        body = edit.arguments(data=request.data)
        body.is_valid(raise_exception=True)
        version = checked_version(request, army_list)
        state = edit.service(army_list=army_list, version=version, **body.validated_data)
        return answer_edit(
            request, state, document=query.validated_data.get("include") == io.DOCUMENT
        )


def _edit_action(name: str, edit: Edit) -> Callable[..., Response]:
    def view(self: ListViewSet, request: Request, pk: int) -> Response:
        return self.edit(request, name)

    view.__name__ = f"edit_{name.replace('-', '_')}"
    decorated = action(detail=True, methods=["post"], url_path=f"edits/{name}")(view)
    return _edit_schema(name, edit)(decorated)  # type: ignore[no-any-return]


def _register_edits() -> None:
    """One documented operation per builder edit (``/lists/<id>/edits/<name>/``)."""
    for name, edit in EDITS.items():
        setattr(ListViewSet, f"edit_{name.replace('-', '_')}", _edit_action(name, edit))


_register_edits()


class SharedListView(APIView):
    """A list behind its share link: anyone with the link reads it, no sign-in needed."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary=gettext_lazy("Open a shared list by its link's token."),
        responses={200: io.ListDetailSerializer, 404: ErrorSerializer},
    )
    def get(self, request: Request, token: str) -> Response:
        army_list = sharing.shared_list(token=token, user=request.user)
        return answer(request, services.load_list(army_list=army_list))


class SharedExportView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary=gettext_lazy("Download a shared list in any export format."),
        responses=EXPORT_RESPONSES,
    )
    def get(self, request: Request, token: str, fmt: str) -> HttpResponse:
        army_list = sharing.shared_list(token=token, user=request.user)
        return export_response(request._request, army_list, export_format(fmt))


class VerifyView(APIView):
    """Whether an export is exactly what the server wrote (its verification code holds)."""

    authentication_classes: list[Any] = []
    permission_classes = [permissions.AllowAny]
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        summary=gettext_lazy("Verify an export: pasted text or an uploaded file."),
        description=(
            gettext_lazy(
                "Send the export as the `file` part of a form (a text part works too). "
                'A text export may also be sent as JSON, `{"text": "…"}`.'
            )
        ),
        # One documented body: generated clients cannot yet call an operation whose body has
        # two content types (openapi-python-client issue 1451); the form takes every export.
        request={"multipart/form-data": io.VerifyFileSerializer},
        responses={200: io.VerificationSerializer, 400: ErrorSerializer, 422: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        if request.content_type.startswith("multipart/"):
            body = io.VerifyFileSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            upload = body.validated_data["file"]
            data, filename = read_capped(upload), upload.name or ""
        else:
            body = io.VerifyTextSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            data, filename = body.validated_data["text"].encode(), "export.txt"
        try:
            verification = verify(data, filename)
        except FormatError as error:
            raise ApplicationError(
                error.code,
                messages.refusal(error),
                params=error.params,
                status=status.HTTP_422_UNPROCESSABLE_ENTITY,
            ) from error
        return Response(io.VerificationSerializer(verification).data)


class GalleryQuery(ListFilters):
    """The gallery's filters, games and factions by id: an id that names nothing matches
    no list (the page's form offers only stored ones)."""

    game = django_filters.NumberFilter(field_name="game_system_id", min_value=1, max_value=MAX_ID)
    faction = django_filters.NumberFilter(field_name="catalogue_id", min_value=1, max_value=MAX_ID)
    legal = django_filters.ChoiceFilter(
        choices=(("true", "true"), ("false", "false")), method="legal_param"
    )

    def legal_param(
        self, queryset: QuerySet[ArmyList], name: str, value: str
    ) -> QuerySet[ArmyList]:
        return self.legal_only(queryset, name, value == "true")

    def is_valid(self) -> bool:
        # The schema's numbers and booleans have no empty form (a page's form would send one,
        # an API client does not): a filter named with no value is refused, as in the rest
        # of the API, instead of ignored.
        errors = self.form.errors
        for name in self.filters:
            if self.data.get(name, None) == "" and name not in errors:
                self.form.add_error(name, _("Expected a value."))
        return super().is_valid()


@extend_schema_view(
    get=extend_schema(
        summary=gettext_lazy(
            "Public lists, filtered by game, faction, points and legality, newest first."
        ),
        parameters=[io.GalleryParamsSerializer],
    )
)
class GalleryView(generics.ListAPIView[ArmyList]):
    """Public lists, filtered by game, faction, points and legality, newest first."""

    permission_classes = [permissions.AllowAny]
    serializer_class = io.ListSummarySerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = GalleryQuery

    def get_queryset(self) -> QuerySet[ArmyList]:
        return sharing.public_lists()


@dataclass(frozen=True)
class Imported:
    army_list: ArmyList
    roster: Roster
    report: ListReport
    left_out: list[Problem]


class SharedForkView(AuthoredThroughTheAPI, APIView):
    """Fork a kept version of a shared list into my lists."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary=gettext_lazy(
            "Fork a shared list (its newest version, or a kept one) into my lists."
        ),
        request=io.ForkSerializer,
        responses={201: io.ListDetailSerializer, **CREATE_ERRORS},
    )
    def post(self, request: Request, token: str) -> Response:
        army_list = sharing.shared_list(token=token, user=request.user)
        body = io.ForkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        fork = sharing.fork_list(
            army_list=army_list, user=request.user, version_number=body.validated_data["version"]
        )
        return answer(
            request, services.load_list(army_list=fork), status_code=status.HTTP_201_CREATED
        )
