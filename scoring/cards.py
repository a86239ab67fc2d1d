"""UNO cards: the notation of RULES.md, the 108-card deck and the card points of seed 001."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.errors import TileError
from scoring.lexer import one_token

COLOURS = "RGBY"
ACTIONS = {"S": "skip", "R": "reverse", "D": "draw two"}
WILD, WILD_DRAW_FOUR = "W", "W4"
ACTION_POINTS = 20
WILD_POINTS = 50

_COLOURED = re.compile(r"([RGBY])([0-9SRD])")


@dataclass(frozen=True)
class UnoCards:
    """Per colour one 0, two of each 1-9 and of each action; four of each wild."""

    kind: str = "card"
    colours: str = COLOURS

    def parse_token(self, raw: str) -> str:
        token = one_token(raw)
        if token in (WILD, WILD_DRAW_FOUR) or _COLOURED.fullmatch(token):
            return token
        raise TileError("bad-card", f"{raw!r} is not a UNO card (R0-R9, RS, RR, RD in R G B Y; W; W4)")

    def describe(self) -> str:
        return "UNO cards R0-R9, RS, RR, RD in colours R G B Y, W and W4"

    def copies(self, token: str) -> int:
        if token in (WILD, WILD_DRAW_FOUR):
            return 4
        return 1 if token[1] == "0" else 2

    def points(self, token: str) -> int:
        """Face value for numbers, 20 for skip, reverse and draw two, 50 for either wild."""
        if token in (WILD, WILD_DRAW_FOUR):
            return WILD_POINTS
        return int(token[1]) if token[1].isdigit() else ACTION_POINTS

    def sort_key(self, token: str) -> tuple[int, int]:
        if token in (WILD, WILD_DRAW_FOUR):
            return (len(self.colours), 0 if token == WILD else 1)
        faces = "0123456789SRD"
        return (self.colours.index(token[0]), faces.index(token[1]))

    def all_tokens(self) -> tuple[str, ...]:
        faces = "0123456789SRD"
        return tuple(f"{c}{f}" for c in self.colours for f in faces) + (WILD, WILD_DRAW_FOUR)

    def size(self) -> int:
        return sum(self.copies(token) for token in self.all_tokens())

    def has_special_jokers(self, tokens: tuple[str, ...] | list[str]) -> bool:
        return False
