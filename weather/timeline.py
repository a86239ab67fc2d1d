"""What was in force when, rebuilt from stored readings of a feed that has no history of its own.

Each reading tells what is in force at the moment it was read, and since when (the issue time of the code now
in force: a lowered signal shows only the new code, whose issue time is the change). Between two readings
TableRef assumes at most one change, and only when the readings are close together (`MAX_GAP`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from weather.feed import WarningStatements, WarningSummary
from weather.warning_signals import is_severe

MAX_GAP = timedelta(minutes=30)
# The feed can lag behind the Observatory: a reading this soon after a change may still show the old code.
FEED_LAG = timedelta(minutes=15)
# A signal lowered shows as a CANCEL entry for a while: a reading this soon after a moment that shows no entry
# at all for a category (`{}`) says that nothing of it was in force at that moment.
EMPTY_TELLS = timedelta(minutes=10)


@dataclass(frozen=True)
class SummaryReading:
    read_at: datetime
    summary: WarningSummary


@dataclass(frozen=True)
class StatementReading:
    read_at: datetime
    statements: WarningStatements


@dataclass(frozen=True)
class Observed:
    """One category as one reading saw it: the code in force (None: none) and since when, if known."""

    read_at: datetime
    code: str | None
    since: datetime | None


class Unknown:
    """The readings cannot tell what was in force at that moment."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = Unknown()


def to_minute(moment: datetime) -> datetime:
    """The rule counts in minutes: a change stamped 07:00:40 happened at 07:00."""
    return moment.replace(second=0, microsecond=0)


def observe(reading: SummaryReading, category: str) -> Observed:
    entry = reading.summary.entry(category)
    if entry is None:
        return Observed(reading.read_at, None, None)
    if not entry.in_force:
        return Observed(reading.read_at, None, entry.cancelled_at)
    return Observed(reading.read_at, entry.code, entry.issued_at)


def sorted_by_time(readings: Sequence[SummaryReading]) -> list[SummaryReading]:
    return sorted(readings, key=lambda reading: reading.read_at)


def code_at(readings: Sequence[SummaryReading], category: str, instant: datetime) -> str | None | Unknown:
    """The code in force just before `instant` (a change stamped in the minute of `instant` is after it).

    The first reading at or after `instant` answers if its code was issued before `instant`; otherwise the
    reading just before `instant` answers, provided the two readings are at most `MAX_GAP` apart and
    either the later one dates its change or both show the same thing.
    """
    ordered = sorted_by_time(readings)
    after = next((r for r in ordered if r.read_at >= instant), None)
    if after is None:
        return UNKNOWN
    seen_after = observe(after, category)
    since = trusted_since(ordered, category, seen_after)
    if since is not None and to_minute(since) < instant:
        return seen_after.code
    before = next((r for r in reversed(ordered) if r.read_at < instant), None)
    if _empty_soon_after(after, seen_after, instant) and (
        before is None or observe(before, category).code is None
    ):
        return None
    if before is None or after.read_at - before.read_at > MAX_GAP:
        return UNKNOWN
    seen_before = observe(before, category)
    if since is not None or seen_before.code == seen_after.code:
        return seen_before.code
    return UNKNOWN


def _empty_soon_after(after: SummaryReading, seen: Observed, instant: datetime) -> bool:
    """No entry at all (not even a cancellation) in a reading taken shortly after `instant`: a signal in force
    at `instant` and lowered since would still show as a CANCEL entry. An earlier reading that saw a signal
    contradicts it, and the usual rule answers instead."""
    return seen.code is None and seen.since is None and after.read_at - instant <= EMPTY_TELLS


def trusted_since(ordered: Sequence[SummaryReading], category: str, seen: Observed) -> datetime | None:
    """`seen.since`, unless an earlier reading taken well after that moment still showed something else.

    The feed's times are trusted only as far as the readings bear them out: a cancellation that carries
    only the original issue time must not pass for a cancellation at that time.
    """
    if seen.since is None:
        return None
    for reading in ordered:
        if seen.since + FEED_LAG < reading.read_at < seen.read_at:
            if observe(reading, category).code != seen.code:
                return None
    return seen.since


def latest(readings: Sequence[SummaryReading], at: datetime) -> SummaryReading | None:
    """The last reading taken at or before `at`."""
    candidates = [r for r in readings if r.read_at <= at]
    return max(candidates, key=lambda r: r.read_at) if candidates else None


def latest_statements(readings: Sequence[StatementReading], at: datetime) -> StatementReading | None:
    candidates = [r for r in readings if r.read_at <= at]
    return max(candidates, key=lambda r: r.read_at) if candidates else None


def code_now(readings: Sequence[SummaryReading], category: str, at: datetime) -> str | None:
    reading = latest(readings, at)
    return None if reading is None else observe(reading, category).code


def last_severe_before(
    readings: Sequence[SummaryReading], category: str, instant: datetime, since: datetime
) -> Observed | None:
    """The last reading in [since, instant) that saw a severe signal of this category."""
    seen = [observe(r, category) for r in sorted_by_time(readings) if since <= r.read_at < instant]
    severe = [o for o in seen if is_severe(category, o.code)]
    return severe[-1] if severe else None


def lowered_at(readings: Sequence[SummaryReading], category: str, after: datetime) -> datetime | None:
    """When a severe signal seen at `after` gave way, if the first reading that no longer shows it says."""
    ordered = sorted_by_time(readings)
    for reading in ordered:
        if reading.read_at <= after:
            continue
        seen = observe(reading, category)
        if not is_severe(category, seen.code):
            since = trusted_since(ordered, category, seen)
            return to_minute(since) if since is not None else None
    return None


def severe_between(
    readings: Sequence[SummaryReading], category: str, start: datetime, end: datetime
) -> Observed | None:
    """A severe signal of this category in force at some moment in [start, end], as far as readings show."""
    for reading in sorted_by_time(readings):
        seen = observe(reading, category)
        if not is_severe(category, seen.code):
            continue
        if start <= reading.read_at <= end:
            return seen
        if reading.read_at > end and seen.since is not None and to_minute(seen.since) <= end:
            return seen
    return None
