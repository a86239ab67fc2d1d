"""Incidents recorded during play (an overtime as it happens): they belong to the table's game in progress
from the moment they are recorded, join that game when its result is saved, count once however often they
are sent, and are refused once the table has nothing left to play. Incidents of saved games work as before."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from core.errors import ServiceError
from core.models import AuditEntry
from referee.models import Incident
from referee.models.triggers import create_seat_trigger, drop_seat_trigger
from referee.play.selectors.history import table_history
from referee.play.selectors.sheets import table_sheet
from referee.play.services.incidents import incident_record_in_play, incident_remove
from referee.play.services.signoff import table_sign_off


def overtime(referee, table, letter="C", submission=""):
    return incident_record_in_play(
        actor=referee,
        table=table,
        seat=table.seats.get(letter=letter),
        kind="overtime",
        submission=submission,
    )


def test_an_overtime_recorded_during_game_1_joins_it_when_it_is_saved(table, referee, play):
    incident = overtime(referee, table)
    assert incident.game is None
    assert incident.game_number == 1
    assert incident.tiles_drawn == 3
    sheet = table_sheet(table)
    assert [(item.game_number, item.letter, item.in_play) for item in sheet.incidents] == [(1, "C", True)]
    game = play(table, "B")
    incident.refresh_from_db()
    assert incident.game == game
    assert not table_sheet(table).incidents[0].in_play


def test_an_incident_of_the_next_game_waits_for_it(table, referee, play):
    play(table, "B")
    incident = overtime(referee, table, "A")
    assert incident.game_number == 2
    assert incident.game is None
    play(table, "C")
    incident.refresh_from_db()
    assert incident.game.number == 2


def test_the_same_submission_records_one_incident(table, referee):
    first = overtime(referee, table, submission="timer-1")
    again = overtime(referee, table, submission="timer-1")
    assert again.pk == first.pk
    assert Incident.objects.count() == 1
    assert AuditEntry.objects.filter(action="incident.record").count() == 1


def test_no_incident_in_play_once_every_game_is_in_or_signed_off(finished_table, referee):
    with pytest.raises(ServiceError) as over:
        overtime(referee, finished_table)
    assert over.value.code == "match-over"
    table_sign_off(actor=referee, table=finished_table)
    with pytest.raises(ServiceError) as signed:
        overtime(referee, finished_table)
    assert signed.value.code == "signed-off"
    assert not Incident.objects.exists()


def test_an_incident_in_play_can_be_removed(table, referee):
    incident = overtime(referee, table)
    incident_remove(actor=referee, incident=incident)
    assert not Incident.objects.exists()
    removed = AuditEntry.objects.get(action="incident.remove")
    assert removed.changes["before"]["game_number"] == 1
    history = table_history(table)
    assert [row.game_number for row in history[:2]] == [1, 1]  # named by number though no game is saved


def test_the_page_offers_the_game_being_played(referee_client, table):
    url = reverse("referee:table", args=[table.pk])
    form = referee_client.get(url).context["incident_form"]
    assert form.fields["game"].choices == [(1, "第 1 局（進行中）")]
    assert "__N__" in form.fields["game"].widget.attrs["data-in-play-label"]
    response = referee_client.post(
        url, {"action": "record-incident", "game": "1", "seat": "B", "kind": "overtime", "submission": "s1"}
    )
    assert response.status_code == 302
    recorded = Incident.objects.get()
    assert (recorded.game_number, recorded.game, recorded.seat.letter) == (1, None, "B")
    page = referee_client.get(url).content.decode()
    assert "第 1 局（進行中）" in page


def test_a_saved_game_and_the_game_being_played_are_both_offered(referee_client, table, play):
    play(table, "B")
    url = reverse("referee:table", args=[table.pk])
    form = referee_client.get(url).context["incident_form"]
    assert [number for number, _label in form.fields["game"].choices] == [1, 2]
    referee_client.post(url, {"action": "record-incident", "game": "1", "seat": "A", "kind": "overtime"})
    assert Incident.objects.get().game.number == 1


BEFORE = [("referee", "0008_tournament_turn_seconds")]
AFTER = [("referee", "0009_incidents_during_play")]


def _migrate(targets):
    drop_seat_trigger()  # as `migrate` does (referee/models/triggers.py)
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_incidents_recorded_before_the_change_keep_their_table_and_game_number():
    old = _migrate(BEFORE)
    try:
        models = {name: old.get_model("referee", name) for name in ("Tournament", "Round", "Table", "Game")}
        tournament = models["Tournament"].objects.create(
            name="舊", slug="old", ruleset="hk-school", table_size=4
        )
        round_ = models["Round"].objects.create(
            tournament=tournament, name="一", date="2026-12-05", start_time="09:30", order=1
        )
        table = models["Table"].objects.create(round=round_, number=7)
        game = models["Game"].objects.create(table=table, number=2, ending="went-out")
        school = old.get_model("referee", "School").objects.create(
            tournament=tournament, name_zh="校", code="S"
        )
        player = old.get_model("referee", "Player").objects.create(
            tournament=tournament, school=school, name_zh="甲", number=1
        )
        seat = old.get_model("referee", "Seat").objects.create(
            table=table, round=round_, letter="A", player=player
        )
        old.get_model("referee", "Incident").objects.create(
            game=game, seat=seat, kind="overtime", tiles_drawn=3
        )
        new = _migrate(AFTER)
        incident = new.get_model("referee", "Incident").objects.get()
        assert (incident.table_id, incident.game_number, incident.game_id) == (table.pk, 2, game.pk)
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        create_seat_trigger()
