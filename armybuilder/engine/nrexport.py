"""A roster as New Recruit writes its ``.ros`` export, text for text.

New Recruit's files differ from BattleScribe's in small ways that matter to anyone comparing
them: a ``generatedBy`` attribute, ``from``/``group`` on selections, rules and profiles sorted
by name, no notes, hidden cost types left out of the roster totals, ``<cost ... />`` spacing.
Our own canonical export is ``document.roster_document`` (written by ``formats``); this
module exists so a roster can be handed to New Recruit users, and compared with its output.
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.sax.saxutils import escape, quoteattr

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


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def _attrs(pairs: list[tuple[str, object]]) -> str:
    return "".join(f" {key}={quoteattr(str(value))}" for key, value in pairs if value is not None)


def _costs(costs: list[CostView], depth: int) -> Iterator[str]:
    if costs:
        yield f"{INDENT * depth}<costs>"
        for cost in costs:
            attrs = _attrs([("name", cost.name), ("typeId", cost.type_id)])
            yield f'{INDENT * (depth + 1)}<cost{attrs} value="{_number(cost.value)}" />'
        yield f"{INDENT * depth}</costs>"


def _rules(rules: list[RuleView], depth: int) -> Iterator[str]:
    if rules:
        yield f"{INDENT * depth}<rules>"
        for rule in sorted(rules, key=lambda r: r.name):
            attrs = _attrs(
                [
                    ("id", rule.id or "rule"),
                    ("name", rule.name),
                    ("hidden", "false"),
                    ("page", rule.page),
                ]
            )
            yield f"{INDENT * (depth + 1)}<rule{attrs}>"
            yield f"{INDENT * (depth + 2)}<description>{escape(rule.description)}</description>"
            yield f"{INDENT * (depth + 1)}</rule>"
        yield f"{INDENT * depth}</rules>"


def _profiles(profiles: list[ProfileView], depth: int) -> Iterator[str]:
    if profiles:
        yield f"{INDENT * depth}<profiles>"
        for profile in sorted(profiles, key=lambda p: p.name):
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
            yield f"{INDENT * (depth + 1)}<profile{attrs}>"
            yield f"{INDENT * (depth + 2)}<characteristics>"
            for c in profile.characteristics:
                attrs = _attrs([("name", c.name), ("typeId", c.type_id)])
                value = escape(c.value)
                yield f"{INDENT * (depth + 3)}<characteristic{attrs}>{value}</characteristic>"
            yield f"{INDENT * (depth + 2)}</characteristics>"
            yield f"{INDENT * (depth + 1)}</profile>"
        yield f"{INDENT * depth}</profiles>"


def _selection_categories(categories: list[CategoryView], owner: str, depth: int) -> Iterator[str]:
    if categories:
        yield f"{INDENT * depth}<categories>"
        for cat in categories:
            attrs = _attrs(
                [
                    ("id", f"{owner}:{cat.entry_id}"),
                    ("entryId", cat.entry_id),
                    ("name", cat.name),
                    ("primary", str(cat.primary).lower()),
                ]
            )
            yield f"{INDENT * (depth + 1)}<category{attrs} />"
        yield f"{INDENT * depth}</categories>"


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
        *_selection_categories(sel.categories, sel.id, depth + 1),
    ]
    if not body:
        yield f"{INDENT * depth}<selection{attrs}></selection>"
        return
    yield f"{INDENT * depth}<selection{attrs}>"
    yield from body
    yield f"{INDENT * depth}</selection>"


def _selections(selections: list[SelectionView], depth: int) -> Iterator[str]:
    if selections:
        yield f"{INDENT * depth}<selections>"
        for sel in selections:
            yield from _selection(sel, depth + 1)
        yield f"{INDENT * depth}</selections>"


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
    if force.child_forces:
        yield f"{INDENT * (depth + 1)}<forces>"
        for child in force.child_forces:
            yield from _force(child, depth + 2)
        yield f"{INDENT * (depth + 1)}</forces>"
    if force.categories:
        yield f"{INDENT * (depth + 1)}<categories>"
        for cat in force.categories:
            attrs = _attrs(
                [
                    ("name", cat.name),
                    ("id", f"{force.id}:{cat.entry_id}"),
                    ("primary", "false"),
                    ("entryId", cat.entry_id),
                ]
            )
            yield f"{INDENT * (depth + 2)}<category{attrs} />"
        yield f"{INDENT * (depth + 1)}</categories>"
    yield f"{INDENT * depth}</force>"


def newrecruit_ros(view: RosterView) -> str:
    """The roster as the text of a New Recruit ``.ros`` export."""
    attrs = _attrs(
        [
            ("id", view.id),
            ("name", view.name),
            ("battleScribeVersion", "2.03"),
            ("generatedBy", GENERATED_BY),
            ("gameSystemId", view.game_system_id),
            ("gameSystemName", view.game_system_name),
            ("gameSystemRevision", view.game_system_revision or 1),
            ("xmlns", NAMESPACE),
        ]
    )
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', f"<roster{attrs}>"]
    lines += _costs([c for c in view.costs if not c.hidden], 1)
    limits = [
        CostView(c.type_id, c.name, view.cost_limits[c.type_id], c.hidden)
        for c in view.costs
        if c.type_id in view.cost_limits
    ]
    if limits:
        lines.append(f"{INDENT}<costLimits>")
        for limit in limits:
            attrs = _attrs([("name", limit.name), ("typeId", limit.type_id)])
            lines.append(f'{INDENT * 2}<costLimit{attrs} value="{_number(limit.value)}" />')
        lines.append(f"{INDENT}</costLimits>")
    if view.forces:
        lines.append(f"{INDENT}<forces>")
        for force in view.forces:
            lines += _force(force, 2)
        lines.append(f"{INDENT}</forces>")
    lines.append("</roster>")
    return "\n".join(lines) + "\n"
