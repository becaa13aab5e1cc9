"""Serializers of the roster file API: an uploaded ``.ros``/``.rosz``, and an export request."""

from __future__ import annotations

import re
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from catalogues.api.base import FormBooleanField, FormIntegerField
from catalogues.api.parsers import bounded_json_loads
from catalogues.api.validation_serializers import MAX_REVISION, ListSpecSerializer
from catalogues.services.rosters import ROSTER_SUFFIXES

# A JSON object of catalogue ids (no quotes, backslashes or control characters, as BattleScribe
# ids) to revision numbers (1 or more, at most 18 digits): the form field's whole grammar,
# stated in the schema.
_SPACE = r"[ \t\n\r]*"
_ID = r'"[^"\\\x00-\x1f]{1,255}"'
_PIN = rf"{_SPACE}{_ID}{_SPACE}:{_SPACE}[1-9][0-9]{{0,17}}{_SPACE}"
CATALOGUE_PINS_PATTERN = rf"^\{{(?:{_PIN}(?:,{_PIN})*|{_SPACE})\}}$"


class RosterFileField(serializers.FileField):
    """An uploaded roster file, or a form part holding a roster's XML as text."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            data = SimpleUploadedFile("roster.ros", data.encode())
        return super().to_internal_value(data)


class RosterUploadSerializer(serializers.Serializer[Any]):
    """A roster file to check, with optional revision pins (multipart form fields)."""

    file = RosterFileField(
        help_text=format_lazy(
            _(
                "A BattleScribe or New Recruit roster ({suffixes}); a text part is read as the "
                "XML of a .ros file."
            ),
            suffixes=", ".join(ROSTER_SUFFIXES),
        )
    )
    explain = FormBooleanField(
        default=False, help_text=_("Also list the entries that cannot be added now, and why.")
    )
    gameSystemRevision = FormIntegerField(
        min_value=1,
        max_value=MAX_REVISION,
        required=False,
        help_text=_("Check against this game system revision."),
    )
    catalogueRevisions = serializers.RegexField(
        CATALOGUE_PINS_PATTERN,
        required=False,
        max_length=10_000,
        help_text=_(
            'JSON object: catalogue id -> revision number, e.g. {"cat-id": 3} '
            "(default: the newest stored revision of each)."
        ),
        error_messages={
            "invalid": _("Give a JSON object of catalogue id -> revision number (1 or more).")
        },
    )

    def validate_catalogueRevisions(self, value: str) -> dict[str, int]:
        # The pattern (also the schema's) admits only such objects, within the JSON limits;
        # matched whole here, as a JSON Schema pattern's "$" is the very end of the text.
        if not re.fullmatch(CATALOGUE_PINS_PATTERN, value):
            self.fields["catalogueRevisions"].fail("invalid")
        try:
            pins = bounded_json_loads(value)
        except ValueError:
            self.fields["catalogueRevisions"].fail("invalid")
        return {str(catalogue): int(number) for catalogue, number in pins.items()}


class RosterExportSerializer(ListSpecSerializer):
    """A List spec to write out as a roster file."""

    format = serializers.ChoiceField(
        choices=["ros", "rosz"], default="ros", help_text=_(".ros (XML) or .rosz (zipped XML).")
    )
