"""Rummikub tiles: the notation of RULES.md and the tile set of one ruleset.

Tiles travel as canonical upper-case tokens (`R7`, `K13`, `J`, and in `twist` `D`, `C`, `M`), the same
strings the JSON contract and the fast solver use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from scoring.errors import TileError
from scoring.lexer import one_token

JOKER = "J"
DOUBLE = "D"
COLOUR_CHANGE = "C"
MIRROR = "M"
JOKER_ORDER = (JOKER, DOUBLE, COLOUR_CHANGE, MIRROR)
SPECIAL_JOKERS = frozenset({DOUBLE, COLOUR_CHANGE, MIRROR})
LOWEST, HIGHEST = 1, 13
JOKER_PENALTY = 30

_NUMBER_TILE = re.compile(r"([A-Z])([0-9]{1,2})")


@lru_cache(maxsize=4096)
def split_tile(token: str) -> tuple[str, int] | None:
    """(colour, number) of a canonical number tile, None for a joker of any kind."""
    if token in JOKER_ORDER:
        return None
    return token[0], int(token[1:])


def is_joker(token: str) -> bool:
    return token in JOKER_ORDER


@dataclass(frozen=True)
class RummikubTiles:
    """The physical tiles of a Rummikub edition: colours x numbers x copies, plus its jokers."""

    colours: str
    jokers: tuple[tuple[str, int], ...]
    copies_per_tile: int = 2
    kind: str = "tile"

    def parse_token(self, raw: str) -> str:
        """Canonical token of one tile, case-insensitive, a Chinese name read (`紅3`, `百搭`);
        TileError(`bad-tile`) for anything else."""
        token = one_token(raw)
        if token in dict(self.jokers):
            return token
        match = _NUMBER_TILE.fullmatch(token)
        if match and match.group(1) in self.colours and not match.group(2).startswith("0"):
            if LOWEST <= int(match.group(2)) <= HIGHEST:
                return token
        raise TileError("bad-tile", f"{raw!r} is not a tile of this set ({self.describe()})")

    def describe(self) -> str:
        jokers = ", ".join(name for name, _ in self.jokers)
        return f"colours {', '.join(self.colours)} with numbers 1-13, jokers {jokers}"

    def copies(self, token: str) -> int:
        """How many physical copies of `token` the full set holds."""
        return dict(self.jokers).get(token, self.copies_per_tile)

    def points(self, token: str) -> int:
        """Penalty value on a rack at the end of a game: the number, or 30 for any joker."""
        tile = split_tile(token)
        return JOKER_PENALTY if tile is None else tile[1]

    def sort_key(self, token: str) -> tuple[int, int]:
        """Colour in the set's order, then number; jokers last, in the order J D C M."""
        tile = split_tile(token)
        if tile is None:
            return (len(self.colours), JOKER_ORDER.index(token))
        return (self.colours.index(tile[0]), tile[1])

    def all_tokens(self) -> tuple[str, ...]:
        """Every distinct tile of the set, in sort order."""
        numbers = tuple(f"{c}{n}" for c in self.colours for n in range(LOWEST, HIGHEST + 1))
        return numbers + tuple(name for name, _ in self.jokers)

    def size(self) -> int:
        return sum(self.copies(token) for token in self.all_tokens())

    def has_special_jokers(self, tokens: tuple[str, ...] | list[str]) -> bool:
        return any(token in SPECIAL_JOKERS for token in tokens)
