"""Importing BattleScribe game systems and catalogues into the store.

``import_files`` is the one way data gets in: upload jobs (``import_jobs``), ``import_bsdata``
and ``load_catalogues`` all call it. It reads every file first (any unreadable file refuses the
whole import), then writes everything in one transaction (any conflict rolls it all back).

Revisions are never overwritten: a new revision number is stored beside the older ones,
the same revision with the same content is a no-op, and the same revision with different
content is refused.
"""

from __future__ import annotations

import gc
import hashlib
import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any, cast

import psycopg
from django.conf import settings
from django.db import connection, models, transaction
from django.utils.text import slugify
from psycopg.types.json import Jsonb

from armybuilder.engine.closure import DocumentIndex, catalogue_closure, scan, unresolved_links
from armybuilder.engine.formats import (
    BUNDLE_EXTENSION,
    FormatError,
    Limits,
    document_root,
    parse_xml,
    read_document,
    suffix,
    unzip_bundle,
    xml_bytes,
)
from armybuilder.engine.formats.errors import MISSING_FIELD, WRONG_ROOT
from armybuilder.engine.refusals import refusal
from catalogues import closures, job_messages, legacy
from catalogues.models import Catalogue, Entry, GameSystem, Revision
from catalogues.services.entry_index import (
    MAX_NAME_LENGTH,
    JsonDict,
    Resolver,
    check_id,
    entry_rows,
)
from catalogues.signals import revisions_imported

# (percent done, the code of what it is doing, its params: ``catalogues.job_messages``)
Progress = Callable[[int, str, dict[str, Any]], None]

# The files an import reads: game systems and catalogues as XML, zipped XML or JSON, and
# .zip bundles of them.
IMPORT_SUFFIXES = (".gst", ".cat", ".gstz", ".catz", ".json", BUNDLE_EXTENSION)


# Results and errors


@dataclass(frozen=True, slots=True)
class FileProblem:
    """Why a file cannot be imported: ``code`` and ``params`` (``catalogues.job_messages``
    words them when read), ``message`` the words at the time (the engine's English, for a
    reader's refusal)."""

    file: str
    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, file: str, code: str, /, **params: Any) -> FileProblem:
        return cls(file, code, job_messages.worded(code, params), params)

    @classmethod
    def refused(cls, file: str, error: FormatError) -> FileProblem:
        return cls(file, error.code, error.message, error.params)


class CatalogueImportError(Exception):
    """The import was refused; nothing was stored. ``problems`` says why, per file."""

    def __init__(self, problems: Sequence[FileProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{p.file}: {p.message}" for p in self.problems))


@dataclass(frozen=True, slots=True)
class ImportedRevision:
    file: str
    kind: str  # gameSystem | catalogue
    bs_id: str
    name: str
    revision: int
    status: str  # created | unchanged
    revision_pk: int
    entries: int
    unresolved_links: int


@dataclass(slots=True)
class ImportResult:
    revisions: list[ImportedRevision] = field(default_factory=list)
    unresolved_links: list[JsonDict] = field(default_factory=list)

    @property
    def created(self) -> list[ImportedRevision]:
        return [r for r in self.revisions if r.status == "created"]

    @property
    def unchanged(self) -> list[ImportedRevision]:
        return [r for r in self.revisions if r.status == "unchanged"]

    def as_dict(self) -> JsonDict:
        return {
            "created": len(self.created),
            "unchanged": len(self.unchanged),
            "revisions": [asdict(r) for r in self.revisions],
            "unresolved_links": self.unresolved_links,
        }


# Reading

# What an import refuses beyond what the readers do (worded as theirs are).
UPLOAD_TOO_LARGE = refusal(
    "format.too_large_upload",
    "The upload holds {size} bytes once unzipped, over the limit of {limit}.",
)
LONG_NAME = refusal("format.long_name", "The {kind}'s name is over {limit} characters.")
BAD_REVISION = refusal(
    "format.bad_revision", "Revision “{value}” is not a whole number below 2^31."
)
JSON_LEGACY = refusal("format.legacy_json", "Format {version} is read only as XML.")


@dataclass(slots=True)
class _Document:
    file: str
    kind: str
    body: JsonDict
    source_format: str
    sha256: str

    @property
    def bs_id(self) -> str:
        return str(self.body["id"])

    @property
    def revision(self) -> int:
        value = self.body.get("revision", 0)
        return value if isinstance(value, int) else 0

    @property
    def document(self) -> JsonDict:
        return {self.kind: self.body}


def import_limits() -> Limits:
    return Limits(
        max_input_bytes=settings.CATALOGUE_MAX_UPLOAD_BYTES,
        max_document_bytes=settings.CATALOGUE_MAX_UNZIPPED_BYTES,
    )


def _expand(files: Iterable[tuple[str, bytes]], limits: Limits) -> list[tuple[str, bytes]]:
    """Each file, with ``.zip`` bundles replaced by the documents they hold. The whole upload
    may hold at most ``limits.max_document_bytes`` once unzipped."""
    expanded: list[tuple[str, bytes]] = []
    for name, data in files:
        if suffix(name) == BUNDLE_EXTENSION:
            expanded.extend(
                (f"{name}/{inner}", content) for inner, content in unzip_bundle(data, limits=limits)
            )
        else:
            expanded.append((name, data))
    total = sum(len(data) for _name, data in expanded)
    if total > limits.max_document_bytes:
        raise FormatError(UPLOAD_TOO_LARGE, {"size": total, "limit": limits.max_document_bytes})
    return expanded


def _check_body(kind: str, body: JsonDict) -> None:
    for key in ("id", "name") + (("gameSystemId",) if kind == "catalogue" else ()):
        if not isinstance(body.get(key), str) or not body[key]:
            raise FormatError(MISSING_FIELD, {"kind": kind, "key": key})
    check_id(body["id"])
    if len(body["name"]) > MAX_NAME_LENGTH:
        raise FormatError(LONG_NAME, {"kind": kind, "limit": MAX_NAME_LENGTH})
    revision = body.get("revision", 0)
    if isinstance(revision, bool) or not isinstance(revision, int) or not 0 <= revision < 2**31:
        raise FormatError(BAD_REVISION, {"value": str(revision)})


def _read(name: str, data: bytes, limits: Limits) -> _Document:
    document = read_document(data, name, limits=limits)
    kind, body = document_root(document)
    if kind == "roster":
        raise FormatError(WRONG_ROOT, {"found": kind, "expected": "gameSystem, catalogue"})
    ext = suffix(name)
    source = Revision.SourceFormat.JSON if ext == ".json" else Revision.SourceFormat.XML
    if ext.endswith("z"):
        source = Revision.SourceFormat.ZIP
    version = body.get("battleScribeVersion")
    if legacy.is_legacy(version):
        if source == Revision.SourceFormat.JSON:
            raise FormatError(JSON_LEGACY, {"version": str(version)})
        converted = legacy.convert(
            xml_bytes(data, name, limits=limits), kind=kind, version=str(version)
        )
        kind, body = document_root(parse_xml(converted, limits=limits))
        source = Revision.SourceFormat.LEGACY
    _check_body(kind, body)
    # The file's own hash: an identical file is recognised without comparing documents.
    sha256 = hashlib.sha256(data).hexdigest()
    return _Document(file=name, kind=kind, body=body, source_format=source, sha256=sha256)


def _read_files(
    files: Iterable[tuple[str, bytes]], *, limits: Limits | None = None
) -> list[_Document]:
    """Read every file; raise CatalogueImportError listing every file that cannot be read."""
    limits = limits or import_limits()
    problems: list[FileProblem] = []
    documents: list[_Document] = []
    try:
        expanded = _expand(files, limits)
    except FormatError as error:
        raise CatalogueImportError([FileProblem.refused("upload", error)]) from None
    for name, data in expanded:
        try:
            document = _read(name, data, limits)
        except FormatError as error:
            problems.append(FileProblem.refused(name, error))
            continue
        documents.append(document)
    if problems:
        raise CatalogueImportError(problems)
    if not documents:
        raise CatalogueImportError([FileProblem.of("upload", "import.empty")])
    return documents


# Storing


def _unique_slug(name: str, taken: Callable[[str], bool]) -> str:
    base = slugify(name)[:100] or "untitled"
    slug, number = base, 1
    while taken(slug):
        number += 1
        slug = f"{base}-{number}"
    return slug


def _game_system(document: _Document) -> GameSystem:
    game_system = GameSystem.objects.filter(bs_id=document.bs_id).first()
    if game_system is None:
        slug = _unique_slug(
            document.body["name"], lambda s: GameSystem.objects.filter(slug=s).exists()
        )
        return GameSystem.objects.create(
            bs_id=document.bs_id, name=document.body["name"], slug=slug
        )
    if document.revision >= _latest_number(game_system.revisions.all()):
        GameSystem.objects.filter(pk=game_system.pk).update(name=document.body["name"])
    return game_system


def _catalogue(document: _Document, game_system: GameSystem) -> Catalogue:
    catalogue = Catalogue.objects.filter(game_system=game_system, bs_id=document.bs_id).first()
    library = document.body.get("library") is True
    if catalogue is None:
        slug = _unique_slug(
            document.body["name"],
            lambda s: Catalogue.objects.filter(game_system=game_system, slug=s).exists(),
        )
        return Catalogue.objects.create(
            game_system=game_system,
            bs_id=document.bs_id,
            name=document.body["name"],
            slug=slug,
            library=library,
        )
    if document.revision >= _latest_number(catalogue.revisions.all()):
        Catalogue.objects.filter(pk=catalogue.pk).update(
            name=document.body["name"], library=library
        )
    return catalogue


def _latest_number(revisions: Any) -> int:
    latest = revisions.order_by("-number").values_list("number", flat=True).first()
    return -1 if latest is None else int(latest)


def _dedupe(documents: list[_Document]) -> list[_Document]:
    """Drop repeats of one revision within an upload; refuse conflicting repeats."""
    seen: dict[tuple[str, str, int], _Document] = {}
    problems: list[FileProblem] = []
    for document in documents:
        key = (document.kind, document.bs_id, document.revision)
        first = seen.setdefault(key, document)
        if (
            first is not document
            and first.sha256 != document.sha256
            and first.body != document.body
        ):
            problems.append(
                FileProblem.of(
                    document.file,
                    "import.revision_conflict",
                    form="twice",
                    name=document.body["name"],
                    number=document.revision,
                    file=first.file,
                )
            )
    if problems:
        raise CatalogueImportError(problems)
    return list(seen.values())


class _Closure:
    """The documents an import's links may point into: this upload's, else the latest stored."""

    def __init__(self, documents: list[_Document]) -> None:
        self.game_systems = {d.bs_id: d.body for d in documents if d.kind == "gameSystem"}
        self.catalogues = {d.bs_id: d.body for d in documents if d.kind == "catalogue"}
        # Keyed by id(body): every body stays referenced by this object while it lives.
        self._scans: dict[int, DocumentIndex] = {}
        self._top_level: dict[int, dict[str, JsonDict]] = {}
        self.rendered: dict[tuple[int, Callable[[JsonDict], JsonDict]], JsonDict] = {}
        self._absent: set[str] = set()

    def game_system(self, bs_id: str) -> JsonDict | None:
        if bs_id not in self.game_systems:
            revision = Revision.objects.filter(game_system__bs_id=bs_id).order_by("-number").first()
            if revision is None:
                return None
            self.game_systems[bs_id] = revision.body
        return self.game_systems[bs_id]

    def catalogues_for(self, body: JsonDict, game_system_id: str) -> list[JsonDict]:
        """The catalogue and every catalogue it links to, transitively (stored ones loaded as
        the links reach them)."""
        catalogue_id = str(body["id"])
        self.catalogues.setdefault(catalogue_id, body)
        while True:
            ids = catalogue_closure(catalogue_id, self.catalogues)
            missing = {
                target
                for linked in ids
                for link in self.catalogues[linked].get("catalogueLinks") or []
                if isinstance(target := link.get("targetId"), str)
                and target not in self.catalogues
                and target not in self._absent
            }
            if not missing:
                return [self.catalogues[linked] for linked in ids]
            for target in missing:
                self._load_catalogue(target, game_system_id)

    def _load_catalogue(self, bs_id: str, game_system_id: str) -> None:
        revision = (
            Revision.objects.filter(
                catalogue__bs_id=bs_id, catalogue__game_system__bs_id=game_system_id
            )
            .order_by("-number")
            .first()
        )
        if revision is None:
            self._absent.add(bs_id)  # reported by unresolved_links as a catalogueLink
        else:
            self.catalogues[bs_id] = revision.body

    def scanned(self, body: JsonDict) -> DocumentIndex:
        """The body's ids and links, walked once per import (link check and display)."""
        key = id(body)
        if key not in self._scans:
            self._scans[key] = scan(body)
        return self._scans[key]

    def top_level_index(self, body: JsonDict) -> dict[str, JsonDict]:
        """Ids of the items of the document's own top-level lists (shared entries, profiles,
        rules, categories, ...)."""
        key = id(body)
        if key not in self._top_level:
            self._top_level[key] = {
                node["id"]: node
                for value in body.values()
                if isinstance(value, list)
                for node in value
                if isinstance(node.get("id"), str)
            }
        return self._top_level[key]


def _new_revision(
    document: _Document, *, owner: GameSystem | Catalogue, unresolved: list[JsonDict]
) -> Revision:
    """The revision to store for a document (not saved yet)."""
    body = document.body
    game_system_revision = body.get("gameSystemRevision")
    return Revision(
        game_system=owner if isinstance(owner, GameSystem) else None,
        catalogue=owner if isinstance(owner, Catalogue) else None,
        number=document.revision,
        name=body["name"],
        battlescribe_version=str(body.get("battleScribeVersion", ""))[:20],
        game_system_revision=game_system_revision
        if isinstance(game_system_revision, int)
        else None,
        document=document.document,
        source_name=document.file[-255:],
        source_format=document.source_format,
        sha256=document.sha256,
        unresolved_links=unresolved,
    )


# Entry rows sent to the database at a time (SQLite); Postgres streams them through COPY.
ENTRY_BATCH = 500


def _insert(new: Sequence[tuple[Revision, Iterator[JsonDict]]]) -> None:
    """Save new revisions and their entry rows, made as they are sent (``entry_rows``), then
    each revision's entry count."""
    if not new:
        return
    closures.forget_resolved()  # the newest revisions change
    if connection.vendor == "postgresql":
        _insert_postgres(new)
    else:
        for revision, entries in new:
            revision.save(force_insert=True)
            revision.entry_count = 0
            while batch := list(itertools.islice(entries, ENTRY_BATCH)):
                Entry.objects.bulk_create(Entry(revision=revision, **e) for e in batch)
                revision.entry_count += len(batch)
    for revision, _entries in new:
        Revision.objects.filter(pk=revision.pk).update(entry_count=revision.entry_count)


# The index fields ``entry_rows`` fills, in the model's order: the columns the COPY writes.
_ENTRY_FIELDS = [f for f in Entry._meta.concrete_fields if f.name not in {"id", "revision"}]
_ENTRY_COLUMNS = tuple(f.name for f in _ENTRY_FIELDS)
_ENTRY_JSON_COLUMNS = frozenset(f.name for f in _ENTRY_FIELDS if isinstance(f, models.JSONField))
# One encoder for every value: json.dumps with options would build one per call.
_to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def _insert_postgres(new: Sequence[tuple[Revision, Iterator[JsonDict]]]) -> None:
    """Insert new revisions and their entry rows, the fast way.

    Revisions are inserted with server-side binding (Django binds client side, which escapes
    each multi-megabyte document in Python and has the server parse it out of a string
    literal) in one pipeline: the server stores each document while Python serialises the
    next. The entry rows of all revisions then go in with one COPY (several times faster
    than INSERT), serialised as they are sent so that the server parses them meanwhile.
    """
    meta = Revision._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    # a concrete field always has a column
    names = ", ".join(quote(cast(str, f.column)) for f in fields)
    insert = (
        f"INSERT INTO {quote(meta.db_table)} ({names}) VALUES ({', '.join(['%s'] * len(fields))}) "
        f"RETURNING {quote(cast(str, meta.pk.column))}"
    )
    connection.ensure_connection()
    raw = connection.connection
    cursors = [psycopg.Cursor(raw) for _ in new]
    with raw.pipeline():
        for cursor, (revision, _entries) in zip(cursors, new, strict=True):
            values = [
                # compact JSON from one encoder: a third faster than json.dumps, 8% smaller
                Jsonb(f.pre_save(revision, add=True), dumps=_to_json)
                if isinstance(f, models.JSONField)
                else f.get_db_prep_save(f.pre_save(revision, add=True), connection)
                for f in fields
            ]
            cursor.execute(insert, values)
    for cursor, (revision, _entries) in zip(cursors, new, strict=True):
        inserted = cursor.fetchone()
        assert inserted is not None  # RETURNING gives the new row
        cursor.close()
        revision.pk = inserted[0]
        revision._state.adding = False
        revision._state.db = connection.alias
    columns = ", ".join(quote(c) for c in ("revision_id", *_ENTRY_COLUMNS))
    with (
        psycopg.Cursor(raw) as cursor,
        cursor.copy(f"COPY {quote(Entry._meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        for revision, entries in new:
            revision.entry_count = 0
            for e in entries:
                revision.entry_count += 1
                copy.write_row(
                    (
                        revision.pk,
                        *(
                            _to_json(e[c]) if c in _ENTRY_JSON_COLUMNS else e[c]
                            for c in _ENTRY_COLUMNS
                        ),
                    )
                )


def _existing(document: _Document, owner: GameSystem | Catalogue) -> Revision | None:
    return (
        owner.revisions.filter(number=document.revision)
        .only("id", "sha256", "source_name", "entry_count")
        .first()
    )


def _same_content(existing: Revision, document: _Document) -> bool:
    if existing.sha256 == document.sha256:
        return True
    # The same content in another file (zipped, JSON, reformatted) is still the same revision.
    stored = Revision.objects.values_list("document", flat=True).get(pk=existing.pk)
    return bool(stored == document.document)


def _conflict(document: _Document, existing: Revision) -> FileProblem:
    return FileProblem.of(
        document.file,
        "import.revision_conflict",
        name=document.body["name"],
        number=document.revision,
        source=existing.source_name,
    )


def import_files(
    *,
    files: Sequence[tuple[str, bytes]],
    progress: Progress | None = None,
    limits: Limits | None = None,
) -> ImportResult:
    """Import game systems and catalogues (any mix of files, zips and bundles), atomically.

    Raises CatalogueImportError (nothing stored) when a file cannot be read, a catalogue's
    game system is neither stored nor in the upload, or a revision conflicts.
    """
    with _without_cyclic_gc():
        return _import(files, progress or (lambda _percent, _code, _params: None), limits)


@contextmanager
def _without_cyclic_gc() -> Iterator[None]:
    """Pause the cycle collector: an import builds millions of objects, all in trees (no
    cycles), and the collector would otherwise re-scan them over and over (a tenth of the
    import's time). Reference counting still frees everything."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _import(
    files: Sequence[tuple[str, bytes]], report: Progress, limits: Limits | None
) -> ImportResult:
    report(0, "job.reading", {"count": len(files)})
    documents = _dedupe(_read_files(files, limits=limits))
    # Game systems first: catalogues need theirs. Older revisions first: an owner takes the
    # name of its newest revision, and revisions are stored only after every owner is updated.
    documents.sort(key=lambda d: (d.kind != "gameSystem", d.revision, d.file))
    report(40, "job.read", {"count": len(documents)})
    closure = _Closure(documents)
    with transaction.atomic():
        unresolved = _unresolved_by_file(documents, closure)
        problems: list[FileProblem] = []
        outcomes: list[_Outcome] = []
        for number, document in enumerate(documents, start=1):
            outcome = _prepare(document, closure, unresolved, problems)
            if outcome is not None:
                outcomes.append(outcome)
            report(40 + 50 * number // len(documents), "job.indexed", {"file": document.file})
        if problems:
            raise CatalogueImportError(problems)
        # All at once: the database stores one document while Python prepares the next.
        _insert([(o.revision, _rows_of(o)) for o in outcomes if o.entries is not None])
        created = [o.revision.pk for o in outcomes if o.entries is not None]
        if created:
            transaction.on_commit(
                lambda: revisions_imported.send(sender=ImportResult, revisions=created)
            )
        report(100, "job.stored", {"count": len(outcomes)})
    return ImportResult(
        revisions=[o.imported() for o in outcomes],
        unresolved_links=[
            {"file": o.document.file, **link} for o in outcomes for link in o.unresolved
        ],
    )


def _unresolved_by_file(
    documents: list[_Document], closure: _Closure
) -> dict[tuple[str, str], list[JsonDict]]:
    """Unresolved links of each uploaded document, checked once per game system."""
    by_game_system: dict[str, list[_Document]] = {}
    for document in documents:
        game_system_id = (
            document.bs_id if document.kind == "gameSystem" else document.body["gameSystemId"]
        )
        by_game_system.setdefault(str(game_system_id), []).append(document)
    found: dict[tuple[str, str], list[JsonDict]] = {}
    for game_system_id, group in by_game_system.items():
        game_system = closure.game_system(game_system_id)
        if game_system is None:
            continue  # reported as a missing game system
        catalogues = {
            str(body["id"]): body
            for document in group
            if document.kind == "catalogue"
            for body in closure.catalogues_for(document.body, game_system_id)
        }
        uploaded = {document.bs_id: document.kind for document in group}
        for link in unresolved_links(
            game_system, list(catalogues.values()), scanned=closure.scanned
        ):
            kind = uploaded.get(link.file_id)
            if kind is not None:
                found.setdefault((kind, link.file_id), []).append(asdict(link))
    return found


@dataclass(slots=True)
class _Outcome:
    """What an import does with one document: keep a stored revision (``entries`` None) or
    store a new one with its entry rows."""

    document: _Document
    revision: Revision
    entries: Iterator[JsonDict] | None  # made while they are stored
    unresolved: list[JsonDict]

    def imported(self) -> ImportedRevision:
        document = self.document
        return ImportedRevision(
            file=document.file,
            kind=document.kind,
            bs_id=document.bs_id,
            name=str(document.body["name"]),
            revision=document.revision,
            status="unchanged" if self.entries is None else "created",
            revision_pk=self.revision.pk,
            entries=self.revision.entry_count,
            unresolved_links=len(self.unresolved),
        )


def _prepare(
    document: _Document,
    closure: _Closure,
    unresolved_by_file: Mapping[tuple[str, str], list[JsonDict]],
    problems: list[FileProblem],
) -> _Outcome | None:
    """The document's owner (created or updated now), and its revision: the stored one, or a
    new one with its entry index (stored later, with the others). None when refused."""
    owner: GameSystem | Catalogue
    if document.kind == "gameSystem":
        owner = _game_system(document)
        visible = [document.body]
    else:
        game_system_id = str(document.body["gameSystemId"])
        game_system = GameSystem.objects.filter(bs_id=game_system_id).first()
        stored_body = closure.game_system(game_system_id) if game_system else None
        if game_system is None or stored_body is None:
            problems.append(
                FileProblem.of(
                    document.file,
                    "import.missing_game_system",
                    name=document.body["name"],
                    game_system=game_system_id,
                )
            )
            return None
        owner = _catalogue(document, game_system)
        visible = [*closure.catalogues_for(document.body, game_system_id), stored_body]
    existing = _existing(document, owner)
    if existing is not None and not _same_content(existing, document):
        problems.append(_conflict(document, existing))
        return None
    unresolved = unresolved_by_file.get((document.kind, document.bs_id), [])
    if existing is not None:
        return _Outcome(document, existing, None, unresolved)
    revision = _new_revision(document, owner=owner, unresolved=unresolved)
    entries = entry_rows(document.body, Resolver(visible, closure))
    return _Outcome(document, revision, entries, unresolved)


def _rows_of(outcome: _Outcome) -> Iterator[JsonDict]:
    """The outcome's entry rows; a row the store cannot hold refuses the whole import (the
    transaction rolls back what was sent), naming its file."""
    assert outcome.entries is not None  # only new revisions have rows to store
    try:
        yield from outcome.entries
    except FormatError as error:
        problem = FileProblem.refused(outcome.document.file, error)
        raise CatalogueImportError([problem]) from None
