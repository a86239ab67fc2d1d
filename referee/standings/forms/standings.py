"""The standings order (keys in order, set before play) and the organisers' decision over a tie."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.wording.standings_order import KEY_LABELS
from scoring.ranking import STANDINGS_KEYS

KEY_FIELDS = 5


class StandingsOrderForm(forms.Form):
    """One choice per place in the order; blank places are skipped."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—"), *((key, KEY_LABELS[key]) for key in STANDINGS_KEYS)]
        for index in range(1, KEY_FIELDS + 1):
            self.fields[f"key_{index}"] = forms.ChoiceField(
                label=_("Key %(place)d") % {"place": index}, choices=choices, required=False
            )

    def keys(self) -> list[str]:
        return [
            self.cleaned_data[f"key_{index}"]
            for index in range(1, KEY_FIELDS + 1)
            if self.cleaned_data[f"key_{index}"]
        ]


class StandingsDecisionForm(forms.Form):
    numbers = forms.CharField(
        label=_("Player numbers, first placed first"),
        max_length=500,
        help_text=_("For example 12, 7, 3."),
    )
    reason = forms.CharField(
        label=_("How the tie was broken"), max_length=200, help_text=_("For example: by lot.")
    )

    def clean_numbers(self) -> list[int]:
        parts = [part for part in re.split(r"[\s,，、]+", self.cleaned_data["numbers"]) if part]
        if not parts or not all(part.isascii() and part.isdigit() and len(part) <= 9 for part in parts):
            raise forms.ValidationError(_("Give player numbers separated by commas."))
        return [int(part) for part in parts]
