"""The match-morning windows: when to read the Observatory, and when readings count as stopped."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest

from weather.match_mornings import HONG_KONG, MatchDay, Schedule, parse_window

DAY = date(2025, 7, 19)
MORNING = MatchDay(DAY, time(9, 0))
SCHEDULE = Schedule()


def hk(clock: str, day: date = DAY) -> datetime:
    hours, minutes = map(int, clock.split(":"))
    return datetime.combine(day, time(hours, minutes), HONG_KONG)


def test_the_window_is_five_to_nine_on_a_match_day() -> None:
    assert SCHEDULE.window(MORNING) == (hk("05:00"), hk("09:00"))
    assert SCHEDULE.window_now(hk("04:59"), [MORNING]) is None
    assert SCHEDULE.window_now(hk("05:00"), [MORNING]) is not None
    assert SCHEDULE.window_now(hk("09:00"), [MORNING]) is not None
    assert SCHEDULE.window_now(hk("09:01"), [MORNING]) is None
    assert SCHEDULE.window_now(hk("06:00", DAY + timedelta(days=1)), [MORNING]) is None


def test_an_afternoon_session_stretches_the_window_to_its_start() -> None:
    """A 14:00 session's cutoff is 12:00: readings must go on past 09:00."""
    assert SCHEDULE.window(MatchDay(DAY, time(14, 0))) == (hk("05:00"), hk("14:00"))


@pytest.mark.parametrize(
    ("now", "expected"),
    [("03:00", "05:00"), ("05:00", "05:00"), ("05:01", "05:05"), ("06:58", "07:00"), ("09:00", "09:00")],
)
def test_readings_fall_on_the_five_minute_grid(now: str, expected: str) -> None:
    assert SCHEDULE.next_reading(hk(now), [MORNING]) == hk(expected)


def test_no_reading_after_the_last_window() -> None:
    assert SCHEDULE.next_reading(hk("09:01"), [MORNING]) is None
    tomorrow = MatchDay(DAY + timedelta(days=1))
    assert SCHEDULE.next_reading(hk("09:01"), [MORNING, tomorrow]) == hk("05:00", DAY + timedelta(days=1))


@pytest.mark.parametrize(
    ("now", "last", "stopped"),
    [
        ("05:10", None, False),  # the window has not run 15 minutes yet
        ("05:16", None, True),  # nothing read since it opened
        ("06:40", "06:30", False),
        ("06:46", "06:30", True),
        ("09:30", "06:30", False),  # the window is over
    ],
)
def test_readings_count_as_stopped_after_fifteen_minutes_in_a_window(
    now: str, last: str | None, stopped: bool
) -> None:
    last_reading = hk(last) if last else None
    assert SCHEDULE.readings_stopped(hk(now), [MORNING], last_reading) is stopped


def test_a_day_without_rounds_never_warns() -> None:
    assert not SCHEDULE.readings_stopped(hk("07:00"), [], None)


@pytest.mark.parametrize("text", ["5-9", "09:00-05:00", "05:00-05:00", "25:00-26:00", "05:00"])
def test_bad_windows_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_window(text)


def test_a_window_is_read_with_spaces() -> None:
    assert parse_window(" 04:30 - 10:00 ") == (time(4, 30), time(10, 0))
