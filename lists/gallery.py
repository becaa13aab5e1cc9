"""The gallery's filters (django-filter): game, faction, points range, legal only. The
queryset filtered is ``sharing.public_lists()``."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from catalogues.models import Catalogue, GameSystem
from lists.models import ArmyList

MAX_POINTS = 1_000_000


class GalleryFilter(django_filters.FilterSet):
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
