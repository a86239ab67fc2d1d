"""`manage.py load_demo`: the demo, built through the services, into an empty database only."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.test import RequestFactory

from core.models import AuditEntry
from referee.models import HandResult, Table, Tournament
from referee.play.selectors.progress import tournament_progress
from referee.play.selectors.sheets import table_sheet
from referee.results.table_rules import TableStatus


def run() -> str:
    output = StringIO()
    call_command("load_demo", stdout=output)
    return output.getvalue()


@pytest.mark.django_db
def test_loads_the_demo_and_prints_the_logins():
    output = run()
    assert "organiser" in output
    assert "referee1@demo" in output
    assert "referee4@demo" in output
    assert "tableref-demo" in output
    tournament = Tournament.objects.get(slug="demo")
    assert tournament.ruleset == "hk-school"
    assert tournament.schools.count() == 4
    assert tournament.players.count() == 16
    login_request = RequestFactory().post("/login/")
    assert authenticate(login_request, username="organiser", password="tableref-demo") is not None
    assert authenticate(login_request, username="referee3@demo", password="tableref-demo") is not None
    assert authenticate(login_request, username="Referee3@Demo", password="tableref-demo") is not None


@pytest.mark.django_db
def test_the_demo_shows_every_table_state():
    run()
    rows = tournament_progress(Tournament.objects.get(slug="demo"))[0].tables
    assert [row.status for row in rows] == [
        TableStatus.SIGNED_OFF,
        TableStatus.IN_PLAY,
        TableStatus.NOT_STARTED,
        TableStatus.FINISHED,
    ]


@pytest.mark.django_db
def test_demo_table_one_is_the_seed_scoresheet():
    run()
    table = Table.objects.get(round__tournament__slug="demo", number=1)
    sheet = table_sheet(table)
    assert [(t.games_won, t.total) for t in sheet.totals] == [(0, -68), (2, 123), (1, 35), (0, -90)]


@pytest.mark.django_db
def test_the_demo_numbers_come_from_the_engine():
    run()
    assert HandResult.objects.filter(basis="no-meld-sufficient", penalty=200).count() == 1
    assert AuditEntry.objects.filter(action="game.create").count() == 8


@pytest.mark.django_db
def test_a_second_run_changes_nothing():
    run()
    counts = (Tournament.objects.count(), get_user_model().objects.count(), AuditEntry.objects.count())
    output = run()
    assert "already" in output.lower() or "已" in output
    assert (
        Tournament.objects.count(),
        get_user_model().objects.count(),
        AuditEntry.objects.count(),
    ) == counts


@pytest.mark.django_db
def test_a_database_with_other_data_is_left_alone():
    get_user_model().objects.create_user("someone", password="long-enough-1")
    run()
    assert not Tournament.objects.exists()
    assert get_user_model().objects.count() == 1
