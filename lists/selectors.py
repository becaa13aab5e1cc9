"""Read access to army lists, always scoped to the user asking."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Exists, Max, OuterRef, QuerySet
from django.http import Http404

from catalogues.models import Catalogue, GameSystem, Revision
from catalogues.selectors import shares_name
from lists.models import ArmyList, DataUpdate


def lists_owned_by(*, user: Any) -> QuerySet[ArmyList]:
    """The user's lists, last edited first (none for an anonymous visitor), each with
    ``update_available``: newer data was found for it and the owner has not kept it."""
    if not getattr(user, "is_authenticated", False):
        return ArmyList.objects.none()
    return (
        ArmyList.objects.filter(owner=user)
        .select_related("game_system", "catalogue")
        .annotate(
            update_available=Exists(
                DataUpdate.objects.filter(army_list=OuterRef("pk"), dismissed=False)
            )
        )
        .defer("document", "baseline")
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
    """The lists ``user`` may open without a share link: their own and every public one.

    An unlisted list opens only through its link (``lists.sharing.shared_list``)."""
    return (
        ArmyList.objects.visible_to(user)
        .select_related("game_system", "catalogue")
        .defer("document", "baseline")
        .order_by("-updated_at", "-id")
    )


def games_for_new_list() -> QuerySet[GameSystem]:
    """Game systems with at least one stored faction (a catalogue that is not a library),
    with how many factions and their newest revision number: two data sets of one game
    (a shipped pack and imported community data) share a name."""
    return (
        GameSystem.objects.filter(catalogues__library=False, catalogues__revisions__isnull=False)
        .annotate(
            faction_count=Count("catalogues", distinct=True),
            latest_number=Max("revisions__number"),
            shares_name=shares_name(),
        )
        .order_by("name", "bs_id")
    )


def factions_of(*, game_system: GameSystem) -> QuerySet[Catalogue]:
    """The catalogues a list of ``game_system`` can be built from, by name."""
    return (
        game_system.catalogues.filter(library=False, revisions__isnull=False)
        .distinct()
        .order_by("name")
    )


def newest_revision(*, catalogue: Catalogue) -> Revision | None:
    return catalogue.revisions.select_related("catalogue").defer("document").first()
