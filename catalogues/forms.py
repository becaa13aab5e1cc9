"""Forms: entry search (GET) and the staff upload of catalogue files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Any, cast

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from catalogues.selectors import GROUP_TYPE, EntryFilters

UPLOAD_SUFFIXES = (".gst", ".cat", ".gstz", ".catz", ".json", ".zip")


class EntrySearchForm(forms.Form):
    q = forms.CharField(label="Name", required=False, max_length=200)
    category = forms.ChoiceField(label="Category", required=False)
    type = forms.ChoiceField(label="Type", required=False)
    shared = forms.BooleanField(label="Include options and shared entries", required=False)

    def __init__(
        self,
        data: Any,
        *,
        categories: Sequence[tuple[str, str]],
        types: Sequence[str],
    ) -> None:
        super().__init__(data)
        self.fields["q"].widget.input_type = "search"
        cast(forms.ChoiceField, self.fields["category"]).choices = [
            ("", "Any category"),
            *categories,
        ]
        cast(forms.ChoiceField, self.fields["type"]).choices = [
            ("", "Any type"),
            *((t, t.capitalize()) for t in types),
            (GROUP_TYPE, "Group of choices"),
        ]

    def filters(self) -> EntryFilters:
        """The filters asked for; none when the query is not valid (errors are shown)."""
        if not self.is_valid():
            return EntryFilters()
        data = self.cleaned_data
        return EntryFilters(
            query=data["q"].strip(),
            category=data["category"],
            type=data["type"],
            include_shared=data["shared"],
        )


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    widget = MultipleFileInput

    def clean(self, data: Any, initial: Any = None) -> list[UploadedFile[Any]]:
        single = super().clean
        items = list(data) if isinstance(data, (list, tuple)) else [data]
        # An empty list must still fail the "required" check of a single file.
        return [single(item, initial) for item in items or [None]]


class UploadForm(forms.Form):
    uploads = MultipleFileField(
        label="Files",
        help_text=(
            "BattleScribe game systems and catalogues (.gst, .cat, .gstz, .catz), their JSON "
            "form (.json), or a .zip of them. Select several files at once to import them "
            "together."
        ),
        widget=MultipleFileInput(
            attrs={"accept": ",".join(UPLOAD_SUFFIXES), "aria-describedby": "uploads-help"}
        ),
    )

    def clean_uploads(self) -> list[UploadedFile[Any]]:
        files: list[UploadedFile[Any]] = self.cleaned_data["uploads"]
        wrong = [
            f.name for f in files if PurePath(f.name or "").suffix.lower() not in UPLOAD_SUFFIXES
        ]
        if wrong:
            raise forms.ValidationError(
                "Not a catalogue file: %(names)s. Accepted: %(suffixes)s.",
                code="suffix",
                params={"names": ", ".join(map(str, wrong)), "suffixes": " ".join(UPLOAD_SUFFIXES)},
            )
        if sum(f.size or 0 for f in files) > settings.CATALOGUE_MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                "The upload is larger than %(limit)s MB.",
                code="too_large",
                params={"limit": settings.CATALOGUE_MAX_UPLOAD_BYTES // (1024 * 1024)},
            )
        return files
