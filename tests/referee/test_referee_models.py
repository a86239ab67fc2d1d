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
    from referee.tournaments.services.schedule import table_create

    other = table_create(actor=organiser, round_=round_)
    seated = table.seats.first().player
    assert refused(lambda: Seat.objects.create(table=other, round=round_, letter="A", player=seated))


def test_one_seat_letter_per_table(table, players):
    assert refused(lambda: Seat.objects.create(table=table, round=table.round, letter="A", player=players[4]))


def test_seat_letters_stay_within_a_to_j(organiser, round_, players):
    from referee.tournaments.services.schedule import table_create

    empty = table_create(actor=organiser, round_=round_)
    assert refused(lambda: Seat.objects.create(table=empty, round=round_, letter="K", player=players[4]))


def test_seats_stay_within_the_rulesets_table_size(organiser, round_, players):
    """hk-school seats at most four: the database refuses a fifth seat even without the service."""
    from referee.tournaments.services.schedule import table_create

    empty = table_create(actor=organiser, round_=round_)
    assert refused(lambda: Seat.objects.create(table=empty, round=round_, letter="E", player=players[4]))
    assert not refused(lambda: Seat.objects.create(table=empty, round=round_, letter="D", player=players[4]))
    seat = Seat.objects.get(table=empty)
    seat.letter = "E"
    assert refused(seat.save)


def test_a_six_player_table_takes_six_seats_and_no_more(organiser):
    import datetime

    from referee.people.services.people import player_create, school_create
    from referee.tournaments.services.schedule import round_create, table_create
    from referee.tournaments.services.tournaments import tournament_create

    tournament = tournament_create(actor=organiser, name="Six", slug="six", ruleset="six-player")
    assert tournament.table_size == 6
    school = school_create(actor=organiser, tournament=tournament, name_zh="校", name_en="", code="S")
    players = [
        player_create(actor=organiser, tournament=tournament, school=school, name_zh=f"人{n}")
        for n in range(7)
    ]
    round_ = round_create(
        actor=organiser,
        tournament=tournament,
        name="R1",
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(9, 30),
    )
    table = table_create(actor=organiser, round_=round_)
    for letter, player in zip("ABCDEF", players, strict=False):
        assert not refused(
            lambda letter=letter, player=player: Seat.objects.create(
                table=table, round=round_, letter=letter, player=player
            )
        )
    assert refused(lambda: Seat.objects.create(table=table, round=round_, letter="G", player=players[6]))


def test_a_tournament_takes_its_table_size_from_the_ruleset(organiser):
    from referee.models import Tournament

    uno = Tournament.objects.create(name="UNO", slug="uno-cup", ruleset="uno")
    assert uno.table_size == 10
    assert refused(lambda: Tournament.objects.filter(pk=uno.pk).update(table_size=11))


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
    assert winner.score == 7
    assert winner.score_sixtieths == 7 * SIXTIETHS
