"""The bulk builders store what the site would: every derived number through `referee.results.hands`."""

from __future__ import annotations

import pytest

import scoring
from benchmarks import builders
from benchmarks.builders import BulkPlan, build_tournament
from referee.models import Game, HandResult
from referee.models.results import SIXTIETHS
from referee.results.engine import rescore_games
from referee.results.hands import DERIVED_FIELDS, hand_numbers

pytestmark = pytest.mark.django_db


def stored_matches_the_service(tournament) -> None:
    games = list(
        Game.objects.filter(table__round__tournament=tournament)
        .order_by("table__number", "number")
        .prefetch_related("hands__seat")
    )
    assert games
    for game, result in zip(games, rescore_games(tournament, games), strict=True):
        expected = hand_numbers(result, shared_win_credit=tournament.shared_win_credit)
        for hand in game.hands.all():
            stored = {name: getattr(hand, name) for name in DERIVED_FIELDS}
            assert stored == vars(expected[hand.seat.letter]), (game.number, hand.seat.letter)


@pytest.mark.parametrize("credit", ["full", "split"])
def test_bulk_games_store_the_numbers_the_service_derives(credit):
    tournament = build_tournament(
        BulkPlan(slug=f"bulk-{credit}", players=40, seed=3, shared_win_credit=credit)
    )
    assert tournament.shared_win_credit == credit
    stored_matches_the_service(tournament)


def shared_win(rng, letters: str) -> tuple[str, tuple[scoring.PlayerInput, ...]]:
    """The pool ran out and A and B hold the least: they share the win."""
    values = {"A": 5, "B": 5}
    return "pool-exhausted", tuple(
        scoring.PlayerInput(letter, rack_value=values.get(letter, 9)) for letter in letters
    )


def test_a_split_shared_win_credits_each_sharer_a_part(monkeypatch):
    monkeypatch.setattr(builders, "random_game", shared_win)
    tournament = build_tournament(BulkPlan(slug="bulk-split", players=8, shared_win_credit="split"))
    credits = HandResult.objects.filter(game__table__round__tournament=tournament, won=True)
    assert set(credits.values_list("win_credit_sixtieths", flat=True)) == {SIXTIETHS // 2}
    stored_matches_the_service(tournament)
