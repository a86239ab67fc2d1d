"""incident_record: the engine says how many tiles the player draws."""

from __future__ import annotations

import pytest

from core.errors import ServiceError
from core.models import AuditEntry
from referee.draws.services.seats import seat_assign
from referee.models import Incident
from referee.play.services.incidents import incident_record, incident_remove
from referee.play.services.signoff import table_sign_off
from referee.tournaments.services.schedule import table_create


@pytest.fixture
def game(table, play):
    return play(table)


def test_overtime_draws_three_in_the_school_rules(game, table, referee):
    seat = table.seats.get(letter="C")
    incident = incident_record(actor=referee, game=game, seat=seat, kind="overtime", note="第 5 回合")
    assert incident.tiles_drawn == 3
    assert incident.tiles_left_over is None
    assert incident.note == "第 5 回合"
    assert incident.created_by == referee
    assert AuditEntry.objects.get(action="incident.record").changes["after"]["tiles_drawn"] == 3


def test_unrestorable_table_adds_the_tiles_left_over(game, table, referee):
    seat = table.seats.get(letter="B")
    incident = incident_record(
        actor=referee, game=game, seat=seat, kind="overtime-unrestorable", tiles_left_over=4
    )
    assert incident.tiles_drawn == 7
    assert incident.tiles_left_over == 4


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
        incident_record(
            actor=referee, game=game, seat=table.seats.get(letter="A"), kind=kind, tiles_left_over=left_over
        )
    assert refused.value.field == field
    assert not Incident.objects.exists()


def test_the_seat_must_be_at_this_table(game, organiser, round_, players, referee):
    other = table_create(actor=organiser, round_=round_)
    seat = seat_assign(actor=organiser, table=other, player=players[4])
    with pytest.raises(ServiceError) as refused:
        incident_record(actor=referee, game=game, seat=seat, kind="overtime")
    assert refused.value.field == "seat"


TABLE_TILES = (
    "R5 R6 R7 K9 B9 Y9 J B2 K13"  # two sets with the joker's help; B2 and K13 (or the joker) left over
)


@pytest.mark.parametrize(
    "typed_tiles",
    ["r5 r6 r7 k9 b9 y9 j b2 k13", "ｒ５　Ｒ６ r7 k9 b9 y9 ｊ b2 k13"],
    ids=["lower-case", "chinese-keyboard"],
)
def test_the_table_tiles_are_restored_by_the_engine(game, table, referee, typed_tiles):
    """Stored as the notation spells them, whatever keyboard typed them."""
    incident = incident_record(
        actor=referee,
        game=game,
        seat=table.seats.get(letter="B"),
        kind="overtime-unrestorable",
        table_tiles=typed_tiles,
    )
    placed = sum(len(laid.split()) for laid in incident.arrangement["sets"])
    left = incident.arrangement["unplaced_count"]
    assert placed + left == 9
    assert left == incident.tiles_left_over
    assert incident.tiles_drawn == 3 + left
    assert incident.table_tiles == TABLE_TILES
    for laid in incident.arrangement["sets"]:
        assert len(laid.split()) >= 3


def test_a_count_that_disagrees_with_the_table_tiles_is_refused(game, table, referee):
    with pytest.raises(ServiceError) as refused:
        incident_record(
            actor=referee,
            game=game,
            seat=table.seats.get(letter="B"),
            kind="overtime-unrestorable",
            table_tiles="R5 R6 R7",
            tiles_left_over=2,
        )
    assert (refused.value.code, refused.value.field) == ("left-over-mismatch", "tiles_left_over")


@pytest.mark.parametrize(
    ("kind", "tiles", "code"),
    [
        ("overtime-unrestorable", "R5 R6 X7", "engine:bad-tile"),
        ("overtime-unrestorable", "J J J", "engine:too-many-copies"),
        ("overtime", "R5 R6 R7", "no-table-tiles"),
    ],
)
def test_bad_table_tiles_are_refused_on_their_field(game, table, referee, kind, tiles, code):
    with pytest.raises(ServiceError) as refused:
        incident_record(
            actor=referee, game=game, seat=table.seats.get(letter="B"), kind=kind, table_tiles=tiles
        )
    assert (refused.value.code, refused.value.field) == (code, "table_tiles")
    assert not Incident.objects.exists()


def test_an_incident_is_removed_before_sign_off_and_logged(game, table, referee):
    incident = incident_record(actor=referee, game=game, seat=table.seats.get(letter="C"), kind="overtime")
    incident_remove(actor=referee, incident=incident)
    assert not Incident.objects.exists()
    entry = AuditEntry.objects.get(action="incident.remove")
    assert entry.changes["before"]["kind"] == "overtime"
    assert entry.game == game


def test_after_sign_off_only_an_organiser_removes_or_adds_incidents_with_a_reason(
    finished_table, referee, organiser
):
    game = finished_table.games.get(number=2)
    seat = finished_table.seats.get(letter="A")
    incident = incident_record(actor=referee, game=game, seat=seat, kind="overtime")
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as refused:
        incident_remove(actor=referee, incident=incident, reason="記錯")
    assert refused.value.code == "signed-off"
    with pytest.raises(ServiceError) as no_reason:
        incident_remove(actor=organiser, incident=incident)
    assert no_reason.value.code == "reason-required"
    incident_remove(actor=organiser, incident=incident, reason="記錯了座位")
    incident_record(actor=organiser, game=game, seat=seat, kind="exposed-tile", reason="補記")
    assert list(
        AuditEntry.objects.filter(action__startswith="incident.").values_list("reason", flat=True)
    ) == [
        "補記",
        "記錯了座位",
        "",
    ]
