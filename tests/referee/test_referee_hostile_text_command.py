"""`manage.py hostile_text` finds text stored before the checks, and --fix removes the characters, audited."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from referee.models import Incident, Player, Tournament
from referee.play.services.incidents import incident_record

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    output = StringIO()
    call_command("hostile_text", *args, stdout=output)
    return output.getvalue()


def test_lists_then_removes_what_slipped_in(players, signed_incident) -> None:
    player = players[0]
    Player.objects.filter(pk=player.pk).update(name_en="\u202eecilA")
    Incident.objects.filter(pk=signed_incident.pk).update(note="late\x07\nagain")
    Tournament.objects.filter(pk=player.tournament_id).update(name="盃\x1b賽")
    listed = run()
    assert f"referee.Player {player.pk} name_en: U+202E" in listed
    assert f"referee.Incident {signed_incident.pk} note: U+0007" in listed
    assert "3 field(s)" in listed
    assert Player.objects.get(pk=player.pk).name_en == "\u202eecilA"  # listing changes nothing

    run("--fix")
    assert Player.objects.get(pk=player.pk).name_en == "ecilA"
    assert Incident.objects.get(pk=signed_incident.pk).note == "late\nagain"  # the line break stays
    assert Tournament.objects.get(pk=player.tournament_id).name == "盃賽"
    assert AuditEntry.objects.filter(action="text.clean").count() == 3
    assert "0 field(s)" in run()


@pytest.fixture
def signed_incident(referee, finished_table):
    game = finished_table.games.get(number=1)
    return incident_record(
        actor=referee, game=game, seat=finished_table.seats.get(letter="B"), kind="overtime", note="late"
    )
