"""The set checker's one field: a set as laid, in the notation, checked tile by tile before the engine."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from referee.play.forms.entry import TILE_INPUT
from referee.play.forms.tiles import tile_errors
from referee.wording.tiles import tiles_help


class SetCheckForm(forms.Form):
    tiles = forms.CharField(
        label=_("The set, tile by tile in the order laid"),
        max_length=200,
        widget=forms.TextInput(attrs={**TILE_INPUT, "placeholder": "R5 R6 J"}),
    )

    def __init__(self, *args, ruleset: scoring.Ruleset, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.fields["tiles"].help_text = tiles_help(ruleset)

    def clean_tiles(self) -> str:
        typed = self.cleaned_data["tiles"]
        error = tile_errors(self.ruleset, {"tiles": typed}).get("tiles")
        if error:
            raise forms.ValidationError(error)
        return typed
