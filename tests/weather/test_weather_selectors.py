"""Reads: match days come from the rounds; decisions use only what was known then; queries do not grow."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.models import Round
from tests.weather.weather_payloads import MATCH_DAY, hk, rain
from weather.decision import HONG_KONG, MatchDay, Reason, Status
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
    assert during.override is not None
    assert during.reason.endswith("Indoor hall")
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


EDGE_DAYS = [date.min, date.min + timedelta(days=1), date.max - timedelta(days=1), date.max]


@pytest.mark.parametrize("day", EDGE_DAYS)
def test_a_day_at_the_ends_of_the_calendar_is_decided_without_overflowing(tournament, store, day) -> None:
    """Rounds stored before their dates were checked may lie anywhere in the calendar."""
    store("07:05", rain("WRAINR", hk("05:00")))
    for as_of in (hk("07:30"), datetime.combine(day, time(8, 0), HONG_KONG)):
        row = statuses(tournament, [MatchDay(day)], as_of)[0]
        assert row.match_day.day == day
    assert day_status(tournament, day, hk("07:30")).match_day.day == day


@pytest.mark.parametrize("day", [date.max, date.max - timedelta(days=1)])
def test_a_round_stored_at_the_end_of_the_calendar_leaves_the_weather_pages_working(
    client, tournament, organiser, frozen_now, day
) -> None:
    Round.objects.create(tournament=tournament, name="Far", date=day, start_time=time(23, 30), order=3)
    assert [row.match_day.day for row in upcoming_statuses(tournament, hk("07:30"))][-1] == day
    pages = [reverse(name, args=[tournament.slug]) for name in ("weather:public", "weather:status_json")]
    for url in pages:
        assert client.get(url).status_code == 200
    client.force_login(organiser)
    assert client.get(reverse("weather:manage", args=[tournament.slug])).status_code == 200
