"""A hand's derived numbers: worked out once, from the engine's result, in the units the database stores."""

from __future__ import annotations

from fractions import Fraction

import pytest

import scoring
from core.errors import ServiceError
from referee.results.hands import HandNumbers, hand_numbers, normalised


def game(ruleset: str, scores: dict[str, Fraction], ending: str = "pool-exhausted") -> scoring.GameResult:
    best = max(scores.values())
    players = tuple(
        scoring.PlayerResult(seat, 0, 0, score, "tiles", score == best, None)
        for seat, score in scores.items()
    )
    winners = tuple(player.seat for player in players if player.won)
    return scoring.GameResult(ruleset=ruleset, ending=ending, players=players, winners=winners)


def test_a_shared_win_is_credited_in_full_or_split():
    shared = game("hk-school", {"A": Fraction(15, 2), "B": Fraction(15, 2), "C": Fraction(-15)})
    full = hand_numbers(shared, shared_win_credit="full")
    split = hand_numbers(shared, shared_win_credit="split")
    assert full["A"] == HandNumbers(0, 450, "tiles", True, 60)
    assert split["B"].win_credit_sixtieths == 30
    assert split["C"] == HandNumbers(0, -900, "tiles", False, 0)


def test_a_rummikub_game_that_does_not_sum_to_zero_is_refused():
    with pytest.raises(ServiceError) as refused:
        hand_numbers(game("hk-school", {"A": Fraction(10), "B": Fraction(-9)}), shared_win_credit="full")
    assert refused.value.code == "not-zero-sum"


def test_an_uno_hand_is_not_zero_sum():
    numbers = hand_numbers(
        game("uno", {"A": Fraction(40), "B": Fraction(0)}, "went-out"), shared_win_credit="full"
    )
    assert numbers["A"].score_sixtieths == 2400


def test_a_score_finer_than_a_sixtieth_is_refused():
    with pytest.raises(ServiceError) as refused:
        hand_numbers(game("uno", {"A": Fraction(1, 7), "B": Fraction(0)}), shared_win_credit="full")
    assert refused.value.code == "inexact"


def test_facts_are_stored_as_the_notation_spells_them():
    typed = scoring.PlayerInput(" b ", rack="ｒ７ k1", made_initial_meld=0)
    assert normalised(typed) == scoring.PlayerInput("B", rack="R7 K1", made_initial_meld=False, drawn="")


def test_uno_drawn_cards_are_stored_as_the_notation_spells_them():
    typed = scoring.PlayerInput("c", rack="r7 g2 w4", drawn="ｒ７ g2")
    assert normalised(typed).drawn == "R7 G2"
