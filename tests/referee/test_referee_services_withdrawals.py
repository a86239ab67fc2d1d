"""A player who drops after the draw and before play is re-seated around with the engine's repair."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.selectors.draws import round_seated_draw
from referee.models import Seat, Table
from referee.play.services.results import game_result_submit
from referee.play.services.withdrawals import player_withdraw
from tests.referee.draw_helpers import (
    draw_and_seat,
    make_field,
    make_round,
    seated,
    services_hand,
)


@pytest.fixture
def field(organiser, tournament):
    return make_field(organiser, tournament)


@pytest.fixture
def first(organiser, tournament, field):
    round_ = make_round(organiser, tournament, "第一輪")
    draw_and_seat(organiser, round_, seed=7)
    return round_


def table_of(round_) -> dict[str, int]:
    return {
        str(seat.player.number): seat.table.number
        for seat in Seat.objects.filter(round=round_).select_related("player", "table")
    }


@pytest.mark.parametrize(("size", "moves"), [(4, 3), (3, 2)])
def test_a_withdrawal_before_play_reseats_with_the_fewest_moves(organiser, first, field, size, moves):
    """13 players at 4, 3, 3, 3; one leaves; 12 sit at 4, 4, 4 (as many full tables as possible). Leaving
    the table of four, a table of three breaks up (3 moves); leaving a table of three, its other two go."""
    before = table_of(first)
    gone = next(table for table in seated(first) if len(table) == size)[0]
    player = next(p for p in field if str(p.number) == gone)
    repairs = player_withdraw(actor=organiser, player=player)
    after = table_of(first)
    assert gone not in after
    assert sorted(len(table) for table in seated(first)) == [4, 4, 4]
    (repair,) = repairs
    assert len(repair.tables_out_of_use) == 1
    assert len(repair.moves) == moves
    assert repair.moves_minimal
    assert {move.player for move in repair.moves} == {p for p in after if after[p] != before[p]}
    assert all(move.target[0] == after[move.player] for move in repair.moves)
    player.refresh_from_db()
    assert player.attendance == "withdrawn"
    draw = round_seated_draw(first)
    assert draw.repairs[0]["request"]["withdrawn"] == [gone]
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]
    assert AuditEntry.objects.get(action="round.repair").changes["after"]["withdrawn"] == gone


def test_after_play_the_seat_and_its_results_stay(organiser, first, field):
    table = Table.objects.filter(round=first).first()
    letters = list(table.seats.values_list("letter", flat=True))
    game_result_submit(
        actor=organiser,
        table=table,
        game_number=1,
        ending="went-out",
        hands=[services_hand(letter, "A", i) for i, letter in enumerate(letters)],
    )
    seat = table.seats.get(letter="B")
    repairs = player_withdraw(actor=organiser, player=seat.player)
    assert repairs == []
    assert Seat.objects.filter(pk=seat.pk).exists()


def test_only_absent_or_withdrawn(organiser, first, field):
    with pytest.raises(ServiceError) as refused:
        player_withdraw(actor=organiser, player=field[0], attendance="present")
    assert refused.value.field == "attendance"


def test_only_organisers(first, field, referee):
    with pytest.raises(ServiceError) as refused:
        player_withdraw(actor=referee, player=field[0])
    assert refused.value.code == "forbidden"


def test_two_withdrawals_in_a_row_keep_table_numbers_true(organiser, first, field):
    """After the first repair a table goes out of use (numbers 1..4 lose one); the second repair works on the
    tables as they are and names them by their real numbers."""
    for _ in range(2):
        seats = table_of(first)
        gone = min(seats, key=int)
        player = next(p for p in field if str(p.number) == gone)
        (repair,) = player_withdraw(actor=organiser, player=player)
        after = table_of(first)
        numbers = set(Table.objects.filter(round=first).values_list("number", flat=True))
        assert set(after.values()) == numbers
        assert all(move.target[0] == after[move.player] for move in repair.moves)
        assert all(move.origin[0] == seats[move.player] for move in repair.moves)
    assert sum(1 for _ in after) == 11
    draw = round_seated_draw(first)
    assert len(draw.repairs) == 2
    assert draw.report["same_school_pairs"] == draw.report["same_school_pairs_min"]


@pytest.mark.parametrize("tables", [2, 6])
def test_reading_a_rounds_seats_for_a_repair_is_two_queries_whatever_its_size(
    tournament, school, round_, tables, django_assert_num_queries
):
    from referee.models import Player, Seat, Table
    from referee.play.services.withdrawals import _current

    for number in range(1, tables + 1):
        table = Table.objects.create(round=round_, number=number)
        for letter in "AB":
            player = Player.objects.create(
                tournament=tournament,
                school=school,
                name_en=f"P{number}{letter}",
                number=number * 10 + ord(letter),
            )
            Seat.objects.create(table=table, round=round_, letter=letter, player=player)
    with django_assert_num_queries(2):
        found, current, players, _drawn = _current(round_)
    assert [table.number for table in found] == list(range(1, tables + 1))
    assert [len(seated) for seated in current] == [2] * tables
    assert len(players) == 2 * tables
