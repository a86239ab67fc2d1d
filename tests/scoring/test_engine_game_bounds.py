"""A whole game cannot hold more than the set (RULES.md): every rack passes alone, the game does not.

The typos of issue 33: 500 + 500 in hk-school, 700 + 700 in standard, 5 x 1,000 in six-player, 1,200 + 1,200
in UNO; the engine and the command line refuse each with the same code, naming the game's total and the set's.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GameInput, PlayerInput, ScoringError, all_rulesets, get_ruleset, score_game
from scoring.cli import main
from scoring.game_facts import whole_set_value

SET_VALUES = {"hk-school": 788, "standard": 788, "six-player": 1212, "twist": 968, "uno": 1240}
TYPOS = [
    ("hk-school", [500, 500]),
    ("standard", [700, 700]),
    ("six-player", [1000, 1000, 1000, 1000, 1000]),
    ("twist", [500, 500]),
    ("uno", [1200, 1200]),
]


def by_values(ruleset: str, values: list[int]) -> GameInput:
    """Seat A went out; B, C, ... hold racks of these values."""
    others = (PlayerInput(chr(66 + i), rack_value=value) for i, value in enumerate(values))
    return GameInput(ruleset, "went-out", (PlayerInput("A", went_out=True), *others))


def refusal(game: GameInput) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        score_game(game)
    return caught.value


def test_the_set_values_are_those_of_the_rule_books():
    assert {rules.key: whole_set_value(rules) for rules in all_rulesets()} == SET_VALUES


@pytest.mark.parametrize("ruleset, values", TYPOS)
def test_a_typo_of_500_for_50_is_refused_with_both_totals(ruleset, values):
    error = refusal(by_values(ruleset, values))
    assert (error.code, error.field) == ("game-over-set", "players")
    assert f"worth {sum(values)}" in error.message
    assert f"worth {SET_VALUES[ruleset]}" in error.message


@pytest.mark.parametrize("ruleset, values", TYPOS)
def test_the_command_line_gives_the_same_code(ruleset, values):
    document = {
        "ruleset": ruleset,
        "ending": "went-out",
        "players": [{"seat": "A", "went_out": True}]
        + [{"seat": chr(66 + i), "rack_value": value} for i, value in enumerate(values)],
    }
    out = io.BytesIO()
    code = main(["score-game"], stdin=io.BytesIO(json.dumps(document).encode()), stdout=out)
    assert code == 2
    error = json.loads(out.getvalue())["error"]
    assert (error["code"], error["measure"], error["total"]) == ("game-over-set", "value", sum(values))
    assert error["limit"] == SET_VALUES[ruleset]


@pytest.mark.parametrize("ruleset", sorted(SET_VALUES))
def test_a_game_may_hold_the_whole_set_and_no_more(ruleset):
    most = SET_VALUES[ruleset]
    assert score_game(by_values(ruleset, [most - 10, 10])).players[0].score == most
    assert refusal(by_values(ruleset, [most - 10, 11])).code == "game-over-set"


def test_jokers_count_at_30_in_the_game_s_total():
    # 2 jokers (60) and every number tile twice (728): 788, the whole set; one more point is too many.
    tiles = " ".join(f"{c}{n}" for c in "KRBY" for n in range(1, 14))
    game = GameInput(
        "hk-school",
        "went-out",
        (
            PlayerInput("A", went_out=True),
            PlayerInput("B", rack=f"{tiles} J"),
            PlayerInput("C", rack=f"{tiles} J"),
        ),
    )
    assert score_game(game).players[0].score == 788
    over = GameInput("hk-school", "went-out", (*game.players, PlayerInput("D", rack_value=1)))
    assert refusal(over).code == "game-over-set"


def test_the_uno_hand_s_last_card_lies_outside_the_hands_and_counts():
    # The hands are worth 1,217 + 3; the draw two on the discard pile (20) brings the game to 1,240.
    hands = (PlayerInput("A", went_out=True), PlayerInput("B", rack_value=1217))
    drawn = PlayerInput("C", rack="B1 B2", rack_value=3, drawn="B1 B2")
    assert score_game(GameInput("uno", "went-out", (*hands, drawn), last_card="RD")).winners == ("A",)
    heavier = PlayerInput("C", rack="B1 B2 B3", drawn="B1 B2")
    assert refusal(GameInput("uno", "went-out", (*hands, heavier), last_card="RD")).code == "game-over-set"


def test_more_tiles_than_the_set_is_named_by_count():
    deck = get_ruleset("hk-school").deck
    every = [token for token in deck.all_tokens() for _ in range(deck.copies(token))]
    game = GameInput(
        "hk-school",
        "went-out",
        (
            PlayerInput("A", went_out=True),
            PlayerInput("B", rack=" ".join(every[:60])),
            PlayerInput("C", rack=" ".join(every[50:])),
        ),
    )
    error = refusal(game)
    assert (error.code, error.measure, error.total, error.limit) == ("game-over-set", "tiles", 116, 106)
    assert "hold 116 tiles" in error.message
    assert "has 106" in error.message


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(SET_VALUES)).flatmap(
        lambda key: st.tuples(
            st.just(key),
            st.lists(
                st.integers(1, SET_VALUES[key]),
                min_size=get_ruleset(key).min_players - 1,
                max_size=get_ruleset(key).max_players - 1,
            ),
        )
    )
)
def test_a_game_is_refused_exactly_when_its_racks_are_worth_more_than_the_set(case):
    ruleset, values = case
    game = by_values(ruleset, values)
    if sum(values) > SET_VALUES[ruleset]:
        assert refusal(game).code == "game-over-set"
    else:
        assert sum(player.penalty for player in score_game(game).players) == sum(values)
