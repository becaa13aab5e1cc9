"""The validate answer is made by plain functions (``list_report_data``) for speed; the JSON
must be what the serializer's fields describe, field for field."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework import serializers

from catalogues.api.validation_serializers import ListReportSerializer, list_report_data
from catalogues.examples import evaluate_example, shipped_examples
from tests.catalogues.packs import load_pack


def by_the_fields(report: Any) -> Any:
    """The report as DRF's generic serializer makes it from ``ListReportSerializer``'s
    fields (what the schema states)."""
    return serializers.Serializer.to_representation(ListReportSerializer(), report)


@pytest.mark.django_db
@pytest.mark.parametrize("example", shipped_examples(), ids=lambda e: f"{e.game}/{e.slug}")
def test_the_report_json_is_what_the_fields_describe(example: Any) -> None:
    load_pack(example.game)
    evaluated = evaluate_example(example, explain=True)
    assert evaluated.report is not None, evaluated.error

    data = list_report_data(evaluated.report)

    assert data == by_the_fields(evaluated.report)
    assert list(data) == list(ListReportSerializer().fields)
    assert data["forces"]
    assert data["totals"]
