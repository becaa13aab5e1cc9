"""Read access to army lists, always scoped to the user asking."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from lists.models import ArmyList


def lists_owned_by(*, user: Any) -> QuerySet[ArmyList]:
    """The user's lists, last edited first (none for an anonymous visitor)."""
    if not getattr(user, "is_authenticated", False):
        return ArmyList.objects.none()
    return (
        ArmyList.objects.filter(owner=user)
        .select_related("game_system", "catalogue")
        .defer("document")
        .order_by("-updated_at", "-id")
    )


def owned_list(*, user: Any, list_id: int) -> ArmyList:
    """The user's list ``list_id``; anyone else gets the same 404 as for a missing list."""
    if not getattr(user, "is_authenticated", False):
        raise Http404
    found = (
        ArmyList.objects.filter(owner=user, pk=list_id)
        .select_related("game_system", "catalogue")
        .first()
    )
    if found is None:
        raise Http404
    return found


def visible_to(*, user: Any) -> QuerySet[ArmyList]:
    """The lists ``user`` may open: their own (sharing extends this)."""
    return lists_owned_by(user=user)
