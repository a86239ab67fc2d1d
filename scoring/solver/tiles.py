"""Reading notation tokens into per-colour counts, and writing tiles back as tokens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

JOKER = "J"
LOWEST, HIGHEST = 1, 13
NUMBERS = range(LOWEST, HIGHEST + 1)


@dataclass(frozen=True)
class TileCounts:
    """How many of each tile the input holds: ``counts[colour_index][number]`` and the jokers."""

    colours: str
    counts: tuple[tuple[int, ...], ...]
    jokers: int


def parse_tokens(tiles: Sequence[str], colours: str) -> TileCounts:
    """Count the tokens; the engine has already checked copy limits, so only the syntax is checked."""
    counts = [[0] * (HIGHEST + 2) for _ in colours]
    jokers = 0
    for raw in tiles:
        token = raw.strip().upper()
        if token == JOKER:
            jokers += 1
            continue
        colour, digits = token[:1], token[1:]
        if not colour or colour not in colours or not digits.isdigit():
            raise ValueError(f"not a tile of colours {colours}: {raw!r}")
        number = int(digits)
        if not LOWEST <= number <= HIGHEST:
            raise ValueError(f"tile number out of range: {raw!r}")
        counts[colours.index(colour)][number] += 1
    return TileCounts(colours, tuple(tuple(row) for row in counts), jokers)


def token(colours: str, colour_index: int, number: int) -> str:
    return f"{colours[colour_index]}{number}"


def tile_order(colours: str) -> Callable[[str], tuple[int, int]]:
    """Sort key for tokens: colour in ruleset order, then number, jokers last."""

    def key(tok: str) -> tuple[int, int]:
        if tok == JOKER:
            return (len(colours), 0)
        return (colours.index(tok[0]), int(tok[1:]))

    return key
