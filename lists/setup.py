"""What a new list can choose, read from the data: sizes, list options and forces.

Nothing here knows a game by name. A size is a cost type's limit (the game system's
``defaultCostLimit`` as the suggestion, always free to change), plus the named sizes the data
offers as choose-one groups of a setup entry (e.g. a battle size: the group's options are
the sizes). List options are those the game system declares (``listOptions``, see
``docs/architecture.md``). Forces are the force entries of the game system and of the chosen
catalogue (encounter levels, detachments, armies).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from armybuilder.engine.compile import Compiled
from armybuilder.engine.model import EntryNode, as_float

# A cost limit beyond any real game's (points, levels): the cap on what a player may enter.
MAX_COST_LIMIT = 1_000_000.0
NUMBER_OPTION_MAX_DIGITS = 7


@dataclass(frozen=True)
class CostTypeChoice:
    id: str
    name: str
    default_limit: float | None  # None: no limit unless the player sets one


@dataclass(frozen=True)
class OptionValue:
    id: str
    name: str


@dataclass(frozen=True)
class ListOption:
    id: str
    name: str
    default: str
    values: tuple[OptionValue, ...]  # empty: a whole number (or none)
    rule: Mapping[str, Any] | None

    @property
    def is_number(self) -> bool:
        return not self.values

    def allows(self, value: str) -> bool:
        if self.is_number:
            return value == "" or (value.isdecimal() and len(value) <= NUMBER_OPTION_MAX_DIGITS)
        return any(v.id == value for v in self.values)


@dataclass(frozen=True)
class ForceChoice:
    id: str
    name: str


def cost_types(compiled: Compiled) -> list[CostTypeChoice]:
    """The visible cost types the data uses, with the limit the game system suggests."""
    used = set(compiled.used_cost_types)
    return [
        CostTypeChoice(
            ct.id,
            ct.name,
            ct.default_limit if ct.default_limit is not None and ct.default_limit >= 0 else None,
        )
        for ct in compiled.cost_types
        if not ct.hidden and (ct.id in used or ct.default_limit not in (None, -1.0))
    ]


def list_options(compiled: Compiled) -> list[ListOption]:
    """The list options the game system declares, in its order."""
    options = []
    for raw in compiled.game_system.get("listOptions") or []:
        if not isinstance(raw, dict) or not raw.get("id"):
            continue
        values = tuple(
            OptionValue(str(v.get("id", "")), str(v.get("name") or v.get("id", "")))
            for v in raw.get("values") or []
            if isinstance(v, dict) and v.get("id") is not None
        )
        options.append(
            ListOption(
                str(raw["id"]),
                str(raw.get("name") or raw["id"]),
                str(raw.get("default", values[0].id if values else "")),
                values,
                raw.get("rule") if isinstance(raw.get("rule"), dict) else None,
            )
        )
    return options


def force_choices(compiled: Compiled, catalogue_id: str) -> list[ForceChoice]:
    """The top-level forces a list of ``catalogue_id`` can start with."""
    bodies = [compiled.game_system, compiled.catalogues.get(catalogue_id, {})]
    seen: dict[str, ForceChoice] = {}
    for body in bodies:
        for raw in body.get("forceEntries") or []:
            force_id = str(raw.get("id", ""))
            if force_id in compiled.force_entries and not _hidden(raw):
                seen.setdefault(force_id, ForceChoice(force_id, str(raw.get("name", force_id))))
    return list(seen.values())


@dataclass(frozen=True)
class SetupChoice:
    """A choose-one group of a setup entry: pick one option (e.g. the battle size)."""

    entry_id: str  # the setup entry, at the force's top level
    name: str
    options: tuple[OptionValue, ...]  # ids are the options' entry path ids


def setup_choices(compiled: Compiled, catalogue_id: str) -> list[SetupChoice]:
    """Top-level entries at most one per list, without a cost, whose one choose-one group
    has options that cost nothing either: a setting of the list (like a battle size) rather
    than a unit. The data is the judge, not the entry's name."""
    choices = []
    for node in compiled.root_entries(catalogue_id):
        if node.kind == "group" or node.hidden or _costs(node) or not _one_per_list(node):
            continue
        groups = [child for child in node.children if child.kind == "group"]
        if len(groups) != 1 or not _choose_one(groups[0]):
            continue
        options = [n for n in groups[0].entries() if n.kind != "group" and not n.hidden]
        if len(options) < 2 or any(_costs(o) or o.children for o in options):
            continue
        choices.append(
            SetupChoice(
                node.path_id,
                node.name,
                tuple(OptionValue(o.path_id, o.name) for o in options),
            )
        )
    return choices


# Helpers


def _hidden(raw: Mapping[str, Any]) -> bool:
    return raw.get("hidden") in (True, "true")


def _costs(node: EntryNode) -> bool:
    return any(as_float(c.get("value"), 0.0) != 0 for c in node.costs)


def _one_per_list(node: EntryNode) -> bool:
    return any(
        c.type == "max"
        and c.field == "selections"
        and c.scope in ("roster", "force", "parent")
        and c.value == 1
        for c in node.constraints
    )


def _choose_one(group: EntryNode) -> bool:
    return any(
        c.type == "max" and c.field == "selections" and c.value == 1 for c in group.constraints
    )
