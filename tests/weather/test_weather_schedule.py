"""The scheduler reads on the grid inside match-day windows, survives failures, reads nothing outside them."""

from __future__ import annotations

import io
import logging
from datetime import date, datetime, time, timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.models import Round, Tournament
from tests.weather.weather_payloads import rain, warning_info
from weather.match_mornings import HONG_KONG, MatchDay, Schedule
from weather.models import WarningSnapshot
from weather.schedule import WeatherScheduler

DAY = date(2025, 7, 19)


class FakeClock:
    def __init__(self, start: datetime) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


def run_morning(start: str, fetch, until: str = "09:30") -> list[str]:
    """Tick from `start` to `until`, sleeping as the scheduler asks; the times at which it read."""
    hours, minutes = map(int, start.split(":"))
    clock = FakeClock(datetime.combine(DAY, time(hours, minutes), HONG_KONG))
    end_hours, end_minutes = map(int, until.split(":"))
    end = datetime.combine(DAY, time(end_hours, end_minutes), HONG_KONG)
    read_at: list[str] = []

    def recording_fetch() -> str:
        read_at.append(clock().strftime("%H:%M"))
        return fetch()

    scheduler = WeatherScheduler(
        schedule=Schedule(),
        match_days=lambda: [MatchDay(DAY, time(9, 0))],
        fetch=recording_fetch,
        now=clock,
        tidy_connections=lambda: None,
    )
    while clock() < end:
        clock.advance(scheduler.tick())
    return read_at


def test_a_morning_is_read_every_five_minutes_from_five_to_nine() -> None:
    read_at = run_morning("04:00", lambda: "stored")
    assert read_at[0] == "05:00"
    assert read_at[-1] == "09:00"
    assert len(read_at) == 49
    assert "07:00" in read_at
    assert "07:05" in read_at


def test_starting_in_the_middle_of_a_window_reads_at_once_then_on_the_grid() -> None:
    assert run_morning("06:32", lambda: "stored", until="06:50")[:4] == ["06:32", "06:35", "06:40", "06:45"]


def test_failures_are_logged_and_the_readings_go_on(caplog) -> None:
    def offline() -> str:
        raise CommandError("weather_fetch: nothing stored: cannot reach the Observatory")

    with caplog.at_level(logging.WARNING, logger="tableref.weather"):
        read_at = run_morning("06:50", offline, until="07:06")
    assert read_at == ["06:50", "06:55", "07:00", "07:05"]
    assert "cannot reach the Observatory; trying again" in caplog.text


def test_an_unexpected_error_is_logged_with_its_traceback_and_the_readings_go_on(caplog) -> None:
    def broken() -> str:
        raise RuntimeError("something nobody foresaw")

    with caplog.at_level(logging.ERROR, logger="tableref.weather"):
        read_at = run_morning("06:55", broken, until="07:01")
    assert read_at == ["06:55", "07:00"]
    assert "something nobody foresaw" in caplog.text


def test_nothing_is_read_on_a_day_without_rounds() -> None:
    clock = FakeClock(datetime.combine(DAY, time(6, 0), HONG_KONG))
    reads: list[str] = []
    scheduler = WeatherScheduler(
        schedule=Schedule(),
        match_days=lambda: [],
        fetch=lambda: reads.append("x") or "",
        now=clock,
        tidy_connections=lambda: None,
    )
    for _ in range(200):
        clock.advance(scheduler.tick())
    assert reads == []


@pytest.mark.django_db(transaction=True)  # as in the real process: no test transaction around the readings
def test_the_command_reads_through_weather_fetch_on_a_match_morning(monkeypatch) -> None:
    """`--once` at 06:55 on a match day stores both feeds through weather_fetch itself (its network faked)."""
    tournament = Tournament.objects.create(name="Cup", slug="cup", ruleset="hk-school")
    Round.objects.create(tournament=tournament, name="1", date=DAY, start_time=time(9, 0), order=1)
    issued = datetime.combine(DAY, time(6, 0), HONG_KONG)
    urls: list[str] = []

    def fake_network(url: str, timeout: float) -> str:
        urls.append(url)
        return warning_info(None) if "warningInfo" in url else rain("WRAINA", issued)

    monkeypatch.setattr("weather.management.commands.weather_fetch.http_fetch", fake_network)
    monkeypatch.setattr("weather.clock.now", lambda: datetime.combine(DAY, time(6, 55), HONG_KONG))
    call_command("weather_schedule", "--once", stdout=io.StringIO())
    assert WarningSnapshot.objects.count() == 2
    assert len(urls) == 2

    monkeypatch.setattr("weather.clock.now", lambda: datetime.combine(DAY, time(12, 0), HONG_KONG))
    call_command("weather_schedule", "--once", stdout=io.StringIO())
    assert len(urls) == 2, "nothing is read outside the window"
