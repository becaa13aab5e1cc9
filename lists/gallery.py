"""The gallery's filters (django-filter): game, faction, points range, legal only. The
queryset filtered is ``sharing.public_lists()``."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from catalogues.models import Catalogue, GameSystem
from catalogues.params import BadParameter, parse_int
from lists.models import ArmyList

MAX_POINTS = 1_000_000


class ListFilters(django_filters.FilterSet):
    """Filters of public lists both the gallery page and the API offer."""

    points_min = django_filters.NumberFilter(
        field_name="points",
        lookup_expr="gte",
        label=_("Points from"),
        min_value=0,
        max_value=MAX_POINTS,
    )
    points_max = django_filters.NumberFilter(
        field_name="points",
        lookup_expr="lte",
        label=_("Points to"),
        min_value=0,
        max_value=MAX_POINTS,
    )
    legal = django_filters.BooleanFilter(
        field_name="legal",
        label=_("Legal lists only"),
        method="legal_only",
        widget=forms.CheckboxInput,
    )

    class Meta:
        model = ArmyList
        fields: list[str] = []

    def legal_only(
        self, queryset: QuerySet[ArmyList], name: str, value: bool
    ) -> QuerySet[ArmyList]:
        return queryset.filter(legal=True) if value else queryset


class GalleryFilter(ListFilters):
    """The gallery page's filters: games and factions chosen from those stored."""

    game = django_filters.ModelChoiceFilter(
        field_name="game_system",
        label=_("Game"),
        queryset=GameSystem.objects.all(),
        empty_label=_("Any game"),
    )
    faction = django_filters.ModelChoiceFilter(
        field_name="catalogue",
        label=_("Faction"),
        queryset=Catalogue.objects.filter(library=False),
        empty_label=_("Any faction"),
    )

    def __init__(self, data: QueryDict | None = None, *args: Any, **kwargs: Any) -> None:
        """Factions follow the chosen game: only its factions are offered, and a faction of
        another game (left chosen when the player switched games) no longer filters."""
        game = _chosen_game(data)
        if data is not None and game is not None:
            faction = data.get("faction", "")
            if faction and not Catalogue.objects.filter(pk=_number(faction), game_system=game):
                data = data.copy()
                data.pop("faction")
        super().__init__(data, *args, **kwargs)
        field = self.form.fields["faction"]
        if game is not None:
            field.queryset = field.queryset.filter(game_system=game)
        else:
            field.label_from_instance = lambda c: f"{c.name} ({c.game_system.name})"
            field.queryset = field.queryset.select_related("game_system").order_by(
                "game_system__name", "name"
            )


def _number(raw: str) -> int | None:
    """An id, or None for one that cannot be (the form itself refuses that with a 400)."""
    try:
        return parse_int(raw, name="id")
    except BadParameter:
        return None


def _chosen_game(data: QueryDict | None) -> GameSystem | None:
    number = _number(data.get("game", "")) if data is not None else None
    return None if number is None else GameSystem.objects.filter(pk=number).first()
