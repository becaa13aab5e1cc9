"""A List spec's selections are read by ``plain_selections`` when plainly valid; it must read
what the serializer's fields read, and leave to them whatever they might refuse."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework import serializers

from catalogues.api.validation_serializers import SelectionSpecSerializer, plain_selections
from catalogues.examples import shipped_examples
from tests.engine.realdata import spec_files


def by_the_fields(data: Any) -> Any:
    reader = SelectionSpecSerializer(many=True)
    return serializers.ListSerializer.to_internal_value(reader, data)


SPECS = [e.spec for e in shipped_examples()] + [json.loads(p.read_text()) for p in spec_files()]


@pytest.mark.parametrize("spec", SPECS)
def test_the_selections_of_a_list_spec_read_as_the_fields_read_them(spec: Any) -> None:
    for force in spec["forces"]:
        selections = force.get("selections", [])

        plain = plain_selections(selections)

        assert plain is not None
        assert plain == by_the_fields(selections)


def test_trimmed_names_exact_ids_defaults_and_unknown_keys_as_the_fields() -> None:
    data = [
        {"entryId": " a ", "customName": "  ", "customNotes": "n\n", "extra": 1},
        {"entryId": "b", "number": 3, "selections": [{"entryId": "\t"}]},
    ]

    assert plain_selections(data) == by_the_fields(data)
    assert plain_selections(data) == [
        {"entryId": " a ", "number": 1, "customName": "", "customNotes": "n"},
        {"entryId": "b", "number": 3, "selections": [{"entryId": "\t", "number": 1}]},
    ]


@pytest.mark.parametrize(
    "data",
    [
        {"entryId": "a"},
        [{"entryId": ""}],
        [{"entryId": 7}],
        [{"entryId": "a" * 256}],
        [{"entryId": "a\x01"}],
        [{"entryId": "a", "number": 0}],
        [{"entryId": "a", "number": True}],
        [{"entryId": "a", "number": 1.0}],
        [{"entryId": "a", "number": None}],
        [{"entryId": "a", "customName": None}],
        [{"entryId": "a", "customNotes": "x" * 100_000}],
        [{"entryId": "a", "selections": None}],
        [{"entryId": "a", "selections": [{"number": 2}]}],
        ["a"],
    ],
)
def test_what_the_fields_might_refuse_is_left_to_them(data: Any) -> None:
    assert plain_selections(data) is None
    with pytest.raises(serializers.ValidationError):
        by_the_fields(data)
