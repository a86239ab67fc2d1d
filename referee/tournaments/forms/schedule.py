"""Rounds, tables, seats and referee assignment."""

from __future__ import annotations

import datetime

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import scoring
from core.inputs import require_date_in_range
from core.text import validate_single_line
from core.widgets import DatePicker, TimePicker
from referee.draws.services.seats import seat_letters_for
from referee.models import Player, Table
from referee.models.schedule import SEAT_LETTERS
from referee.wording.seats import seat_label


class RoundForm(forms.Form):
    name = forms.CharField(
        label=pgettext_lazy("round", "Name"), max_length=120, validators=[validate_single_line]
    )
    date = forms.DateField(label=_("Date"), widget=DatePicker())
    start_time = forms.TimeField(label=_("Start time"), widget=TimePicker())
    order = forms.IntegerField(
        label=_("Order"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_("Leave blank to put it last."),
    )
    is_final = forms.BooleanField(
        label=_("Final round"),
        required=False,
        help_text=_(
            "Its tables decide the places they play for: table 1 for places 1, 2, ..., then table 2."
        ),
    )

    def clean_date(self) -> datetime.date:
        return require_date_in_range(self.cleaned_data["date"])


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
        label = f"#{player.number} {player.display_name} · {player.school.code}"
        if not player.is_drawn:  # absent or withdrawn: marked before anyone seats them by hand
            label += f" ({player.get_attendance_display()})"
        return label


class SeatForm(forms.Form):
    """Offers the free seats and the players not yet seated in the round, but accepts any seat letter and any
    player of the tournament: a choice taken since the page was opened is refused by the service, which says
    why ("This player already sits at table 2 in this round.") instead of "not one of the choices"."""

    letter = forms.ChoiceField(label=_("Seat"), required=False)
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    drawn_number = forms.IntegerField(label=_("Drawn number"), min_value=1, max_value=999, required=False)
    confirm = forms.BooleanField(label=_("Seat the player all the same"), required=False)

    def __init__(self, *args, table: Table, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        tournament = table.round.tournament
        if not scoring.get_ruleset(tournament.ruleset).is_rummikub:
            self.fields["drawn_number"] = forms.IntegerField(
                label=_("Card drawn for the deal"),
                min_value=0,
                max_value=9,
                required=False,
                help_text=_("Action cards and wilds count 0."),
            )
        taken = set(table.seats.values_list("letter", flat=True))
        free = [letter for letter in seat_letters_for(tournament) if letter not in taken]
        first_free = ("", _("first free seat"))
        self.fields["letter"].choices = [first_free] + [(letter, letter) for letter in SEAT_LETTERS]
        self.fields["letter"].widget.choices = [first_free] + [
            (letter, f"{letter} · {seat_label(letter)}") for letter in free
        ]
        player_field = self.fields["player"]
        player_field.queryset = tournament.players.select_related("school").order_by("number")
        unseated = player_field.queryset.exclude(seats__round=table.round)
        player_field.widget.choices = [("", player_field.empty_label)] + [
            (player.pk, player_field.label_from_instance(player)) for player in unseated
        ]
        self.warnings: list[str] = []

    def needs_confirmation(self, warnings: list[str]) -> bool:
        """Warnings the organiser has not yet seen: shown above the form, with the box to seat all the same.
        The box appears only once there is something to confirm."""
        self.warnings = warnings
        return bool(warnings) and not self.cleaned_data.get("confirm")

    @property
    def asks_confirmation(self) -> bool:
        return bool(self.warnings)


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
