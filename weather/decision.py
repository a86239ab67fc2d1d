"""Does a match day go ahead? The weather rule of seed 002 (section 4), to the minute.

Plain Python: facts in (stored readings, the bureau's announcements, the organiser's override), one decision
out. Red or black rainstorm, or No. 8 or higher, lowered at or before the cutoff (07:00) means on; still up at
07:01 means cancelled; amber and No. 1 mean on; No. 3 depends on the Education Bureau. The cases the rule
leaves open are decided here and written down in docs/weather.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from enum import StrEnum
from zoneinfo import ZoneInfo

from weather.timeline import (
    MAX_GAP,
    UNKNOWN,
    StatementReading,
    SummaryReading,
    Unknown,
    code_at,
    code_now,
    last_severe_before,
    latest,
    latest_statements,
    lowered_at,
    severe_between,
)
from weather.warning_signals import CATEGORIES, CYCLONE, RAINSTORM, Level, is_severe, level_of

HONG_KONG = ZoneInfo("Asia/Hong_Kong")
MORNING_CUTOFF = time(7, 0)
AFTERNOON_FROM = time(12, 0)
AFTERNOON_LEAD = timedelta(hours=2)
DEFAULT_SESSION_START = time(9, 0)


class Status(StrEnum):
    GOES_AHEAD = "goes-ahead"
    CANCELLED = "cancelled"
    PENDING = "pending"
    UNKNOWN = "unknown"


class Reason(StrEnum):
    OVERRIDE = "override"
    NOT_CHECKED_YET = "not-checked-yet"
    NOT_CHECKED_RECENTLY = "not-checked-recently"
    CLEAR_SO_FAR = "clear-so-far"
    SEVERE_PENDING = "severe-pending"
    PRE8_PENDING = "pre8-pending"
    TC3_PENDING = "tc3-pending"
    SEVERE_AT_CUTOFF = "severe-at-cutoff"
    AWAITING_READING = "awaiting-reading"
    NO_READING_AT_CUTOFF = "no-reading-at-cutoff"
    BUREAU_SUSPENDED = "bureau-suspended"
    SEVERE_AFTER_CUTOFF = "severe-after-cutoff"
    PRE8_UNDECIDED = "pre8-undecided"
    SEVERE_LOWERED = "severe-lowered"
    TC3_NO_SUSPENSION = "tc3-no-suspension"
    TC3_NO_ANNOUNCEMENT = "tc3-no-announcement"
    AMBER = "amber"
    TC1 = "tc1"
    NO_SIGNAL = "no-signal"


class BureauScope(StrEnum):
    """Whom an Education Bureau announcement covers; only the first three concern a primary-school match."""

    ALL_SCHOOLS = "all-schools"
    PRIMARY = "primary"
    AFTERNOON = "afternoon"
    KINDERGARTEN = "kindergarten"


@dataclass(frozen=True)
class MatchDay:
    day: date
    session_start: time = DEFAULT_SESSION_START


@dataclass(frozen=True)
class BureauNotice:
    scope: BureauScope
    suspended: bool
    announced_at: datetime


@dataclass(frozen=True)
class Override:
    status: Status
    reason: str


@dataclass(frozen=True)
class Facts:
    summaries: Sequence[SummaryReading] = ()
    statements: Sequence[StatementReading] = ()
    bureau: Sequence[BureauNotice] = ()
    override: Override | None = None


@dataclass(frozen=True)
class Decision:
    """`details` fills the sentence: signal code, cutoff "07:00", deadline "07:01", lowered time."""

    status: Status
    reason: Reason
    decided_at: datetime
    details: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Clock:
    """The moments that matter on one match day, in Hong Kong time."""

    cutoff: datetime  # the last minute at which lowering a signal still lets the match go ahead
    deadline: datetime  # one minute later: a signal still up now cancels the match
    session_start: datetime
    midnight: datetime  # the start of the match day
    day_start: datetime  # readings from here on count: the evening before can already tell

    @classmethod
    def for_day(cls, match_day: MatchDay, zone: tzinfo = HONG_KONG) -> Clock:
        start = datetime.combine(match_day.day, match_day.session_start, zone)
        cutoff = datetime.combine(match_day.day, MORNING_CUTOFF, zone)
        if match_day.session_start >= AFTERNOON_FROM:
            cutoff = start - AFTERNOON_LEAD
        midnight = datetime.combine(match_day.day, time(0, 0), zone)
        eve = (
            midnight - timedelta(days=1) if match_day.day > date.min else midnight
        )  # the calendar's first day
        return cls(cutoff, cutoff + timedelta(minutes=1), start, midnight, eve)

    def details(self) -> dict[str, str]:
        return {"cutoff": f"{self.cutoff:%H:%M}", "deadline": f"{self.deadline:%H:%M}"}


def bureau_suspends(match_day: MatchDay, notices: Sequence[BureauNotice], as_of: datetime) -> bool | None:
    """The latest announcement known at `as_of` covering this session: suspended, not, or None."""
    afternoon = match_day.session_start >= AFTERNOON_FROM
    relevant = [
        notice
        for notice in notices
        if notice.announced_at <= as_of
        and (
            notice.scope in (BureauScope.ALL_SCHOOLS, BureauScope.PRIMARY)
            or (notice.scope == BureauScope.AFTERNOON and afternoon)
        )
    ]
    if not relevant:
        return None
    return max(relevant, key=lambda notice: notice.announced_at).suspended


def decide(match_day: MatchDay, facts: Facts, as_of: datetime) -> Decision:
    """The status of `match_day` as known at `as_of`, from the readings taken up to then."""
    clock = Clock.for_day(match_day)
    if facts.override is not None:
        details = {**clock.details(), "override_reason": facts.override.reason}
        return Decision(facts.override.status, Reason.OVERRIDE, as_of, details)
    summaries = [r for r in facts.summaries if clock.day_start <= r.read_at <= as_of]
    statements = [r for r in facts.statements if clock.day_start <= r.read_at <= as_of]
    if as_of < clock.deadline:
        return _before_deadline(match_day, clock, summaries, statements, facts.bureau, as_of)
    return _after_deadline(match_day, clock, summaries, statements, facts.bureau, as_of)


def _make(status: Status, reason: Reason, clock: Clock, as_of: datetime, **details: str) -> Decision:
    return Decision(status, reason, as_of, {**clock.details(), **details})


def _severe_code_now(summaries: Sequence[SummaryReading], at: datetime) -> str | None:
    for category in (CYCLONE, RAINSTORM):
        code = code_now(summaries, category, at)
        if is_severe(category, code):
            return code
    return None


def _pre8_in_force(statements: Sequence[StatementReading], at: datetime) -> bool:
    reading = latest_statements(statements, at)
    return reading is not None and reading.statements.pre8_in_force


def _before_deadline(
    match_day: MatchDay,
    clock: Clock,
    summaries: Sequence[SummaryReading],
    statements: Sequence[StatementReading],
    notices: Sequence[BureauNotice],
    as_of: datetime,
) -> Decision:
    """Before 07:01 the answer is provisional, except a class suspension already announced."""
    if bureau_suspends(match_day, notices, as_of):
        return _make(Status.CANCELLED, Reason.BUREAU_SUSPENDED, clock, as_of)
    reading = latest(summaries, as_of)
    if reading is None:
        return _make(Status.PENDING, Reason.NOT_CHECKED_YET, clock, as_of)
    severe = _severe_code_now(summaries, as_of)
    if severe is not None:
        return _make(Status.PENDING, Reason.SEVERE_PENDING, clock, as_of, signal=severe)
    if as_of - reading.read_at > MAX_GAP:
        # An old reading cannot say what is in force now; a severe one above still says what would cancel.
        if reading.read_at < clock.midnight:
            return _make(Status.PENDING, Reason.NOT_CHECKED_YET, clock, as_of)
        last_read = f"{reading.read_at.astimezone(HONG_KONG):%H:%M}"
        return _make(Status.PENDING, Reason.NOT_CHECKED_RECENTLY, clock, as_of, last_read=last_read)
    if _pre8_in_force(statements, as_of):
        return _make(Status.PENDING, Reason.PRE8_PENDING, clock, as_of)
    if level_of(CYCLONE, code_now(summaries, CYCLONE, as_of)) == Level.TC3:
        if bureau_suspends(match_day, notices, as_of) is None:
            return _make(Status.PENDING, Reason.TC3_PENDING, clock, as_of, signal="TC3")
    return _make(Status.PENDING, Reason.CLEAR_SO_FAR, clock, as_of)


def _after_deadline(
    match_day: MatchDay,
    clock: Clock,
    summaries: Sequence[SummaryReading],
    statements: Sequence[StatementReading],
    notices: Sequence[BureauNotice],
    as_of: datetime,
) -> Decision:
    at_deadline = {category: code_at(summaries, category, clock.deadline) for category in CATEGORIES}
    for category, code in at_deadline.items():
        if not isinstance(code, Unknown) and is_severe(category, code):
            return _make(Status.CANCELLED, Reason.SEVERE_AT_CUTOFF, clock, as_of, signal=str(code))
    if bureau_suspends(match_day, notices, as_of):
        return _make(Status.CANCELLED, Reason.BUREAU_SUSPENDED, clock, as_of)
    if any(code is UNKNOWN for code in at_deadline.values()):
        if _awaiting_first_reading(clock, summaries, as_of):
            return _make(Status.PENDING, Reason.AWAITING_READING, clock, as_of)
        return _make(Status.UNKNOWN, Reason.NO_READING_AT_CUTOFF, clock, as_of)
    moment = min(as_of, clock.session_start)
    for category in (CYCLONE, RAINSTORM):
        later = severe_between(summaries, category, clock.deadline, moment)
        if later is not None:
            return _make(Status.UNKNOWN, Reason.SEVERE_AFTER_CUTOFF, clock, as_of, signal=str(later.code))
    if _pre8_in_force(statements, moment):
        return _make(Status.UNKNOWN, Reason.PRE8_UNDECIDED, clock, as_of)
    return _goes_ahead(match_day, clock, summaries, notices, as_of, moment)


def _awaiting_first_reading(clock: Clock, summaries: Sequence[SummaryReading], as_of: datetime) -> bool:
    """Readings were coming in up to the deadline and the next one is simply not due yet."""
    last = latest(summaries, as_of)
    return (
        last is not None
        and last.read_at < clock.deadline
        and clock.deadline - last.read_at <= MAX_GAP
        and as_of <= clock.deadline + MAX_GAP
    )


def _goes_ahead(
    match_day: MatchDay,
    clock: Clock,
    summaries: Sequence[SummaryReading],
    notices: Sequence[BureauNotice],
    as_of: datetime,
    moment: datetime,
) -> Decision:
    """Nothing stops the match: say why, most telling reason first."""
    for category in (CYCLONE, RAINSTORM):
        seen = last_severe_before(summaries, category, clock.deadline, clock.midnight)
        if seen is not None:
            when = lowered_at(summaries, category, seen.read_at)
            extra = {"lowered_at": f"{when.astimezone(HONG_KONG):%H:%M}"} if when is not None else {}
            return _make(
                Status.GOES_AHEAD, Reason.SEVERE_LOWERED, clock, as_of, signal=str(seen.code), **extra
            )
    cyclone = level_of(CYCLONE, code_now(summaries, CYCLONE, moment))
    if cyclone == Level.TC3:
        if bureau_suspends(match_day, notices, as_of) is False:
            return _make(Status.GOES_AHEAD, Reason.TC3_NO_SUSPENSION, clock, as_of, signal="TC3")
        return _make(Status.GOES_AHEAD, Reason.TC3_NO_ANNOUNCEMENT, clock, as_of, signal="TC3")
    rain_code = code_now(summaries, RAINSTORM, moment)
    if level_of(RAINSTORM, rain_code) == Level.AMBER:
        return _make(Status.GOES_AHEAD, Reason.AMBER, clock, as_of, signal=str(rain_code))
    if cyclone == Level.TC1:
        return _make(Status.GOES_AHEAD, Reason.TC1, clock, as_of, signal="TC1")
    return _make(Status.GOES_AHEAD, Reason.NO_SIGNAL, clock, as_of)
