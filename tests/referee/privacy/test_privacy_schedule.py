"""Forgetting on schedule: the hall's process checks at its start and once a day after, whatever happens to a
check; `forget_expired` dates, lists (--dry-run) and forgets; the hall starts the process."""

from __future__ import annotations

import datetime
import io
import logging

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from referee.models import Player
from referee.people.services.people import player_create, school_create
from referee.privacy.schedule import LONGEST_SLEEP, ForgetScheduler
from referee.tournaments.services.tournaments import tournament_create
from tableref.hall.launcher import background_commands

START = datetime.datetime(2027, 3, 1, 23, 0, tzinfo=datetime.UTC)


class Clock:
    def __init__(self) -> None:
        self.moment = START

    def __call__(self) -> datetime.datetime:
        return self.moment


def test_it_checks_at_start_then_once_a_day() -> None:
    clock, checks = Clock(), []
    scheduler = ForgetScheduler(
        check=lambda: checks.append(clock()) or "", now=clock, tidy_connections=lambda: None
    )
    assert scheduler.tick() == LONGEST_SLEEP
    assert checks == [START]
    clock.moment += datetime.timedelta(hours=23, minutes=30)
    assert scheduler.tick() == 30 * 60
    assert checks == [START]
    clock.moment += datetime.timedelta(minutes=30)
    scheduler.tick()
    assert checks == [START, START + datetime.timedelta(days=1)]


def test_a_failed_check_is_logged_and_the_next_day_comes(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()

    def fail() -> str:
        raise RuntimeError("database is locked")

    scheduler = ForgetScheduler(check=fail, now=clock, tidy_connections=lambda: None)
    with caplog.at_level(logging.ERROR, logger="tableref.privacy"):
        scheduler.tick()
    assert "the check failed" in caplog.text
    clock.moment += datetime.timedelta(days=1)
    assert scheduler.tick() == LONGEST_SLEEP  # still running, and checking


def test_the_hall_runs_the_daily_check_beside_the_site() -> None:
    assert background_commands(weather=False)["forgetting"] == ["forget_schedule"]
    assert "forgetting" in background_commands(weather=True)


@pytest.fixture
def played(organiser, tournament, round_, players):
    """Five children and one round on 5 December 2026: kept until 5 March 2027."""
    return tournament


@pytest.mark.django_db(transaction=True)
def test_forget_schedule_once_forgets_what_is_due(played, monkeypatch) -> None:
    monkeypatch.setattr("referee.privacy.retention.today", lambda: datetime.date(2027, 3, 6))
    monkeypatch.setattr("referee.management.commands.forget_expired.today", lambda: datetime.date(2027, 3, 6))
    call_command("forget_schedule", "--once")
    assert not Player.objects.filter(forgotten_at__isnull=True).exists()


@pytest.mark.django_db
def test_a_dry_run_lists_and_changes_nothing(played) -> None:
    out = io.StringIO()
    call_command("forget_expired", "--as-of", "2027-03-06", "--dry-run", stdout=out)
    assert "would forget cup (due 2027-03-06): 5 children" in out.getvalue()
    assert not Player.objects.filter(forgotten_at__isnull=False).exists()


@pytest.mark.django_db
def test_nothing_is_due_before_the_date(played) -> None:
    out = io.StringIO()
    call_command("forget_expired", "--as-of", "2027-03-05", stdout=out)
    assert out.getvalue().strip() == "forget_expired: nothing is due on 2027-03-05"


@pytest.mark.django_db
def test_a_bad_date_is_one_clear_line() -> None:
    with pytest.raises(CommandError, match="is not a date such as"):
        call_command("forget_expired", "--as-of", "next week")


@pytest.mark.django_db
def test_a_tournament_without_rounds_counts_from_its_creation(organiser) -> None:
    created = tournament_create(actor=organiser, name="未排賽程", slug="early", ruleset="hk-school")
    school = school_create(actor=organiser, tournament=created, name_zh="海濱小學", name_en="", code="HSP")
    player_create(actor=organiser, tournament=created, school=school, name_zh="陳大文")
    created_on = timezone.localdate(created.created_at)
    for days, listed in ((90, False), (91, True)):
        out = io.StringIO()
        on = created_on + datetime.timedelta(days=days)
        call_command("forget_expired", "--as-of", on.isoformat(), "--dry-run", stdout=out)
        assert ("would forget early" in out.getvalue()) is listed
