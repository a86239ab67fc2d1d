"""Reads: match days come from the rounds; decisions use only what was known then; queries do not grow."""

from __future__ import annotations

from datetime import time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.models import Round
from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.decision import MatchDay, Reason, Status
from weather.models import MatchDayOverride
from weather.selectors import day_status, describe_snapshot, match_days, statuses, upcoming_statuses

pytestmark = pytest.mark.django_db


def test_a_match_day_starts_with_its_earliest_round(tournament) -> None:
    assert match_days(tournament) == [MatchDay(MATCH_DAY, time(9, 0))]


def test_only_days_from_the_given_date(tournament) -> None:
    later = MATCH_DAY + timedelta(days=7)
    Round.objects.create(tournament=tournament, name="Final", date=later, start_time=time(14, 0), order=3)
    assert [d.day for d in match_days(tournament, from_date=MATCH_DAY + timedelta(days=1))] == [later]


def test_a_date_without_rounds_gets_a_0900_session(tournament) -> None:
    other_day = MATCH_DAY + timedelta(days=1)
    row = day_status(tournament, other_day, hk("06:00", other_day))
    assert row.match_day == MatchDay(other_day, time(9, 0))
    assert day_status(None, other_day, hk("06:00", other_day), time(13, 30)).match_day.session_start == time(
        13, 30
    )


def test_an_override_counts_only_between_its_setting_and_its_clearing(tournament, organiser, store) -> None:
    store("07:05", rain("WRAINR", hk("05:00")))
    MatchDayOverride.objects.create(
        tournament=tournament,
        date=MATCH_DAY,
        status="goes-ahead",
        reason="Indoor hall",
        set_by=organiser,
        set_at=hk("07:20"),
        cleared_at=hk("08:00"),
        cleared_by=organiser,
    )
    days = match_days(tournament)
    assert statuses(tournament, days, hk("07:10"))[0].status == Status.CANCELLED
    during = statuses(tournament, days, hk("07:30"))[0]
    assert (during.status, during.decision.reason) == (Status.GOES_AHEAD, Reason.OVERRIDE)
    assert during.override is not None and during.reason.endswith("Indoor hall")
    assert statuses(tournament, days, hk("08:30"))[0].status == Status.CANCELLED


def test_last_checked_is_the_latest_reading_known_then(tournament, store) -> None:
    store("06:55", "{}")
    store("07:05", "{}")
    assert upcoming_statuses(tournament, hk("07:00"))[0].last_checked == hk("06:55")


def test_the_number_of_queries_does_not_grow_with_the_days(tournament, store) -> None:
    store("06:55", "{}")
    one_day = match_days(tournament)
    for offset in range(1, 6):
        day = MATCH_DAY + timedelta(days=offset)
        Round.objects.create(
            tournament=tournament, name=f"R{offset}", date=day, start_time=time(9, 0), order=10 + offset
        )
    many_days = match_days(tournament)
    with CaptureQueriesContext(connection) as few:
        statuses(tournament, one_day, hk("06:00"))
    with CaptureQueriesContext(connection) as many:
        rows = statuses(tournament, many_days, hk("06:00"))
    assert len(rows) == 6
    assert len(many) == len(few) == 4


def test_describe_snapshot_lists_codes_in_force(store) -> None:
    assert describe_snapshot(store("06:55", rain("WRAINB", hk("06:00")))) == ["WRAINB"]
    assert describe_snapshot(store("06:56", "{}")) == []
