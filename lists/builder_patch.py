"""What an edit changes on the builder page, worked out from its page model before and after.

The page is cut into fragments, each an element with a stable id and the template that
renders it: rows, a force's heading, a category's heading and gauges, the totals bar, the
problems, each add-panel entry, and the containers holding them. A fragment's key is a short
digest of what its template shows (from the page model, never from rendered HTML); a
container's key names its children in order, so a unit added, removed or moved re-renders
the container that holds it, and nothing else that stayed the same.

An edit's answer renders only the fragments whose key changed (htmx swaps each by its id), so
one stepper click sends back the unit's row, the force's heading, the totals and the add-panel
entries whose availability, reason or cost moved. The keys of what a page shows are kept per
list version (``remember``) so the next edit compares with them without working the old page
out again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from lists.builder import (
    AddEntry,
    AddPanel,
    BuilderPage,
    CategoryBlock,
    ForceBlock,
    ForceEntryChoice,
    Row,
    selection_dom_id,
)

# How long a page's keys are kept for the next edit (a miss only costs working them out).
KEYS_TIMEOUT = 60 * 60

Keys = Mapping[str, str]


@dataclass(frozen=True)
class Fragment:
    """An element of the builder page that an edit may send again on its own."""

    dom_id: str
    template: str
    # what the template reads besides the page's own context
    context: Mapping[str, Any] = field(default_factory=dict)
    # a digest of what it shows; None: sent with every edit (small, and its old state is not
    # known: the editor, the banner, the version the page is at)
    key: str | None = None
    children: tuple[Fragment, ...] = ()

    def walk(self) -> Iterator[Fragment]:
        yield self
        for child in self.children:
            yield from child.walk()


def digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=8).hexdigest()


def add_entry_dom_id(force_id: str, entry_id: str) -> str:
    # path ids hold "::" and may be long: a digest keeps the id short and plain
    return f"add-{force_id}-{digest(entry_id)}"


def category_dom_id(force: ForceBlock, category: CategoryBlock) -> str:
    return f"{force.dom_id}-cat-{category.category_id or 'other'}"


# ------------------------------------------------------------------------------- the page


def page_fragments(
    *,
    page: BuilderPage,
    add: Sequence[AddPanel],
    bar: Sequence[object],
) -> tuple[Fragment, ...]:
    """Every fragment of the builder page, outermost first; ``bar`` names what the bar shows
    beyond the page model (the list's name, pinned revisions, undo and redo)."""
    return (
        Fragment(
            "list-panel",
            "lists/_builder_list.html",
            key=_list_key(page),
            children=tuple(_force_fragment(force) for force in page.forces),
        ),
        Fragment("editor-panel", "lists/_builder_editor_panel.html"),
        Fragment(
            "bar",
            "lists/_builder_bar.html",
            key=digest(*bar),
            # a click that changes the verdict or the totals sends them alone, not the bar's
            # links and forms
            children=(
                Fragment(
                    "bar-status",
                    "lists/_builder_bar_status.html",
                    key=digest(
                        page.legal, page.costs_not_entered, page.error_count, page.warning_count
                    ),
                ),
                Fragment("bar-totals", "lists/_builder_bar_totals.html", key=digest(page.totals)),
            ),
        ),
        Fragment("banner", "lists/_builder_banner.html"),
        Fragment("tab-count", "lists/_builder_tab_count.html", key=digest(page.error_count)),
        Fragment("tab-totals", "lists/_builder_tab_totals.html", key=digest(page.totals)),
        Fragment(
            "problems-panel",
            "lists/_builder_problems.html",
            key=digest(
                *(
                    (
                        i.problem.severity,
                        i.problem.code,
                        i.problem.message,
                        i.problem.rule,
                        i.problem.owner_type,
                        i.problem.owner_id,
                        i.problem.entry_id,
                        i.where,
                        i.target,
                    )
                    for i in page.problems
                )
            ),
        ),
        _add_fragment(page, add),
        Fragment("list-version", "lists/_builder_version.html"),
    )


def _list_key(page: BuilderPage) -> str:
    return digest(*(force.dom_id for force in page.forces))


def _force_fragment(force: ForceBlock) -> Fragment:
    shown = [c for c in force.categories if c.rows or c.gauges]
    return Fragment(
        force.dom_id,
        "lists/_builder_force.html",
        {"force": force},
        digest(
            *(category_dom_id(force, c) for c in shown),
            bool(force.child_force_entries),
            *(child.dom_id for child in force.child_forces),
        ),
        (
            Fragment(
                f"{force.dom_id}-head",
                "lists/_builder_force_head.html",
                {"force": force},
                digest(
                    force.label,
                    force.view.name,
                    force.view.catalogue_name,
                    force.costs,
                    force.problems,
                ),
            ),
            *(_category_fragment(force, category) for category in shown),
            *(
                (
                    Fragment(
                        f"{force.dom_id}-child-form",
                        "lists/_builder_child_force.html",
                        {"force": force},
                        digest(*_choices(force.child_force_entries)),
                    ),
                )
                if force.child_force_entries
                else ()
            ),
            *(_force_fragment(child) for child in force.child_forces),
        ),
    )


def _category_fragment(force: ForceBlock, category: CategoryBlock) -> Fragment:
    dom_id = category_dom_id(force, category)
    context = {"force": force, "category": category}
    return Fragment(
        dom_id,
        "lists/_builder_category.html",
        context,
        digest(category.broken, *(row.dom_id for row in category.rows)),
        (
            Fragment(
                f"{dom_id}-h",
                "lists/_builder_category_head.html",
                context,
                digest(category.name, category.gauges),
            ),
            *(
                Fragment(row.dom_id, "lists/_builder_row.html", {"row": row}, _row_key(row))
                for row in category.rows
            ),
        ),
    )


def _row_key(row: Row) -> str:
    """What a row shows but whether it is the one open in the editor (``open_rows``)."""
    view = row.view
    return digest(
        view.name,
        view.custom_name,
        view.number,
        row.costs,
        row.problems,
        row.allowances,
        *((c.number, c.custom_name or c.name) for c in row.options),
    )


def _choices(choices: Iterable[ForceEntryChoice]) -> tuple[tuple[str, str], ...]:
    return tuple((c.key, c.name) for c in choices)


def _add_fragment(page: BuilderPage, add: Sequence[AddPanel]) -> Fragment:
    has_forces = bool(page.forces)
    return Fragment(
        "add-entries",
        "lists/_builder_add_panel.html",
        key=digest(*(panel.force_id for panel in add)),
        children=(
            *(_panel_fragment(panel) for panel in add),
            Fragment(
                "add-force",
                "lists/_builder_add_force.html",
                key=digest(has_forces, *_choices(page.force_entries)),
            ),
        ),
    )


def _panel_fragment(panel: AddPanel) -> Fragment:
    return Fragment(
        f"add-{panel.force_id}",
        "lists/_builder_add.html",
        {"panel": panel},
        digest(
            panel.name,
            *((c.category_id, c.name, *(e.entry_id for e in c.entries)) for c in panel.categories),
        ),
        tuple(
            Fragment(
                add_entry_dom_id(panel.force_id, entry.entry_id),
                "lists/_builder_add_entry.html",
                {"panel": panel, "entry": entry},
                _entry_key(entry),
            )
            for category in panel.categories
            for entry in category.entries
        ),
    )


# Add-panel entries' keys by the entry object: the add panel hands the same entry again while
# its answer is unchanged (``lists.builder._remembered_add_entry``); each entry is kept with
# its key, so its id is not reused while there.
_ENTRY_KEYS: dict[int, tuple[AddEntry, str]] = {}
_ENTRY_KEYS_KEPT = 20_000


def _entry_key(entry: AddEntry) -> str:
    found = _ENTRY_KEYS.get(id(entry))
    if found is not None and found[0] is entry:
        return found[1]
    # the reasons hold all their words are made of (the page's language is in the cache key),
    # so the words themselves are made only for the entries sent
    key = digest(entry.name, entry.costs, entry.allowances, entry.reasons)
    if len(_ENTRY_KEYS) >= _ENTRY_KEYS_KEPT:
        _ENTRY_KEYS.clear()
    _ENTRY_KEYS[id(entry)] = (entry, key)
    return key


# ------------------------------------------------------------------------------ comparing


def keys_of(fragments: Iterable[Fragment]) -> dict[str, str]:
    """Every keyed fragment's id and key (what ``changed`` compares a later page with)."""
    return {f.dom_id: f.key for top in fragments for f in top.walk() if f.key is not None}


def changed(
    fragments: Iterable[Fragment], before: Keys, *, also: Iterable[str] = ()
) -> list[Fragment]:
    """The fragments to send: each whose key differs from ``before`` (its children with
    it), the unkeyed ones, and those ``also`` names (rows whose open state changed)."""
    extra = set(also)
    found: list[Fragment] = []

    def visit(fragment: Fragment) -> None:
        if fragment.key is None or before.get(fragment.dom_id) != fragment.key:
            found.append(fragment)
            return
        if fragment.dom_id in extra:
            found.append(fragment)
        for child in fragment.children:
            visit(child)

    for fragment in fragments:
        visit(fragment)
    return found


def open_rows(page: BuilderPage, shown: str | None) -> set[str]:
    """The rows whose "open in the editor" mark differs between the page that sent an edit
    (its editor showed ``shown``, a selection id) and its answer."""
    now = selection_dom_id(page.open_row_id) if page.open_row_id else None
    was = selection_dom_id(shown) if shown else None
    return {row for row in (was, now) if row is not None} if was != now else set()


# ------------------------------------------------------------------------------ remembering


def _cache_key(list_id: int, version: int) -> str:
    return f"builder-keys:{list_id}:{version}:{get_language()}"


def remember(list_id: int, version: int, keys: Keys) -> None:
    """Keep the keys of the page a list shows at ``version`` (in the page's language) for
    the edit that will be made on it. A version never changes, so they never go stale."""
    cache.set(_cache_key(list_id, version), dict(keys), KEYS_TIMEOUT)


def recall(list_id: int, version: int) -> Keys | None:
    found = cache.get(_cache_key(list_id, version))
    return found if isinstance(found, dict) else None
