"""Validation API: check any List spec against the stored data, and the shipped example lists."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from catalogues.api import validation_serializers as serializers
from catalogues.api.parsers import JSONParser
from catalogues.examples import evaluate_example, example_get, example_lists
from catalogues.models import GameSystem
from catalogues.services.validation import ListReport, ListSpecRejected, validate_list_spec

MALFORMED = "list_spec.malformed"
TOO_LARGE = "list_spec.too_large"


def _rejected(
    code: str,
    detail: str,
    field_errors: Any = None,
    *,
    status_code: int = status.HTTP_400_BAD_REQUEST,
    params: dict[str, Any] | None = None,
) -> Response:
    """The response (``RejectionSerializer``) of a list or file that cannot be checked."""
    body: dict[str, Any] = {"code": code, "detail": detail, "params": params or {}}
    if field_errors is not None:
        body["field_errors"] = field_errors
    return Response(body, status=status_code)


class Malformed(Exception):
    """A request body the endpoint cannot read; ``field_errors`` says what is wrong."""

    def __init__(self, field_errors: Any) -> None:
        super().__init__(_("The request is malformed."))
        self.field_errors = field_errors


class StatelessAPIView(APIView):
    """An endpoint without side effects that anyone may call: no session, so no CSRF token.

    Whatever stops it checking a list or file is a 4xx naming the reason by a stable code: a
    400 for a request that does not match the schema (or is too large to read), a 422 for a
    well-formed one it cannot check (data not stored, a file that is not a roster, a cap).
    """

    authentication_classes: list[Any] = []
    permission_classes = [permissions.AllowAny]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ListSpecRejected):
            return _rejected(exc.code, exc.detail, status_code=exc.status, params=exc.params)
        if isinstance(exc, RequestDataTooBig):
            # Django refuses a body over DATA_UPLOAD_MAX_MEMORY_SIZE before it is parsed.
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            return _rejected(
                TOO_LARGE,
                _("The request is over the limit of %(limit)s bytes.") % {"limit": limit},
                params={"limit": limit},
            )
        if isinstance(exc, Malformed):
            return _rejected(MALFORMED, str(exc), exc.field_errors)
        if isinstance(exc, ParseError):
            return _rejected(MALFORMED, str(exc.detail))
        return super().handle_exception(exc)

    def checked_body(self, serializer_class: type[Serializer[Any]]) -> dict[str, Any]:
        """The request body as ``serializer_class`` reads it; raises ``Malformed``."""
        body = serializer_class(data=self.request.data)
        if not body.is_valid():
            raise Malformed(body.errors)
        return dict(body.validated_data)


class ValidateView(StatelessAPIView):
    """Validate an army list given as a List spec; nothing is stored."""

    parser_classes = [JSONParser]

    @extend_schema(
        summary=gettext_lazy(
            "Validate a list (List spec) against the stored game system and catalogues."
        ),
        description=(
            gettext_lazy(
                "Builds the list with the same operations as the list builder, against the newest "
                "stored revisions unless `gameSystemRevision` / `catalogueRevisions` pin others, "
                "and returns the evaluated list: selections, cost totals and every problem with "
                "its stable code. With `explain: true` it also lists, per force and per "
                "selection, the entries a player cannot add right now and why (hidden, naming the "
                "condition, or a maximum reached, naming the constraint). A list that breaks "
                "rules is still a 200 (`legal` is false); a 400 means the request does not match "
                "this schema, a 422 that the list could not be built at all (see `code`). `POST "
                "/api/v1/rosters/export/` takes the same list and returns a .ros/.rosz."
            )
        ),
        request=serializers.ValidateRequestSerializer,
        responses={
            200: serializers.ListReportSerializer,
            400: serializers.RejectionSerializer,
            422: serializers.RejectionSerializer,
        },
        examples=[
            OpenApiExample(
                "A list spec",
                request_only=True,
                value={
                    "gameSystemId": "t9a3-gs",
                    "costLimits": {"t9a3-pts": 4500},
                    "explain": True,
                    "forces": [
                        {
                            "forceEntryId": "t9a3-dh-force",
                            "catalogueId": "t9a3-dh",
                            "selections": [{"entryId": "t9a3-dh-king", "number": 1}],
                        }
                    ],
                },
            )
        ],
    )
    def post(self, request: Request) -> Response:
        report = list_report(self.checked_body(serializers.ValidateRequestSerializer))
        return Response(serializers.ListReportSerializer(report).data)


def list_report(fields: dict[str, Any]) -> ListReport:
    """The list a checked List spec (with its pins and ``explain``) describes, evaluated.

    Raises ``ListSpecRejected`` when it cannot be built from the stored data.
    """
    game_system_revision = fields.pop("gameSystemRevision", None)
    catalogue_revisions = fields.pop("catalogueRevisions", None)
    explain = bool(fields.pop("explain", False))
    return validate_list_spec(
        spec=fields,
        game_system_revision=game_system_revision,
        catalogue_revisions=catalogue_revisions,
        explain=explain,
    )


class GameSystemExamplesView(APIView):
    """The example lists shipped for a game system."""

    @extend_schema(
        summary=gettext_lazy("Example lists shipped for this game system."),
        responses=serializers.ExampleListSerializer(many=True),
    )
    def get(self, request: Request, game_system_pk: int) -> Response:
        game_system = get_object_or_404(GameSystem, pk=game_system_pk)
        examples = example_lists(game_system=game_system)
        context = {"request": request, "game_system": game_system}
        return Response(
            serializers.ExampleListSerializer(examples, many=True, context=context).data
        )


class GameSystemExampleView(APIView):
    """One example list, built and validated against the newest stored revisions."""

    @extend_schema(
        summary=gettext_lazy("One example list with its evaluated report."),
        responses=serializers.ExampleDetailSerializer,
    )
    def get(self, request: Request, game_system_pk: int, slug: str) -> Response:
        game_system = get_object_or_404(GameSystem, pk=game_system_pk)
        evaluated = evaluate_example(example_get(game_system=game_system, slug=slug))
        context = {"request": request, "game_system": game_system}
        return Response(serializers.ExampleDetailSerializer(evaluated, context=context).data)
