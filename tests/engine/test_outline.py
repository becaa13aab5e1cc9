"""A faction's outline: every entry its forces offer, nested as the data nests them, bounded."""

from __future__ import annotations

import json

import pytest

from armybuilder.engine.caps import CapExceeded
from armybuilder.engine.outline import OUTLINE_TOO_LARGE, catalogue_outline
from tests.engine.packs import compiled_pack


def _count(entries: list[dict[str, object]]) -> int:
    return sum(1 + _count(e["children"]) for e in entries)  # type: ignore[arg-type]


def test_an_outline_holds_every_offered_entry_with_its_costs_and_bounds() -> None:
    compiled = compiled_pack("the-9th-age-3rd")

    outline = catalogue_outline(compiled, "t9a3-dh")

    json.dumps(outline)  # what the API sends as it is
    roots = {e["id"]: e for e in outline["entries"]}
    offered = {n.path_id for n in compiled.root_entries("t9a3-dh") if n.kind == "entry"}
    assert offered <= set(roots)
    assert {c["id"] for c in outline["cost_types"]} == {"t9a3-pts"}
    assert roots["t9a3-dh-king"]["costs"]["t9a3-pts"] > 0
    assert any(child["max"] is not None for child in roots["t9a3-dh-king"]["children"])


def test_an_outline_past_its_cap_is_refused() -> None:
    compiled = compiled_pack("the-9th-age-3rd")
    size = _count(catalogue_outline(compiled, "t9a3-dh")["entries"])

    assert _count(catalogue_outline(compiled, "t9a3-dh", max_nodes=size)["entries"]) == size
    with pytest.raises(CapExceeded) as refused:
        catalogue_outline(compiled, "t9a3-dh", max_nodes=size - 1)
    assert refused.value.code == OUTLINE_TOO_LARGE
