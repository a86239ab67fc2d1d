"""Who is here: the players a draw seats, and the door's counts per school."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from referee.models import NOT_DRAWN, Attendance, Player, School, Tournament


def players_for_draw(tournament: Tournament) -> QuerySet[Player]:
    """Every player the next draw seats: all but the absent and the withdrawn, with their school, in number
    order. A tournament that never used check-in draws everyone."""
    return (
        Player.objects.filter(tournament=tournament)
        .exclude(attendance__in=NOT_DRAWN)
        .select_related("school")
        .order_by("number")
    )


@dataclass(frozen=True)
class AttendanceCount:
    school: School
    expected: int
    present: int
    late: int
    absent: int
    withdrawn: int

    @property
    def total(self) -> int:
        return self.expected + self.present + self.late + self.absent + self.withdrawn

    @property
    def here(self) -> int:
        return self.present + self.late


def attendance_counts(tournament: Tournament) -> list[AttendanceCount]:
    """One row per school, in code order, in one query."""
    counts = {state: Count("players", filter=Q(players__attendance=state)) for state in Attendance.values}
    schools = School.objects.filter(tournament=tournament).annotate(**counts).order_by("code")
    return [
        AttendanceCount(school=school, **{state: getattr(school, state) for state in Attendance.values})
        for school in schools
    ]
