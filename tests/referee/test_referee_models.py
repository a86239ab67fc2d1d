"""The database itself refuses what must never be stored, even if a service forgot to check."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from referee.models import Game, HandResult, Player, School, Seat
from referee.models.results import SIXTIETHS


def refused(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_a_player_sits_once_per_round(table, round_, organiser):
    from referee import services

    other = services.table_create(actor=organiser, round_=round_)
    seated = table.seats.first().player
    assert refused(lambda: Seat.objects.create(table=other, round=round_, letter="A", player=seated))


def test_one_seat_letter_per_table(table, players):
    assert refused(lambda: Seat.objects.create(table=table, round=table.round, letter="A", player=players[4]))


def test_seat_letters_stay_within_a_to_j(organiser, round_, players):
    from referee import services

    empty = services.table_create(actor=organiser, round_=round_)
    assert refused(lambda: Seat.objects.create(table=empty, round=round_, letter="K", player=players[4]))


def test_one_hand_result_per_player_per_game(table, play):
    game = play(table)
    hand = game.hands.first()
    assert refused(
        lambda: HandResult.objects.create(
            game=game, seat=hand.seat, penalty=0, score_sixtieths=0, basis="tiles"
        )
    )


def test_one_game_per_number_per_table(table, play):
    play(table)
    assert refused(lambda: Game.objects.create(table=table, number=1, ending="went-out"))


def test_names_are_required_in_one_language(tournament, school):
    assert refused(lambda: School.objects.create(tournament=tournament, code="Z"))
    assert refused(lambda: Player.objects.create(tournament=tournament, school=school, number=50))


def test_win_credit_is_at_most_one_game(table, play):
    game = play(table)
    hand = game.hands.first()
    hand.win_credit_sixtieths = SIXTIETHS + 1
    assert refused(hand.save)


def test_score_is_exact(table, play):
    game = play(table, "A", {"B": 1, "C": 2, "D": 4})
    winner = game.hands.get(seat__letter="A")
    assert winner.score == 7 and winner.score_sixtieths == 7 * SIXTIETHS
