"""Who the draw seats: everyone but the absent and the withdrawn, and the door's counts per school."""

from __future__ import annotations

import pytest

from referee.models import Attendance, Player, School
from referee.people.selectors.attendance import attendance_counts, players_for_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def school_b(tournament):
    return School.objects.create(tournament=tournament, name_en="Second School", code="SS")


def add(tournament, school, number, attendance=Attendance.EXPECTED):
    return Player.objects.create(
        tournament=tournament, school=school, name_en=f"Player {number}", number=number, attendance=attendance
    )


def test_a_tournament_that_never_checked_in_draws_everyone(tournament, school):
    players = [add(tournament, school, n) for n in (3, 1, 2)]
    drawn = list(players_for_draw(tournament))
    assert drawn == sorted(players, key=lambda p: p.number)


def test_the_absent_and_the_withdrawn_are_left_out_and_the_late_are_drawn(tournament, school):
    add(tournament, school, 1, Attendance.PRESENT)
    add(tournament, school, 2, Attendance.LATE)
    add(tournament, school, 3, Attendance.ABSENT)
    add(tournament, school, 4, Attendance.WITHDRAWN)
    add(tournament, school, 5)
    assert [p.number for p in players_for_draw(tournament)] == [1, 2, 5]
    assert [p.is_drawn for p in Player.objects.order_by("number")] == [True, True, False, False, True]


def test_counts_per_school_in_one_query(tournament, school, school_b, django_assert_num_queries):
    add(tournament, school, 1, Attendance.PRESENT)
    add(tournament, school, 2, Attendance.LATE)
    add(tournament, school, 3, Attendance.ABSENT)
    add(tournament, school_b, 4)
    with django_assert_num_queries(1):
        rows = attendance_counts(tournament)
    by_code = {row.school.code: row for row in rows}
    assert (by_code[school.code].here, by_code[school.code].absent, by_code[school.code].total) == (2, 1, 3)
    assert (by_code["SS"].expected, by_code["SS"].here) == (1, 0)
