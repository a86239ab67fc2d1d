"""Reading racks and sets from text, and the copy limits of the physical set."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from scoring.errors import InputError, TileError
from scoring.lexer import Piece, split_pieces
from scoring.rulesets import Ruleset, get_ruleset

MAX_TOKENS = 1000


def parse_tiles(
    ruleset: str | Ruleset, tiles: str | Sequence[str], *, field: str | None = None
) -> tuple[str, ...]:
    """Canonical tokens of a rack or set: text as a referee types it, or a sequence of such texts.

    Case-insensitive in, upper-case out; separators, Chinese names and missing spaces as `scoring.lexer`
    reads them (`紅3黑4，百搭` is R3 K4 J). Raises `bad-tile` (or `bad-card`, with the token as typed) and
    `too-many-copies`, so a parsed rack always exists in the physical set.
    """
    deck = get_ruleset(ruleset).deck
    tokens = []
    for piece in _split(tiles, field):
        try:
            tokens.append(deck.parse_token(piece.text))
        except TileError as error:
            message = _refusal(piece, deck.describe(), error.code)
            raise TileError(error.code, message, field, token=piece.typed) from None
    check_copies(ruleset, tokens, field=field)
    return tuple(tokens)


def _refusal(piece: Piece, described: str, code: str) -> str:
    noun = "card" if code == "bad-card" else "tile"
    read = f" (read as {piece.text!r})" if piece.text != piece.typed else ""
    return f"{piece.typed!r}{read} is not a {noun} of this set ({described})"


def plain_text(tiles: str) -> str:
    """Typed tiles as the notation spells them, without checking them: full-width forms folded, upper case,
    Chinese names as letters, one space between tokens (`紅3黑4，百搭` is `R3 K4 J`). What the site stores is
    what the engine read."""
    return " ".join(piece.text for piece in split_pieces(tiles))


def _split(tiles: str | Sequence[str], field: str | None) -> list[Piece]:
    if isinstance(tiles, str):
        pieces = split_pieces(tiles)
    elif isinstance(tiles, Sequence) and all(isinstance(item, str) for item in tiles):
        pieces = [piece for item in tiles for piece in split_pieces(item)]
    else:
        raise InputError("bad-input", "tiles must be a string such as 'R7 K13 J' or a list of strings", field)
    if len(pieces) > MAX_TOKENS:
        raise TileError("too-many-copies", f"{len(pieces)} tiles are more than any set holds", field)
    return pieces


def check_copies(ruleset: str | Ruleset, tokens: Iterable[str], *, field: str | None = None) -> None:
    """TileError(`too-many-copies`) when `tokens` (one rack, or all racks of a game) exceed the set."""
    deck = get_ruleset(ruleset).deck
    for token, count in Counter(tokens).items():
        if count > deck.copies(token):
            raise TileError(
                "too-many-copies",
                f"{token} appears {count} times; the set has {deck.copies(token)}",
                field,
                token=token,
            )


def format_tiles(ruleset: str | Ruleset, tokens: Iterable[str], *, sort: bool = False) -> str:
    """Tokens as the notation's text; sorted in the set's order (colour, number, jokers last) if asked."""
    ordered = list(tokens)
    if sort:
        ordered.sort(key=get_ruleset(ruleset).deck.sort_key)
    return " ".join(ordered)


def rack_value(ruleset: str | Ruleset, rack: str | Sequence[str]) -> int:
    """Penalty value of a rack: Rummikub numbers with every joker at 30; UNO card points."""
    rules = get_ruleset(ruleset)
    return sum(rules.deck.points(token) for token in parse_tiles(rules, rack))
