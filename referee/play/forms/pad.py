"""The tile pad: large buttons for a ruleset's colours, numbers (or card faces) and jokers, so a referee
enters a rack in taps instead of switching a phone keyboard between letters and digits.

The layout comes from the ruleset's own set (`deck.all_tokens()`): a token made of a colour letter and a face
(`R7`, `GS`) is a colour button followed by a face button; every other token (`J`, `D`, `C`, `M`, `W`, `W4`)
is a button of its own. What the pad types is the notation the engine reads, separated by spaces.
"""

from __future__ import annotations

from dataclasses import dataclass

import scoring
from referee.wording.tiles import COLOUR_NAMES, SINGLE_NAMES


@dataclass(frozen=True)
class PadKey:
    token: str
    name: str

    @property
    def css(self) -> str:
        """The tile chip's colour class, as the scoresheet draws the same tile."""
        return f"tile-{self.token[0]}" if self.token[0] in COLOUR_NAMES else "tile-J"


@dataclass(frozen=True)
class PadLayout:
    colours: list[PadKey]
    faces: list[str]
    singles: list[PadKey]


def pad_layout(ruleset: scoring.Ruleset) -> PadLayout:
    deck = ruleset.deck
    colours = deck.colours
    faces: list[str] = []
    singles: list[PadKey] = []
    for token in deck.all_tokens():
        if len(token) > 1 and token[0] in colours and token not in SINGLE_NAMES:
            if token[1:] not in faces:
                faces.append(token[1:])
        else:
            singles.append(PadKey(token, str(SINGLE_NAMES.get(token, token))))
    return PadLayout(
        colours=[PadKey(colour, str(COLOUR_NAMES.get(colour, colour))) for colour in colours],
        faces=faces,
        singles=singles,
    )
