"""Reading racks and sets from text, and the copy limits of the physical set."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from scoring.errors import InputError, TileError
from scoring.rulesets import Ruleset, get_ruleset
from scoring.tiles import canonical_text

MAX_TOKENS = 1000


def parse_tiles(
    ruleset: str | Ruleset, tiles: str | Sequence[str], *, field: str | None = None
) -> tuple[str, ...]:
    """Canonical tokens of a rack or set: whitespace-separated text or a sequence of tokens.

    Case-insensitive in, upper-case out. Raises `bad-tile` (or `bad-card`) and `too-many-copies`, so a
    parsed rack always exists in the physical set.
    """
    deck = get_ruleset(ruleset).deck
    raw_tokens = _split(tiles, field)
    tokens = []
    for raw in raw_tokens:
        try:
            tokens.append(deck.parse_token(raw))
        except TileError as error:
            raise (error.at(field) if field else error) from None
    check_copies(ruleset, tokens, field=field)
    return tuple(tokens)


def plain_text(tiles: str) -> str:
    """Typed tiles as the notation spells them, without checking them: full-width letters, digits and spaces
    (a Chinese keyboard) folded, upper case, single spaces. What the site stores is what the engine read."""
    return " ".join(canonical_text(tiles).split())


def _split(tiles: str | Sequence[str], field: str | None) -> list[str]:
    if isinstance(tiles, str):
        raw_tokens = tiles.split()
    elif isinstance(tiles, Sequence) and all(isinstance(item, str) for item in tiles):
        raw_tokens = [part for item in tiles for part in item.split()]
    else:
        raise InputError("bad-input", "tiles must be a string such as 'R7 K13 J' or a list of strings", field)
    if len(raw_tokens) > MAX_TOKENS:
        raise TileError("too-many-copies", f"{len(raw_tokens)} tiles are more than any set holds", field)
    return raw_tokens


def check_copies(ruleset: str | Ruleset, tokens: Iterable[str], *, field: str | None = None) -> None:
    """TileError(`too-many-copies`) when `tokens` (one rack, or all racks of a game) exceed the set."""
    deck = get_ruleset(ruleset).deck
    for token, count in Counter(tokens).items():
        if count > deck.copies(token):
            raise TileError(
                "too-many-copies",
                f"{token} appears {count} times; the set has {deck.copies(token)}",
                field,
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
