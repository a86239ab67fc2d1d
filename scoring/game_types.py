"""The frozen inputs and outputs of scoring one game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.rulesets import Ruleset

WENT_OUT, POOL_EXHAUSTED = "went-out", "pool-exhausted"
ENDINGS = (WENT_OUT, POOL_EXHAUSTED)

BASIS_WENT_OUT = "went-out"
BASIS_TILES = "tiles"
BASIS_NO_MELD_INSUFFICIENT = "no-meld-insufficient"
BASIS_NO_MELD_SUFFICIENT = "no-meld-sufficient"
BASIS_CARDS = "cards"


@dataclass(frozen=True)
class PlayerInput:
    """What the referee saw for one seat. `rack` (tiles) or `rack_value` (their count, jokers at 30), or both.

    A blank `rack` means no tiles were given. `made_initial_meld` and `could_meld` matter in `hk-school` only.
    `drawn` (UNO): the cards this player drew after the hand's last card, a draw two or a wild draw four; they
    are part of the hand given (`scoring.uno_draw`).
    """

    seat: str
    went_out: bool = False
    rack: str | Sequence[str] | None = None
    rack_value: int | None = None
    made_initial_meld: bool = True
    could_meld: bool | None = None
    drawn: str | Sequence[str] | None = None


@dataclass(frozen=True)
class GameInput:
    """`ruleset`: a key, or a ruleset as a tournament plays it (`get_ruleset(key, options)`).

    `last_card` (UNO, optional): the card that ended the hand; after a draw two or a wild draw four the next
    player draws first (their `drawn`)."""

    ruleset: str | Ruleset
    ending: str
    players: tuple[PlayerInput, ...]
    last_card: str | None = None


@dataclass(frozen=True)
class PlayerResult:
    """`penalty` is p(i) of RULES.md (for UNO: the card points handed to the winner); `score` is exact."""

    seat: str
    rack_value: int
    penalty: int
    score: Fraction
    basis: str
    won: bool
    could_meld: bool | None


@dataclass(frozen=True)
class GameResult:
    ruleset: str
    ending: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]

    def player(self, seat: str) -> PlayerResult:
        for result in self.players:
            if result.seat == seat:
                return result
        raise KeyError(seat)
