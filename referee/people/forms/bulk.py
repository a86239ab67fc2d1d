"""Registration in bulk: a pasted list of players for one school, and a number of tables."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.models import School, Tournament
from referee.people.forms.people import SchoolChoiceField


class PlayersListForm(forms.Form):
    school = SchoolChoiceField(label=_("School"), queryset=School.objects.none())
    lines = forms.CharField(
        label=_("Players, one per line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=20000,
        help_text=_("Chinese name, English name, class: separated by commas or pasted from a spreadsheet."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["school"].queryset = tournament.schools.order_by("code")


class TablesCountForm(forms.Form):
    count = forms.IntegerField(label=_("How many tables"), min_value=1, max_value=200)
