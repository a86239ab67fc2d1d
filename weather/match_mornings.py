"""When to read the Observatory, and when readings count as stopped: plain Python, no Django.

The Observatory's feed keeps no history, so the decision rests on readings taken on the morning itself. On
each match day (a date with rounds) TableRef reads it every few minutes through a window, by default 05:00 to
09:00 Hong Kong time; when a day's first round starts later than the window's end (an afternoon session,
whose cutoff is two hours before its start), the window stretches to that start. Outside the windows nothing
is fetched, so a laptop left running all week sends nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

HONG_KONG = ZoneInfo("Asia/Hong_Kong")
WINDOW_PATTERN = re.compile(r"^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]):([0-5]\d)\s*$")


@dataclass(frozen=True)
class MatchDay:
    """A date with rounds, and the start of its first round (None: no start time recorded)."""

    day: date
    first_start: time | None = None


@dataclass(frozen=True)
class Schedule:
    window_start: time = time(5, 0)
    window_end: time = time(9, 0)
    every: timedelta = timedelta(minutes=5)
    stale_after: timedelta = timedelta(minutes=15)

    def window(self, match_day: MatchDay) -> tuple[datetime, datetime]:
        end = self.window_end
        if match_day.first_start is not None and match_day.first_start > end:
            end = match_day.first_start
        return (
            datetime.combine(match_day.day, self.window_start, HONG_KONG),
            datetime.combine(match_day.day, end, HONG_KONG),
        )

    def window_now(self, now: datetime, match_days: Iterable[MatchDay]) -> tuple[datetime, datetime] | None:
        """Today's window if `now` falls inside it (both ends included)."""
        today = now.astimezone(HONG_KONG).date()
        for match_day in match_days:
            if match_day.day == today:
                start, end = self.window(match_day)
                if start <= now <= end:
                    return start, end
        return None

    def next_reading(self, now: datetime, match_days: Iterable[MatchDay]) -> datetime | None:
        """The next moment to read at or after `now`: on the window's grid (05:00, 05:05, ...), so that
        readings fall at the same minutes every morning; None if no window lies ahead."""
        upcoming: list[datetime] = []
        for match_day in match_days:
            start, end = self.window(match_day)
            if end < now:
                continue
            if now <= start:
                upcoming.append(start)
                continue
            steps = -(-(now - start) // self.every)  # ceiling: the first grid point at or after now
            moment = start + steps * self.every
            if moment <= end:
                upcoming.append(moment)
        return min(upcoming, default=None)

    def readings_stopped(
        self, now: datetime, match_days: Iterable[MatchDay], last_reading: datetime | None
    ) -> bool:
        """Inside a window, once it has run for `stale_after`, with no reading for `stale_after`: the fetch
        is failing (no internet) or not running at all, and the organiser should know before 07:00."""
        window = self.window_now(now, match_days)
        if window is None or now - window[0] < self.stale_after:
            return False
        return last_reading is None or now - last_reading > self.stale_after


def parse_window(text: str) -> tuple[time, time]:
    """ "05:00-09:00" -> (05:00, 09:00); the start must come before the end."""
    match = WINDOW_PATTERN.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a window such as 05:00-09:00")
    start = time(int(match[1]), int(match[2]))
    end = time(int(match[3]), int(match[4]))
    if start >= end:
        raise ValueError(f"{text!r} ends before it starts")
    return start, end
