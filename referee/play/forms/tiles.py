"""Typed tiles checked field by field, so a mistake is named next to the input that holds it.

The engine refuses the same input (a tile the set does not have, more copies than the set holds), but it
speaks of a game's players as a whole; here each rack or table field hears about its own tiles: "R14 is not a
tile of this game", "R5 is entered 3 times across the racks; the game has 2".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from django.utils.translation import gettext as _

import scoring
from scoring.lexer import split_pieces


def _not_in_set(ruleset: scoring.Ruleset, token: str) -> str:
    if ruleset.is_rummikub:
        return _("%(tile)s is not a tile of this game (write tiles like R7, K13, J).") % {"tile": token}
    return _("%(tile)s is not a card of this game (write cards like R7, GS, W4).") % {"tile": token}


def _too_many(ruleset: scoring.Ruleset, token: str, count: int, copies: int, *, several_fields: bool) -> str:
    values = {"tile": token, "count": count, "copies": copies}
    if not ruleset.is_rummikub:
        return _("%(tile)s is entered %(count)d times across the hands; the game has %(copies)d.") % values
    if several_fields:
        return _("%(tile)s is entered %(count)d times across the racks; the game has %(copies)d.") % values
    return _("%(tile)s is entered %(count)d times; the game has %(copies)d.") % values


def tile_errors(ruleset: scoring.Ruleset, fields: Mapping[str, str]) -> dict[str, str]:
    """One message per field at fault: the first token the set does not have, else a tile typed more often
    (over all `fields`, the racks of one game) than the set holds."""
    deck = ruleset.deck
    errors: dict[str, str] = {}
    parsed: dict[str, list[str]] = {}
    for name, text in fields.items():
        tokens = []
        # The engine's own reading of the text (separators, Chinese names, tiles without spaces).
        for piece in split_pieces(text or ""):
            try:
                tokens.append(deck.parse_token(piece.text))
            except scoring.ScoringError:
                errors[name] = _not_in_set(ruleset, piece.typed)
                break
        else:
            parsed[name] = tokens
    counts = Counter(token for tokens in parsed.values() for token in tokens)
    for token, count in counts.items():
        copies = deck.copies(token)
        if count <= copies:
            continue
        for name, tokens in parsed.items():
            if token in tokens and name not in errors:
                errors[name] = _too_many(ruleset, token, count, copies, several_fields=len(fields) > 1)
    return errors
