"""A faction's entries as data an app can keep: the compiled tree of what its forces offer,
with names, types, costs, categories and the bounds the data declares, before any list
applies its modifiers (the server evaluates lists; an app shows and caches the catalogue).

Bounded: an outline of more than ``max_nodes`` entries raises ``CapExceeded``, so one
request never walks an unbounded tree (shared entries linked under many units repeat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armybuilder.engine.caps import CapExceeded
from armybuilder.engine.compile import Compiled
from armybuilder.engine.localize import NO_NAMES, name_of
from armybuilder.engine.model import EntryNode, selectable

OUTLINE_TOO_LARGE = "caps.outline"
# Entries one outline may hold: a whole community faction fits (Necrons: about 8,000, with
# the shared upgrades repeated under every unit that links them).
MAX_OUTLINE_NODES = 20_000


def catalogue_outline(
    compiled: Compiled,
    catalogue_id: str,
    *,
    max_nodes: int = MAX_OUTLINE_NODES,
    names: Mapping[str, str] = NO_NAMES,
) -> dict[str, Any]:
    """The outline of ``catalogue_id`` in its compiled closure, named from ``names`` (the
    reader's language; element id -> name) where it names an element."""
    budget = [max_nodes]
    return {
        "cost_types": [
            {"id": c.id, "name": name_of(names, c.id, c.name), "default_limit": c.default_limit}
            for c in compiled.cost_types
            if not c.hidden
        ],
        "entries": [
            _entry(node, budget, names) for node in selectable(compiled.root_entries(catalogue_id))
        ],
    }


def _entry(node: EntryNode, budget: list[int], names: Mapping[str, str]) -> dict[str, Any]:
    budget[0] -= 1
    if budget[0] < 0:
        raise CapExceeded(
            OUTLINE_TOO_LARGE, "The catalogue has more entries than one outline may hold."
        )
    bounds = {
        c.type: c.value
        for c in node.constraints
        if c.field == "selections" and c.scope == "parent" and c.type in ("min", "max")
    }
    return {
        "id": node.path_id,
        "name": _name(node, names),
        "type": node.type,
        "hidden": node.hidden,
        "costs": {str(c.get("typeId", "")): float(c.get("value", 0)) for c in node.costs},
        "categories": [c.id for c in node.categories],
        "primary_category": next(
            (c.id for c in node.categories if (c.link or {}).get("primary")), None
        ),
        "min": bounds.get("min"),
        "max": bounds.get("max"),
        "children": [_entry(child, budget, names) for child in node.children],
    }


def _name(node: EntryNode, names: Mapping[str, str]) -> str:
    for element_id in (node.id, *reversed(node.via)):
        found = names.get(element_id)
        if found is not None:
            return found
    return node.name
