"""What the lists API reads (input serializers: user input parsed at the edge into the typed
values the services take) and writes (the list as the pages show it)."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.validators import RegexValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armybuilder.engine.caps import MAX_COST_LIMIT, NAME_REFUSED_CHARACTERS
from armybuilder.engine.explain import MAX_REACHED
from catalogues.api.base import (
    JSON_TEXT_PATTERN,
    JSONBooleanField,
    JSONCharField,
    JSONFloatField,
    JSONIdField,
    JSONIntegerField,
)
from catalogues.api.roster_serializers import RosterFileField
from catalogues.api.validation_serializers import (
    ListReportSerializer,
    ReasonSerializer,
    ReportProblemSerializer,
)
from catalogues.params import MAX_ID
from lists.etags import etag_of
from lists.gallery import MAX_POINTS
from lists.models import NAME_MAX_LENGTH, ArmyList, Visibility
from lists.services import (
    MAX_COUNT,
    MAX_ID_LENGTH,
    MAX_NOTES_LENGTH,
    NOTHING_TO_CHANGE,
    UNCHANGED,
    EditRejected,
    ListState,
)

# Bodies take only the JSON types their schema names (``catalogues.api.base``); text has no
# control characters that XML 1.0 or PostgreSQL text cannot hold.
MAX_LIST_OPTIONS = 50
MAX_VERSION = 2**31 - 1  # a version number's column


def _id(**kwargs: Any) -> JSONIdField:
    return JSONIdField(max_length=MAX_ID_LENGTH, **kwargs)


# What ``str.strip`` removes from a name that the caps leave in it: a name of only these is
# blank once trimmed.
NAME_SPACES = r" \u00a0\u1680\u2000-\u200a\u202f\u205f\u3000"


class NameField(JSONCharField):
    """A name: not blank, and one line, as the engine's caps hold a name to. Its validator
    comes first, so that the schema states it as the pattern (drf-spectacular states a
    field's first); the look-ahead scans once, whatever the length sent."""

    def __init__(self, **kwargs: Any) -> None:
        # Untrimmed here: the services trim, and a trimmed-off control character would be
        # accepted where the pattern refuses it.
        super().__init__(min_length=1, max_length=NAME_MAX_LENGTH, trim_whitespace=False, **kwargs)
        self.validators.insert(
            0,
            RegexValidator(
                rf"^(?=.*[^{NAME_SPACES}])[^{NAME_REFUSED_CHARACTERS}]*\Z",
                _("A name is one line, not blank, without control characters."),
            ),
        )


def _name(**kwargs: Any) -> JSONCharField:
    return NameField(**kwargs)


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_COST_LIMIT,
            "nullable": True,
        },
        "maxProperties": MAX_LIST_OPTIONS,
    }
)
class CostLimitsField(serializers.DictField):
    """``{cost type id: limit}``; a null limit is no limit."""

    child = JSONFloatField(min_value=0, max_value=MAX_COST_LIMIT, allow_null=True)

    def to_internal_value(self, data: Any) -> dict[str, float | None]:
        limits: dict[str, float | None] = super().to_internal_value(data)
        # An empty key names no cost type, which the services refuse by its code.
        if len(limits) > MAX_LIST_OPTIONS or any(len(key) > MAX_ID_LENGTH for key in limits):
            raise serializers.ValidationError(
                _("At most %(n)d cost types.") % {"n": MAX_LIST_OPTIONS}
            )
        return limits


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_ID_LENGTH,
            "pattern": JSON_TEXT_PATTERN,
        },
        "maxProperties": MAX_LIST_OPTIONS,
    }
)
class ChoicesField(serializers.DictField):
    """``{name or key: chosen value or option id}``."""

    child = _id()

    def to_internal_value(self, data: Any) -> dict[str, str]:
        choices: dict[str, str] = super().to_internal_value(data)
        # An empty key names no option or choice, which the services refuse by its code.
        if len(choices) > MAX_LIST_OPTIONS or any(len(key) > MAX_ID_LENGTH for key in choices):
            raise serializers.ValidationError(_("At most %(n)d choices.") % {"n": MAX_LIST_OPTIONS})
        return choices


# ------------------------------------------------------------------------------------ input


class CreateListSerializer(serializers.Serializer[Any]):
    """The new-list wizard's choices."""

    name = _name()
    catalogue = JSONIntegerField(
        min_value=1, max_value=MAX_ID, help_text=_("The faction: a catalogue's id.")
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
    count = JSONIntegerField(min_value=0, max_value=MAX_COUNT)


class OptionCountSerializer(CountSerializer):
    entry_id = _id(help_text=_("The option: an entry offered under the selection."))


class ChooseSerializer(SelectionSerializer):
    entry_id = _id(help_text=_("The option of a choose-one group to pick."))


class DuplicateSerializer(SelectionSerializer):
    target_force_id = _id(required=False, allow_null=True, default=None)


class CustomSerializer(serializers.Serializer[Any]):
    """A field left out stays as it is; null (or empty) clears it."""

    target_id = _id(help_text=_("A selection's or force's id, or `roster` for the list."))
    name = _name(required=False, allow_null=True, allow_blank=True)
    notes = JSONCharField(
        max_length=MAX_NOTES_LENGTH, allow_blank=True, required=False, allow_null=True
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "name" not in attrs and "notes" not in attrs:
            # well-formed, and a refusal of what it asks (nothing): a code of its own
            raise EditRejected(NOTHING_TO_CHANGE, _("Send a name, notes or both."))
        return {
            "target_id": attrs["target_id"],
            "name": attrs.get("name", UNCHANGED),
            "notes": attrs.get("notes", UNCHANGED),
        }


class CostLimitSerializer(serializers.Serializer[Any]):
    cost_type_id = _id()
    value = JSONFloatField(min_value=0, max_value=MAX_COST_LIMIT, allow_null=True)


class ListOptionSerializer(serializers.Serializer[Any]):
    name = _id()
    value = _id()


class NoArgumentsSerializer(serializers.Serializer[Any]):
    pass


class ForkSerializer(serializers.Serializer[Any]):
    version = JSONIntegerField(
        min_value=1, max_value=MAX_VERSION, required=False, allow_null=True, default=None
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


DOCUMENT = "document"


class EditQuerySerializer(serializers.Serializer[Any]):
    include = serializers.ChoiceField(
        choices=[DOCUMENT],
        required=False,
        help_text=_("`document`: answer with the list's whole document too."),
    )


class EditedListSerializer(ListDetailSerializer):
    """What an edit answers: the list, its ETag, its evaluation (totals, problems, every
    selection as evaluated) and whether it can be undone; the stored document only when
    asked for (``?include=document``), else a GET of the list reads it."""

    document = serializers.JSONField(
        source="army_list.document",
        required=False,
        help_text=_("Only with `?include=document`."),
    )


class WhyNotQuerySerializer(serializers.Serializer[Any]):
    force_id = _id()
    entry_id = _id()
    parent_selection_id = _id(required=False, allow_null=True, default=None)


class ReasonsSerializer(serializers.Serializer[Any]):
    can_add = serializers.SerializerMethodField(
        help_text=_(
            "False when the data hides the entry here; a limit reached still lets it "
            "be added, and the list then shows the broken rule."
        )
    )
    reasons = ReasonSerializer(many=True)

    def get_can_add(self, data: dict[str, Any]) -> bool:
        return all(r.code == MAX_REACHED for r in data["reasons"])


class VersionSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    kind = serializers.CharField(help_text=_("create, edit, undo, redo, import, fork, restore…"))
    summary = serializers.CharField(source="label", help_text=_("As the history page says it."))
    points = serializers.FloatField()
    legal = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class DiffQuerySerializer(serializers.Serializer[Any]):
    old = serializers.IntegerField(min_value=1, max_value=MAX_VERSION)
    new = serializers.IntegerField(min_value=1, max_value=MAX_VERSION)


class ChangeSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(help_text=_("Stable: unit.added, option.removed, cost.changed…"))
    subject_id = serializers.CharField()
    params = serializers.DictField(help_text=_("What the change names, to word it."))
    text = serializers.CharField(source="describe", help_text=_("In the reader's language."))


class DiffSerializer(serializers.Serializer[Any]):
    old = serializers.IntegerField(source="old.number")
    new = serializers.IntegerField(source="new.number")
    changes = ChangeSerializer(many=True)


class MigrateSerializer(serializers.Serializer[Any]):
    confirm_removals = JSONBooleanField(
        required=False,
        default=False,
        help_text=_(
            "Leave out the selections the newer data no longer has (named by the update "
            "report, and by the 409 migration.removals_unconfirmed refusal without this)."
        ),
    )


class UpdateItemSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField(
        help_text=_(
            "Stable: selection.removed, option.moved, unit_cost.changed, cost.changed, "
            "problem.appeared, problem.resolved, ..."
        )
    )
    subject = serializers.CharField(help_text=_("The selection, force or owner it concerns."))
    params = serializers.DictField(help_text=_("What the item names, to word it."))
    text = serializers.CharField(help_text=_("In the reader's language."))


class DataUpdateSerializer(serializers.Serializer[Any]):
    available = serializers.BooleanField(
        help_text=_("Newer data exists and the owner has not kept the list on its data.")
    )
    target = serializers.DictField(
        allow_null=True,
        help_text=_("The revisions the list would move to: gameSystem, catalogues by id."),
    )
    list_version = serializers.IntegerField(
        allow_null=True, help_text=_("The version of the list the report was made on.")
    )
    removals = serializers.IntegerField(
        help_text=_("How many selections the newer data no longer has.")
    )
    items = UpdateItemSerializer(many=True)


class RestoreSerializer(serializers.Serializer[Any]):
    number = JSONIntegerField(min_value=1, max_value=MAX_VERSION)


class ImportSerializer(serializers.Serializer[Any]):
    file = RosterFileField(help_text=_("A BattleScribe or New Recruit roster (.ros, .rosz)."))


class ImportedSerializer(ListDetailSerializer):
    left_out = ReportProblemSerializer(
        many=True, help_text=_("Selections whose entries the stored data no longer has.")
    )


class VerifyTextSerializer(serializers.Serializer[Any]):
    text = JSONCharField(
        min_length=1, max_length=2_000_000, trim_whitespace=False, help_text=_("A text export.")
    )


@extend_schema_field(OpenApiTypes.BINARY)
class ExportFileField(serializers.FileField):
    """An uploaded export, or a form part holding an export's text."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            data = SimpleUploadedFile("export.txt", data.encode())
        return super().to_internal_value(data)


class VerifyFileSerializer(serializers.Serializer[Any]):
    file = ExportFileField(
        allow_empty_file=True,
        help_text=_("Any export file (a text part is read as a text export)."),
    )


class VerificationSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    format = serializers.CharField(help_text=_("text or roster; empty when no code was found."))
    code = serializers.CharField(help_text=_("The verification code found."))


class GalleryParamsSerializer(serializers.Serializer[Any]):
    """The gallery's query parameters, as the API documents them."""

    game = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    faction = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    points_min = serializers.FloatField(min_value=0, max_value=MAX_POINTS, required=False)
    points_max = serializers.FloatField(min_value=0, max_value=MAX_POINTS, required=False)
    legal = serializers.BooleanField(required=False, help_text=_("Legal lists only."))


# ---------------------------------------------------------------- what can be added, and how


class CostSerializer(serializers.Serializer[Any]):
    type_id = serializers.CharField()
    name = serializers.CharField()
    value = serializers.FloatField()


class AllowanceSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text=_("What the points are, e.g. wmh.warjack_points."))
    name = serializers.CharField()
    used = serializers.FloatField()
    available = serializers.FloatField()


class OfferSerializer(serializers.Serializer[Any]):
    entry_id = serializers.CharField(help_text=_("The path id an add names."))
    name = serializers.CharField()
    costs = CostSerializer(many=True, help_text=_("Of one pick, with what it brings along."))
    available = serializers.BooleanField(
        help_text=_("False when the data hides it here; a limit reached still lets it be added.")
    )
    reasons = ReasonSerializer(many=True)
    allowances = AllowanceSerializer(many=True)


class OfferCategorySerializer(serializers.Serializer[Any]):
    category_id = serializers.CharField()
    name = serializers.CharField()
    entries = OfferSerializer(many=True)


class ForceOffersSerializer(serializers.Serializer[Any]):
    force_id = serializers.CharField()
    name = serializers.CharField()
    categories = OfferCategorySerializer(many=True)


class OptionSerializer(serializers.Serializer[Any]):
    entry_id = serializers.CharField()
    name = serializers.CharField()
    costs = CostSerializer(many=True)
    count = serializers.IntegerField(help_text=_("Picked (per model for collective options)."))
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField()
    control = serializers.ChoiceField(
        choices=["checkbox", "radio", "stepper"], help_text=_("The form it takes.")
    )
    can_add = serializers.BooleanField()
    selection_ids = serializers.ListField(child=serializers.CharField())
    reasons = ReasonSerializer(many=True)
    instanced = serializers.BooleanField(help_text=_("Each pick has options of its own."))


class OptionGroupSerializer(serializers.Serializer[Any]):
    group_id = serializers.CharField(help_text=_("Empty for the options outside any group."))
    name = serializers.CharField()
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField()
    choose_one = serializers.BooleanField()
    flag = serializers.CharField(help_text=_("required, over, or a game's rule; empty if fine."))
    options = OptionSerializer(many=True)


class SelectionOptionsSerializer(serializers.Serializer[Any]):
    selection_id = serializers.CharField(source="selection.id")
    name = serializers.CharField(source="selection.name")
    costs = CostSerializer(many=True)
    groups = OptionGroupSerializer(many=True)
    targets = serializers.SerializerMethodField(
        help_text=_("Forces a copy of it may go to: [force id, name].")
    )

    def get_targets(self, editor: Any) -> list[list[str]]:
        return [list(target) for target in editor.targets]
