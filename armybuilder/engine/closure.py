"""Id index, catalogue closure and link resolution over canonical JSON documents.

Shared by the importer (which reports links that point nowhere) and the compiler. A document
is either wrapped (``{"gameSystem": {...}}`` / ``{"catalogue": {...}}``) or the bare body.

Closure rules (as BattleScribe and New Recruit apply them): a catalogue sees its own ids, the
ids of the catalogues it links to (transitively, through ``catalogueLinks``) and the game
system's ids. The game system sees only itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JsonDict = dict[str, Any]

LINK_CONTAINERS: Mapping[str, str] = {
    "entryLinks": "entryLink",
    "infoLinks": "infoLink",
    "categoryLinks": "categoryLink",
}


@dataclass(frozen=True, slots=True)
class UnresolvedLink:
    """A link whose target is not visible from the document that holds it."""

    file_id: str
    file_name: str
    link_id: str
    target_id: str
    kind: str  # entryLink | infoLink | categoryLink | catalogueLink


def unwrap(document: Mapping[str, Any]) -> JsonDict:
    """Return the body of a wrapped document, or the document itself when already bare."""
    for key in ("gameSystem", "catalogue", "roster"):
        body = document.get(key)
        if isinstance(body, dict) and len(document) == 1:
            return body
    # the same object when it can be: callers cache per-body work by identity
    return document if isinstance(document, dict) else dict(document)


def iter_nodes(node: Any) -> Iterator[JsonDict]:
    """Every JSON object in a document, depth first, the root included."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(item)


@dataclass(frozen=True, slots=True)
class DocumentIndex:
    """What one walk of a document finds: every ``id`` (first definition wins, in
    ``iter_nodes`` order), every link, as ``(kind, link)``, and the category ids its
    category modifiers name (what they add, remove or make primary)."""

    ids: dict[str, JsonDict]
    links: list[tuple[str, JsonDict]]
    modified_categories: set[str]


def scan(body: Mapping[str, Any]) -> DocumentIndex:
    """Index a document's ids and links in one walk (the hot path of every import)."""
    ids: dict[str, JsonDict] = {}
    links: list[tuple[str, JsonDict]] = []
    modified: set[str] = set()
    link_kind = LINK_CONTAINERS.get
    stack: list[Any] = [body]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        node = pop()
        node_id = node.get("id")
        if type(node_id) is str and node_id and node_id not in ids:
            ids[node_id] = node
        for key, value in node.items():
            # exact type checks: a quarter faster than isinstance, and JSON has no subclasses
            if type(value) is list:
                items = [item for item in value if type(item) is dict]
                extend(items)
                kind = link_kind(key)
                if kind is not None:
                    links += [(kind, link) for link in items]
                elif key == "modifiers":
                    modified.update(
                        str(m.get("value", "")) for m in items if m.get("field") == "category"
                    )
            elif type(value) is dict:
                push(value)
    return DocumentIndex(ids, links, modified)


def index_ids(body: Mapping[str, Any]) -> dict[str, JsonDict]:
    """Map every ``id`` found in a document body to its node (first definition wins)."""
    return scan(body).ids


def catalogue_closure(
    catalogue_id: str,
    catalogues: Mapping[str, Mapping[str, Any]],
    importing_root_entries: bool = False,
) -> list[str]:
    """Ids of the catalogue and every catalogue it links to, transitively, in link order.

    With ``importing_root_entries`` only links that import their target's root entries are
    followed (the catalogues whose top-level entries a force of this catalogue offers).
    """
    seen: list[str] = []
    pending = [catalogue_id]
    while pending:
        current = pending.pop(0)
        if current in seen or current not in catalogues:
            continue
        seen.append(current)
        for link in catalogues[current].get("catalogueLinks") or []:
            target = link.get("targetId")
            if isinstance(target, str) and (
                not importing_root_entries or link.get("importRootEntries", True)
            ):
                pending.append(target)
    return seen


def unresolved_links(
    game_system: Mapping[str, Any],
    catalogues: Sequence[Mapping[str, Any]],
    *,
    scanned: Callable[[JsonDict], DocumentIndex] = scan,
) -> list[UnresolvedLink]:
    """Every link in the game system and catalogues whose target its document cannot see.

    ``scanned``: how to get a body's index (a caller that already has them passes a lookup).
    """
    gst = unwrap(game_system)
    bodies = [unwrap(c) for c in catalogues]
    by_id = {str(b.get("id", "")): b for b in bodies}
    gst_index = scanned(gst)
    gst_ids = gst_index.ids
    cat_index = {cid: scanned(b) for cid, b in by_id.items()}
    problems: list[UnresolvedLink] = []

    def check(
        body: JsonDict, index: DocumentIndex, visible: Sequence[Mapping[str, JsonDict]]
    ) -> None:
        file_id, file_name = str(body.get("id", "")), str(body.get("name", ""))
        for kind, link in index.links:
            target = str(link.get("targetId", ""))
            if not any(target in ids for ids in visible):
                problems.append(
                    UnresolvedLink(file_id, file_name, str(link.get("id", "")), target, kind)
                )

    check(gst, gst_index, [gst_ids])
    for cid, body in by_id.items():
        for link in body.get("catalogueLinks") or []:
            target = str(link.get("targetId", ""))
            if target not in by_id:
                problems.append(
                    UnresolvedLink(
                        cid,
                        str(body.get("name", "")),
                        str(link.get("id", "")),
                        target,
                        "catalogueLink",
                    )
                )
        visible = [cat_index[c].ids for c in catalogue_closure(cid, by_id)] + [gst_ids]
        check(body, cat_index[cid], visible)
    return problems
