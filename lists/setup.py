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
from armybuilder.engine.localize import NO_NAMES, Names, name_of
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


def cost_types(compiled: Compiled, names: Names = NO_NAMES) -> list[CostTypeChoice]:
    """The cost types a list's size is given in: the first visible one the data uses (the
    main one), and every other the game system gives a default limit (a new list starts with
    it: shown here, the player can see and clear it)."""
    used = set(compiled.used_cost_types)
    visible = [ct for ct in compiled.cost_types if not ct.hidden]
    main = next((ct for ct in visible if ct.id in used), None)
    return [
        CostTypeChoice(ct.id, name_of(names, ct.id, ct.name), _suggested(ct.default_limit))
        for ct in visible
        if ct is main or (ct.default_limit is not None and ct.default_limit >= 0)
    ]


def list_options(compiled: Compiled, names: Names = NO_NAMES) -> list[ListOption]:
    """The list options the game system declares, in its order (named from ``names``, the
    reader's, where it names them)."""
    options = []
    for raw in compiled.game_system.get("listOptions") or []:
        if not isinstance(raw, dict) or not raw.get("id"):
            continue
        values = tuple(
            OptionValue(
                str(v.get("id", "")),
                name_of(names, str(v.get("id", "")), str(v.get("name") or v.get("id", ""))),
            )
            for v in raw.get("values") or []
            if isinstance(v, dict) and v.get("id") is not None
        )
        options.append(
            ListOption(
                str(raw["id"]),
                name_of(names, str(raw["id"]), str(raw.get("name") or raw["id"])),
                str(raw.get("default", values[0].id if values else "")),
                values,
                raw.get("rule") if isinstance(raw.get("rule"), dict) else None,
            )
        )
    return options


def force_choices(
    compiled: Compiled, catalogue_id: str, names: Names = NO_NAMES
) -> list[ForceChoice]:
    """The top-level forces a list of ``catalogue_id`` can start with."""
    bodies = [compiled.game_system, compiled.catalogues.get(catalogue_id, {})]
    seen: dict[str, ForceChoice] = {}
    for body in bodies:
        for raw in body.get("forceEntries") or []:
            force_id = str(raw.get("id", ""))
            if force_id in compiled.force_entries and not _hidden(raw):
                name = name_of(names, force_id, str(raw.get("name", force_id)))
                seen.setdefault(force_id, ForceChoice(force_id, name))
    return list(seen.values())


@dataclass(frozen=True)
class SetupChoice:
    """A choose-one group of a setup entry: pick one option (e.g. the battle size)."""

    key: str  # the group's path id: names the choice in forms and services
    entry_id: str  # the setup entry, at the force's top level
    name: str
    options: tuple[OptionValue, ...]  # ids are the options' entry path ids


def setup_choices(
    compiled: Compiled, catalogue_id: str, names: Names = NO_NAMES
) -> list[SetupChoice]:
    """The choose-one groups of setup entries: top-level entries at most one per list and
    without a cost, whose group offers plain options (nothing under them) - a setting of the
    list, like a battle size, rather than a unit. The data is the judge, not the names."""
    choices = []
    for node in compiled.root_entries(catalogue_id):
        if node.kind == "group" or node.hidden or _costs(node) or not _one_per_list(node):
            continue
        for group in node.children:
            if group.kind != "group" or group.hidden or not _choose_one(group):
                continue
            options = [n for n in group.entries() if n.kind != "group" and not n.hidden]
            if len(options) < 2 or any(o.children for o in options):
                continue
            same = group.name.strip().lower() in ("", node.name.strip().lower())
            entry_name = name_of(names, node.id, node.name)
            name = entry_name if same else f"{entry_name}: {name_of(names, group.id, group.name)}"
            choices.append(
                SetupChoice(
                    group.path_id,
                    node.path_id,
                    name,
                    tuple(
                        OptionValue(o.path_id, name_of(names, o.id, o.name).strip())
                        for o in options
                    ),
                )
            )
    return choices


# Helpers


def _suggested(value: float | None) -> float | None:
    """A default limit worth suggesting: community data writes 0 where it means none (a
    new list at 0 points would be over its limit with its first unit)."""
    return value if value is not None and value > 0 else None


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
