"""The draw's forms: who goes on and how to draw, a redraw's seed, a swap by hand, a withdrawal."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from referee.draws.selectors.draws import ADVANCEMENT_RULES
from referee.draws.services.draws import MAX_SEED
from referee.models import Attendance, Tournament
from referee.wording.draws import ADVANCEMENT_LABELS, MODE_LABELS
from seating import MODES


def default_sizes(tournament: Tournament) -> tuple[int, int]:
    """Full tables of four where the ruleset allows them (Rummikub's usual tables), one fewer at the least."""
    least = scoring.get_ruleset(tournament.ruleset).min_players
    most = min(tournament.table_size, 4)
    return most, max(least, most - 1)


class DrawForm(forms.Form):
    rule = forms.ChoiceField(
        label=_("Who goes on"),
        choices=[(rule, ADVANCEMENT_LABELS[rule]) for rule in ADVANCEMENT_RULES],
        widget=forms.RadioSelect,
    )
    top = forms.IntegerField(
        label=_("How many of the top players"),
        min_value=1,
        max_value=9999,
        required=False,
        help_text=_("Players sharing the last place taken all go on."),
    )
    school_cap = forms.IntegerField(
        label=_("At most this many per school"),
        min_value=1,
        max_value=9999,
        required=False,
        help_text=_("Leave blank for no cap; the cap keeps each school's best placed players."),
    )
    mode = forms.ChoiceField(
        label=_("Draw"), choices=[(mode, MODE_LABELS[mode]) for mode in MODES], widget=forms.RadioSelect
    )
    table_max = forms.IntegerField(label=_("Players per table, at most"), min_value=2, max_value=10)
    table_min = forms.IntegerField(label=_("Players per table, at least"), min_value=2, max_value=10)
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=_("Leave blank for a fresh one; the same seed draws the same tables."),
    )


class RedrawForm(forms.Form):
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=_("Leave blank for a fresh one."),
    )


class SwapForm(forms.Form):
    first = forms.ChoiceField(label=_("Player"))
    second = forms.ChoiceField(label=_("changes places with"))

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


class WithdrawForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"))
    attendance = forms.ChoiceField(
        label=_("Now"),
        choices=[
            (Attendance.WITHDRAWN, Attendance.WITHDRAWN.label),
            (Attendance.ABSENT, Attendance.ABSENT.label),
        ],
    )

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = choices


class LateForm(forms.Form):
    """A player who arrived after the draw: seated into this round by the engine's repair."""

    player = forms.ChoiceField(label=_("Player"))

    def __init__(self, *args, choices: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = choices
