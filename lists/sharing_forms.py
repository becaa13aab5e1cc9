"""Forms of the sharing, import, verify and history pages."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armybuilder.engine.formats import suffix
from catalogues.services.rosters import ROSTER_SUFFIXES
from lists.exports import VERIFY_LIMITS
from lists.models import Visibility

# Version numbers are positive integers far below this; a larger one is refused at the edge.
MAX_VERSION = 10**9


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(
        label=_("Who can open this list"), choices=Visibility.choices, widget=forms.RadioSelect
    )


class ForkForm(forms.Form):
    version = forms.IntegerField(label=_("Version"), min_value=1, max_value=MAX_VERSION)


class RestoreForm(forms.Form):
    version = forms.IntegerField(min_value=1, max_value=MAX_VERSION)  # the list's, as seen
    number = forms.IntegerField(min_value=1, max_value=MAX_VERSION)  # the one to restore


class DiffForm(forms.Form):
    old = forms.IntegerField(label=_("From version"), min_value=1, max_value=MAX_VERSION)
    new = forms.IntegerField(label=_("To version"), min_value=1, max_value=MAX_VERSION)


class ImportForm(forms.Form):
    roster = forms.FileField(
        label=_("Roster file"),
        help_text=_("A BattleScribe or New Recruit .ros or .rosz file."),
        widget=forms.ClearableFileInput(attrs={"accept": ",".join(ROSTER_SUFFIXES)}),
    )

    def clean_roster(self) -> object:
        upload = self.cleaned_data["roster"]
        if suffix(upload.name or "") not in ROSTER_SUFFIXES:
            raise forms.ValidationError(_("Choose a .ros or .rosz file."))
        return upload


class VerifyForm(forms.Form):
    text = forms.CharField(
        label=_("Paste a text or Markdown export"),
        required=False,
        max_length=VERIFY_LIMITS.max_input_bytes,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    file = forms.FileField(
        label=_("…or upload an exported file"),
        required=False,
        help_text=_("Any export: .txt, .md, .json, .ros or .rosz."),
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if not cleaned.get("text", "").strip() and not cleaned.get("file"):
            raise forms.ValidationError(_("Paste an export or choose a file."))
        upload = cleaned.get("file")
        if upload is not None and upload.size > VERIFY_LIMITS.max_input_bytes:
            raise forms.ValidationError(_("The file is too large to check."))
        return cleaned

    def payload(self) -> tuple[bytes, str]:
        """The export to check: the uploaded file's bytes and name, else the pasted text."""
        upload = self.cleaned_data.get("file")
        if upload is not None:
            return upload.read(VERIFY_LIMITS.max_input_bytes + 1), upload.name or ""
        return self.cleaned_data["text"].encode(), ""
