"""UNO: the next player draws first when a hand ends on a draw two or a wild draw four (seed 001)."""

from __future__ import annotations

import json

import pytest

from scoring import GameInput, PlayerInput, ScoringError, score_game
from scoring.cli import respond


def hand(last_card: str | None, *others: PlayerInput) -> GameInput:
    return GameInput("uno", "went-out", (PlayerInput("A", went_out=True), *others), last_card=last_card)


def refusal(game: GameInput) -> tuple[str, str | None]:
    with pytest.raises(ScoringError) as caught:
        score_game(game)
    return caught.value.code, caught.value.field


class TestTheNextPlayerDrawsFirst:
    """Seed 001: 如果最後打出的牌是Draw Two或Wild Draw Four,下一位玩家必須完成這項指令後,才開始記分."""

    def test_the_cards_drawn_count_in_the_next_player_s_hand(self):
        result = score_game(
            hand("RD", PlayerInput("B", rack="R5 G7 B3", drawn="G7 B3"), PlayerInput("C", rack_value=20))
        )
        assert [p.score for p in result.players] == [35, 0, 0]
        assert result.player("B").penalty == 15

    def test_a_wild_draw_four_makes_the_next_player_draw_four(self):
        result = score_game(hand("W4", PlayerInput("B", rack="R1 R2 R3 R4 W", drawn="R1 R2 R3 R4")))
        assert result.player("A").score == 60

    def test_with_only_a_hand_value_the_drawn_cards_fit_within_it(self):
        assert score_game(hand("GD", PlayerInput("B", rack_value=40, drawn="R5 R7"))).player("A").score == 40
        game = hand("GD", PlayerInput("B", rack_value=40, drawn="W W"))
        assert refusal(game) == ("drawn-not-in-hand", "players[1].drawn")

    def test_the_drawn_cards_must_be_in_the_hand(self):
        game = hand("RD", PlayerInput("B", rack="R5 G7", drawn="G7 B3"))
        assert refusal(game) == ("drawn-not-in-hand", "players[1].drawn")

    @pytest.mark.parametrize("card, drawn", [("RD", "G7"), ("BD", "G7 B3 R1 R2"), ("W4", "G7 B3")])
    def test_two_after_a_draw_two_four_after_a_wild_draw_four(self, card, drawn):
        game = hand(card, PlayerInput("B", rack="G7 B3 R1 R2", drawn=drawn))
        assert refusal(game) == ("drawn-count", "players[1].drawn")

    def test_someone_must_have_drawn_after_a_draw_card(self):
        assert refusal(hand("YD", PlayerInput("B", rack="G7 B3"))) == ("drawn-missing", "players")

    def test_only_the_next_player_draws(self):
        game = hand(
            "RD", PlayerInput("B", rack="G7 B3", drawn="G7 B3"), PlayerInput("C", rack="R1 R2", drawn="R1 R2")
        )
        assert refusal(game) == ("drawn-unexpected", "players[2].drawn")

    @pytest.mark.parametrize("card", [None, "R7", "RS", "RR", "W"])
    def test_no_one_draws_after_any_other_card(self, card):
        game = hand(card, PlayerInput("B", rack="G7 B3", drawn="G7 B3"))
        assert refusal(game) == ("drawn-unexpected", "players[1].drawn")

    def test_the_last_card_counts_against_the_deck(self):
        game = hand("W4", PlayerInput("B", rack="W4 W4 W4 W4 R1", drawn="W4 W4 W4 R1"))
        assert refusal(game)[0] == "too-many-copies"

    def test_the_last_card_is_one_uno_card(self):
        assert refusal(hand("R11", PlayerInput("B", rack="G7"))) == ("bad-card", "last_card")
        assert refusal(hand("RD RD", PlayerInput("B", rack="G7"))) == ("bad-input", "last_card")

    def test_these_are_facts_of_uno_only(self):
        rummikub = GameInput(
            "standard",
            "went-out",
            (PlayerInput("A", went_out=True), PlayerInput("B", rack="R5")),
            last_card="RD",
        )
        assert refusal(rummikub) == ("bad-input", "last_card")

    def test_without_the_last_card_hands_score_as_before(self):
        assert score_game(hand(None, PlayerInput("B", rack="G7 B3"))).player("A").score == 10


def test_the_command_line_takes_the_last_card_and_the_cards_drawn():
    document = {
        "ruleset": "uno",
        "ending": "went-out",
        "last_card": "W4",
        "players": [
            {"seat": "A", "went_out": True},
            {"seat": "B", "rack": "R1 R2 R3 R4 W", "drawn": "R1 R2 R3 R4"},
        ],
    }
    answer, code = respond("score-game", json.dumps(document).encode())
    assert (code, answer["players"][0]["score"]) == (0, 60)
    document["players"][1]["drawn"] = "R1 R2"
    answer, code = respond("score-game", json.dumps(document).encode())
    assert (code, answer["error"]["code"], answer["error"]["field"]) == (2, "drawn-count", "players[1].drawn")
