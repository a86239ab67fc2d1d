"""incident_record: the engine says how many tiles the player draws."""

from __future__ import annotations

import pytest

from referee import services
from referee.errors import ServiceError
from referee.models import AuditEntry, Incident


@pytest.fixture
def game(table, play):
    return play(table)


def test_overtime_draws_three_in_the_school_rules(game, table, referee):
    seat = table.seats.get(letter="C")
    incident = services.incident_record(
        actor=referee, game=game, seat=seat, kind="overtime", note="第 5 回合"
    )
    assert incident.tiles_drawn == 3 and incident.tiles_left_over is None
    assert incident.note == "第 5 回合" and incident.created_by == referee
    assert AuditEntry.objects.get(action="incident.record").changes["after"]["tiles_drawn"] == 3


def test_unrestorable_table_adds_the_tiles_left_over(game, table, referee):
    seat = table.seats.get(letter="B")
    incident = services.incident_record(
        actor=referee, game=game, seat=seat, kind="overtime-unrestorable", tiles_left_over=4
    )
    assert incident.tiles_drawn == 7 and incident.tiles_left_over == 4


@pytest.mark.parametrize(
    ("kind", "left_over", "field"),
    [
        ("uno-not-called", None, "kind"),
        ("overtime-unrestorable", None, "table_tiles"),
        ("overtime-unrestorable", -1, "tiles_left_over"),
    ],
)
def test_bad_incidents_are_refused(game, table, referee, kind, left_over, field):
    with pytest.raises(ServiceError) as refused:
        services.incident_record(
            actor=referee, game=game, seat=table.seats.get(letter="A"), kind=kind, tiles_left_over=left_over
        )
    assert refused.value.field == field
    assert not Incident.objects.exists()


def test_the_seat_must_be_at_this_table(game, organiser, round_, players, referee):
    other = services.table_create(actor=organiser, round_=round_)
    seat = services.seat_assign(actor=organiser, table=other, player=players[4])
    with pytest.raises(ServiceError) as refused:
        services.incident_record(actor=referee, game=game, seat=seat, kind="overtime")
    assert refused.value.field == "seat"
