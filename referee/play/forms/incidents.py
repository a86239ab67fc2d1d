"""Incidents at the table, the numbers drawn for the seating order, and an organiser's tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from core.text import validate_multiline, validate_single_line
from referee.play.forms.entry import TILE_INPUT, new_submission_key, seat_choice
from referee.play.forms.tiles import tile_errors
from referee.play.selectors.sheets import SheetSeat, TableSheet
from referee.results.engine import counted_by_restore
from referee.wording.codes import incident_choices
from referee.wording.seats import seat_label
from referee.wording.tiles import tiles_help


class IncidentForm(forms.Form):
    game = forms.TypedChoiceField(label=_("Game"), coerce=int, required=False, empty_value=None)
    seat = forms.ChoiceField(label=_("Player"))
    kind = forms.ChoiceField(label=_("Incident"))
    table_tiles = forms.CharField(
        label=_("Tiles on the table"),
        required=False,
        max_length=1200,
        widget=forms.Textarea(attrs={**TILE_INPUT, "rows": 3}),
        help_text=_(
            "Every tile on the table, for example R5 R6 R7 K9 B9 Y9 J. The program lays them in sets."
        ),
    )
    tiles_left_over = forms.IntegerField(
        label=_("Tiles left over"),
        min_value=0,
        max_value=200,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    note = forms.CharField(label=_("Note"), max_length=1000, required=False, validators=[validate_multiline])
    reason = forms.CharField(
        label=_("Reason for the change"), max_length=500, required=False, validators=[validate_multiline]
    )
    submission = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def __init__(
        self,
        *args,
        seats: Sequence[SheetSeat],
        game_numbers: Sequence[int],
        ruleset_key: str | scoring.Ruleset,
        in_play: int | None = None,
        **kwargs,
    ):
        """`in_play`: the number of the game being played now, if the table has one; its incidents are
        recorded at once and join the game when its result is saved."""
        super().__init__(*args, **kwargs)
        choices = [(number, _("Game %(number)d") % {"number": number}) for number in game_numbers]
        in_play_label = _("Game %(number)s (being played)")
        if in_play is not None:
            choices.append((in_play, in_play_label % {"number": in_play}))
        # The page's script moves on to the next game without a reload; it writes the label itself.
        self.fields["game"].widget.attrs["data-in-play-label"] = in_play_label % {"number": "__N__"}
        self.fields["game"].choices = choices or [("", _("no game saved yet"))]
        if choices:
            self.fields["game"].initial = choices[-1][0]
        self.in_play = in_play
        self.fields["submission"].initial = new_submission_key()
        self.fields["seat"].choices = [seat_choice(seat) for seat in seats]
        self.fields["kind"].choices = incident_choices(ruleset_key)
        self.ruleset = scoring.get_ruleset(ruleset_key)
        kinds = self.ruleset.incidents
        self.count_kinds = [kind.code for kind in kinds if kind.needs_tiles_left_over]
        if not self.count_kinds:
            del self.fields["tiles_left_over"]  # UNO's incidents never ask it: no word of tiles on its page
        self.restore_kinds = sorted(kind.code for kind in kinds if counted_by_restore(kind))
        if not self.restore_kinds:
            del self.fields["table_tiles"]
        else:
            self.fields["table_tiles"].help_text = " ".join(
                [str(self.fields["table_tiles"].help_text), tiles_help(self.ruleset)]
            )

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("table_tiles"):
            for name, message in tile_errors(self.ruleset, {"table_tiles": cleaned["table_tiles"]}).items():
                self.add_error(name, message)
        return cleaned


class DrawsForm(forms.Form):
    """The number each player drew from the referee; the highest starts.

    UNO (`cards`): the card each player drew, 0 to 9 (action cards and wilds count 0, so equal cards
    happen); the highest deals, and players tied on it draw again: a field for their later cards appears
    beside each seat that drew again or must (`again`)."""

    def __init__(
        self, *args, seats: Sequence[SheetSeat], cards: bool = False, again: Sequence[str] = (), **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.cards = cards
        for seat in self.seats:
            self.fields[f"drawn_{seat.letter}"] = forms.IntegerField(
                label=seat_choice(seat)[1],
                min_value=0 if cards else 1,
                max_value=9 if cards else 999,
                required=False,
                initial=seat.drawn_number,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            if cards and (seat.drawn_again or seat.letter in again):
                self.fields[f"again_{seat.letter}"] = forms.CharField(
                    label=_("%(seat)s drew again") % {"seat": seat_label(seat.letter)},
                    max_length=40,
                    required=False,
                    initial=" ".join(str(card) for card in seat.drawn_again),
                    help_text=_("Each card drawn again, in order, such as 7 or 7 2."),
                    widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                )

    def clean(self) -> dict:
        cleaned = super().clean()
        for name in [name for name in self.fields if name.startswith("again_")]:
            text = (cleaned.get(name) or "").replace(",", " ").replace("，", " ")
            words = text.split()
            if not all(word.isascii() and word.isdigit() and int(word) <= 9 for word in words):
                self.add_error(name, _("Give each card as a number from 0 to 9, such as 7 or 7 2."))
                continue
            cleaned[name] = [int(word) for word in words]
        return cleaned

    def numbers(self) -> dict[str, int | None]:
        return {seat.letter: self.cleaned_data.get(f"drawn_{seat.letter}") for seat in self.seats}

    def again(self) -> dict[str, list[int]]:
        """UNO: each seat's cards drawn again (empty where the field is not shown)."""
        return {seat.letter: list(self.cleaned_data.get(f"again_{seat.letter}") or []) for seat in self.seats}


def draws_form(sheet: TableSheet, data: Any = None) -> DrawsForm:
    """The draw for the order of play; in UNO, of cards, with the seats tied on the highest drawing again
    (the seats posted with a card drawn again keep their field, so a refusal shows next to it)."""
    cards = sheet.deal is not None
    again = list(sheet.draw_again)
    if data is not None:
        again += [seat.letter for seat in sheet.seats if data.get(f"again_{seat.letter}")]
    return DrawsForm(data, seats=sheet.seats, cards=cards, again=again)


class TieBreakForm(forms.Form):
    seat = forms.ChoiceField(label=_("The tie was broken in favour of"))
    how = forms.CharField(
        label=_("How"), max_length=200, help_text=_("For example: by lot."), validators=[validate_single_line]
    )

    def __init__(self, *args, tied: Sequence[SheetSeat], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [seat_choice(seat) for seat in tied]


class ReasonForm(forms.Form):
    """A button that changes a signed-off table (removing an incident) asks for the reason."""

    reason = forms.CharField(
        label=_("Reason for the change"), max_length=500, required=False, validators=[validate_multiline]
    )
