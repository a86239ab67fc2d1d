"""A table's outcome from the numbers stored with each hand, and the organisers' tie-break laid over it.

The engine decided each game when it was saved; deciding the match again from those stored numbers needs one
query and no rescoring, so the table page and the standings stay fast and always agree with the scoresheet.
Every reader (the table page, the standings, the scoresheet PDF, the workbook) decides a table through
`outcome_of`, so a page and its printout cannot disagree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import scoring
from core.errors import ServiceError
from referee.models import HandResult, Table, Tournament
from referee.models.results import SIXTIETHS
from referee.results.engine import translate_scoring_error
from referee.results.ranking import TIE_BREAK, OrganisersDecision, rank_table
from referee.results.table_rules import match_options

IN_PLAY = "in-play"
UNSIGNED, UNCONFIRMED = "unsigned", "unconfirmed"  # finished, but not yet final
HELD = "held"  # final, but its round's results are held from the public


@dataclass(frozen=True)
class StoredHand:
    seat: str
    penalty: int
    score: Fraction
    basis: str
    won: bool


def stored_game(ruleset: str, ending: str, hands: Sequence[StoredHand]) -> scoring.GameResult:
    """A saved game as the engine's result, without scoring it again."""
    players = tuple(
        scoring.PlayerResult(
            seat=hand.seat,
            rack_value=hand.penalty,
            penalty=hand.penalty,
            score=hand.score,
            basis=hand.basis,
            won=hand.won,
            could_meld=None,
        )
        for hand in sorted(hands, key=lambda hand: hand.seat)
    )
    winners = tuple(player.seat for player in players if player.won)
    return scoring.GameResult(ruleset=ruleset, ending=ending, players=players, winners=winners)


def decide_stored(
    tournament: Tournament,
    seat_count: int,
    games: Sequence[scoring.GameResult],
    last_game: int | None = None,
) -> scoring.MatchResult:
    """The engine's verdict; a refusal (a game after the target was reached) becomes a ServiceError."""
    options = match_options(tournament, seat_count, last_game)
    try:
        return scoring.decide_match(tournament.ruleset, games, options)
    except scoring.ScoringError as error:
        raise translate_scoring_error(error) from None


def stored_games(
    tournament: Tournament, rows: Iterable[tuple[Any, ...]]
) -> dict[int, list[scoring.GameResult]]:
    """Rows of (table id, game number, ending, seat letter, penalty, score in sixtieths, won), any order,
    grouped into each table's games in the order played."""
    hands: dict[int, dict[int, list[StoredHand]]] = defaultdict(lambda: defaultdict(list))
    endings: dict[tuple[int, int], str] = {}
    for table_id, number, ending, letter, penalty, sixtieths, won in rows:
        hands[table_id][number].append(StoredHand(letter, penalty, Fraction(sixtieths, SIXTIETHS), "", won))
        endings[(table_id, number)] = ending
    return {
        table_id: [
            stored_game(tournament.ruleset, endings[(table_id, number)], by_number[number])
            for number in sorted(by_number)
        ]
        for table_id, by_number in hands.items()
    }


HAND_ROW = (
    "game__table_id",
    "game__number",
    "game__ending",
    "seat__letter",
    "penalty",
    "score_sixtieths",
    "won",
)


def table_match(table: Table, seat_count: int) -> scoring.MatchResult | None:
    """One query: the table's verdict from its stored games, None before the first game."""
    tournament = table.round.tournament
    rows = HandResult.objects.filter(game__table=table).values_list(*HAND_ROW)
    games = stored_games(tournament, rows).get(table.pk, [])
    return decide_stored(tournament, seat_count, games, table.last_game) if games else None


@dataclass(frozen=True)
class TableOutcome:
    """Who won the table and why: the engine's rule, or the organisers' tie-break over an unresolved tie."""

    match: scoring.MatchResult | None
    winner: str | None
    decided_by: str
    tied: tuple[str, ...]
    tie_break: str

    @property
    def finished(self) -> bool:
        return self.match is not None and self.match.finished

    @property
    def places(self) -> dict[str, tuple[int, bool]]:
        """Each seat's place at the table and whether it is shared: the engine's ranks, then the organisers'
        recorded decision over a tie for first (its winner 1st, the others 2nd)."""
        if self.match is None:
            return {}
        decision = OrganisersDecision(self.winner or "") if self.decided_by == TIE_BREAK else None
        return rank_table(self.match, decision)


def table_outcome(
    match: scoring.MatchResult | None, tie_winner: str = "", tie_break: str = ""
) -> TableOutcome:
    if match is None or not match.finished:
        return TableOutcome(match, None, IN_PLAY, (), "")
    if match.winner is not None:
        return TableOutcome(match, match.winner, match.decided_by, (), "")
    tied = tuple(player.seat for player in match.players if player.rank == 1)
    if tie_winner in tied:
        return TableOutcome(match, tie_winner, TIE_BREAK, tied, tie_break)
    return TableOutcome(match, None, match.decided_by, tied, "")


def outcome_of(
    tournament: Tournament, table: Table, seat_count: int, games: Sequence[scoring.GameResult]
) -> TableOutcome:
    """The table's outcome; a table without games, or whose games the engine refuses, is still in play."""
    try:
        match = decide_stored(tournament, seat_count, games, table.last_game) if games else None
    except ServiceError:
        match = None
    return table_outcome(match, table.tie_winner, table.tie_break)
