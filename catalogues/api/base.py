"""What every API endpoint shares: query parameters read through ``catalogues.params``, strict
pagination and JSON fields that take only the type their schema names.

The JSON parser with a nesting limit is in ``catalogues.api.parsers``, the schema class that
documents every error in ``catalogues.api.schema``."""

from __future__ import annotations

import re
from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from catalogues import params


def query_int(
    request: Request, name: str, *, minimum: int = 0, maximum: int = params.MAX_ID
) -> int | None:
    """A whole-number query parameter, or a 400 naming it (an empty one too: the schema's
    integers have no empty form, and an API client is not a page's form)."""
    try:
        return params.parse_int(
            request.query_params.get(name),
            name=name,
            minimum=minimum,
            maximum=maximum,
            empty_is_absent=False,
        )
    except params.BadParameter as error:
        raise _bad_parameter(error) from error


def query_id(request: Request, name: str) -> int | None:
    return query_int(request, name, minimum=1)


def query_bool(request: Request, name: str) -> bool | None:
    try:
        # The schema says boolean: an empty value is not one (no form sends it here).
        return params.parse_bool(request.query_params.get(name), name=name, empty_is_absent=False)
    except params.BadParameter as error:
        raise _bad_parameter(error) from error


# Search text: what a name or id holds. PostgreSQL cannot take a NUL in a query.
MAX_QUERY_TEXT = 200
QUERY_TEXT_PATTERN = r"^[^\x00-\x1f]*$"


def query_text(request: Request, name: str) -> str:
    """A text query parameter ("" when absent), or a 400 for control characters or length."""
    value = request.query_params.get(name, "")
    if len(value) > MAX_QUERY_TEXT or not re.fullmatch(QUERY_TEXT_PATTERN, value):
        message = _("Expected text of at most %(length)s characters, without control characters.")
        raise _bad_parameter(params.BadParameter(name, message % {"length": MAX_QUERY_TEXT}))
    return value


def _bad_parameter(error: params.BadParameter) -> ValidationError:
    return ValidationError({"detail": error.message, "parameter": error.name})


class IdLookup:
    """Viewsets look rows up by an ``<id:pk>`` path segment (``catalogues.params.IdConverter``):
    anything else in that place, or an id too large for its column, is a 404 from the router."""

    lookup_value_converter = "id"


class Pagination(PageNumberPagination):
    """Pages of 50 by default; a page or page size that is not a whole number in range is a 400
    (DRF would quietly use the default size), a page past the last one a 404."""

    page_size_query_param = "page_size"
    max_page_size = 200
    last_page_strings = ()

    def get_page_size(self, request: Request) -> int | None:
        size = query_int(request, "page_size", minimum=1, maximum=self.max_page_size)
        return self.page_size if size is None else size

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> Any:
        query_int(request, "page", minimum=1)
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        # the bounds ``query_int`` holds them to (a page number past the ids' range is a 400)
        bounds = {"page": (1, params.MAX_ID), "page_size": (1, self.max_page_size)}
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            minimum, maximum = bounds[parameter["name"]]
            parameter["schema"]["minimum"] = minimum
            parameter["schema"]["maximum"] = maximum
        return parameters


# JSON body fields that take only the JSON type their schema names: DRF's own fields also
# accept "5" for a number, 5 for a string and 0 for false, which the schema does not promise.


JSON_TEXT_PATTERN = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$"


class JSONCharField(serializers.CharField):
    """Text without the control characters XML (a roster file) cannot hold, which the pattern
    in the schema states."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators.append(
            RegexValidator(JSON_TEXT_PATTERN, _("Control characters are not allowed."))
        )

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class JSONIdField(JSONCharField):
    """An id, taken exactly as sent: trimming (as for names) would turn a whitespace-only id,
    which the schema allows, into a blank one it refuses, and " a " into another id."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_length=1, trim_whitespace=False, **kwargs)


class JSONIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class JSONFloatField(serializers.FloatField):
    def to_internal_value(self, data: Any) -> float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class JSONBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        # Checked by type: 0 and 1 compare equal to False and True.
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class FormIntegerField(serializers.IntegerField):
    """A multipart form's whole number, read by ``catalogues.params`` like a query parameter."""

    def to_internal_value(self, data: Any) -> int:
        try:
            number = params.parse_int(str(data), name=self.field_name or "")
        except params.BadParameter:
            self.fail("invalid")
        if number is None:
            self.fail("invalid")
        return int(super().to_internal_value(number))


class FormBooleanField(serializers.BooleanField):
    """A multipart form's flag: the words ``true`` and ``false`` only."""

    TRUE_VALUES = {"true", True}
    FALSE_VALUES = {"false", False}
    NULL_VALUES: set[Any] = set()
