"""Validation API: check any List spec against the stored data, and the shipped example lists."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogues.api import validation_serializers as serializers
from catalogues.examples import evaluate_example, example_get, example_lists
from catalogues.models import GameSystem
from catalogues.services_validation import ListReport, ListSpecRejected, validate_list_spec

MALFORMED = "list_spec.malformed"


def rejected(code: str, detail: str, field_errors: Any = None) -> Response:
    body = {"code": code, "detail": detail}
    if field_errors is not None:
        body["field_errors"] = field_errors
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


class ValidateView(APIView):
    """Validate an army list given as a List spec; nothing is stored."""

    # Stateless and without side effects: no session (so no CSRF token) and no account needed.
    authentication_classes: list[Any] = []
    permission_classes = [permissions.AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Validate a list (List spec) against the stored game system and catalogues.",
        description=(
            "Builds the list with the same operations as the list builder, against the newest "
            "stored revisions unless `gameSystemRevision` / `catalogueRevisions` pin others, "
            "and returns the evaluated list: selections, cost totals and every problem with "
            "its stable code. With `explain: true` it also lists, per force and per selection, "
            "the entries a player cannot add right now and why (hidden, naming the condition, "
            "or a maximum reached, naming the constraint). A list that breaks rules is still "
            "a 200 (`legal` is false); a 400 means the list could not be built at all (see "
            "`code`). `POST /api/rosters/export/` takes the same list and returns a .ros/.rosz."
        ),
        request=serializers.ValidateRequestSerializer,
        responses={
            200: serializers.ListReportSerializer,
            400: serializers.ListSpecRejectionSerializer,
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
        fields = parse_list_spec(request, serializers.ValidateRequestSerializer)
        if isinstance(fields, Response):
            return fields
        report = list_report(fields)
        if isinstance(report, Response):
            return report
        return Response(serializers.ListReportSerializer(report).data)


def parse_list_spec(
    request: Request, serializer_class: type[serializers.ListSpecSerializer]
) -> dict[str, Any] | Response:
    """The List spec of a JSON request body, checked; or the 400 response saying why not."""
    try:
        data = request.data
    except ParseError as error:
        return rejected(MALFORMED, str(error.detail))
    spec = serializer_class(data=data)
    if not spec.is_valid():
        return rejected(MALFORMED, "The list spec is malformed.", spec.errors)
    return dict(spec.validated_data)


def list_report(fields: dict[str, Any]) -> ListReport | Response:
    """The list a checked List spec (with its pins and ``explain``) describes, evaluated."""
    game_system_revision = fields.pop("gameSystemRevision", None)
    catalogue_revisions = fields.pop("catalogueRevisions", None)
    explain = bool(fields.pop("explain", False))
    try:
        return validate_list_spec(
            spec=fields,
            game_system_revision=game_system_revision,
            catalogue_revisions=catalogue_revisions,
            explain=explain,
        )
    except ListSpecRejected as error:
        return rejected(error.code, error.detail)


class GameSystemExamplesView(APIView):
    """The example lists shipped for a game system."""

    @extend_schema(
        summary="Example lists shipped for this game system.",
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
        summary="One example list with its evaluated report.",
        responses=serializers.ExampleDetailSerializer,
    )
    def get(self, request: Request, game_system_pk: int, slug: str) -> Response:
        game_system = get_object_or_404(GameSystem, pk=game_system_pk)
        evaluated = evaluate_example(example_get(game_system=game_system, slug=slug))
        context = {"request": request, "game_system": game_system}
        return Response(serializers.ExampleDetailSerializer(evaluated, context=context).data)
