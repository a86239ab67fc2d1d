"""Rounds, tables, referee assignment and seating."""

from __future__ import annotations

import datetime
import time

import pytest
from django.utils import translation

from core.errors import ServiceError
from referee.draws.services.seats import require_positive, seat_assign, seat_remove
from referee.models import Round, Seat, Table, Tournament
from referee.people.services.people import player_create, school_create
from referee.tournaments.services.schedule import (
    round_create,
    round_delete,
    round_update,
    table_assign_referee,
    table_create,
    table_delete,
)
from referee.tournaments.services.tournaments import tournament_create
from tests.referee.races import race, require_server_database

DAY = datetime.date(2026, 12, 5)
NINE = datetime.time(9)


def test_rounds_are_ordered_and_orders_unique(organiser, tournament, round_):
    second = round_create(actor=organiser, tournament=tournament, name="第二輪", date=DAY, start_time=NINE)
    assert (round_.order, second.order) == (1, 2)
    with pytest.raises(ServiceError) as refused:
        round_create(actor=organiser, tournament=tournament, name="x", date=DAY, start_time=NINE, order=2)
    assert refused.value.field == "order"


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"name": "", "date": DAY, "start_time": NINE}, "name"),
        ({"name": "R", "date": None, "start_time": NINE}, "date"),
        ({"name": "R", "date": DAY, "start_time": None}, "start_time"),
        ({"name": "R", "date": DAY, "start_time": NINE, "order": 0}, "order"),
    ],
)
def test_bad_rounds_are_refused(organiser, tournament, values, field):
    with pytest.raises(ServiceError) as refused:
        round_create(actor=organiser, tournament=tournament, **values)
    assert refused.value.field == field
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    "day", [datetime.date(1, 1, 1), datetime.date(1999, 12, 31), datetime.date(2101, 1, 1), datetime.date.max]
)
def test_a_round_at_the_ends_of_the_calendar_is_refused(organiser, tournament, round_, day):
    """A date like 9999-12-31 would break every weather page of the tournament (its next day overflows)."""
    with translation.override("zh-hant"), pytest.raises(ServiceError) as refused:
        round_create(actor=organiser, tournament=tournament, name="R", date=day, start_time=NINE)
    assert (refused.value.field, str(refused.value)) == ("date", "請輸入 2000 年至 2100 年之間的日期。")
    with pytest.raises(ServiceError):
        round_update(actor=organiser, round_=round_, name=round_.name, date=day, start_time=NINE, order=None)
    assert list(Round.objects.values_list("date", flat=True)) == [datetime.date(2026, 12, 5)]


def test_round_update_and_delete(organiser, round_):
    round_update(actor=organiser, round_=round_, name="決賽", date=DAY, start_time=NINE, order=5)
    round_.refresh_from_db()
    assert (round_.name, round_.order) == ("決賽", 5)
    round_delete(actor=organiser, round_=round_)
    assert not Round.objects.exists()


def test_a_round_with_games_cannot_be_deleted(organiser, table, play):
    play(table)
    with pytest.raises(ServiceError) as refused:
        round_delete(actor=organiser, round_=table.round)
    assert refused.value.code == "in-use"


def test_tables_are_numbered_per_round(organiser, round_):
    first = table_create(actor=organiser, round_=round_)
    second = table_create(actor=organiser, round_=round_)
    assert (first.number, second.number) == (1, 2)
    with pytest.raises(ServiceError) as refused:
        table_create(actor=organiser, round_=round_, number=2)
    assert refused.value.field == "number"


def test_a_table_with_games_cannot_be_deleted(organiser, table, play):
    play(table)
    with pytest.raises(ServiceError):
        table_delete(actor=organiser, table=table)
    assert Table.objects.filter(pk=table.pk).exists()


def test_an_empty_table_is_deleted_with_its_seats(organiser, table):
    table_delete(actor=organiser, table=table)
    assert not Table.objects.exists()
    assert not Seat.objects.exists()


def test_only_the_tournaments_referees_can_be_assigned(organiser, table, stranger, other_referee):
    with pytest.raises(ServiceError) as refused:
        table_assign_referee(actor=organiser, table=table, referee=stranger)
    assert refused.value.field == "referee"
    assigned = table_assign_referee(actor=organiser, table=table, referee=other_referee)
    assert assigned.referee == other_referee
    cleared = table_assign_referee(actor=organiser, table=table, referee=None)
    assert cleared.referee is None


def test_seats_take_the_first_free_letter_and_keep_the_table_size(organiser, round_, players):
    table = table_create(actor=organiser, round_=round_)
    letters = [seat_assign(actor=organiser, table=table, player=p).letter for p in players[:4]]
    assert letters == ["A", "B", "C", "D"]
    with pytest.raises(ServiceError) as full:
        seat_assign(actor=organiser, table=table, player=players[4])
    assert full.value.code == "table-full"
    with pytest.raises(ServiceError) as beyond:
        seat_assign(actor=organiser, table=table, player=players[4], letter="E")
    assert beyond.value.code == "bad-letter"


def test_a_player_sits_once_per_round(organiser, round_, table, players):
    other = table_create(actor=organiser, round_=round_)
    with pytest.raises(ServiceError) as refused:
        seat_assign(actor=organiser, table=other, player=players[0])
    assert refused.value.code == "already-seated"
    next_round = round_create(
        actor=organiser, tournament=round_.tournament, name="第二輪", date=DAY, start_time=NINE
    )
    later = table_create(actor=organiser, round_=next_round)
    assert seat_assign(actor=organiser, table=later, player=players[0]).round == next_round


def test_seat_letters_and_drawn_numbers_are_unique_per_table(organiser, round_, players):
    table = table_create(actor=organiser, round_=round_)
    seat_assign(actor=organiser, table=table, player=players[0], letter="b", drawn_number=5)
    with pytest.raises(ServiceError) as taken:
        seat_assign(actor=organiser, table=table, player=players[1], letter="B")
    assert taken.value.code == "seat-taken"
    with pytest.raises(ServiceError) as drawn:
        seat_assign(actor=organiser, table=table, player=players[1], drawn_number=5)
    assert drawn.value.field == "drawn_number"


def test_seats_are_fixed_once_a_game_is_recorded(organiser, table, play, players):
    play(table)
    with pytest.raises(ServiceError) as refused:
        seat_remove(actor=organiser, seat=table.seats.first())
    assert refused.value.code == "in-play"
    assert table.seats.count() == 4


def test_a_player_from_another_tournament_cannot_sit(organiser, table):
    other = tournament_create(actor=organiser, name="Other", slug="other", ruleset="hk-school")
    school = school_create(actor=organiser, tournament=other, name_zh="外校", name_en="", code="F")
    outsider = player_create(actor=organiser, tournament=other, school=school, name_zh="外人")
    with pytest.raises(ServiceError) as refused:
        seat_assign(actor=organiser, table=table, player=outsider)
    assert refused.value.field == "player"


@pytest.mark.django_db(transaction=True)
def test_two_organisers_seating_one_player_at_once(organiser, round_, players, monkeypatch):
    """Two organisers seat the same player at two tables of a round at the same moment: one is seated, the
    other is told the player already sits elsewhere, never a database error. On PostgreSQL the table's lock,
    which takes its round's row too, keeps them apart (SQLite serialises writers at BEGIN)."""
    require_server_database()
    tables = [table_create(actor=organiser, round_=round_) for _ in range(2)]
    original = require_positive

    def slow_after_the_checks(*args, **kwargs):
        time.sleep(0.5)  # both sides have looked for the player's other seat by now, unless one waited
        return original(*args, **kwargs)

    monkeypatch.setattr("referee.draws.services.seats.require_positive", slow_after_the_checks)
    outcomes = race(
        *(
            lambda table=table: seat_assign(actor=organiser, table=table, player=players[0])
            for table in tables
        ),
        done="seated",
    )
    assert outcomes == ["already-seated", "seated"]
    assert Seat.objects.filter(player=players[0]).count() == 1


def test_the_tournaments_table_size_decides_the_seats_not_a_later_ruleset(organiser, round_, players):
    """The database keeps seats within the table size fixed at creation; the service asks the same number,
    so a ruleset changed behind its back is refused with a message, never a database error."""
    tournament = round_.tournament
    assert tournament.table_size == 4
    Tournament.objects.filter(pk=tournament.pk).update(ruleset="six-player")
    table = table_create(actor=organiser, round_=Round.objects.get(pk=round_.pk))
    with pytest.raises(ServiceError) as beyond:
        seat_assign(actor=organiser, table=table, player=players[4], letter="E")
    assert beyond.value.code == "bad-letter"
