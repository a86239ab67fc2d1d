"""The frozen options and results of deciding a match (one table's games)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

FULL, SPLIT = "full", "split"
SHARED_WIN_CREDITS = (FULL, SPLIT)
BY_GAMES_WON, BY_TOTAL_SCORE, UNRESOLVED, BY_TARGET = "games-won", "total-score", "unresolved", "target"
# The rules' order at a table and in the standings (RULES.md): most games won, then the higher total score.
GAMES_WON_ORDER = (BY_GAMES_WON, BY_TOTAL_SCORE)


@dataclass(frozen=True)
class MatchOptions:
    """`shared_win_credit`: a shared win counts 1 for each sharer (`full`) or 1/k (`split`).

    `games_per_table`: how many games the match has (None: the games given are the whole match).
    `target`: UNO's winning total (None: the ruleset's default, 500). Options a ruleset has no use for
    (a target in Rummikub, games per table in UNO) are ignored."""

    shared_win_credit: str = FULL
    games_per_table: int | None = None
    target: int | None = None


@dataclass(frozen=True)
class MatchPlayer:
    seat: str
    games_won: Fraction
    total: Fraction
    rank: int


@dataclass(frozen=True)
class MatchResult:
    """Players in seat order. `winner` is None while unfinished or on a tie that the rules cannot break."""

    players: tuple[MatchPlayer, ...]
    winner: str | None
    decided_by: str
    finished: bool
