"""The schema class of every API view: each operation also documents its error responses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework import permissions, serializers


class ErrorSerializer(serializers.Serializer[Any]):
    """An API error (``armybuilder.api_errors``): a stable ``code`` to branch on, its ``params``
    to word it in any language, and ``detail``, the server's wording in the reader's language."""

    code = serializers.CharField(help_text=gettext_lazy("Stable: clients and tests branch on it."))
    detail = serializers.CharField(help_text=gettext_lazy("In the language of the request."))
    params = serializers.DictField(
        help_text=gettext_lazy(
            "What the refusal names (numbers, ids, limits), by the code's parameter names."
        )
    )
    field_errors = serializers.JSONField(
        required=False,
        help_text=gettext_lazy("Per field of a body that does not match its schema."),
    )
    parameter = serializers.CharField(
        required=False, help_text=gettext_lazy("The query parameter at fault.")
    )


OPEN_PERMISSIONS = (permissions.AllowAny,)
READ_OPEN_PERMISSIONS = (permissions.IsAuthenticatedOrReadOnly,)


class AutoSchema(SpectacularAutoSchema):
    """Every operation also documents the errors it can answer with (``ErrorSerializer``), so
    that a client, and the schema tests, know every status code the API may return."""

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        for code in self._error_codes():
            if code not in responses:
                responses[code] = self._get_response_for_code(ErrorSerializer, code)
        return responses

    def get_description(self) -> str:
        # A view's docstring is a note for the code's readers (and English only): an
        # operation's public description is the translated one its ``extend_schema`` gives.
        return ""

    def get_auth(self) -> list[dict[str, list[str]]]:
        # A view that authenticates no one takes no credentials: no security requirement at
        # all, rather than drf-spectacular's optional ``{}``, which generated clients read as
        # "credentials needed" (signing in would then need a token first).
        if not self.view.get_authenticators():
            return []
        auths: list[dict[str, list[str]]] = super().get_auth()
        return auths

    def _error_codes(self) -> Sequence[str]:
        parameters = self._get_parameters()
        locations = {parameter["in"] for parameter in parameters}
        codes = []
        if "query" in locations or self.method in {"POST", "PUT", "PATCH"}:
            codes.append("400")
        if self.method in {"POST", "PUT", "PATCH"}:
            # A body of a content type the view has no parser for (none, or a form where JSON
            # is read): DRF's 415.
            codes.append("415")
        if not self._open_to_anyone():
            codes += ["401", "403"]
        if "path" in locations or self._is_list_view():
            # An unknown id, or a page past the last one.
            codes.append("404")
        if self.view.get_throttles():
            codes.append("429")
        return codes

    def _open_to_anyone(self) -> bool:
        classes = tuple(type(permission) for permission in self.view.get_permissions())
        if all(issubclass(c, OPEN_PERMISSIONS) for c in classes):
            return True
        safe = self.method in permissions.SAFE_METHODS
        return safe and all(
            issubclass(c, OPEN_PERMISSIONS + READ_OPEN_PERMISSIONS) for c in classes
        )
