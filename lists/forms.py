"""Forms of the list pages: renaming, and the new-list wizard's last step, built from data."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from armybuilder import messages
from armybuilder.engine.compile import Compiled
from armybuilder.engine.localize import NO_NAMES, Names
from lists import setup
from lists.models import NAME_MAX_LENGTH


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH, strip=True)


class NewListForm(forms.Form):
    """Name, size, list options and first force of a new list, as the data declares them.

    Each cost type gets a limit (the game system's default suggested, any number allowed),
    each choose-one setup group (e.g. a battle size) a choice, each declared list option a
    field, and the catalogue's forces a choice; field names are positional so that ids from
    imported data never become field names.
    """

    name = forms.CharField(label=_("Name of the list"), max_length=NAME_MAX_LENGTH, strip=True)

    def __init__(
        self,
        *args: Any,
        compiled: Compiled,
        catalogue_id: str,
        names: Names = NO_NAMES,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.cost_types = setup.cost_types(compiled, names)
        self.setup_choices = setup.setup_choices(compiled, catalogue_id, names)
        self.list_options = setup.list_options(compiled, names)
        self.forces = setup.force_choices(compiled, catalogue_id, names)
        for index, cost_type in enumerate(self.cost_types):
            self.fields[f"limit_{index}"] = forms.FloatField(
                label=_("Limit of %(cost)s") % {"cost": cost_type.name},
                required=False,
                min_value=0,
                max_value=setup.MAX_COST_LIMIT,
                initial=_whole(cost_type.default_limit),
                help_text=_("Leave empty for no limit."),
                widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
            )
        for index, choice in enumerate(self.setup_choices):
            self.fields[f"setup_{index}"] = forms.ChoiceField(
                label=choice.name,
                required=False,
                choices=[("", _("Choose later")), *((o.id, o.name) for o in choice.options)],
                widget=forms.RadioSelect,
                initial="",
            )
        for index, option in enumerate(self.list_options):
            if option.is_number:
                self.fields[f"option_{index}"] = forms.IntegerField(
                    label=option.name,
                    required=False,
                    min_value=0,
                    max_value=10**setup.NUMBER_OPTION_MAX_DIGITS - 1,
                    initial=option.default or None,
                    help_text=_rule_text(option),
                )
            else:
                self.fields[f"option_{index}"] = forms.ChoiceField(
                    label=option.name,
                    choices=[(v.id, v.name) for v in option.values],
                    initial=option.default,
                    widget=forms.RadioSelect,
                    help_text=_rule_text(option),
                )
        if self.forces:
            self.fields["force"] = forms.ChoiceField(
                label=_("Start with this force (more can be added while building)"),
                choices=[(f.id, f.name) for f in self.forces],
                initial=self.forces[0].id if len(self.forces) == 1 else None,
                widget=forms.RadioSelect,
            )

    # Field groups, in the order the page shows them.
    def limit_fields(self) -> list[forms.BoundField]:
        return [self[f"limit_{i}"] for i in range(len(self.cost_types))]

    def setup_fields(self) -> list[forms.BoundField]:
        return [self[f"setup_{i}"] for i in range(len(self.setup_choices))]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{i}"] for i in range(len(self.list_options))]

    # What the service takes, once the form is valid.
    def cost_limits(self) -> dict[str, float | None]:
        return {
            cost_type.id: self.cleaned_data[f"limit_{index}"]
            for index, cost_type in enumerate(self.cost_types)
        }

    def options(self) -> dict[str, str]:
        chosen = {}
        for index, option in enumerate(self.list_options):
            value = self.cleaned_data[f"option_{index}"]
            chosen[option.id] = "" if value is None else str(value)
        return chosen

    def setup_selections(self) -> dict[str, str]:
        return {
            choice.key: self.cleaned_data[f"setup_{index}"]
            for index, choice in enumerate(self.setup_choices)
            if self.cleaned_data[f"setup_{index}"]
        }

    def force_entry_id(self) -> str | None:
        return self.cleaned_data.get("force") or None


def _rule_text(option: setup.ListOption) -> str:
    """Where the rules discuss the option: the rule's section (and digest line)."""
    rule = option.rule or {}
    section = messages.rule_section(rule)
    if not section:
        return ""
    if rule.get("digest") and rule.get("line"):
        return str(
            _("Rules: %(section)s (%(digest)s, line %(line)s)")
            % {"section": section, "digest": rule["digest"], "line": rule["line"]}
        )
    return str(_("Rules: %(section)s") % {"section": section})


def _whole(value: float | None) -> float | int | None:
    return int(value) if value is not None and value.is_integer() else value
