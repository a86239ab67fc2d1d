"""The tiles (or cards) of a ruleset named in words, for the help texts of the forms that take them: each
ruleset has its own (six-player's G and P, twist's D, C and M), and a referee should not guess them."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import scoring
from referee.wording.sentences import listed

COLOUR_NAMES: dict[str, Promise] = {
    "K": pgettext_lazy("tile colour", "black"),
    "R": pgettext_lazy("tile colour", "red"),
    "B": pgettext_lazy("tile colour", "blue"),
    "Y": pgettext_lazy("tile colour", "yellow"),
    "G": pgettext_lazy("tile colour", "green"),
    "P": pgettext_lazy("tile colour", "purple"),
}
SINGLE_NAMES: dict[str, Promise] = {
    "J": gettext_lazy("joker"),
    "D": gettext_lazy("double joker"),
    "C": gettext_lazy("colour-change joker"),
    "M": gettext_lazy("mirror joker"),
    "W": pgettext_lazy("UNO card", "wild"),
    "W4": pgettext_lazy("UNO card", "wild draw four"),
}


def _named(tokens: str | list[str], names: Mapping[str, Promise]) -> str:
    return listed(f"{token} {names.get(token, token)}" for token in tokens)


def tiles_help(ruleset: scoring.Ruleset) -> str:
    """One sentence for the tiles (colours, numbers) and one for the tokens of their own (jokers, wilds)."""
    deck = ruleset.deck
    colours = _named(deck.colours, COLOUR_NAMES)
    singles = [token for token in deck.all_tokens() if token in SINGLE_NAMES]
    if ruleset.is_rummikub:
        sentence = _("Tiles: a colour (%(colours)s) and a number from 1 to 13, for example R7.") % {
            "colours": colours
        }
    else:
        sentence = _(
            "Cards: a colour (%(colours)s) and a face (0 to 9, S skip, R reverse, D draw two), for example "
            "R7."
        ) % {"colours": colours}
    if singles:
        sentence += " " + _("Also: %(singles)s.") % {"singles": _named(singles, SINGLE_NAMES)}
    return sentence
