"""The entry index of a revision: the fields of one ``Entry`` row per selection entry and
group of a document, with the profiles, rules and category names they show resolved through
the documents the revision can see."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from armybuilder.engine.closure import DocumentIndex
from armybuilder.engine.compile import imported
from armybuilder.engine.formats import FormatError
from armybuilder.engine.refusals import refusal
from catalogues.models import Entry

JsonDict = dict[str, Any]

ENTRY_CONTAINERS: Mapping[str, str] = {
    "selectionEntries": Entry.Kind.SELECTION_ENTRY,
    "sharedSelectionEntries": Entry.Kind.SELECTION_ENTRY,
    "selectionEntryGroups": Entry.Kind.SELECTION_ENTRY_GROUP,
    "sharedSelectionEntryGroups": Entry.Kind.SELECTION_ENTRY_GROUP,
}
SHARED_CONTAINERS = frozenset({"sharedSelectionEntries", "sharedSelectionEntryGroups"})

# Longest values the store's columns hold (models.py).
MAX_ID_LENGTH = 100
MAX_NAME_LENGTH = 255


LONG_ID = refusal("format.long_id", "The id “{id}…” is over {limit} characters.")


def check_id(value: object) -> None:
    """Refuse an id the store's columns cannot hold (``format.long_id``)."""
    if isinstance(value, str) and len(value) > MAX_ID_LENGTH:
        raise FormatError(LONG_ID, {"id": value[:40], "limit": MAX_ID_LENGTH})


class DocumentCache(Protocol):
    """What an import keeps per document while it runs, so each is walked only once."""

    rendered: dict[tuple[int, Callable[[JsonDict], JsonDict]], JsonDict]

    def scanned(self, body: JsonDict) -> DocumentIndex: ...

    def top_level_index(self, body: JsonDict) -> dict[str, JsonDict]: ...


class Resolver:
    """Finds a node by id in the documents a revision can see, for display (profiles, rules,
    category names). Nearly every target sits in a document's top-level lists, so those are
    searched first and a document is fully indexed only when that misses."""

    def __init__(self, bodies: list[JsonDict], closure: DocumentCache) -> None:
        self.bodies = bodies
        self.closure = closure

    def get(self, bs_id: Any) -> JsonDict | None:
        for body in self.bodies:
            node = self.closure.top_level_index(body).get(bs_id)
            if node is not None:
                return node
        for body in self.bodies:
            node = self.closure.scanned(body).ids.get(bs_id)
            if node is not None:
                return node
        return None

    def rendered(self, node: JsonDict, render: Callable[[JsonDict], JsonDict]) -> JsonDict:
        """``render(node)``, computed once per import: many entries link one shared profile."""
        key = (id(node), render)
        cache = self.closure.rendered
        if key not in cache:
            cache[key] = render(node)
        return cache[key]


def _profile(node: JsonDict) -> JsonDict:
    return {
        "id": node.get("id", ""),
        "name": node.get("name", ""),
        "typeId": node.get("typeId", ""),
        "typeName": node.get("typeName", ""),
        "characteristics": [
            {
                "name": c.get("name", ""),
                "typeId": c.get("typeId", ""),
                "value": c.get("$text", c.get("value", "")),
            }
            for c in node.get("characteristics") or []
        ],
    }


def _rule(node: JsonDict) -> JsonDict:
    return {
        "id": node.get("id", ""),
        "name": node.get("name", ""),
        "description": node.get("description", ""),
    }


def _info(node: JsonDict, resolver: Resolver) -> tuple[list[JsonDict], list[JsonDict]]:
    """Profiles and rules shown for an entry: its own, its info groups', and linked ones."""
    profiles = [_profile(p) for p in node.get("profiles") or []]
    rules = [_rule(r) for r in node.get("rules") or []]
    for group in node.get("infoGroups") or []:
        more_profiles, more_rules = _info(group, resolver)
        profiles += more_profiles
        rules += more_rules
    for link in node.get("infoLinks") or []:
        target = resolver.get(link.get("targetId"))
        if target is None:
            continue
        kind = link.get("type")
        if kind == "profile":
            profiles.append(resolver.rendered(target, _profile))
        elif kind == "rule":
            rules.append(resolver.rendered(target, _rule))
        elif kind == "infoGroup":
            more_profiles, more_rules = _info(target, resolver)
            profiles += more_profiles
            rules += more_rules
    return profiles, rules


def _constraint_label(node: JsonDict) -> str:
    percent = "%" if node.get("percentValue") is True else ""
    limit = f"{node.get('type', '')} {node.get('value', '')}{percent} {node.get('field', '')}"
    section = (node.get("rule") or {}).get("section")
    return f"{limit} ({section})" if section else limit


def _modifier_label(node: JsonDict) -> str:
    return f"{node.get('type', '')} {node.get('field', '')} {node.get('value', '')}"


def unverified_values(node: JsonDict, resolve: Callable[[Any], JsonDict | None]) -> list[JsonDict]:
    """The entry's own constraints, modifiers, category links and profiles marked
    ``"unverified": true``: what each is (``kind``: limit, modifier, category or profile,
    and ``label``) and the data's comment saying why. ``resolve`` finds a category link's
    target, for its name."""
    labelled: dict[str, tuple[str, Callable[[JsonDict], str]]] = {
        "constraints": ("limit", _constraint_label),
        "modifiers": ("modifier", _modifier_label),
        "categoryLinks": (
            "category",
            lambda link: str(
                link.get("name") or (resolve(link.get("targetId")) or {}).get("name", "")
            ),
        ),
        "profiles": ("profile", lambda profile: str(profile.get("name", ""))),
    }
    return [
        {
            "kind": kind,
            "id": str(child.get("id", "")),
            "label": label(child),
            "comment": str(child.get("comment", "")),
        }
        for container, (kind, label) in labelled.items()
        for child in node.get(container) or []
        if child.get("unverified") is True
    ]


def _entry(
    node: JsonDict,
    kind: str,
    *,
    shared: bool,
    parent: str,
    root_link: JsonDict | None,
    resolver: Resolver,
) -> JsonDict:
    """Index fields of one entry. ``root_link``: the root entry link that puts it on the
    force level; its categories come first (40k, e.g., sets primary categories there)."""
    category_links = [*(root_link or {}).get("categoryLinks", []), *node.get("categoryLinks", [])]
    categories = []
    primary = ""
    for link in category_links:
        target = resolver.get(link.get("targetId"))
        name = str((target or link).get("name", ""))
        is_primary = link.get("primary") is True
        categories.append({"id": link.get("targetId", ""), "name": name, "primary": is_primary})
        if is_primary and not primary:
            primary = name
    profiles, rules = _info(node, resolver)
    check_id(node.get("id"))
    costs = [
        {
            "typeId": c.get("typeId", ""),
            "name": c.get("name", ""),
            "value": c.get("value", 0),
            "unverified": c.get("unverified") is True,
        }
        for c in node.get("costs") or []
    ]
    unverified = unverified_values(node, resolver.get)
    source = node.get("source")
    return {
        "bs_id": str(node.get("id", "")),
        "name": str(node.get("name", "")),
        "kind": kind,
        "type": str(node.get("type", ""))[:40] if kind == Entry.Kind.SELECTION_ENTRY else "",
        "shared": shared,
        "root": root_link is not None or (not parent and not shared),
        "hidden": node.get("hidden") is True or (root_link or {}).get("hidden") is True,
        "importable": imported(root_link or node),
        "unverified": node.get("unverified") is True
        or any(c["unverified"] for c in costs)
        or bool(unverified),
        "unverified_values": unverified,
        "source": source[:MAX_ID_LENGTH] if isinstance(source, str) else "",
        "parent_bs_id": parent,
        "primary_category": primary[:MAX_NAME_LENGTH],
        "categories": categories,
        "costs": costs,
        "profiles": profiles,
        "rules": rules,
    }


def entry_rows(body: JsonDict, resolver: Resolver) -> Iterator[JsonDict]:
    """Index fields for each selection entry and group of the document, at any depth, plus
    the targets of its root entry links that live in other files (e.g. a library), so that
    every entry selectable at force level has a row.

    Rows are yielded as they are made, for the import to send them to the database: a large
    catalogue's rows are never all held in memory at once."""
    root_links: dict[Any, JsonDict] = {}
    for link in body.get("entryLinks") or []:
        root_links.setdefault(link.get("targetId"), link)
    defined: set[Any] = set()
    pending: list[tuple[JsonDict, str]] = [(body, "")]
    while pending:
        holder, holder_id = pending.pop()
        is_document = holder is body
        for container, kind in ENTRY_CONTAINERS.items():
            for node in holder.get(container) or []:
                node_id = node.get("id")
                defined.add(node_id)
                yield _entry(
                    node,
                    kind,
                    shared=is_document and container in SHARED_CONTAINERS,
                    parent=holder_id,
                    root_link=root_links.pop(node_id, None) if is_document else None,
                    resolver=resolver,
                )
                pending.append((node, str(node_id or "")))
        for link in holder.get("entryLinks") or []:
            pending.append((link, holder_id))
    for target_id, link in root_links.items():
        target = None if target_id in defined else resolver.get(target_id)
        link_kind = link.get("type")
        if target is not None and link_kind in ENTRY_CONTAINERS.values():
            yield _entry(
                target,
                str(link_kind),
                shared=False,
                parent="",
                root_link=link,
                resolver=resolver,
            )
