"""What the lists API reads (input serializers: user input parsed at the edge into the typed
values the services take) and writes (the list as the pages show it)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from armybuilder.engine.caps import MAX_COST_LIMIT
from catalogues.api.validation_serializers import ListReportSerializer
from lists.etags import etag_of
from lists.models import NAME_MAX_LENGTH, ArmyList, Visibility
from lists.services import MAX_COUNT, MAX_ID_LENGTH, MAX_NOTES_LENGTH, ListState

# Ids, names and notes: no control characters (XML 1.0 and PostgreSQL text cannot hold them all).
ID_PATTERN = r"^[^\x00-\x1f\x7f]+$"
TEXT_PATTERN = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$"
MAX_LIST_OPTIONS = 50


def _id(**kwargs: Any) -> serializers.RegexField:
    return serializers.RegexField(ID_PATTERN, max_length=MAX_ID_LENGTH, **kwargs)


def _name(**kwargs: Any) -> serializers.CharField:
    return serializers.RegexField(TEXT_PATTERN, max_length=NAME_MAX_LENGTH, **kwargs)


class CostLimitsField(serializers.DictField):
    """``{cost type id: limit}``; a null limit is no limit."""

    child = serializers.FloatField(min_value=0, max_value=MAX_COST_LIMIT, allow_null=True)

    def to_internal_value(self, data: Any) -> dict[str, float | None]:
        limits: dict[str, float | None] = super().to_internal_value(data)
        if len(limits) > MAX_LIST_OPTIONS or any(
            not key or len(key) > MAX_ID_LENGTH for key in limits
        ):
            raise serializers.ValidationError(
                _("At most %(n)d cost types.") % {"n": MAX_LIST_OPTIONS}
            )
        return limits


class ChoicesField(serializers.DictField):
    """``{name or key: chosen value or option id}``."""

    child = _id()

    def to_internal_value(self, data: Any) -> dict[str, str]:
        choices: dict[str, str] = super().to_internal_value(data)
        if len(choices) > MAX_LIST_OPTIONS or any(
            not key or len(key) > MAX_ID_LENGTH for key in choices
        ):
            raise serializers.ValidationError(_("At most %(n)d choices.") % {"n": MAX_LIST_OPTIONS})
        return choices


# ------------------------------------------------------------------------------------ input


class CreateListSerializer(serializers.Serializer[Any]):
    """The new-list wizard's choices."""

    name = _name()
    catalogue = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, help_text=_("The faction: a catalogue's id.")
    )
    cost_limits = CostLimitsField(required=False, default=dict)
    options = ChoicesField(
        required=False, default=dict, help_text=_("List options by name (the wizard's).")
    )
    force_entry_id = _id(
        required=False, allow_null=True, default=None, help_text=_("The first force.")
    )
    setup = ChoicesField(
        required=False,
        default=dict,
        help_text=_("Army-wide choices of the first force: choice key to option id."),
    )


class RenameSerializer(serializers.Serializer[Any]):
    name = _name()


class VisibilitySerializer(serializers.Serializer[Any]):
    visibility = serializers.ChoiceField(choices=Visibility.choices)


class AddForceSerializer(serializers.Serializer[Any]):
    force_entry_id = _id()
    catalogue_id = _id()
    parent_force_id = _id(required=False, allow_null=True, default=None)


class ForceSerializer(serializers.Serializer[Any]):
    force_id = _id()


class AddSelectionSerializer(serializers.Serializer[Any]):
    force_id = _id()
    entry_id = _id()
    parent_selection_id = _id(required=False, allow_null=True, default=None)


class SelectionSerializer(serializers.Serializer[Any]):
    selection_id = _id()


class CountSerializer(SelectionSerializer):
    count = serializers.IntegerField(min_value=0, max_value=MAX_COUNT)


class OptionCountSerializer(CountSerializer):
    entry_id = _id(help_text=_("The option: an entry offered under the selection."))


class ChooseSerializer(SelectionSerializer):
    entry_id = _id(help_text=_("The option of a choose-one group to pick."))


class DuplicateSerializer(SelectionSerializer):
    target_force_id = _id(required=False, allow_null=True, default=None)


class CustomSerializer(serializers.Serializer[Any]):
    target_id = _id(help_text=_("A selection's or force's id, or `roster` for the list."))
    name = serializers.RegexField(
        TEXT_PATTERN, max_length=NAME_MAX_LENGTH, required=False, allow_null=True, default=None
    )
    notes = serializers.RegexField(
        TEXT_PATTERN, max_length=MAX_NOTES_LENGTH, required=False, allow_null=True, default=None
    )


class CostLimitSerializer(serializers.Serializer[Any]):
    cost_type_id = _id()
    value = serializers.FloatField(min_value=0, max_value=MAX_COST_LIMIT, allow_null=True)


class ListOptionSerializer(serializers.Serializer[Any]):
    name = _id()
    value = _id()


class NoArgumentsSerializer(serializers.Serializer[Any]):
    pass


class ForkSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )


# ----------------------------------------------------------------------------------- output


class ListSummarySerializer(serializers.Serializer[Any]):
    """A list as My lists shows it: no evaluation, no document."""

    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    version = serializers.IntegerField()
    game_system = serializers.IntegerField(source="game_system_id")
    game_system_name = serializers.CharField(source="game_system.name")
    catalogue = serializers.IntegerField(source="catalogue_id")
    catalogue_name = serializers.CharField(source="catalogue.name")
    points = serializers.FloatField()
    points_limit = serializers.FloatField(allow_null=True)
    legal = serializers.BooleanField()
    error_count = serializers.IntegerField()
    visibility = serializers.ChoiceField(choices=Visibility.choices)
    updated_at = serializers.DateTimeField()
    url = serializers.SerializerMethodField()

    def get_url(self, army_list: ArmyList) -> str:
        return reverse("api:list-detail", args=[army_list.pk])


class ListDetailSerializer(serializers.Serializer[Any]):
    """A list with its document and its evaluation (``ListState``), as the builder shows it."""

    list = ListSummarySerializer(source="army_list")
    etag = serializers.SerializerMethodField(help_text=_("Send it back as If-Match to edit."))
    share_token = serializers.SerializerMethodField(
        help_text=_("The share link's token (the owner's only; null for others).")
    )
    document = serializers.JSONField(source="army_list.document")
    report = ListReportSerializer()
    can_undo = serializers.SerializerMethodField()
    can_redo = serializers.SerializerMethodField()

    def get_etag(self, state: ListState) -> str:
        return etag_of(state.army_list)

    def get_share_token(self, state: ListState) -> str | None:
        user = self.context["request"].user
        return state.army_list.share_token if state.army_list.owner_id == user.pk else None

    def get_can_undo(self, state: ListState) -> bool:
        return bool(state.army_list.undo_stack)

    def get_can_redo(self, state: ListState) -> bool:
        return bool(state.army_list.redo_stack)
