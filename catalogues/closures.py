"""The engine's compiled closure, built from what the catalogue store keeps, and cached.

A closure is one game system revision plus a set of catalogue revisions: the catalogues a
list uses and every catalogue they link to (``catalogueLinks``, transitively). It is
compiled once per set of revisions and kept in a bounded in-process LRU cache keyed by the
revisions' content hashes. Stored revisions are immutable (a changed document is imported as
a new revision, with a new hash), so a cached closure never goes stale and the cache needs
no invalidation: a newer revision simply makes a new key. Keying by content rather than by
primary key also means two databases that hold the same revisions under other keys (test
databases, a restored backup) share one compiled closure, and never a wrong one.
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from django.db.models import Count, Max
from django.utils.translation import gettext as _

from armybuilder.engine.compile import Compiled, compile_documents
from catalogues.models import Catalogue, GameSystem, Revision

# A compiled closure holds its whole documents plus indexes (large for community data).
CACHE_SIZE = 16
# A list edit makes tens of thousands of container objects, nearly all freed by their
# reference counts before its response; at the default (700) the collector ran ten young
# passes an edit, each moving the request's live objects a generation up and so bringing on
# full passes. Garbage cycles wait a little longer: at most this many new objects.
YOUNG_GENERATION_THRESHOLD = 10_000


class ClosureError(ValueError):
    """The revisions asked for cannot form one closure (e.g. another game system's)."""


@dataclass(frozen=True)
class ClosureRevisions:
    """The stored revisions that make up one closure."""

    game_system_revision: Revision
    catalogue_revisions: tuple[Revision, ...]

    @property
    def key(self) -> _ContentKey:
        """The cache key: the game system revision, then the catalogues in import order."""
        revisions = (
            self.game_system_revision,
            *sorted(self.catalogue_revisions, key=lambda r: r.pk),
        )
        return _ContentKey(tuple(r.sha256 for r in revisions), tuple(r.pk for r in revisions))


@dataclass(frozen=True)
class _ContentKey:
    """Revisions named by content: equal keys compile to equal closures, whatever the rows."""

    digests: tuple[str, ...]
    # Where to read the documents on a miss; not part of the key's identity.
    pks: tuple[int, ...] = field(compare=False)


def resolve_closure(
    *,
    game_system: GameSystem,
    catalogue_revisions: Sequence[Revision],
    game_system_revision: Revision | None = None,
) -> ClosureRevisions:
    """The closure of some catalogue revisions (pinned), with what they link to.

    A linked catalogue not among ``catalogue_revisions`` contributes its newest revision; a
    link to a catalogue that is not stored is left out (the importer reported it). Without a
    ``game_system_revision``, the game system revision the catalogues were written against
    (``gameSystemRevision``, the highest among them) is used when it is stored, else the
    newest one.
    """
    _check_game_system(game_system, catalogue_revisions)
    found = {_catalogue(r).bs_id: r for r in catalogue_revisions}
    pending = list(found.values())
    while pending:
        targets = _linked_catalogue_ids([r.pk for r in pending])
        pending = _newest_catalogue_revisions(game_system, sorted(targets - found.keys()))
        found.update((_catalogue(r).bs_id, r) for r in pending)
    if game_system_revision is None:
        game_system_revision = _game_system_revision_for(game_system, catalogue_revisions)
    elif game_system_revision.game_system_id != game_system.pk:
        raise ClosureError(
            _("revision %(pk)s is not of %(game_system)s")
            % {"pk": game_system_revision.pk, "game_system": game_system.name}
        )
    return ClosureRevisions(game_system_revision, tuple(found.values()))


def compiled_for(
    *, game_system_revision: Revision, catalogue_revisions: Sequence[Revision]
) -> Compiled:
    """The compiled closure of exactly these revisions (links are not followed here)."""
    game_system = game_system_revision.game_system
    if game_system is None:
        raise ClosureError(
            _("revision %(pk)s is not a game system revision") % {"pk": game_system_revision.pk}
        )
    _check_game_system(game_system, catalogue_revisions)
    closure = ClosureRevisions(game_system_revision, tuple(catalogue_revisions))
    return _compiled(closure.key)


def compiled_closure(closure: ClosureRevisions) -> Compiled:
    return compiled_for(
        game_system_revision=closure.game_system_revision,
        catalogue_revisions=closure.catalogue_revisions,
    )


def compiled_for_catalogue(revision: Revision) -> Compiled:
    """One catalogue revision's closure, compiled: what a list built on it sees."""
    game_system = _catalogue(revision).game_system
    return compiled_closure(
        resolve_closure(game_system=game_system, catalogue_revisions=[revision])
    )


# Resolving which revisions make up a closure takes about nine queries (game system,
# catalogues, newest revisions, links followed), more than building and evaluating a list
# once the closure is compiled. Resolutions are remembered per process by what was asked,
# with the store's generation: a revision stored or deleted in any process changes it.
RESOLVED_SIZE = 256
_resolved: OrderedDict[Hashable, tuple[tuple[int, int], ClosureRevisions]] = OrderedDict()
_resolved_lock = threading.Lock()


def store_generation() -> tuple[int, int]:
    """The newest revision's key and the number of revisions: one query, and it changes
    whenever a revision is stored or deleted (keys are never reused on PostgreSQL; on
    SQLite a rolled-back import may reuse one, which ``forget_resolved`` covers in the
    process that imported)."""
    found = Revision.objects.aggregate(newest=Max("pk"), count=Count("pk"))
    return int(found["newest"] or 0), int(found["count"])


def remembered_closure(
    asked: Hashable, resolve: Callable[[], ClosureRevisions]
) -> ClosureRevisions:
    """The closure ``resolve`` gives for what was ``asked``, resolved again only when the
    store has changed since (what ``resolve`` raises is not remembered)."""
    generation = store_generation()
    with _resolved_lock:
        found = _resolved.get(asked)
        if found is not None and found[0] == generation:
            _resolved.move_to_end(asked)
            return found[1]
    closure = resolve()
    with _resolved_lock:
        _resolved[asked] = (generation, closure)
        _resolved.move_to_end(asked)
        while len(_resolved) > RESOLVED_SIZE:
            _resolved.popitem(last=False)
    return closure


def forget_resolved() -> None:
    """Forget every remembered resolution (a revision was stored or deleted here)."""
    with _resolved_lock:
        _resolved.clear()


def cache_info() -> tuple[int, int]:
    """(hits, misses) of the compiled-closure cache since it was last cleared."""
    info = _compiled.cache_info()
    return info.hits, info.misses


def cache_clear() -> None:
    """Forget every compiled closure (a test that counts compilations starts from none)."""
    _compiled.cache_clear()
    forget_resolved()


@lru_cache(maxsize=CACHE_SIZE)
def _compiled(key: _ContentKey) -> Compiled:
    game_system_pk, *catalogue_pks = key.pks
    documents = dict(Revision.objects.filter(pk__in=key.pks).values_list("pk", "document"))
    compiled = compile_documents(documents[game_system_pk], [documents[pk] for pk in catalogue_pks])
    if _settling.enabled and not _batch.active:
        _settle_long_lived()
    return compiled


class _Batch(threading.local):
    active = False


_batch = _Batch()


class _Settling:
    enabled = True


_settling = _Settling()


@contextmanager
def settling(*, enabled: bool) -> Iterator[None]:
    """Whether each closure compiled meanwhile, in any thread, is settled into the frozen
    generation (on by default). A test session turns it off: it compiles hundreds of
    closures among the objects of thousands of tests, and each settling is a full collection
    of all of them (``batch_work`` is one thread's, and a live server compiles in its own);
    the tests of the settling turn it back on."""
    was = _settling.enabled
    _settling.enabled = enabled
    try:
        yield
    finally:
        _settling.enabled = was


@contextmanager
def batch_work() -> Iterator[None]:
    """For a background job that goes through many closures, each for a run of lists: a
    compiled closure is not settled into the frozen generation (a full collection each time,
    which walks every closure the process holds: most of a job's time when it meets many
    closures); the collector's own passes free what the job leaves behind."""
    was = _batch.active
    _batch.active = True
    try:
        yield
    finally:
        _batch.active = was


def tune_collector() -> None:
    """Set the collector for a process that serves edits (called once at start)."""
    _young, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_GENERATION_THRESHOLD, middle, oldest)


# Helpers


def _settle_long_lived() -> None:
    """Keep the cached closures out of the cyclic collector's full passes.

    A compiled closure is most of a process's objects and lives for many requests, while an
    edit makes many short-lived ones: every full collection walked every closure again,
    about 90 ms that fell on one edit in twenty-five (``docs/performance.md``, "Builder
    edits"). It runs as each closure is compiled, before the cache keeps it. Frozen objects
    are still freed by their reference counts; cycles among them (a closure the cache
    evicted, leftovers of the request that compiled) are collected when the next closure is
    compiled, which thaws, collects and freezes again.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _catalogue(revision: Revision) -> Catalogue:
    if revision.catalogue is None:
        raise ClosureError(_("revision %(pk)s is not a catalogue revision") % {"pk": revision.pk})
    return revision.catalogue


def _check_game_system(game_system: GameSystem, catalogue_revisions: Iterable[Revision]) -> None:
    if any(_catalogue(r).game_system_id != game_system.pk for r in catalogue_revisions):
        raise ClosureError(
            _("a catalogue revision is not of %(game_system)s") % {"game_system": game_system.name}
        )


def _linked_catalogue_ids(revision_pks: Sequence[int]) -> set[str]:
    """Ids of the catalogues these revisions link to, read without loading whole documents."""
    links_per_revision = Revision.objects.filter(pk__in=revision_pks).values_list(
        "document__catalogue__catalogueLinks", flat=True
    )
    return {
        str(link["targetId"])
        for links in links_per_revision
        for link in links or []
        if isinstance(link, dict) and link.get("targetId")
    }


def _newest_catalogue_revisions(game_system: GameSystem, bs_ids: Sequence[str]) -> list[Revision]:
    if not bs_ids:
        return []
    revisions = (
        Revision.objects.filter(catalogue__game_system=game_system, catalogue__bs_id__in=bs_ids)
        .select_related("catalogue")
        .defer("document")
        .order_by("catalogue_id", "-number")
    )
    newest: dict[str, Revision] = {}
    for revision in revisions:
        newest.setdefault(_catalogue(revision).bs_id, revision)
    return list(newest.values())


def _game_system_revision_for(
    game_system: GameSystem, catalogue_revisions: Iterable[Revision]
) -> Revision:
    revisions = Revision.objects.filter(game_system=game_system).defer("document")
    wanted = max((r.game_system_revision or 0 for r in catalogue_revisions), default=0)
    found = revisions.filter(number=wanted).first() or revisions.order_by("-number").first()
    if found is None:
        raise ClosureError(
            _("%(game_system)s has no stored revision") % {"game_system": game_system.name}
        )
    return found
