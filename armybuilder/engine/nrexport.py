"""A roster as New Recruit writes its ``.ros`` export, text for text.

New Recruit's files differ from BattleScribe's in small ways that matter to anyone comparing
them: a ``generatedBy`` attribute, ``from``/``group`` on selections, rules and profiles sorted
by name, no notes, hidden cost types left out of the roster totals, ``<cost ... />`` spacing.
Our own canonical export is ``document.roster_document`` (written by ``formats``); this
module exists so a roster can be handed to New Recruit users, and compared with its output.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from xml.sax.saxutils import escape, quoteattr

from armybuilder.engine.document import ROSTER_VERSION, roster_category_id
from armybuilder.engine.model import number_text
from armybuilder.engine.view import (
    CategoryView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    RuleView,
    SelectionView,
)

GENERATED_BY = "https://newrecruit.eu"
NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
INDENT = "  "


def _attrs(pairs: list[tuple[str, object]]) -> str:
    return "".join(f" {key}={quoteattr(str(value))}" for key, value in pairs if value is not None)


def _container(tag: str, depth: int, items: Iterable[str]) -> Iterator[str]:
    """``<tag>`` around the lines of its items (already indented one deeper), none if empty."""
    lines = list(items)
    if lines:
        yield f"{INDENT * depth}<{tag}>"
        yield from lines
        yield f"{INDENT * depth}</{tag}>"


def _valued(tag: str, name: str, type_id: str, value: float, depth: int) -> str:
    """A ``<cost>`` or ``<costLimit>``, in New Recruit's spacing."""
    attrs = _attrs([("name", name), ("typeId", type_id)])
    return f'{INDENT * depth}<{tag}{attrs} value="{number_text(value)}" />'


def _costs(costs: list[CostView], depth: int) -> Iterator[str]:
    return _container(
        "costs", depth, (_valued("cost", c.name, c.type_id, c.value, depth + 1) for c in costs)
    )


def _rules(rules: list[RuleView], depth: int) -> Iterator[str]:
    return _container("rules", depth, _rule_lines(sorted(rules, key=lambda r: r.name), depth + 1))


def _rule_lines(rules: list[RuleView], depth: int) -> Iterator[str]:
    for rule in rules:
        attrs = _attrs(
            [
                ("id", rule.id or "rule"),
                ("name", rule.name),
                ("hidden", "false"),
                ("page", rule.page),
            ]
        )
        yield f"{INDENT * depth}<rule{attrs}>"
        yield f"{INDENT * (depth + 1)}<description>{escape(rule.description)}</description>"
        yield f"{INDENT * depth}</rule>"


def _profiles(profiles: list[ProfileView], depth: int) -> Iterator[str]:
    ordered = sorted(profiles, key=lambda p: p.name)
    return _container("profiles", depth, _profile_lines(ordered, depth + 1))


def _profile_lines(profiles: list[ProfileView], depth: int) -> Iterator[str]:
    for profile in profiles:
        attrs = _attrs(
            [
                ("id", profile.id or "profile"),
                ("name", profile.name),
                ("hidden", "false"),
                ("page", profile.page),
                ("typeId", profile.type_id),
                ("typeName", profile.type_name),
                ("from", "entry"),
            ]
        )
        yield f"{INDENT * depth}<profile{attrs}>"
        yield f"{INDENT * (depth + 1)}<characteristics>"  # written even when empty
        for c in profile.characteristics:
            attrs = _attrs([("name", c.name), ("typeId", c.type_id)])
            value = escape(c.value)
            yield f"{INDENT * (depth + 2)}<characteristic{attrs}>{value}</characteristic>"
        yield f"{INDENT * (depth + 1)}</characteristics>"
        yield f"{INDENT * depth}</profile>"


def _categories(
    categories: list[CategoryView], owner: str, depth: int, *, of_force: bool
) -> Iterator[str]:
    """A selection's categories, or a force's (New Recruit orders their attributes
    differently, and no force category is primary)."""
    lines = []
    for cat in categories:
        category_id = roster_category_id(owner, cat.entry_id)
        pairs: list[tuple[str, object]] = (
            [
                ("name", cat.name),
                ("id", category_id),
                ("primary", "false"),
                ("entryId", cat.entry_id),
            ]
            if of_force
            else [
                ("id", category_id),
                ("entryId", cat.entry_id),
                ("name", cat.name),
                ("primary", str(cat.primary).lower()),
            ]
        )
        lines.append(f"{INDENT * (depth + 1)}<category{_attrs(pairs)} />")
    return _container("categories", depth, lines)


def _selection(sel: SelectionView, depth: int) -> Iterator[str]:
    attrs = _attrs(
        [
            ("id", sel.id),
            ("name", sel.name),
            ("entryId", sel.entry_id),
            ("entryGroupId", sel.entry_group_id),
            ("number", sel.number),
            ("type", sel.type),
            ("from", "group" if sel.entry_group_id else "entry"),
            ("group", sel.entry_group_name),
            ("customName", sel.custom_name),
        ]
    )
    body = [
        *_rules(sel.rules, depth + 1),
        *_profiles(sel.profiles, depth + 1),
        *_selections(sel.children, depth + 1),
        *_costs(sel.costs, depth + 1),
        *_categories(sel.categories, sel.id, depth + 1, of_force=False),
    ]
    if not body:
        yield f"{INDENT * depth}<selection{attrs}></selection>"
        return
    yield f"{INDENT * depth}<selection{attrs}>"
    yield from body
    yield f"{INDENT * depth}</selection>"


def _selections(selections: list[SelectionView], depth: int) -> Iterator[str]:
    return _container(
        "selections", depth, (line for sel in selections for line in _selection(sel, depth + 1))
    )


def _force(force: ForceView, depth: int) -> Iterator[str]:
    attrs = _attrs(
        [
            ("id", force.id),
            ("name", force.name),
            ("entryId", force.entry_id),
            ("catalogueId", force.catalogue_id),
            ("catalogueRevision", force.catalogue_revision or 1),
            ("catalogueName", force.catalogue_name),
            ("customName", force.custom_name),
        ]
    )
    yield f"{INDENT * depth}<force{attrs}>"
    yield from _rules(force.rules, depth + 1)
    yield from _selections(force.selections, depth + 1)
    yield from _forces(force.child_forces, depth + 1)
    yield from _categories(force.categories, force.id, depth + 1, of_force=True)
    yield f"{INDENT * depth}</force>"


def _forces(forces: list[ForceView], depth: int) -> Iterator[str]:
    return _container(
        "forces", depth, (line for force in forces for line in _force(force, depth + 1))
    )


def newrecruit_ros(view: RosterView) -> str:
    """The roster as the text of a New Recruit ``.ros`` export."""
    attrs = _attrs(
        [
            ("id", view.id),
            ("name", view.name),
            ("battleScribeVersion", ROSTER_VERSION),
            ("generatedBy", GENERATED_BY),
            ("gameSystemId", view.game_system_id),
            ("gameSystemName", view.game_system_name),
            ("gameSystemRevision", view.game_system_revision or 1),
            ("xmlns", NAMESPACE),
        ]
    )
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', f"<roster{attrs}>"]
    lines += _costs([c for c in view.costs if not c.hidden], 1)
    lines += _container(
        "costLimits",
        1,
        (
            _valued("costLimit", c.name, c.type_id, view.cost_limits[c.type_id], 2)
            for c in view.costs
            if c.type_id in view.cost_limits
        ),
    )
    lines += _forces(view.forces, 1)
    lines.append("</roster>")
    return "\n".join(lines) + "\n"
