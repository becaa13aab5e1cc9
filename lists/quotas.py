"""What one account may store, and how fast it may start lists: every limit in one place.

The values come from settings (environment variables, ``docs/security.md``). The services
check them where every way in passes: ``admit_creation`` first thing when a list is to be
created (the wizard, a copy, a fork, an import: before any work is done for it) and
``admit_new_document`` once its document is made; ``admit_document`` before any document is
stored (every edit, undo, redo and restore). Versions kept per list are bounded by
``lists.retention``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Sum
from django.utils.translation import gettext as _

from lists.errors import EditRejected
from lists.models import ArmyList

# Stable codes of a refusal by a quota.
TOO_MANY_LISTS = "quota.lists"
TOO_MANY_CREATIONS = "quota.creations"
DOCUMENT_TOO_LARGE = "quota.document_bytes"
ACCOUNT_FULL = "quota.stored_bytes"

_WINDOW = 60  # seconds: list creations are counted per minute


def max_lists() -> int:
    return int(settings.LISTS_MAX_PER_ACCOUNT)


def max_creations_per_minute() -> int:
    return int(settings.LISTS_MAX_CREATIONS_PER_MINUTE)


def max_document_bytes() -> int:
    return int(settings.LISTS_MAX_DOCUMENT_BYTES)


def max_stored_bytes() -> int:
    return int(settings.LISTS_MAX_STORED_BYTES_PER_ACCOUNT)


def document_bytes(document: Mapping[str, Any]) -> int:
    """What a document weighs as stored: its JSON in UTF-8."""
    return len(document_json(document).encode())


# One encoder for every document (json.dumps with options builds one per call), and no
# check for cycles: a document is parsed JSON or the engine's tree of new dicts and lists,
# and the check costs a sixth of encoding a 200 KB one.
_to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def document_json(document: Mapping[str, Any]) -> str:
    """A document's JSON as ``document_bytes`` weighs it (an edit stores this text, so that
    the document is serialised once for both)."""
    return _to_json(document)


def stored_bytes(*, user: Any) -> int:
    """Every kept version of every list of the account (``ArmyList.stored_bytes``)."""
    total = ArmyList.objects.filter(owner=user).aggregate(total=Sum("stored_bytes"))["total"]
    return int(total or 0)


def admit_creation(*, user: Any) -> None:
    """Refuse a new list when the account keeps as many as it may, or has created as many
    this minute as it may; else count it against this minute's."""
    if ArmyList.objects.filter(owner=user).count() >= max_lists():
        raise EditRejected(
            TOO_MANY_LISTS,
            _("An account keeps at most %(max)d lists: delete one to start another.")
            % {"max": max_lists()},
            params={"max": max_lists()},
            status=403,
        )
    _count_creation(user)


def admit_new_document(*, user: Any, size: int) -> None:
    """Refuse a new list's document of ``size`` bytes: too large, or more than the account
    may still store."""
    check_document_bytes(size)
    _check_account_bytes(user, size)


def admit_document(*, army_list: ArmyList, size: int) -> None:
    """Refuse storing a document of ``size`` bytes as the list's next version when it is too
    large, or when it grows a list of an account whose versions already fill its quota
    (an edit that does not grow the list always goes through, so a full account can still
    shrink its lists)."""
    check_document_bytes(size)
    if size > army_list.document_bytes:
        _check_account_bytes(army_list.owner_id, size)


def check_document_bytes(size: int) -> None:
    if size > max_document_bytes():
        raise EditRejected(
            DOCUMENT_TOO_LARGE,
            _("A list is stored in at most %(max)d KB; this one would take %(size)d KB.")
            % {"max": max_document_bytes() // 1024, "size": size // 1024},
            params={"max": max_document_bytes(), "size": size},
            status=413,
        )


def _check_account_bytes(user: Any, size: int) -> None:
    if stored_bytes(user=user) + size > max_stored_bytes():
        raise EditRejected(
            ACCOUNT_FULL,
            _(
                "Your lists and their kept versions fill the %(max)d MB an account may store: "
                "delete a list you no longer need."
            )
            % {"max": max_stored_bytes() // (1024 * 1024)},
            params={"max": max_stored_bytes()},
            status=403,
        )


def _count_creation(user: Any) -> None:
    """One more list created this minute, refused past the rate (counted in the cache, so
    across processes when the cache is Redis)."""
    now = time.time()
    window = int(now // _WINDOW)
    key = f"lists:creations:{getattr(user, 'pk', user)}:{window}"
    cache.add(key, 0, timeout=_WINDOW * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=_WINDOW * 2)
        count = 1
    if count > max_creations_per_minute():
        retry_after = max(1, int((window + 1) * _WINDOW - now) + 1)
        raise EditRejected(
            TOO_MANY_CREATIONS,
            _("At most %(max)d new lists a minute: try again in %(seconds)d seconds.")
            % {"max": max_creations_per_minute(), "seconds": retry_after},
            params={"max": max_creations_per_minute(), "retry_after": retry_after},
            status=429,
        )
