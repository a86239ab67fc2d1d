"""Entering one game at the table: how it ended, who went out, and each other player's rack.

The form checks the shape of what was typed, and names a tile the set lacks or holds fewer copies of next to
the rack that holds it (`forms/tiles.py`; the engine would refuse the same, for the game as a whole). The
engine (through the service) decides whether the rest makes a game. Its refusals name a seat's input
(`hands.B.rack`), which `field_for` turns into this form's field, so the message appears next to what the
referee must fix.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from core.text import validate_multiline
from referee.models.results import Ending
from referee.play.forms.tiles import tile_errors
from referee.play.selectors.sheets import SheetGame, SheetSeat
from referee.wording.seats import seat_label
from referee.wording.tiles import tiles_help

COULD_MELD_CHOICES = [
    ("", _("decide from the tiles")),
    ("yes", _("yes, worth 30 or more")),
    ("no", _("no")),
]
TILE_INPUT = {
    "autocapitalize": "characters",
    "autocomplete": "off",
    "autocorrect": "off",
    "spellcheck": "false",
    "class": "tiles",
}


GAME_NUMBER_MAX = 32767  # the database keeps a game number in a small integer
VERSION_MAX = 2**31 - 1  # the database's integer
HIDDEN_FIELDS = ("game_number", "version", "submission")
LAST_CARD_CHOICES = [
    ("", _("No: another card")),
    ("RD", _("Draw Two, red (RD)")),
    ("GD", _("Draw Two, green (GD)")),
    ("BD", _("Draw Two, blue (BD)")),
    ("YD", _("Draw Two, yellow (YD)")),
    ("W4", _("Wild Draw Four (W4)")),
]


def new_submission_key() -> str:
    return secrets.token_urlsafe(16)


def seat_choice(seat: SheetSeat) -> tuple[str, str]:
    return seat.letter, f"{seat_label(seat.letter)} {seat.player_name}"


@dataclass(frozen=True)
class SeatFields:
    """One player's inputs, grouped for the template."""

    seat: SheetSeat
    rack: forms.BoundField
    rack_value: forms.BoundField
    made_initial_meld: forms.BoundField | None
    could_meld: forms.BoundField | None
    drawn: forms.BoundField | None = None


class GameEntryForm(forms.Form):
    ending = forms.ChoiceField(label=_("How did the game end?"), widget=forms.RadioSelect)
    went_out = forms.ChoiceField(label=_("Who went out?"), widget=forms.RadioSelect, required=False)
    game_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=GAME_NUMBER_MAX)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=VERSION_MAX, required=False)
    submission = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)
    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=500,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        validators=[validate_multiline],
    )

    def __init__(self, *args, seats: Sequence[SheetSeat], ruleset: scoring.Ruleset, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.ruleset = ruleset
        endings = Ending.choices if ruleset.is_rummikub else [(Ending.WENT_OUT.value, _("A player went out"))]
        self.fields["ending"].choices = endings
        self.fields["ending"].initial = Ending.WENT_OUT.value
        self.fields["went_out"].choices = [seat_choice(seat) for seat in self.seats]
        self.asks_meld = ruleset.no_meld_penalty is not None
        self.tiles_help = tiles_help(ruleset)
        self.asks_last_card = not ruleset.is_rummikub
        if self.asks_last_card:
            self.fields["last_card"] = forms.ChoiceField(
                label=_("Was the last card a Draw Two or a Wild Draw Four?"),
                choices=LAST_CARD_CHOICES,
                required=False,
                initial="",
                widget=forms.RadioSelect,
                help_text=_(
                    "If so, the next player draws first and those cards count: enter that player's hand with "
                    "the drawn cards in it, and the drawn cards again below."
                ),
            )
        held = _("Tiles left on the rack") if ruleset.is_rummikub else _("Cards left in hand")
        example = "R3 K10 J" if ruleset.is_rummikub else "R5 GS W4"
        for seat in self.seats:
            letter = seat.letter
            self.fields[f"rack_{letter}"] = forms.CharField(
                label=held,
                max_length=600,
                required=False,
                widget=forms.TextInput(attrs={**TILE_INPUT, "placeholder": example}),
            )
            self.fields[f"rack_value_{letter}"] = forms.IntegerField(
                label=_("or value"),
                min_value=0,
                max_value=9999,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "rack-value"}),
            )
            if self.asks_last_card:
                self.fields[f"drawn_{letter}"] = forms.CharField(
                    label=_("Cards drawn after the last card (the next player only)"),
                    max_length=100,
                    required=False,
                    widget=forms.TextInput(attrs={**TILE_INPUT, "placeholder": "G7 B3"}),
                )
            if self.asks_meld:
                self.fields[f"made_initial_meld_{letter}"] = forms.BooleanField(
                    label=_("Made the initial meld"), required=False, initial=True
                )
                self.fields[f"could_meld_{letter}"] = forms.ChoiceField(
                    label=_("Without the initial meld: could the rack have made it?"),
                    choices=COULD_MELD_CHOICES,
                    required=False,
                )

    def _refuse_forged_hidden_fields(self) -> None:
        """The game number, version and submission key are not on the page, so their errors could not be
        read there: one message above the form says what to do instead."""
        forged = [name for name in HIDDEN_FIELDS if name in self._errors]
        for name in forged:
            del self._errors[name]
        if forged:
            self.add_error(
                None,
                _("This form does not match a game at this table. Reload the page and enter the game again."),
            )

    def seat_fields(self) -> list[SeatFields]:
        return [
            SeatFields(
                seat=seat,
                rack=self[f"rack_{seat.letter}"],
                rack_value=self[f"rack_value_{seat.letter}"],
                made_initial_meld=self[f"made_initial_meld_{seat.letter}"] if self.asks_meld else None,
                could_meld=self[f"could_meld_{seat.letter}"] if self.asks_meld else None,
                drawn=self[f"drawn_{seat.letter}"] if self.asks_last_card else None,
            )
            for seat in self.seats
        ]

    def clean(self) -> dict:
        cleaned = super().clean()
        self._refuse_forged_hidden_fields()
        if cleaned.get("ending") == Ending.WENT_OUT and not cleaned.get("went_out"):
            self.add_error("went_out", _("Mark who went out."))
        if cleaned.get("ending") == Ending.POOL_EXHAUSTED:
            cleaned["went_out"] = ""
        racks = {f"rack_{seat.letter}": cleaned.get(f"rack_{seat.letter}") or "" for seat in self.seats}
        for name, message in tile_errors(self.ruleset, racks).items():
            self.add_error(name, message)
        return cleaned

    def hand_facts(self) -> list[scoring.PlayerInput]:
        """The typed facts per seat (call after is_valid). Tiles typed for the player who went out go to the
        engine too, which refuses them: a wrong "went out" mark must not pass silently."""
        values = self.cleaned_data
        facts = []
        for seat in self.seats:
            letter = seat.letter
            went_out = values.get("went_out") == letter
            could = values.get(f"could_meld_{letter}") or ""
            facts.append(
                scoring.PlayerInput(
                    seat=letter,
                    went_out=went_out,
                    rack=values.get(f"rack_{letter}") or "",
                    rack_value=values.get(f"rack_value_{letter}"),
                    made_initial_meld=values.get(f"made_initial_meld_{letter}", True)
                    if self.asks_meld
                    else True,
                    could_meld=None if went_out or not could else could == "yes",
                    drawn=(values.get(f"drawn_{letter}") or None) if self.asks_last_card else None,
                )
            )
        return facts

    def field_for(self, service_field: str | None, code: str = "") -> str | None:
        """The form field a service or engine refusal belongs to (None: above the form)."""
        if code == "engine:went-out-count":
            return "went_out"
        if not service_field:
            return None
        parts = service_field.split(".")
        if parts[0] == "hands" and len(parts) >= 2:
            letter, attribute = parts[1], parts[2] if len(parts) > 2 else "rack"
            if attribute == "went_out":
                return "went_out"
            name = f"{attribute}_{letter}"
            return (
                name if name in self.fields else f"rack_{letter}" if f"rack_{letter}" in self.fields else None
            )
        return service_field if service_field in ("ending", "went_out", "reason", "last_card") else None

    @property
    def last_card(self) -> str:
        """The Draw Two or Wild Draw Four that ended the hand (UNO; call after is_valid), else ""."""
        return self.cleaned_data.get("last_card") or "" if self.asks_last_card else ""


def initial_for_game(game: SheetGame, seats: Sequence[SheetSeat]) -> dict:
    """A stored game as the form's initial values, to correct it."""
    initial: dict = {
        "ending": game.ending,
        "game_number": game.number,
        "version": game.version,
        "last_card": game.game.last_card,
    }
    for seat, cell in zip(seats, game.cells, strict=True):
        if cell is None:
            continue
        letter = seat.letter
        if cell.went_out:
            initial["went_out"] = letter
        initial[f"rack_{letter}"] = cell.rack
        initial[f"drawn_{letter}"] = cell.drawn
        initial[f"rack_value_{letter}"] = cell.rack_value
        initial[f"made_initial_meld_{letter}"] = cell.made_initial_meld or cell.went_out
        initial[f"could_meld_{letter}"] = (
            "" if cell.could_meld is None else ("yes" if cell.could_meld else "no")
        )
    return initial
