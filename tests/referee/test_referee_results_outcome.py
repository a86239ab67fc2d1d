"""A table's places: the engine's ranks, with the organisers' tie-break laid over a tie for first place."""

from __future__ import annotations

from fractions import Fraction

import scoring
from referee.results.outcome import table_outcome


def match(*ranks: int, finished: bool = True, winner: str | None = None) -> scoring.MatchResult:
    players = tuple(
        scoring.MatchPlayer(seat=letter, games_won=Fraction(0), total=Fraction(0), rank=rank)
        for letter, rank in zip("ABCD", ranks, strict=False)
    )
    return scoring.MatchResult(players=players, winner=winner, decided_by="games-won", finished=finished)


def test_a_tie_not_yet_broken_is_a_shared_first_place():
    outcome = table_outcome(match(1, 1, 3, 4))
    assert outcome.places == {"A": (1, True), "B": (1, True), "C": (3, False), "D": (4, False)}


def test_a_broken_tie_puts_the_winner_first_and_the_other_second():
    outcome = table_outcome(match(1, 1, 3, 4), tie_winner="B", tie_break="抽籤")
    assert outcome.places == {"A": (2, False), "B": (1, False), "C": (3, False), "D": (4, False)}


def test_a_three_way_tie_broken_leaves_the_other_two_sharing_second():
    outcome = table_outcome(match(1, 1, 1, 4), tie_winner="C", tie_break="抽籤")
    assert outcome.places == {"A": (2, True), "B": (2, True), "C": (1, False), "D": (4, False)}


def test_a_match_decided_by_the_rules_keeps_the_engines_places():
    outcome = table_outcome(match(1, 2, 2, 4, winner="A"))
    assert outcome.places == {"A": (1, False), "B": (2, True), "C": (2, True), "D": (4, False)}


def test_no_places_before_the_first_game():
    assert table_outcome(None).places == {}
