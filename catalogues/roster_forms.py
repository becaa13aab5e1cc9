"""The form of the "Check a roster file" page."""

from __future__ import annotations

from django import forms

from catalogues.services_rosters import ROSTER_SUFFIXES


class RosterCheckForm(forms.Form):
    roster = forms.FileField(
        label="Roster file",
        help_text="A roster saved by BattleScribe or New Recruit (.ros, or zipped .rosz).",
        widget=forms.ClearableFileInput(
            attrs={"accept": ",".join(ROSTER_SUFFIXES), "aria-describedby": "roster-help"}
        ),
    )
