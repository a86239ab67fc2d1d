"""Scoring one game: the endings, shared wins, the hk-school no-meld rule, UNO, and refused facts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import GameInput, PlayerInput, ScoringError, score_game


def game(ruleset: str, ending: str, *players: PlayerInput) -> GameInput:
    return GameInput(ruleset=ruleset, ending=ending, players=tuple(players))


def values(ruleset: str, ending: str, *rack_values: int | None) -> GameInput:
    """Players A, B, ... by rack value; None marks the one who went out."""
    return game(
        ruleset,
        ending,
        *(PlayerInput(seat=chr(65 + i), went_out=v is None, rack_value=v) for i, v in enumerate(rack_values)),
    )


def scores(result) -> list[Fraction]:
    return [player.score for player in result.players]


def error_code(game_input: GameInput) -> str:
    with pytest.raises(ScoringError) as caught:
        score_game(game_input)
    return caught.value.code


def test_contract_example_went_out():
    result = score_game(
        game(
            "hk-school",
            "went-out",
            PlayerInput("A", went_out=True),
            PlayerInput("B", rack="R3 R4 K13 J"),
            PlayerInput("C", rack_value=15),
            PlayerInput("D", rack_value=40, made_initial_meld=False, could_meld=True),
        )
    )
    assert result.winners == ("A",)
    assert [(p.seat, p.rack_value, p.penalty, p.score, p.basis) for p in result.players] == [
        ("A", 0, 0, 265, "went-out"),
        ("B", 50, 50, -50, "tiles"),
        ("C", 15, 15, -15, "tiles"),
        ("D", 40, 200, -200, "no-meld-sufficient"),
    ]


def test_seed_002_pool_exhausted_example_1():
    result = score_game(values("hk-school", "pool-exhausted", 5, 10, 15, 20))
    assert scores(result) == [30, -5, -10, -15]
    assert result.winners == ("A",)


def test_seed_002_pool_exhausted_example_2_is_a_shared_win():
    result = score_game(values("hk-school", "pool-exhausted", 1, 1, 10, 7))
    assert scores(result) == [Fraction(15, 2), Fraction(15, 2), -9, -6]
    assert result.winners == ("A", "B")
    assert [p.won for p in result.players] == [True, True, False, False]


def test_a_share_in_thirds_stays_exact_and_sums_to_zero():
    result = score_game(values("standard", "pool-exhausted", 3, 3, 3, 4))
    assert scores(result) == [Fraction(1, 3)] * 3 + [-1]
    assert sum(scores(result)) == 0


def test_when_everyone_ties_everyone_wins_nothing():
    result = score_game(values("standard", "pool-exhausted", 8, 8))
    assert scores(result) == [0, 0]
    assert result.winners == ("A", "B")


class TestHkSchoolNoMeld:
    def test_a_rack_that_could_meld_costs_200_whatever_its_tiles(self):
        result = score_game(
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="R10 R11 R12 K1", made_initial_meld=False),
            )
        )
        player = result.players[1]
        assert (player.rack_value, player.penalty, player.basis, player.could_meld) == (
            34,
            200,
            "no-meld-sufficient",
            True,
        )
        assert scores(result) == [200, -200]

    def test_a_rack_that_could_not_meld_costs_100(self):
        result = score_game(
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="R1 B7 Y13", made_initial_meld=False),
            )
        )
        assert (result.players[1].penalty, result.players[1].basis) == (100, "no-meld-insufficient")

    def test_jokers_count_towards_could_have_melded(self):
        result = score_game(
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="R9 R10 J", made_initial_meld=False),
            )
        )
        assert result.players[1].penalty == 200

    def test_the_flat_value_also_decides_a_pool_exhausted_game(self):
        result = score_game(
            game(
                "hk-school",
                "pool-exhausted",
                PlayerInput("A", rack_value=90),
                PlayerInput("B", rack_value=20, made_initial_meld=False, could_meld=False),
            )
        )
        assert result.winners == ("A",)
        assert scores(result) == [10, -10]

    def test_a_disagreeing_could_meld_is_refused(self):
        assert (
            error_code(
                game(
                    "hk-school",
                    "went-out",
                    PlayerInput("A", went_out=True),
                    PlayerInput("B", rack="R1 B7 Y13", made_initial_meld=False, could_meld=True),
                )
            )
            == "could-meld-mismatch"
        )

    def test_could_meld_is_required_without_tiles(self):
        assert (
            error_code(
                game(
                    "hk-school",
                    "went-out",
                    PlayerInput("A", went_out=True),
                    PlayerInput("B", rack_value=40, made_initial_meld=False),
                )
            )
            == "could-meld-required"
        )

    def test_other_rulesets_ignore_the_initial_meld(self):
        result = score_game(
            game(
                "standard",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack_value=40, made_initial_meld=False),
            )
        )
        assert (result.players[1].penalty, result.players[1].basis) == (40, "tiles")


class TestUno:
    def test_the_winner_scores_the_cards_left_and_losers_score_0(self):
        result = score_game(
            game(
                "uno",
                "went-out",
                PlayerInput("A", rack="R7 W4"),
                PlayerInput("B", went_out=True),
                PlayerInput("C", rack_value=20),
            )
        )
        assert scores(result) == [0, 77, 0]
        assert [p.penalty for p in result.players] == [57, 0, 20]
        assert [p.basis for p in result.players] == ["cards", "went-out", "cards"]

    def test_a_hand_left_with_only_zeros_is_worth_0(self):
        result = score_game(
            game("uno", "went-out", PlayerInput("A", rack="G0"), PlayerInput("B", went_out=True))
        )
        assert scores(result) == [0, 0]

    def test_uno_has_no_pool_exhausted_ending(self):
        assert error_code(values("uno", "pool-exhausted", 5, 7)) == "bad-ending"


@pytest.mark.parametrize(
    "game_input, code",
    [
        (values("mahjong", "went-out", None, 5), "unknown-ruleset"),
        (values("hk-school", "draw", None, 5), "bad-ending"),
        (values("hk-school", "went-out", None), "seat-count"),
        (values("hk-school", "went-out", None, 1, 2, 3, 4), "seat-count"),
        (values("six-player", "went-out", None, 1, 2, 3, 4, 5, 6), "seat-count"),
        (values("hk-school", "went-out", 5, 6), "went-out-count"),
        (values("hk-school", "went-out", None, None), "went-out-count"),
        (values("hk-school", "pool-exhausted", None, 5), "went-out-count"),
        (values("hk-school", "went-out", None, -1), "bad-rack-value"),
        (values("hk-school", "went-out", None, 0), "bad-rack-value"),
        (values("hk-school", "went-out", None, 789), "rack-value-too-high"),
        (values("uno", "went-out", None, 1241), "rack-value-too-high"),
        (game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("B")), "missing-rack"),
        (
            game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("B", rack="  ")),
            "missing-rack",
        ),
        (
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="R3 J", rack_value=32),
            ),
            "rack-value-mismatch",
        ),
        (
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True, rack="R5"),
                PlayerInput("B", rack_value=5),
            ),
            "went-out-with-tiles",
        ),
        (
            game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("B", rack="R5 X9")),
            "bad-tile",
        ),
        (
            game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("A", rack_value=5)),
            "duplicate-seat",
        ),
        (
            game("hk-school", "went-out", PlayerInput("", went_out=True), PlayerInput("B", rack_value=5)),
            "bad-seat",
        ),
        (
            game("hk-school", "went-out", PlayerInput("A", went_out="yes"), PlayerInput("B", rack_value=5)),
            "bad-input",
        ),
        (
            game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("B", rack_value=True)),
            "bad-rack-value",
        ),
    ],
)
def test_refused_facts_have_stable_codes(game_input, code):
    assert error_code(game_input) == code


def test_copies_are_limited_across_all_racks_of_a_game():
    assert (
        error_code(
            game(
                "hk-school",
                "went-out",
                PlayerInput("A", went_out=True),
                PlayerInput("B", rack="J R5"),
                PlayerInput("C", rack="J R5"),
                PlayerInput("D", rack="J"),
            )
        )
        == "too-many-copies"
    )


def test_errors_name_the_field_at_fault():
    with pytest.raises(ScoringError) as caught:
        score_game(
            game("hk-school", "went-out", PlayerInput("A", went_out=True), PlayerInput("B", rack="R5 X9"))
        )
    assert caught.value.field == "players[1].rack"


@pytest.mark.parametrize(
    "ruleset, most", [("hk-school", 788), ("six-player", 1212), ("twist", 968), ("uno", 1240)]
)
def test_a_rack_value_may_reach_what_the_whole_set_is_worth_and_no_more(ruleset, most):
    assert score_game(values(ruleset, "went-out", None, most)).players[1].rack_value == most
    assert error_code(values(ruleset, "went-out", None, most + 1)) == "rack-value-too-high"
