"""UNO's draw for the deal (seed 001, RULES.md): the highest card deals, action cards and wilds count 0, so
0 and equal draws are valid; players tied on the highest card draw again."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, deal_draw
from scoring.cli import main


def refusal(draws, ruleset="uno") -> tuple[str, str | None]:
    with pytest.raises(ScoringError) as caught:
        deal_draw(ruleset, draws)
    return caught.value.code, caught.value.field


def test_the_highest_card_deals_and_the_next_seat_starts():
    drawn = deal_draw("uno", {"A": [5], "B": [9], "C": [2]})
    assert (drawn.dealer, drawn.starts, drawn.to_draw, drawn.rounds) == ("B", "C", (), 1)


def test_the_dealer_s_left_wraps_round_the_table():
    assert deal_draw("uno", {"A": [5], "B": [2], "C": [7]}).starts == "A"


def test_zero_is_a_card_like_any_other():
    """An action card or a wild counts 0, and every colour has a 0: a 0 may be drawn, even by everyone."""
    assert deal_draw("uno", {"A": [0], "B": [3]}).dealer == "B"
    assert deal_draw("uno", {"A": [0], "B": [0], "C": [0]}).to_draw == ("A", "B", "C")


def test_equal_cards_below_the_highest_need_no_second_draw():
    assert deal_draw("uno", {"A": [4], "B": [4], "C": [8]}).dealer == "C"


def test_players_tied_on_the_highest_card_draw_again():
    tied = deal_draw("uno", {"A": [9], "B": [3], "C": [9]})
    assert (tied.dealer, tied.to_draw, tied.rounds) == (None, ("A", "C"), 1)
    assert deal_draw("uno", {"A": [9, 1], "B": [3], "C": [9, 6]}).dealer == "C"


def test_a_second_draw_only_compares_the_tied_players():
    """B's 3 is not in the second round: A's 1 against C's 0 decides, though both are below B's first card."""
    assert deal_draw("uno", {"A": [9, 1], "B": [3], "C": [9, 0]}).dealer == "A"


def test_a_tie_may_repeat():
    again = deal_draw("uno", {"A": [9, 5], "B": [9, 5], "C": [9, 2]})
    assert (again.dealer, again.to_draw, again.rounds) == (None, ("A", "B"), 2)
    assert deal_draw("uno", {"A": [9, 5, 7], "B": [9, 5, 8], "C": [9, 2]}).dealer == "B"


def test_until_everyone_has_drawn_nobody_deals():
    waiting = deal_draw("uno", {"A": [9], "B": [], "C": [4]})
    assert (waiting.dealer, waiting.to_draw) == (None, ("B",))


@pytest.mark.parametrize(
    "draws, expected",
    [
        ({"A": [10], "B": [3]}, ("bad-deal-draw", "draws.A[0]")),
        ({"A": [3], "B": [-1]}, ("bad-deal-draw", "draws.B[0]")),
        ({"A": [3], "B": [True]}, ("bad-deal-draw", "draws.B[0]")),
        ({"A": [9, 4], "B": [3]}, ("deal-draw-unexpected", "draws.A[1]")),
        ({"A": [9, 4], "B": [9, 6], "C": [1, 2]}, ("deal-draw-unexpected", "draws.C[1]")),
        ({"A": [9, 4, 1], "B": [9, 6]}, ("deal-draw-unexpected", "draws.A[2]")),
        ({"A": "9", "B": [3]}, ("bad-input", "draws.A")),
        ({}, ("bad-input", "draws")),
    ],
)
def test_impossible_draws_are_refused_with_stable_codes(draws, expected):
    assert refusal(draws) == expected


def test_the_draw_for_the_deal_is_uno_s():
    assert refusal({"A": [3], "B": [4]}, "hk-school")[0] == "unsupported-ruleset"


def test_the_command_line_answers_the_same():
    document = {"ruleset": "uno", "draws": {"A": [9, 1], "B": [3], "C": [9, 6]}}
    out = io.BytesIO()
    assert main(["deal-draw"], stdin=io.BytesIO(json.dumps(document).encode()), stdout=out) == 0
    assert json.loads(out.getvalue()) == {"dealer": "C", "starts": "A", "to_draw": [], "rounds": 2}
    out = io.BytesIO()
    bad = {"ruleset": "uno", "draws": {"A": [12], "B": [3]}}
    assert main(["deal-draw"], stdin=io.BytesIO(json.dumps(bad).encode()), stdout=out) == 2
    assert json.loads(out.getvalue())["error"]["code"] == "bad-deal-draw"


card = st.integers(0, 9)


@st.composite
def finished_draws(draw: st.DrawFn) -> dict[str, list[int]]:
    """A draw played out as at a table: everyone draws, the tied on the highest draw again until one leads
    (in the last of a few rounds the cards drawn differ, so that every example ends)."""
    seats = [chr(65 + i) for i in range(draw(st.integers(2, 10)))]
    cards: dict[str, list[int]] = {seat: [] for seat in seats}
    contenders = seats
    rounds = draw(st.integers(1, 4))
    while len(contenders) > 1:
        rounds -= 1
        if rounds > 0:
            values = [draw(card) for _ in contenders]
        else:
            values = draw(st.permutations(range(10)))[: len(contenders)]
        for seat, value in zip(contenders, values, strict=True):
            cards[seat].append(value)
        best = max(values)
        contenders = [seat for seat in contenders if cards[seat][-1] == best]
    return cards


@settings(max_examples=300, deadline=None)
@given(finished_draws())
def test_the_dealer_drew_the_highest_card_in_every_round_they_drew(cards):
    drawn = deal_draw("uno", cards)
    dealer = drawn.dealer
    assert dealer is not None
    assert drawn.to_draw == ()
    for round_, value in enumerate(cards[dealer]):
        assert all(value >= other[round_] for other in cards.values() if len(other) > round_)
    assert drawn.rounds == len(cards[dealer])
    seats = list(cards)
    assert drawn.starts == seats[(seats.index(dealer) + 1) % len(seats)]


@settings(max_examples=300, deadline=None)
@given(finished_draws(), st.randoms())
def test_the_dealer_does_not_depend_on_the_order_seats_are_read(cards, random):
    seats = list(cards)
    random.shuffle(seats)
    assert deal_draw("uno", {seat: cards[seat] for seat in seats}).dealer == deal_draw("uno", cards).dealer


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from("ABCDEF"), st.lists(card, max_size=3), min_size=2))
def test_any_draws_give_a_dealer_someone_to_draw_or_a_clear_refusal(cards):
    try:
        drawn = deal_draw("uno", cards)
    except ScoringError as error:
        assert error.code == "deal-draw-unexpected"
    else:
        assert (drawn.dealer is None) != (drawn.to_draw == ())
        assert set(drawn.to_draw) <= set(cards)
