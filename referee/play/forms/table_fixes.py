"""Putting a table right after play: which child really sat in a seat, and a game to void. The services
decide (`services/seat_fixes.py`); these forms only offer the table's seats and games and ask the reason."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from core.text import validate_multiline
from referee.models import Tournament
from referee.play.forms.entry import seat_choice
from referee.play.selectors.sheets import SheetGame, SheetSeat
from referee.tournaments.forms.schedule import PlayerChoiceField

REASON = {"max_length": 500, "validators": [validate_multiline]}


class SeatFixForm(forms.Form):
    seat = forms.ChoiceField(label=_("Seat"))
    player = PlayerChoiceField(
        label=_("The child who really sat there"),
        queryset=None,
        help_text=_(
            "The seat's games move to this child. If the child sits elsewhere in this round, the two seats "
            "exchange children."
        ),
    )
    reason = forms.CharField(label=_("Reason"), **REASON)

    def __init__(self, *args, seats: Sequence[SheetSeat], tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [seat_choice(seat) for seat in seats]
        self.fields["player"].queryset = tournament.players.select_related("school").order_by("number")


class GameVoidForm(forms.Form):
    game = forms.TypedChoiceField(label=_("Game"), coerce=int)
    reason = forms.CharField(label=_("Reason"), **REASON)

    def __init__(self, *args, games: Sequence[SheetGame], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            (game.number, _("Game %(number)d") % {"number": game.number}) for game in games
        ]


class LeaveForm(forms.Form):
    """A player who leaves during the table: gone from the next game on (RULES.md)."""

    seat = forms.ChoiceField(label=_("Who leaves?"))
    from_game = forms.IntegerField(
        label=_("Gone from game"),
        min_value=1,
        max_value=999,
        help_text=_(
            "The games before stand as recorded; this game and later ones are played by those still there."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.CharField(label=_("Why (optional)"), required=False, **REASON)

    def __init__(self, *args, seats: Sequence[SheetSeat], next_game: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [seat_choice(seat) for seat in seats if seat.left_after is None]
        self.fields["from_game"].initial = next_game
