"""seat_draws_record: the numbers drawn at the table decide who starts; fixed once a game is recorded."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_draws_record
from referee.play.selectors.sheets import table_sheet
from referee.results.table_rules import play_order


def drawn(table) -> dict[str, int | None]:
    return dict(table.seats.values_list("letter", "drawn_number"))


def test_the_highest_number_starts_then_clockwise(table, referee):
    seat_draws_record(actor=referee, table=table, numbers={"A": 3, "B": 9, "C": 12, "D": 1})
    sheet = table_sheet(table)
    assert sheet.play_order == ["C", "D", "A", "B"]
    assert sheet.starter == "C"
    assert AuditEntry.objects.get(action="seat.draws").changes["after"] == {"A": 3, "B": 9, "C": 12, "D": 1}


def test_two_seats_may_swap_numbers(table, referee):
    seat_draws_record(actor=referee, table=table, numbers={"A": 3, "B": 9, "C": 12, "D": 1})
    seat_draws_record(actor=referee, table=table, numbers={"A": 9, "B": 3, "C": 12, "D": 1})
    assert drawn(table) == {"A": 9, "B": 3, "C": 12, "D": 1}


def test_a_missing_seat_is_cleared_and_the_order_falls_back_to_the_seats(table, referee):
    seat_draws_record(actor=referee, table=table, numbers={"A": 3, "B": 9})
    assert drawn(table) == {"A": 3, "B": 9, "C": None, "D": None}
    assert table_sheet(table).starter is None


@pytest.mark.parametrize(
    ("numbers", "field", "code"),
    [
        ({"A": 3, "B": 3}, "drawn_B", "duplicate"),
        ({"A": 0}, "drawn_A", "not-positive"),
        ({"E": 4}, "numbers", "wrong-seat"),
    ],
)
def test_bad_numbers_are_refused(table, referee, numbers, field, code):
    with pytest.raises(ServiceError) as refused:
        seat_draws_record(actor=referee, table=table, numbers=numbers)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert drawn(table) == dict.fromkeys("ABCD")


def test_numbers_are_fixed_once_a_game_is_recorded(table, referee, play):
    play(table)
    with pytest.raises(ServiceError) as refused:
        seat_draws_record(actor=referee, table=table, numbers={"A": 1})
    assert refused.value.code == "in-play"


@pytest.mark.parametrize(
    ("numbers", "order"),
    [
        ({"A": 1, "B": 2, "C": 3}, ["C", "A", "B"]),
        ({"A": 7, "B": 2}, ["A", "B"]),
        ({"A": None, "B": 2}, ["A", "B"]),
        ({}, []),
    ],
)
def test_play_order(numbers, order):
    assert play_order(numbers) == order
