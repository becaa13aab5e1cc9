"""Roster file API: check an uploaded ``.ros``/``.rosz``, and write a List spec out as one."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from catalogues import params
from catalogues.api import roster_serializers as serializers
from catalogues.api.parsers import JSONParser
from catalogues.api.validation import StatelessAPIView, list_report
from catalogues.api.validation_serializers import ListReportSerializer, RejectionSerializer
from catalogues.services.rosters import (
    check_roster_file,
    export_roster,
    read_capped,
    roster_limits,
)
from catalogues.views.rosters import roster_download


class RosterCheckView(StatelessAPIView):
    """Check an uploaded roster file against the stored data; nothing is stored."""

    parser_classes = [MultiPartParser]

    @extend_schema(
        summary=gettext_lazy(
            "Check a roster file (.ros/.rosz) against the stored game system and catalogues."
        ),
        description=(
            gettext_lazy(
                "Re-links the roster's selections by their entry-id paths to the newest stored "
                "revisions of the game system and catalogues it names (or those pinned), "
                "evaluates it and returns the same report as `POST /api/v1/validate/`. A "
                "selection whose entry the stored data no longer has is reported as "
                "`selection.unknown_entry`, never dropped silently. A 400 means the request does "
                "not match this schema, a 422 that the file could not be checked at all (see "
                "`code`)."
            )
        ),
        request={"multipart/form-data": serializers.RosterUploadSerializer},
        responses={
            200: ListReportSerializer,
            400: RejectionSerializer,
            422: RejectionSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        limit = roster_limits().max_input_bytes
        if not params.declared_body_within(request.META, limit + params.MULTIPART_OVERHEAD_BYTES):
            # Refused on its Content-Length, before the body is read or spooled to disk.
            raise RequestDataTooBig(
                _("The upload is over the %(limit)s bytes a roster may have.") % {"limit": limit}
            )
        fields = self.checked_body(serializers.RosterUploadSerializer)
        file = fields["file"]
        report = check_roster_file(
            data=read_capped(file),
            filename=file.name or "",
            game_system_revision=fields.get("gameSystemRevision"),
            catalogue_revisions=fields.get("catalogueRevisions"),
            explain=fields["explain"],
        )
        return Response(ListReportSerializer(report).data)


class RosterExportView(StatelessAPIView):
    """Build a List spec against the stored data and download it as a roster file."""

    parser_classes = [JSONParser]

    @extend_schema(
        summary=gettext_lazy("Download a list (List spec) as a .ros or .rosz roster file."),
        description=(
            gettext_lazy(
                "Builds the list exactly as `POST /api/v1/validate/` does and returns it as a "
                "BattleScribe roster file (`format`: `ros` for XML, `rosz` for zipped XML) that "
                "BattleScribe and New Recruit open; its problems are not in the file."
            )
        ),
        request=serializers.RosterExportSerializer,
        responses={
            (200, "application/xml"): OpenApiResponse(OpenApiTypes.BINARY, description=".ros"),
            (200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description=".rosz"),
            400: RejectionSerializer,
            422: RejectionSerializer,
        },
    )
    def post(self, request: Request) -> HttpResponse:
        fields = self.checked_body(serializers.RosterExportSerializer)
        extension = f".{fields.pop('format')}"
        return roster_download(export_roster(report=list_report(fields), extension=extension))
