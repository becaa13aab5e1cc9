"""Serializers of the roster file API: an uploaded ``.ros``/``.rosz``, and an export request."""

from __future__ import annotations

import json
from typing import Any

from rest_framework import serializers

from catalogues.api.validation_serializers import ListSpecSerializer
from catalogues.services.rosters import ROSTER_SUFFIXES


class RosterUploadSerializer(serializers.Serializer[Any]):
    """A roster file to check, with optional revision pins (multipart form fields)."""

    file = serializers.FileField(
        help_text=f"A BattleScribe or New Recruit roster ({', '.join(ROSTER_SUFFIXES)})."
    )
    explain = serializers.BooleanField(
        default=False, help_text="Also list the entries that cannot be added now, and why."
    )
    gameSystemRevision = serializers.IntegerField(
        min_value=1, required=False, help_text="Check against this game system revision."
    )
    catalogueRevisions = serializers.CharField(
        required=False,
        max_length=10_000,
        help_text='JSON object: catalogue id -> revision number, e.g. {"cat-id": 3} '
        "(default: the newest stored revision of each).",
    )

    def validate_catalogueRevisions(self, value: str) -> dict[str, int]:
        try:
            pins = json.loads(value)
        except json.JSONDecodeError:
            pins = None
        valid = isinstance(pins, dict) and all(
            isinstance(number, int) and not isinstance(number, bool) and number >= 1
            for number in pins.values()
        )
        if not valid:
            raise serializers.ValidationError(
                "Give a JSON object of catalogue id -> revision number (1 or more)."
            )
        return {str(catalogue): number for catalogue, number in pins.items()}


class RosterExportSerializer(ListSpecSerializer):
    """A List spec to write out as a roster file."""

    format = serializers.ChoiceField(
        choices=["ros", "rosz"], default="ros", help_text=".ros (XML) or .rosz (zipped XML)."
    )
