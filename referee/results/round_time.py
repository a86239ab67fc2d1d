"""The round clock read from its stored moments: where it stands, when the round's (and a table's) time ends.

Nothing ticks on the server. A running clock is one moment, its end; a paused one is the seconds it has left;
the browser counts down from those (`static/js/hall-clock.js`). A table's time ends its extra minutes after
the round's. Until the clock is started, nothing is timed and no table's time is up.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from referee.models import RoundClock

NOT_STARTED, RUNNING, PAUSED, ENDED = "not-started", "running", "paused", "ended"
WARNING_SECONDS = 5 * 60


@dataclass(frozen=True)
class ClockReading:
    """`ends_at`: when a running (or ended) round's time ends or ended; `left`: seconds left while paused."""

    state: str
    minutes: int
    ends_at: datetime | None
    left: int | None

    @property
    def started(self) -> bool:
        return self.state != NOT_STARTED


def clock_reading(clock: RoundClock | None) -> ClockReading:
    if clock is None or clock.started_at is None:
        return ClockReading(NOT_STARTED, clock.minutes if clock else 0, None, None)
    length = timedelta(minutes=clock.minutes, seconds=clock.paused_seconds)
    if clock.ended_at is not None:
        return ClockReading(ENDED, clock.minutes, clock.ended_at, None)
    if clock.paused_at is not None:
        left = clock.started_at + length - clock.paused_at
        return ClockReading(PAUSED, clock.minutes, None, max(0, int(left.total_seconds())))
    return ClockReading(RUNNING, clock.minutes, clock.started_at + length, None)


def round_time_ends(clock: RoundClock | None) -> datetime | None:
    """The moment the round's time ends (or ended); None before the start and while paused."""
    reading = clock_reading(clock)
    return reading.ends_at


def table_time_ends(clock: RoundClock | None, extra_minutes: int) -> datetime | None:
    """The moment one table's time ends: the round's, plus the extra minutes an organiser gave it."""
    ends = round_time_ends(clock)
    return None if ends is None else ends + timedelta(minutes=extra_minutes)


def time_is_up(clock: RoundClock | None, extra_minutes: int, now: datetime) -> bool:
    ends = table_time_ends(clock, extra_minutes)
    return ends is not None and now >= ends
