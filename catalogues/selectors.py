"""Reads for the browse pages and the catalogue API.

Querysets stay thin and never load a revision's whole document unless a caller needs it:
parts of a document (cost types, sources, force entries) are read through JSON key lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import (
    Case,
    Count,
    Exists,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.http import Http404
from django.utils.translation import gettext as _

from armybuilder.engine import rulebook
from armybuilder.engine.closure import index_ids, iter_nodes
from catalogues.models import (
    Catalogue,
    DataSource,
    DataSourceCheck,
    DataSourceFile,
    Entry,
    GameSystem,
    ImportJob,
    Revision,
    RevisionEdit,
)

# The ``type`` filter value that selects selection entry groups (which have no type).
GROUP_TYPE = "group"


# Game systems, catalogues, revisions


def game_system_list() -> QuerySet[GameSystem]:
    return GameSystem.objects.annotate(
        catalogue_count=Count("catalogues", distinct=True),
        latest_number=Max("revisions__number"),
        shares_name=shares_name(),
    ).order_by("name")


def game_rules(*, game_system: GameSystem) -> rulebook.Game | None:
    """The rules the validator enforces for a game system's game (None for a game it has no
    rules of its own for: only the data's limits apply)."""
    return rulebook.game_for_system(game_system.bs_id)


@dataclass(frozen=True)
class RulePlace:
    """Where a rule is written: the source as the registry cites it, and the Italian
    rulebook's section and page it sits under (``rulebook.Game.italian_place``)."""

    source: rulebook.Source
    italian_section: str
    italian_page: str


@dataclass(frozen=True)
class ShownRule:
    """A rules page's entry: the rule, its summary in the reader's language, its sources."""

    rule: rulebook.RuleEntry
    summary: str
    places: tuple[RulePlace, ...]


def shown_rules(game: rulebook.Game, language: str) -> list[ShownRule]:
    """A game's rules with their summaries in ``language`` (the registry's own text where it
    has one, else the English summary through the translation catalogue)."""
    return [
        ShownRule(
            rule,
            game.summary_in(rule, language) or _(rule.summary),
            tuple(RulePlace(s, *game.italian_place(s)) for s in rule.sources),
        )
        for rule in game.rules
    ]


def shares_name() -> Exists:
    """Whether another stored game system has the same name (a shipped pack and imported
    community data of one game): only then do pages show the data set's own id, the one
    thing telling them apart."""
    return Exists(GameSystem.objects.filter(name=OuterRef("name")).exclude(pk=OuterRef("pk")))


def catalogue_list(
    *, game_system: GameSystem | None = None, library: bool | None = None
) -> QuerySet[Catalogue]:
    catalogues = Catalogue.objects.select_related("game_system").annotate(
        latest_number=Max("revisions__number"),
        revision_count=Count("revisions", distinct=True),
    )
    if game_system is not None:
        catalogues = catalogues.filter(game_system=game_system)
    if library is not None:
        catalogues = catalogues.filter(library=library)
    return catalogues.order_by("library", "name")


def catalogue_get(game_system_slug: str, catalogue_slug: str) -> Catalogue:
    try:
        return Catalogue.objects.select_related("game_system").get(
            game_system__slug=game_system_slug, slug=catalogue_slug
        )
    except Catalogue.DoesNotExist as exc:
        raise Http404(_("No such catalogue.")) from exc


def revision_list(
    *, game_system: GameSystem | None = None, catalogue: Catalogue | None = None
) -> QuerySet[Revision]:
    """Revisions newest first, without their documents."""
    revisions = Revision.objects.select_related(
        "game_system", "catalogue", "catalogue__game_system"
    ).defer("document")
    if game_system is not None:
        revisions = revisions.filter(game_system=game_system)
    if catalogue is not None:
        revisions = revisions.filter(catalogue=catalogue)
    return revisions.order_by("-number", "-id")


def revision_pick(revisions: QuerySet[Revision], number: int | None) -> Revision:
    """The revision numbered ``number`` (the latest when none is asked for), or 404."""
    if number is not None:
        revisions = revisions.filter(number=number)
    revision = revisions.first()
    if revision is None:
        raise Http404(_("No such revision."))
    return revision


def revision_part(revision: Revision, key: str) -> Any:
    """One top-level field of a revision's document body, read without loading the rest."""
    return (
        Revision.objects.filter(pk=revision.pk)
        .values_list(f"document__{revision.kind}__{key}", flat=True)
        .first()
    )


def latest_game_system_revision(game_system: GameSystem) -> Revision | None:
    return revision_list(game_system=game_system).first()


# Document parts shown on the pages


@dataclass(frozen=True)
class CostType:
    id: str
    name: str
    hidden: bool
    default_limit: float | None


@dataclass(frozen=True)
class Source:
    id: str
    title: str
    reference: str


@dataclass(frozen=True)
class Slot:
    name: str
    minimum: float | None
    maximum: float | None


@dataclass(frozen=True)
class ForceEntry:
    id: str
    name: str
    hidden: bool
    slots: list[Slot]
    children: list[ForceEntry] = field(default_factory=list)


def _number(value: Any) -> float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def cost_types(revision: Revision | None) -> list[CostType]:
    if revision is None:
        return []
    return [
        CostType(
            id=str(node.get("id", "")),
            name=str(node.get("name", "")),
            hidden=bool(node.get("hidden", False)),
            default_limit=_limit(node.get("defaultCostLimit")),
        )
        for node in revision_part(revision, "costTypes") or []
        if isinstance(node, dict)
    ]


def _limit(value: Any) -> float | None:
    number = _number(value)
    # BattleScribe writes -1 for "no default limit".
    return None if number is None or number < 0 else number


def sources(revision: Revision) -> list[Source]:
    """The sources a pack's values come from (our extension; most data lists none).

    What no source gives is marked on the entry index itself (``Entry.unverified``, and
    ``"unverified"`` on each of ``Entry.costs``), as is the source an entry cites.
    """
    return [
        Source(
            id=str(node.get("id", "")),
            title=str(node.get("title", "")),
            reference=str(node.get("reference", "")),
        )
        for node in revision_part(revision, "sources") or []
        if isinstance(node, dict)
    ]


def force_entries(revision: Revision) -> list[ForceEntry]:
    """The game system's force organisation: forces, their slots and slot limits."""
    names = _category_names(revision)
    return [_force_entry(node, names) for node in revision_part(revision, "forceEntries") or []]


def _category_names(revision: Revision) -> dict[str, str]:
    """Category entry id -> name, in definition order."""
    return {
        str(node.get("id")): str(node.get("name", ""))
        for node in revision_part(revision, "categoryEntries") or []
        if isinstance(node, dict)
    }


def _force_entry(node: Mapping[str, Any], category_names: Mapping[str, str]) -> ForceEntry:
    slots = [
        Slot(
            name=str(link.get("name") or category_names.get(str(link.get("targetId")), "")),
            minimum=_slot_limit(link, "min"),
            maximum=_slot_limit(link, "max"),
        )
        for link in node.get("categoryLinks") or []
    ]
    return ForceEntry(
        id=str(node.get("id", "")),
        name=str(node.get("name", "")),
        hidden=bool(node.get("hidden", False)),
        slots=slots,
        children=[_force_entry(child, category_names) for child in node.get("forceEntries") or []],
    )


def _slot_limit(link: Mapping[str, Any], kind: str) -> float | None:
    """The plain selection-count limit on a slot; the lowest when several apply."""
    values = [
        number
        for constraint in link.get("constraints") or []
        if constraint.get("type") == kind
        and constraint.get("field", "selections") == "selections"
        and not constraint.get("percentValue")
        and (number := _number(constraint.get("value"))) is not None
        and number >= 0
    ]
    if not values:
        return None
    return min(values) if kind == "max" else max(values)


# Entries


@dataclass(frozen=True)
class EntryFilters:
    query: str = ""
    category: str = ""  # a category entry id
    type: str = ""  # unit, model, upgrade, ... or GROUP_TYPE
    include_shared: bool = False  # search every indexed entry, not only the force-level ones

    @property
    def active(self) -> bool:
        return bool(self.query or self.category or self.type or self.include_shared)


def entry_search(
    filters: EntryFilters,
    *,
    revisions: Sequence[Revision | int] | None,
    category_order: Sequence[str] = (),
) -> QuerySet[Entry]:
    """Entries (of the revisions, if given) matching ``filters``, by primary category and name.

    Categories come in ``category_order`` (names), then alphabetically, then entries with no
    primary category. Without ``include_shared`` only force-level (root) entries are listed:
    what a player can add directly (from revisions after the first, as ``listing_revisions``
    gives them, only those it imports). Hidden entries are never listed.
    """
    entries = Entry.objects.filter(hidden=False).select_related("revision__catalogue")
    entries = entries.defer("revision__document")
    if revisions is not None:
        entries = entries.filter(revision__in=revisions)
    if not filters.include_shared:
        entries = entries.filter(root=True)
        if revisions is not None and len(revisions) > 1:
            # the first revision's own root entries, and those the others let it import
            entries = entries.filter(Q(revision=revisions[0]) | Q(importable=True))
    if filters.query:
        entries = entries.filter(name__icontains=filters.query)
    if filters.category:
        entries = entries.filter(_has_category(filters.category))
    if filters.type == GROUP_TYPE:
        entries = entries.filter(kind=Entry.Kind.SELECTION_ENTRY_GROUP)
    elif filters.type:
        entries = entries.filter(type=filters.type)
    position = Case(
        *(When(primary_category=name, then=Value(i)) for i, name in enumerate(category_order)),
        When(primary_category="", then=Value(len(category_order) + 1)),
        default=Value(len(category_order)),
    )
    return entries.order_by(position, "primary_category", "name", "id")


def category_order(game_system_revision: Revision | None) -> list[str]:
    """Category names in the order the game system's forces list their slots (as the
    BattleScribe family of tools shows them), then any other category in definition order."""
    if game_system_revision is None:
        return []
    names = _category_names(game_system_revision)
    ordered: list[str] = []
    for node in iter_nodes(revision_part(game_system_revision, "forceEntries") or []):
        for link in node.get("categoryLinks") or []:
            name = names.get(str(link.get("targetId"))) or str(link.get("name", ""))
            if name and name not in ordered:
                ordered.append(name)
    return ordered + [name for name in names.values() if name not in ordered]


def _has_category(category_id: str) -> Q:
    # JSON containment is not available on SQLite; a quoted id inside the category list's
    # text is exact, since ids never contain quotes.
    return Q(categories__icontains=f'"{category_id}"')


def entry_get(pk: int) -> Entry:
    try:
        return (
            Entry.objects.select_related(
                "revision__catalogue__game_system", "revision__game_system"
            )
            .defer("revision__document")
            .get(pk=pk)
        )
    except Entry.DoesNotExist as exc:
        raise Http404(_("No such entry.")) from exc


def profile_tables(entry: Entry) -> list[dict[str, Any]]:
    """An entry's profiles grouped by profile type: one table each, a column per characteristic
    (``type_name``, ``columns``, ``rows`` of ``name`` and ``cells``)."""
    tables: dict[str, dict[str, Any]] = {}
    for profile in entry.profiles or []:
        key = str(profile.get("typeId") or profile.get("typeName") or "")
        table = tables.setdefault(
            key, {"type_name": profile.get("typeName") or "Profile", "columns": [], "rows": []}
        )
        values = {}
        for characteristic in profile.get("characteristics") or []:
            name = str(characteristic.get("name", ""))
            if name not in table["columns"]:
                table["columns"].append(name)
            values[name] = characteristic.get("value", "")
        table["rows"].append({"name": profile.get("name", ""), "values": values})
    for table in tables.values():
        table["rows"] = [
            {"name": row["name"], "cells": [row["values"].get(c, "") for c in table["columns"]]}
            for row in table["rows"]
        ]
    return list(tables.values())


def entry_filter_options(
    revisions: Sequence[Revision],
) -> tuple[list[tuple[str, str]], list[str]]:
    """The categories (id, name) and entry types used by the revisions' visible entries."""
    categories: dict[str, str] = {}
    types: set[str] = set()
    rows = Entry.objects.filter(revision__in=revisions, hidden=False).values_list(
        "categories", "type"
    )
    for entry_categories, entry_type in rows:
        for category in entry_categories or []:
            categories.setdefault(str(category.get("id", "")), str(category.get("name", "")))
        if entry_type:
            types.add(entry_type)
    categories.pop("", None)
    return sorted(categories.items(), key=lambda item: item[1].lower()), sorted(types)


def entry_other_revisions(entry: Entry) -> QuerySet[Revision]:
    """Other revisions of the same game system or catalogue that hold this entry's id."""
    revision = entry.revision
    owner = (
        Q(catalogue=revision.catalogue_id)
        if revision.catalogue_id
        else Q(game_system=revision.game_system_id, catalogue__isnull=True)
    )
    return (
        Revision.objects.filter(owner, entries__bs_id=entry.bs_id)
        .exclude(pk=revision.pk)
        .defer("document")
        .distinct()
        .order_by("-number")
    )


def revision_edits(revisions: QuerySet[Revision]) -> QuerySet[RevisionEdit]:
    """The staff edits that published any of ``revisions``, newest first."""
    return (
        RevisionEdit.objects.filter(revision__in=revisions.values("pk"))
        .select_related("edited_by")
        .defer("revision__document", "based_on__document")
        .select_related("revision", "based_on")
        .order_by("-revision__number")
    )


def is_latest_revision(revision: Revision) -> bool:
    newer = Revision.objects.filter(number__gt=revision.number)
    if revision.catalogue_id is not None:
        newer = newer.filter(catalogue_id=revision.catalogue_id)
    else:
        newer = newer.filter(game_system_id=revision.game_system_id, catalogue=None)
    return not newer.exists()


def entry_in_revision(revision: Revision, bs_id: str) -> Entry | None:
    return Entry.objects.filter(revision=revision, bs_id=bs_id).order_by("id").first()


# Points comparison between two revisions


@dataclass(frozen=True)
class ComparedEntry:
    bs_id: str
    entry_pk: int  # the index row in the newer revision, or the older one when removed
    name: str
    type: str
    primary_category: str
    old_costs: dict[str, Any]  # typeId -> value
    new_costs: dict[str, Any]

    def delta(self, type_id: str) -> float | None:
        old = _number(self.old_costs.get(type_id))
        new = _number(self.new_costs.get(type_id))
        return None if old is None or new is None else new - old


@dataclass(frozen=True)
class Comparison:
    old: Revision
    new: Revision
    added: list[ComparedEntry]
    removed: list[ComparedEntry]
    changed: list[ComparedEntry]


def compare_revisions(old: Revision, new: Revision) -> Comparison:
    """Selection entries added, removed, or with changed costs between two revisions.

    Entries are matched by BattleScribe id (the first definition when an id repeats, as in
    real data); groups have no costs and are left out.
    """
    before, after = _costed_entries(old), _costed_entries(new)

    def compared(bs_id: str) -> ComparedEntry:
        row = after.get(bs_id) or before[bs_id]
        return ComparedEntry(
            bs_id=bs_id,
            entry_pk=row["id"],
            name=row["name"],
            type=row["type"],
            primary_category=row["primary_category"],
            old_costs=_cost_map(before.get(bs_id)),
            new_costs=_cost_map(after.get(bs_id)),
        )

    def by_name(ids: Iterable[str]) -> list[ComparedEntry]:
        return sorted((compared(i) for i in ids), key=lambda e: (e.name.lower(), e.bs_id))

    common = before.keys() & after.keys()
    return Comparison(
        old=old,
        new=new,
        added=by_name(after.keys() - before.keys()),
        removed=by_name(before.keys() - after.keys()),
        changed=by_name(i for i in common if _cost_map(before[i]) != _cost_map(after[i])),
    )


def compare_catalogue(
    catalogue: Catalogue, old_number: int | None, new_number: int | None
) -> Comparison | None:
    """Compare two revisions of a catalogue (404 for an unknown one); by default, what the
    latest revision changed from the one before it. None while only one revision exists."""
    revisions = revision_list(catalogue=catalogue)
    numbers = list(revisions.values_list("number", flat=True)[:2])
    if len(numbers) < 2:
        return None
    old = revision_pick(revisions, numbers[1] if old_number is None else old_number)
    new = revision_pick(revisions, numbers[0] if new_number is None else new_number)
    return compare_revisions(old, new)


def _costed_entries(revision: Revision) -> dict[str, Mapping[str, Any]]:
    rows = (
        Entry.objects.filter(revision=revision, kind=Entry.Kind.SELECTION_ENTRY)
        .order_by("id")
        .values("id", "bs_id", "name", "type", "primary_category", "costs")
    )
    entries: dict[str, Mapping[str, Any]] = {}
    for row in rows:
        entries.setdefault(row["bs_id"], row)
    return entries


def _cost_map(row: Mapping[str, Any] | None) -> dict[str, Any]:
    if row is None:
        return {}
    return {str(cost.get("typeId", "")): cost.get("value") for cost in row["costs"] or []}


# Import jobs


def import_job_list(*, user: User | AnonymousUser) -> QuerySet[ImportJob]:
    """The import jobs ``user`` may follow, newest first."""
    return (
        ImportJob.objects.for_user(user).select_related("created_by").order_by("-created_at", "-id")
    )


def import_job_get(*, pk: int, user: User | AnonymousUser) -> ImportJob:
    """One job ``user`` may follow, or 404 (another user's job is not theirs to see)."""
    try:
        return import_job_list(user=user).get(pk=pk)
    except ImportJob.DoesNotExist as exc:
        raise Http404(_("No such import job.")) from exc


@dataclass(frozen=True)
class JobRevision:
    """A revision a finished import job stored or found unchanged, with its row to link to."""

    name: str
    kind: str
    number: int
    status: str  # created | unchanged
    entries: int
    unresolved_links: int
    revision: Revision | None  # None once the revision has been deleted


def import_job_revisions(job: ImportJob) -> list[JobRevision]:
    """The revisions a finished job imported, with the stored rows to link to."""
    reported = (job.result or {}).get("revisions") or []
    stored = revision_list().in_bulk([r.get("revision_pk") for r in reported])
    return [
        JobRevision(
            name=str(r.get("name", "")),
            kind=str(r.get("kind", "")),
            number=int(r.get("revision", 0)),
            status=str(r.get("status", "")),
            entries=int(r.get("entries", 0)),
            unresolved_links=int(r.get("unresolved_links", 0)),
            revision=stored.get(r.get("revision_pk")),
        )
        for r in reported
    ]


@dataclass(frozen=True)
class EntryOption:
    """An entry or group offered inside another, with how many of it one selection takes."""

    entry: Entry
    choices: list[EntryOption]  # a group's members (empty for a plain entry)
    minimum: float | None = None  # None: no minimum
    maximum: float | None = None  # None: no maximum

    @property
    def counts(self) -> str:
        """How many one selection takes, in words: the minimum and the maximum."""
        least = f"{self.minimum or 0:g}"
        if self.maximum is None:
            return _("min %(least)s, no maximum") % {"least": least}
        return _("min %(least)s, max %(most)s") % {"least": least, "most": f"{self.maximum:g}"}


def _counts(node: Mapping[str, Any]) -> tuple[float | None, float | None]:
    """The least and most of an option one parent selection takes: its ``selections``
    constraints scoped to the parent (a link's and its target's), as the data states them
    before modifiers."""
    minimum: float | None = None
    maximum: float | None = None
    for constraint in node.get("constraints") or []:
        if constraint.get("field") != "selections" or constraint.get("scope") != "parent":
            continue
        value = constraint.get("value")
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            continue
        if constraint.get("type") == "min" and value > 0:
            minimum = value if minimum is None else max(minimum, value)
        elif constraint.get("type") == "max":
            maximum = value if maximum is None else min(maximum, value)
    return minimum, maximum


def entry_options(entry: Entry) -> list[EntryOption]:
    """What can be taken inside an entry: its entries and groups, whether defined in place
    or linked (``entryLinks``), each group with its members; hidden ones left out.

    The entry index has no rows for links inside entries, so the structure comes from the
    document defining the entry, and the rows (for costs and pages) from the revisions the
    entry's revision can see.
    """
    revision = entry.revision
    visible = _visible_revisions(revision)
    node, index = _definition(entry.bs_id, visible)
    options = [(option, _option_nodes(option, index)) for option in _option_nodes(node, index)]
    wanted = {str(n.get("id")) for n, members in options for n in (n, *members)}
    rows = _visible_rows(visible, wanted, prefer=revision.pk)

    def option(node: Mapping[str, Any], choices: list[EntryOption]) -> EntryOption:
        return EntryOption(rows[str(node.get("id"))], choices, *_counts(node))

    return [
        option(n, [option(m, []) for m in members if str(m.get("id")) in rows])
        for n, members in options
        if str(n.get("id")) in rows
    ]


def _definition(
    bs_id: str, revision_ids: list[int]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The node defining ``bs_id`` in the first of the revisions' documents that has it (a
    catalogue's own, else e.g. the library holding a unit it links to), with that document's
    id index."""
    for revision_id in revision_ids:
        document = Revision.objects.values_list("document", flat=True).get(pk=revision_id)
        index = index_ids(document)
        if bs_id in index:
            return index[bs_id], index
    return {}, {}


def _option_nodes(
    node: Mapping[str, Any], index: Mapping[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    """A node's child entries and groups, link targets resolved where the document has them."""
    found: list[dict[str, Any]] = []
    for container in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
        for child in node.get(container) or []:
            if child.get("hidden") is True:
                continue
            if container == "entryLinks":
                # A target outside this document still has an index row under its id; the
                # link's own constraints place it here, beside the target's.
                target = index.get(str(child.get("targetId")), {"id": child.get("targetId")})
                constraints = [
                    *(child.get("constraints") or []),
                    *(target.get("constraints") or []),
                ]
                child = {**target, "constraints": constraints}
            found.append(child)
    return found


def _visible_revisions(revision: Revision) -> list[int]:
    """The revision and the latest revisions of what it sees: linked catalogues, game system."""
    if revision.catalogue is None:
        return [revision.pk]
    latest = latest_game_system_revision(revision.catalogue.game_system)
    return [r.pk for r in linked_revisions(revision)] + ([latest.pk] if latest else [])


def listing_revisions(revision: Revision) -> list[Revision]:
    """The revisions whose force-level entries a revision's page lists: its own, and those of
    the libraries it imports root entries from (``importRootEntries``)."""
    return linked_revisions(revision, importing_root_entries=True)


def linked_revisions(revision: Revision, *, importing_root_entries: bool = False) -> list[Revision]:
    """The revision, then the latest revisions of the catalogues it links to, transitively.

    With ``importing_root_entries``, only links that make the target's root entries this
    catalogue's own (``importRootEntries``, as a faction's catalogue does with its library).
    """
    if revision.catalogue is None:
        return [revision]
    game_system = revision.catalogue.game_system
    found = [revision]
    pending = [revision]
    while pending:
        current = pending.pop()
        for link in revision_part(current, "catalogueLinks") or []:
            if importing_root_entries and link.get("importRootEntries") is not True:
                continue
            linked = (
                revision_list()
                .filter(catalogue__game_system=game_system, catalogue__bs_id=link.get("targetId"))
                .first()
            )
            if linked is not None and linked.pk not in {r.pk for r in found}:
                found.append(linked)
                pending.append(linked)
    return found


def _visible_rows(revision_ids: list[int], bs_ids: set[str], prefer: int) -> dict[str, Entry]:
    rows: dict[str, Entry] = {}
    candidates = Entry.objects.filter(revision_id__in=revision_ids, bs_id__in=bs_ids, hidden=False)
    # The entry's own revision wins, then the first definition.
    for row in sorted(candidates, key=lambda r: (r.revision_id != prefer, r.pk)):
        rows.setdefault(row.bs_id, row)
    return rows


def data_source_list() -> list[tuple[DataSource, DataSourceCheck | None]]:
    """Every data source with its newest check, if any (staff pages only)."""
    newest = DataSourceCheck.objects.filter(source=OuterRef("pk")).order_by("-created_at", "-id")
    sources = list(DataSource.objects.annotate(last_check_id=Subquery(newest.values("pk")[:1])))
    checks = DataSourceCheck.objects.in_bulk([s.last_check_id for s in sources])
    return [(s, checks.get(s.last_check_id)) for s in sources]


def data_source_get(pk: int) -> DataSource:
    try:
        return DataSource.objects.get(pk=pk)
    except DataSource.DoesNotExist as exc:
        raise Http404(_("No such data source.")) from exc


def data_source_checks(source: DataSource) -> QuerySet[DataSourceCheck]:
    return source.checks.select_related("requested_by").order_by("-created_at", "-id")


def data_source_check_get(pk: int) -> DataSourceCheck:
    try:
        return DataSourceCheck.objects.select_related("source", "requested_by").get(pk=pk)
    except DataSourceCheck.DoesNotExist as exc:
        raise Http404(_("No such check.")) from exc


def data_source_check_files(check: DataSourceCheck) -> QuerySet[DataSourceFile]:
    return check.files.select_related("revision__catalogue__game_system", "revision__game_system")
