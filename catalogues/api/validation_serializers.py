"""Serializers of the validation API: the List spec it reads and the evaluated list it returns."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.settings import api_settings

from armybuilder import messages

# The engine's caps on one list, stated again in the schema so clients see them.
from armybuilder.engine.caps import (
    MAX_COST_LIMIT,
    MAX_DEPTH,
    MAX_EXPLAINED,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    MAX_NUMBER,
)
from armybuilder.engine.caps import MAX_SIZE as MAX_SELECTIONS
from armybuilder.engine.report import ERROR, INFO, WARNING
from catalogues import params
from catalogues.api.base import (
    JSON_TEXT_PATTERN,
    JSONBooleanField,
    JSONCharField,
    JSONFloatField,
    JSONIdField,
    JSONIntegerField,
)
from catalogues.api.schema import ErrorSerializer

if TYPE_CHECKING:
    from armybuilder.engine.explain import Reason
    from armybuilder.engine.report import Problem
    from armybuilder.engine.view import ForceView, SelectionView
    from catalogues.models import Revision
    from catalogues.services.validation import ListReport

# Revision numbers, like ids, fit a 64-bit column.
MAX_REVISION = params.MAX_ID

# ----------------------------------------------------------------------------- the request


class SelectionSpecListSerializer(serializers.ListSerializer[Any]):
    """Selections read by ``plain_selections`` when every one is plainly valid (a list of
    150 read field by field took a tenth of a validate), else by the fields, which say what
    is wrong."""

    def to_internal_value(self, data: Any) -> Any:
        plain = plain_selections(data)
        return plain if plain is not None else super().to_internal_value(data)


_TEXT = re.compile(JSON_TEXT_PATTERN)


def plain_selections(data: Any) -> list[dict[str, Any]] | None:
    """What ``SelectionSpecSerializer(many=True)`` reads from ``data``, or None where it
    might refuse something (the serializer then reads it, and says what)."""
    if not isinstance(data, list):
        return None
    out = []
    for item in data:
        if not isinstance(item, dict):
            return None
        entry_id = _plain_text(item.get("entryId"), MAX_ENTRY_ID_LENGTH, trim=False)
        number = item.get("number", 1)
        if not entry_id or type(number) is not int or not 1 <= number <= MAX_NUMBER:
            return None
        selection: dict[str, Any] = {"entryId": entry_id, "number": number}
        for key, limit in (("customName", MAX_NAME_LENGTH), ("customNotes", MAX_NOTES_LENGTH)):
            if key in item:
                text = _plain_text(item[key], limit)
                if text is None:
                    return None
                selection[key] = text
        if "selections" in item:
            children = plain_selections(item["selections"])
            if children is None:
                return None
            selection["selections"] = children
        out.append(selection)
    return out


def _plain_text(value: Any, limit: int, *, trim: bool = True) -> str | None:
    """A ``JSONCharField``'s value (trimmed, unless an id's) when it plainly is one, else
    None."""
    if type(value) is not str:
        return None
    text = value.strip() if trim else value
    return text if len(text) <= limit and _TEXT.match(text) else None


MAX_ENTRY_ID_LENGTH = 255


class SelectionSpecSerializer(serializers.Serializer[Any]):
    class Meta:
        list_serializer_class = SelectionSpecListSerializer

    entryId = JSONIdField(
        max_length=MAX_ENTRY_ID_LENGTH,
        help_text=gettext_lazy("An entry or entry link id, as offered at that level."),
    )
    number = JSONIntegerField(min_value=1, max_value=MAX_NUMBER, default=1)
    customName = JSONCharField(max_length=MAX_NAME_LENGTH, required=False, allow_blank=True)
    customNotes = JSONCharField(max_length=MAX_NOTES_LENGTH, required=False, allow_blank=True)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["selections"] = SelectionSpecSerializer(many=True, required=False)
        return fields


class ForceSpecSerializer(serializers.Serializer[Any]):
    forceEntryId = JSONIdField(max_length=255)
    catalogueId = JSONIdField(max_length=255)
    customName = JSONCharField(max_length=MAX_NAME_LENGTH, required=False, allow_blank=True)
    selections = SelectionSpecSerializer(many=True, required=False)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["forces"] = ForceSpecSerializer(many=True, required=False)
        return fields


class ListSpecSerializer(serializers.Serializer[Any]):
    """A List spec (``docs/architecture.md``, "List specs"), plus optional revision pins."""

    name = JSONCharField(max_length=MAX_NAME_LENGTH, required=False, allow_blank=True)
    gameSystemId = JSONIdField(max_length=255)
    costLimits = serializers.DictField(
        child=JSONFloatField(min_value=0, max_value=MAX_COST_LIMIT),
        required=False,
        help_text=format_lazy(
            gettext_lazy("Cost type id -> limit (0 to {limit})."), limit=MAX_COST_LIMIT
        ),
    )
    options = serializers.DictField(
        child=JSONCharField(allow_blank=True, max_length=MAX_NAME_LENGTH),
        required=False,
        help_text=gettext_lazy("List options."),
    )
    forces = ForceSpecSerializer(many=True, required=False)
    gameSystemRevision = JSONIntegerField(
        min_value=1,
        max_value=MAX_REVISION,
        required=False,
        help_text=gettext_lazy("Validate against this game system revision."),
    )
    catalogueRevisions = serializers.DictField(
        child=JSONIntegerField(min_value=1, max_value=MAX_REVISION),
        required=False,
        help_text=gettext_lazy(
            "Catalogue id -> revision number to validate against (default: the newest)."
        ),
    )

    def to_internal_value(self, data: Any) -> Any:
        # Checked before the nested fields recurse into the body.
        depth, selections = _extent(data)
        if depth > MAX_DEPTH:
            _reject(_("Selections and forces nest at most %(depth)s deep.") % {"depth": MAX_DEPTH})
        if selections > MAX_SELECTIONS:
            _reject(_("A list may have at most %(count)s selections.") % {"count": MAX_SELECTIONS})
        return super().to_internal_value(data)


class ValidateRequestSerializer(ListSpecSerializer):
    """A List spec to validate, and whether to explain what cannot be added."""

    explain = JSONBooleanField(
        default=False,
        help_text=gettext_lazy(
            "Also list, per force and per selection, the entries that cannot be added "
            "now and why (`unavailable`). Off by default: it evaluates every offered entry."
        ),
    )


def _reject(message: str) -> NoReturn:
    raise serializers.ValidationError({api_settings.NON_FIELD_ERRORS_KEY: [message]})


def _extent(data: Any) -> tuple[int, int]:
    """How deep forces and selections nest in a raw body, and how many selections it has."""
    deepest = selections = 0
    for depth, node in _nested(data):
        deepest = max(deepest, depth)
        selections += depth > 0 and "entryId" in node
    return deepest, selections


def _nested(data: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    pending = [(0, data)]
    while pending:
        depth, node = pending.pop()
        if not isinstance(node, dict):
            continue
        yield depth, node
        for key in ("forces", "selections"):
            children = node.get(key)
            if isinstance(children, list):
                pending.extend((depth + 1, child) for child in children)


# ---------------------------------------------------------------------------- the response


class SelectionCostSerializer(serializers.Serializer[Any]):
    type_id = serializers.CharField()
    name = serializers.CharField()
    value = serializers.FloatField()
    hidden = serializers.BooleanField()


class SelectionCategorySerializer(serializers.Serializer[Any]):
    entry_id = serializers.CharField()
    name = serializers.CharField()
    primary = serializers.BooleanField()


class RosterSelectionSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    entry_id = serializers.CharField(
        help_text=gettext_lazy("Path id as in a .ros file (link::target).")
    )
    name = serializers.CharField()
    custom_name = serializers.CharField(allow_null=True)
    type = serializers.CharField()
    number = serializers.IntegerField()
    hidden = serializers.BooleanField()
    costs = SelectionCostSerializer(
        many=True, help_text=gettext_lazy("Its own costs, number included, children not.")
    )
    categories = SelectionCategorySerializer(many=True)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["selections"] = RosterSelectionSerializer(many=True, source="children")
        return fields


class RosterForceSerializer(serializers.Serializer[Any]):
    id = serializers.CharField()
    entry_id = serializers.CharField()
    name = serializers.CharField()
    custom_name = serializers.CharField(allow_null=True)
    catalogue_id = serializers.CharField()
    catalogue_name = serializers.CharField()
    selections = RosterSelectionSerializer(many=True)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        fields = super().get_fields()
        fields["forces"] = RosterForceSerializer(many=True, source="child_forces")
        return fields


class RuleTitleField(serializers.CharField):
    """A cited section as the reader's rulebook titles it (Accept-Language)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> str:
        return messages.rule_section(value)


class ProblemRuleSerializer(serializers.Serializer[Any]):
    """The rule a problem cites: a section of a game's rules digest."""

    game = serializers.CharField(required=False)
    section = serializers.CharField(required=False)
    digest = serializers.CharField(required=False)
    line = serializers.IntegerField(required=False)
    title = RuleTitleField(
        help_text=gettext_lazy(
            "The section as the reader's rulebook titles it (Accept-Language): the Italian "
            "rulebook's heading in Italian where it is known, else the digest's section."
        ),
    )


PARAMS_HELP = gettext_lazy(
    "What the message names (numbers, ids, names, limits), to word it in any language from "
    "the code and these alone; a code with several sentences names the one in 'form'."
)


class WordedField(serializers.CharField):
    """A problem's or reason's message in the reader's language (Accept-Language), worded from
    its code and params."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> str:
        return messages.word(value)


class ReportProblemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text=gettext_lazy("Stable, dotted; match on this, not on the message.")
    )
    severity = serializers.ChoiceField(choices=[ERROR, WARNING, INFO])
    owner_type = serializers.ChoiceField(choices=["roster", "force", "category", "selection"])
    owner_id = serializers.CharField()
    owner_entry_id = serializers.CharField()
    entry_id = serializers.CharField()
    constraint_id = serializers.CharField()
    message = WordedField(help_text=gettext_lazy("In the language asked for (Accept-Language)."))
    rule = ProblemRuleSerializer(allow_null=True)
    params = serializers.DictField(help_text=PARAMS_HELP)


class CostTotalSerializer(serializers.Serializer[Any]):
    type_id = serializers.CharField()
    name = serializers.CharField()
    value = serializers.FloatField()
    limit = serializers.FloatField(allow_null=True)
    over = serializers.BooleanField()


class RevisionRefSerializer(serializers.Serializer[Any]):
    bs_id = serializers.CharField(source="owner.bs_id")
    name = serializers.CharField()
    number = serializers.IntegerField()
    revision_id = serializers.IntegerField(source="pk")


class ReasonSerializer(serializers.Serializer[Any]):
    """One obstacle to adding an entry: hidden (by its data or a modifier), or a maximum."""

    code = serializers.CharField(
        help_text=gettext_lazy("explain.hidden, explain.hidden_by_modifier or explain.max_reached.")
    )
    entry_id = serializers.CharField(
        help_text=gettext_lazy("The entry or entry group the reason is about.")
    )
    constraint_id = serializers.CharField(
        help_text=gettext_lazy("The maximum reached (empty if hidden).")
    )
    message = WordedField(
        help_text=gettext_lazy(
            "In plain words, naming the condition or limit, in the language asked for."
        )
    )
    params = serializers.DictField(help_text=PARAMS_HELP)


class UnavailableSerializer(serializers.Serializer[Any]):
    """An entry a force or selection offers that a player cannot add right now."""

    owner_type = serializers.ChoiceField(
        choices=["force", "selection"], help_text=gettext_lazy("Where it is offered.")
    )
    owner_id = serializers.CharField()
    entry_id = serializers.CharField(
        help_text=gettext_lazy("Path id as offered there (link::target).")
    )
    name = serializers.CharField()
    reasons = ReasonSerializer(many=True)


class ListReportSerializer(serializers.Serializer[Any]):
    """A list built and evaluated against stored revisions."""

    # The fields state the schema; the answer is made by ``list_report_data``, the same JSON
    # without a serializer per selection, cost and category (nested serializers took a
    # quarter of a validate of a 150-selection list).
    def to_representation(self, instance: Any) -> dict[str, Any]:
        return list_report_data(instance)

    name = serializers.CharField(source="view.name")
    legal = serializers.BooleanField(help_text=gettext_lazy("No problem of severity error."))
    error_count = serializers.IntegerField()
    warning_count = serializers.IntegerField()
    game_system = RevisionRefSerializer(source="closure.game_system_revision")
    catalogues = RevisionRefSerializer(many=True, source="closure.catalogue_revisions")
    totals = CostTotalSerializer(
        many=True, help_text=gettext_lazy("Visible cost types, against their limits.")
    )
    forces = RosterForceSerializer(many=True, source="view.forces")
    problems = ReportProblemSerializer(
        many=True, help_text=gettext_lazy("Errors first, then warnings, then notes.")
    )
    explained = serializers.BooleanField(
        help_text=gettext_lazy("Whether `unavailable` was worked out.")
    )
    unavailable = UnavailableSerializer(
        many=True,
        help_text=gettext_lazy("With `explain`: entries that cannot be added now, and why."),
    )
    explained_all = serializers.BooleanField(
        help_text=format_lazy(
            gettext_lazy(
                "False when explaining stopped at its cap ({limit} entries per request): "
                "`unavailable` then covers the entries offered first."
            ),
            limit=MAX_EXPLAINED,
        )
    )


def list_report_data(report: ListReport) -> dict[str, Any]:
    """``ListReportSerializer``'s JSON of a report, field for field."""
    view, closure = report.view, report.closure
    return {
        "name": str(view.name),
        "legal": report.legal,
        "error_count": report.error_count,
        "warning_count": report.warning_count,
        "game_system": _revision_data(closure.game_system_revision),
        "catalogues": [_revision_data(r) for r in closure.catalogue_revisions],
        "totals": [
            {
                "type_id": str(t.type_id),
                "name": str(t.name),
                "value": float(t.value),
                "limit": None if t.limit is None else float(t.limit),
                "over": t.over,
            }
            for t in report.totals
        ],
        "forces": [_force_data(f) for f in view.forces],
        "problems": [problem_data(p) for p in report.problems],
        "explained": report.explained,
        "unavailable": [
            {
                "owner_type": u.owner_type,
                "owner_id": str(u.owner_id),
                "entry_id": str(u.entry_id),
                "name": str(u.name),
                "reasons": [_reason_data(r) for r in u.reasons],
            }
            for u in report.unavailable
        ],
        "explained_all": report.explained_all,
    }


def problem_data(problem: Problem) -> dict[str, Any]:
    """``ReportProblemSerializer``'s JSON of a problem."""
    rule = problem.rule
    return {
        "code": str(problem.code),
        "severity": problem.severity,
        "owner_type": problem.owner_type,
        "owner_id": str(problem.owner_id),
        "owner_entry_id": str(problem.owner_entry_id),
        "entry_id": str(problem.entry_id),
        "constraint_id": str(problem.constraint_id),
        "message": messages.word(problem),
        "rule": None if rule is None else _rule_data(rule),
        "params": _params_data(problem.params),
    }


def _rule_data(rule: Mapping[str, Any]) -> dict[str, Any]:
    # the serializer's fields are optional: a key the rule lacks is left out
    out: dict[str, Any] = {}
    for key, kind in (("game", str), ("section", str), ("digest", str), ("line", int)):
        if key in rule:
            out[key] = None if rule[key] is None else kind(rule[key])
    out["title"] = messages.rule_section(rule)
    return out


def _params_data(params: Mapping[str, Any]) -> dict[str, Any]:
    return {str(key): value for key, value in params.items()}


def _reason_data(reason: Reason) -> dict[str, Any]:
    return {
        "code": str(reason.code),
        "entry_id": str(reason.entry_id),
        "constraint_id": str(reason.constraint_id),
        "message": messages.word(reason),
        "params": _params_data(reason.params),
    }


def _revision_data(revision: Revision) -> dict[str, Any]:
    return {
        "bs_id": str(revision.owner.bs_id),
        "name": str(revision.name),
        "number": int(revision.number),
        "revision_id": int(revision.pk),
    }


def _force_data(force: ForceView) -> dict[str, Any]:
    return {
        "id": str(force.id),
        "entry_id": str(force.entry_id),
        "name": str(force.name),
        "custom_name": None if force.custom_name is None else str(force.custom_name),
        "catalogue_id": str(force.catalogue_id),
        "catalogue_name": str(force.catalogue_name),
        "selections": [_selection_data(s) for s in force.selections],
        "forces": [_force_data(f) for f in force.child_forces],
    }


def _selection_data(selection: SelectionView) -> dict[str, Any]:
    return {
        "id": str(selection.id),
        "entry_id": str(selection.entry_id),
        "name": str(selection.name),
        "custom_name": None if selection.custom_name is None else str(selection.custom_name),
        "type": str(selection.type),
        "number": int(selection.number),
        "hidden": bool(selection.hidden),
        "costs": [
            {
                "type_id": str(c.type_id),
                "name": str(c.name),
                "value": float(c.value),
                "hidden": bool(c.hidden),
            }
            for c in selection.costs
        ],
        "categories": [
            {"entry_id": str(c.entry_id), "name": str(c.name), "primary": bool(c.primary)}
            for c in selection.categories
        ],
        "selections": [_selection_data(child) for child in selection.children],
    }


class RejectionSerializer(ErrorSerializer):
    """Why a list or roster file could not be checked or written at all (a 400 response of
    the validation and roster APIs); nothing was evaluated or changed."""

    code = serializers.CharField(
        help_text=gettext_lazy(
            "list_spec.malformed, list_spec.too_large, list_spec.unknown_game_system, "
            "list_spec.unknown_catalogue, list_spec.unknown_revision or list_spec.not_buildable; "
            "for a roster file also roster_file.unknown_force, or a format.* code for a file that "
            "cannot be read (format.unsupported, format.malformed, format.dtd, format.zip, "
            "format.too_large, format.too_deep, format.wrong_root, ...); or a caps.* code for a "
            "list over a cap or the work budget (caps.size, caps.forces, caps.depth, caps.number, "
            "caps.cost_limit, caps.cost, caps.work_budget)."
        )
    )


# ---------------------------------------------------------------------------- example lists


class ExampleListSerializer(serializers.Serializer[Any]):
    """An example list shipped with a game pack. Needs ``game_system`` in the context."""

    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    meant_legal = serializers.BooleanField(
        help_text=gettext_lazy("Some examples show a rule being broken.")
    )
    catalogue_ids = serializers.ListField(child=serializers.CharField())
    url = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()

    def get_url(self, example: Any) -> str:
        game_system = self.context["game_system"]
        return reverse("api:game-system-example", args=[game_system.pk, example.slug])

    def get_page_url(self, example: Any) -> str:
        game_system = self.context["game_system"]
        return reverse("catalogues:example_list", args=[game_system.slug, example.slug])


class ExampleDetailSerializer(serializers.Serializer[Any]):
    example = ExampleListSerializer()
    spec = serializers.JSONField(
        source="example.spec", help_text=gettext_lazy("The List spec itself.")
    )
    report = ListReportSerializer(allow_null=True)
    error = RejectionSerializer(
        allow_null=True, help_text=gettext_lazy("Set when the list cannot be built.")
    )
