"""Reading the Observatory on schedule from one long-running process, so that nobody sets up cron at a venue.

It runs once per site (`manage.py weather_schedule`, which `make hall` starts beside the web server), never
inside the web workers, which would each read the feed. Each reading is `manage.py weather_fetch` itself; a
failed one (no internet in the hall) is logged and tried again at the next reading, and the organiser's
weather page warns once readings have stopped for a while.
"""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, close_old_connections
from django.db.models import Min

from weather.match_mornings import HONG_KONG, MatchDay, Schedule

if TYPE_CHECKING:
    from referee.models import Tournament

logger = logging.getLogger("tableref.weather")
LONGEST_SLEEP = 60.0  # seconds: rounds added during the week, or a laptop waking from sleep, are seen soon


def schedule_from_settings() -> Schedule:
    start, end = settings.WEATHER_FETCH_WINDOW
    return Schedule(
        window_start=start,
        window_end=end,
        every=timedelta(minutes=settings.WEATHER_FETCH_EVERY_MINUTES),
        stale_after=timedelta(minutes=settings.WEATHER_STALE_AFTER_MINUTES),
    )


def all_match_days() -> list[MatchDay]:
    """Every date with rounds, in any tournament: one reading serves them all."""
    from referee.models import Round

    rows = Round.objects.values("date").annotate(first_start=Min("start_time")).order_by("date")
    return [MatchDay(row["date"], row["first_start"]) for row in rows]


def fetch_with_command() -> str:
    """One reading by `manage.py weather_fetch`; its one line of output, or CommandError."""
    output = io.StringIO()
    call_command("weather_fetch", stdout=output)
    return output.getvalue().strip()


class WeatherScheduler:
    """Reads on the schedule's grid inside match-day windows; everything it needs is passed in, for tests."""

    def __init__(
        self,
        *,
        schedule: Schedule,
        match_days: Callable[[], list[MatchDay]],
        fetch: Callable[[], str],
        now: Callable[[], datetime],
        tidy_connections: Callable[[], None] = close_old_connections,
    ) -> None:
        self.tidy_connections = tidy_connections
        self.schedule = schedule
        self.match_days = match_days
        self.fetch = fetch
        self.now = now
        self.last_attempt: datetime | None = None

    def due(self, now: datetime, days: list[MatchDay]) -> bool:
        """Inside a window: at once on starting there, then at each grid point after the last attempt."""
        if self.schedule.window_now(now, days) is None:
            return False
        if self.last_attempt is None:
            return True
        following = self.schedule.next_reading(self.last_attempt + timedelta(seconds=1), days)
        return following is not None and now >= following

    def tick(self) -> float:
        """Read if a reading is due; the seconds to wait before the next tick."""
        now = self.now()
        try:
            days = self.match_days()
        except DatabaseError:
            logger.exception("weather: cannot read the match days; trying again in a minute")
            self.tidy_connections()
            return LONGEST_SLEEP
        if self.due(now, days):
            self.read()
            self.last_attempt = now
        wake = self.schedule.next_reading(now + timedelta(seconds=1), days)
        wait = LONGEST_SLEEP if wake is None else (wake - self.now()).total_seconds()
        return min(max(wait, 1.0), LONGEST_SLEEP)

    def read(self) -> None:
        # Like a web request: a connection that is too old or broken (the database restarted since the last
        # reading, hours ago) is dropped before and after, so one failure does not stick.
        self.tidy_connections()
        try:
            logger.info("weather: %s", self.fetch())
        except CommandError as error:
            logger.warning("weather: %s; trying again at the next reading", error)
        except Exception:
            logger.exception("weather: the reading failed; trying again at the next reading")
        finally:
            self.tidy_connections()

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            stop.wait(self.tick())


@dataclass(frozen=True)
class ReadingsStopped:
    """For the organiser's weather page: readings have stopped on a match morning."""

    last_reading: datetime | None
    minutes: int


def readings_stopped(tournament: Tournament, now: datetime) -> ReadingsStopped | None:
    """Whether this tournament's match morning has gone `stale_after` without a reading (two queries)."""
    from weather.selectors import last_checked, match_days

    schedule = schedule_from_settings()
    today = now.astimezone(HONG_KONG).date()
    days = [MatchDay(day.day, day.session_start) for day in match_days(tournament, from_date=today)[:1]]
    if not days or days[0].day != today:
        return None
    last_reading = last_checked(now)
    if not schedule.readings_stopped(now, days, last_reading):
        return None
    return ReadingsStopped(last_reading, int(schedule.stale_after.total_seconds() // 60))
