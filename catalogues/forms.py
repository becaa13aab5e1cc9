"""Forms: entry search (GET), the staff upload of catalogue files, data sources, a staff edit
of an entry, and a roster file to check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from armybuilder.engine.formats import suffix
from catalogues.models import DataSource
from catalogues.selectors import GROUP_TYPE, EntryFilters
from catalogues.services.downloads import MAX_URL_LENGTH, DownloadError, check_url
from catalogues.services.entry_index import MAX_NAME_LENGTH
from catalogues.services.imports import IMPORT_SUFFIXES, import_limits
from catalogues.services.rosters import ROSTER_SUFFIXES
from catalogues.services.staff_edits import (
    MAX_NOTE_LENGTH,
    MAX_VALUE,
    EditableEntry,
    EntryChanges,
)


class EntrySearchForm(forms.Form):
    q = forms.CharField(label=_("Name"), required=False, max_length=200)
    category = forms.ChoiceField(label=_("Category"), required=False)
    type = forms.ChoiceField(label=_("Type"), required=False)
    shared = forms.BooleanField(label=_("Include options and shared entries"), required=False)

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
            ("", _("Any category")),
            *categories,
        ]
        cast(forms.ChoiceField, self.fields["type"]).choices = [
            ("", _("Any type")),
            *((t, t.capitalize()) for t in types),
            (GROUP_TYPE, _("Group of choices")),
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
        label=_("Files"),
        help_text=_(
            "BattleScribe game systems and catalogues (.gst, .cat, .gstz, .catz), their JSON "
            "form (.json), or a .zip of them. Select several files at once to import them "
            "together."
        ),
        widget=MultipleFileInput(
            attrs={"accept": ",".join(IMPORT_SUFFIXES), "aria-describedby": "uploads-help"}
        ),
    )

    def clean_uploads(self) -> list[UploadedFile[Any]]:
        files: list[UploadedFile[Any]] = self.cleaned_data["uploads"]
        wrong = [f.name for f in files if suffix(f.name or "") not in IMPORT_SUFFIXES]
        if wrong:
            raise forms.ValidationError(
                _("Not a catalogue file: %(names)s. Accepted: %(suffixes)s."),
                code="suffix",
                params={"names": ", ".join(map(str, wrong)), "suffixes": " ".join(IMPORT_SUFFIXES)},
            )
        # Refused before the files are read into a job; the importer checks each file again.
        limit, refusal = upload_limit()
        if sum(f.size or 0 for f in files) > limit:
            raise refusal
        return files


def upload_limit() -> tuple[int, forms.ValidationError]:
    """The most an upload may hold, in bytes, and the refusal of a larger one.

    Without a broker the import runs inside the web request, so only a small upload is taken
    (refused as ``too_large_inline``, with the way to import more).
    """
    limit = import_limits().max_input_bytes
    if settings.CELERY_BROKER_URL or limit <= settings.CATALOGUE_MAX_INLINE_IMPORT_BYTES:
        return limit, forms.ValidationError(
            _("The upload is larger than %(limit)s MB.") % {"limit": _megabytes(limit)},
            code="too_large",
        )
    inline = settings.CATALOGUE_MAX_INLINE_IMPORT_BYTES
    return inline, forms.ValidationError(
        _(
            "Without a background worker, uploads are limited to %(limit)s MB. Import larger "
            "data with the import_bsdata management command, or configure a broker "
            "(CELERY_BROKER_URL)."
        )
        % {"limit": _megabytes(inline)},
        code="too_large_inline",
    )


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):g}"


class RosterCheckForm(forms.Form):
    roster = forms.FileField(
        label=_("Roster file"),
        help_text=_("A roster saved by BattleScribe or New Recruit (.ros, or zipped .rosz)."),
        widget=forms.ClearableFileInput(
            attrs={"accept": ",".join(ROSTER_SUFFIXES), "aria-describedby": "roster-help"}
        ),
    )


class DataSourceForm(forms.Form):
    url = forms.CharField(
        label=_("Data index or release archive URL"),
        max_length=MAX_URL_LENGTH,
        help_text=_(
            "A BattleScribe data index (.bsi, or index.xml) as you would add in BattleScribe, "
            "or a release archive (.zip) of .gst and .cat files."
        ),
        widget=forms.URLInput(attrs={"aria-describedby": "url-help"}),
    )
    name = forms.CharField(label=_("Name"), max_length=255, required=False)
    active = forms.BooleanField(
        label=_("Check periodically"),
        required=False,
        initial=True,
        help_text=_("Check it for updates every few hours."),
    )

    def clean_url(self) -> str:
        url = str(self.cleaned_data["url"]).strip()
        try:
            check_url(url, allow_loopback=settings.DATA_SOURCES_ALLOW_LOOPBACK)
        except DownloadError as error:
            raise forms.ValidationError(error.message, code=error.code) from None
        if DataSource.objects.filter(url=url).exists():
            raise forms.ValidationError(_("This source is already followed."), code="source.exists")
        return url


class EntryEditForm(forms.Form):
    """A staff edit of one entry: its name, each cost, each constraint's value, and why."""

    name = forms.CharField(label=_("Name"), max_length=MAX_NAME_LENGTH)
    note = forms.CharField(
        label=_("Why"),
        max_length=MAX_NOTE_LENGTH,
        help_text=_("Recorded with the new revision, e.g. the errata or FAQ it follows."),
        widget=forms.Textarea(attrs={"rows": 3, "aria-describedby": "note-help"}),
    )

    def __init__(self, data: Any = None, *, editable: EditableEntry) -> None:
        super().__init__(data, initial={"name": editable.name})
        self.editable = editable
        for prefix, values in (("cost", editable.costs), ("constraint", editable.constraints)):
            for index, item in enumerate(values):
                self.fields[f"{prefix}_{index}"] = forms.FloatField(
                    label=item.label,
                    initial=item.value,
                    min_value=0 if prefix == "constraint" else -MAX_VALUE,
                    max_value=MAX_VALUE,
                )

    def cost_fields(self) -> list[forms.BoundField]:
        return [self[f"cost_{i}"] for i in range(len(self.editable.costs))]

    def constraint_fields(self) -> list[forms.BoundField]:
        return [self[f"constraint_{i}"] for i in range(len(self.editable.constraints))]

    def changes(self) -> EntryChanges:
        data = self.cleaned_data
        return EntryChanges(
            name=data["name"],
            costs={c.key: data[f"cost_{i}"] for i, c in enumerate(self.editable.costs)},
            constraints={
                c.key: data[f"constraint_{i}"] for i, c in enumerate(self.editable.constraints)
            },
        )
