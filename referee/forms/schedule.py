"""Rounds, tables, seats and referee assignment."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from referee.models import Player, Table
from referee.seats import seat_label
from referee.services.seats import seat_letters_for


class RoundForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(label=_("Start time"), widget=forms.TimeInput(attrs={"type": "time"}))
    order = forms.IntegerField(
        label=_("Order"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_("Leave blank to put it last."),
    )


class TableForm(forms.Form):
    number = forms.IntegerField(
        label=_("Table number"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_("Leave blank for the next number."),
    )


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, player: Player) -> str:
        return f"#{player.number} {player.display_name} · {player.school.code}"


class SeatForm(forms.Form):
    letter = forms.ChoiceField(label=_("Seat"), required=False)
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    drawn_number = forms.IntegerField(label=_("Drawn number"), min_value=1, max_value=999, required=False)

    def __init__(self, *args, table: Table, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        tournament = table.round.tournament
        taken = set(table.seats.values_list("letter", flat=True))
        free = [letter for letter in seat_letters_for(tournament.ruleset) if letter not in taken]
        self.fields["letter"].choices = [("", _("first free seat"))] + [
            (letter, f"{letter} · {seat_label(letter)}") for letter in free
        ]
        self.fields["player"].queryset = (
            tournament.players.exclude(seats__round=table.round).select_related("school").order_by("number")
        )


class UserChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, user) -> str:
        full_name = user.get_full_name()
        return f"{full_name} ({user.username})" if full_name else user.username


class RefereeAssignForm(forms.Form):
    referee = UserChoiceField(
        label=_("Referee"), queryset=get_user_model().objects.none(), required=False, empty_label=_("nobody")
    )

    def __init__(self, *args, table: Table, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["referee"].queryset = table.round.tournament.referees.order_by("first_name", "username")
