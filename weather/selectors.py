"""Reads for the weather pages and commands: match days with their decisions, in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from django.db.models import Min, Q, QuerySet

from referee.models import Round, Tournament
from weather.decision import (
    AFTERNOON_FROM,
    HONG_KONG,
    BureauNotice,
    BureauScope,
    Decision,
    Facts,
    MatchDay,
    Override,
    Status,
    decide,
)
from weather.feed import FeedError, parse_statements, parse_summary
from weather.models import BureauAnnouncement, Feed, MatchDayOverride, WarningSnapshot
from weather.reasons import reason_sentence
from weather.timeline import StatementReading, SummaryReading

EARLIEST_STORABLE = datetime(1, 1, 2, tzinfo=UTC)  # an earlier moment overflows on its way to UTC


@dataclass(frozen=True)
class MatchDayStatus:
    """One match day as the pages and the JSON show it."""

    match_day: MatchDay
    decision: Decision
    reason: str
    last_checked: datetime | None
    override: MatchDayOverride | None = None
    bureau: Sequence[BureauAnnouncement] = field(default_factory=tuple)

    @property
    def status(self) -> Status:
        return self.decision.status


def match_days(tournament: Tournament, *, from_date: date | None = None) -> list[MatchDay]:
    """A match day per session with rounds: the morning's, starting with its earliest round, and an
    afternoon's (a round from 12:00, such as a final after lunch), decided two hours before it starts. One
    query."""
    rounds = Round.objects.filter(tournament=tournament)
    if from_date is not None:
        rounds = rounds.filter(date__gte=from_date)
    rows = rounds.values("date").annotate(
        morning=Min("start_time", filter=Q(start_time__lt=AFTERNOON_FROM)),
        afternoon=Min("start_time", filter=Q(start_time__gte=AFTERNOON_FROM)),
    )
    days = []
    for row in rows.order_by("date"):
        days += [
            MatchDay(row["date"], start) for start in (row["morning"], row["afternoon"]) if start is not None
        ]
    return days


def tournaments_playing_on(day: date) -> list[Tournament]:
    return list(Tournament.objects.filter(rounds__date=day).distinct().order_by("slug"))


def load_readings(start: datetime, end: datetime) -> tuple[list[SummaryReading], list[StatementReading]]:
    """Stored snapshots read in [start, end], parsed; one that no longer parses is skipped, not fatal."""
    summaries: list[SummaryReading] = []
    statements: list[StatementReading] = []
    snapshots = WarningSnapshot.objects.filter(read_at__gte=start, read_at__lte=end).order_by("read_at", "pk")
    for snapshot in snapshots.only("feed", "read_at", "payload"):
        try:
            if snapshot.feed == Feed.SUMMARY:
                summaries.append(SummaryReading(snapshot.read_at, parse_summary(snapshot.payload)))
            else:
                statements.append(StatementReading(snapshot.read_at, parse_statements(snapshot.payload)))
        except FeedError:
            continue
    return summaries, statements


def last_checked(as_of: datetime) -> datetime | None:
    snapshot = WarningSnapshot.objects.filter(read_at__lte=as_of).order_by("-read_at").only("read_at").first()
    return None if snapshot is None else snapshot.read_at


def _shifted(day: date, days: int) -> date:
    """`day` moved by whole days, held at the ends of the calendar instead of overflowing there."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max if days > 0 else date.min


def _window(days: Sequence[MatchDay], as_of: datetime) -> tuple[datetime, datetime]:
    """The readings that matter: from the eve of the first day to the end of the last (or now).

    Rounds may have been stored on any date; the window stays inside what the database can compare with."""
    first = datetime.combine(_shifted(days[0].day, -1), time(0, 0), HONG_KONG)
    last = datetime.combine(_shifted(days[-1].day, 1), time(0, 0), HONG_KONG)
    return max(first, EARLIEST_STORABLE), min(last, as_of)


def _overrides_known_at(
    tournament: Tournament, dates: Iterable[date], as_of: datetime
) -> dict[date, MatchDayOverride]:
    """The override in force at `as_of` per date: set by then and not yet cleared."""
    rows = (
        MatchDayOverride.objects.filter(tournament=tournament, date__in=list(dates), set_at__lte=as_of)
        .filter(Q(cleared_at__isnull=True) | Q(cleared_at__gt=as_of))
        .select_related("set_by")
        .order_by("set_at", "pk")
    )
    return {row.date: row for row in rows}


def _bureau_by_date(tournament: Tournament, dates: Iterable[date]) -> dict[date, list[BureauAnnouncement]]:
    found: dict[date, list[BureauAnnouncement]] = {}
    rows = BureauAnnouncement.objects.filter(tournament=tournament, date__in=list(dates)).order_by(
        "announced_at"
    )
    for row in rows:
        found.setdefault(row.date, []).append(row)
    return found


def _notice(row: BureauAnnouncement) -> BureauNotice:
    return BureauNotice(scope=BureauScope(row.scope), suspended=row.suspended, announced_at=row.announced_at)


def statuses(
    tournament: Tournament | None, days: Sequence[MatchDay], as_of: datetime
) -> list[MatchDayStatus]:
    """Decide each match day as known at `as_of`: four queries whatever the number of days."""
    if not days:
        return []
    start, end = _window(days, as_of)
    summaries, statements = load_readings(start, end)
    dates = [day.day for day in days]
    overrides = _overrides_known_at(tournament, dates, as_of) if tournament else {}
    bureau = _bureau_by_date(tournament, dates) if tournament else {}
    checked = last_checked(as_of)
    rows = []
    for match_day in days:
        override_row = overrides.get(match_day.day)
        known = [row for row in bureau.get(match_day.day, []) if row.announced_at <= as_of]
        facts = Facts(
            summaries=summaries,
            statements=statements,
            bureau=[_notice(row) for row in known],
            override=Override(Status(override_row.status), override_row.reason) if override_row else None,
        )
        decision = decide(match_day, facts, as_of)
        rows.append(
            MatchDayStatus(match_day, decision, reason_sentence(decision), checked, override_row, known)
        )
    return rows


def upcoming_statuses(tournament: Tournament, as_of: datetime) -> list[MatchDayStatus]:
    today = as_of.astimezone(HONG_KONG).date()
    return statuses(tournament, match_days(tournament, from_date=today), as_of)


def day_status(
    tournament: Tournament | None, day: date, as_of: datetime, session_start: time | None = None
) -> MatchDayStatus:
    """One date: the tournament's match day if it has one, else a default session (09:00 unless given)."""
    found = [d for d in match_days(tournament, from_date=day) if d.day == day] if tournament else []
    match_day = found[0] if found else MatchDay(day)
    if session_start is not None:
        match_day = MatchDay(day, session_start)
    return statuses(tournament, [match_day], as_of)[0]


def snapshot_history(feed: str | None = None) -> QuerySet[WarningSnapshot]:
    snapshots = WarningSnapshot.objects.order_by("-read_at", "-pk")
    return snapshots.filter(feed=feed) if feed else snapshots


def describe_snapshot(snapshot: WarningSnapshot) -> list[str]:
    """The codes a snapshot shows in force, for the organiser's history page."""
    try:
        if snapshot.feed == Feed.STATEMENTS:
            return ["WTCPRE8"] if parse_statements(snapshot.payload).pre8_in_force else []
        summary = parse_summary(snapshot.payload)
    except FeedError:
        return []
    return [entry.code for entry in summary.entries if entry.in_force]


def recent_bureau_announcements(tournament: Tournament, limit: int = 50) -> list[BureauAnnouncement]:
    rows = BureauAnnouncement.objects.filter(tournament=tournament).select_related("recorded_by")
    return list(rows.order_by("-date", "-announced_at", "-pk")[:limit])


def override_history(tournament: Tournament, limit: int = 50) -> list[MatchDayOverride]:
    rows = MatchDayOverride.objects.filter(tournament=tournament).select_related("set_by", "cleared_by")
    return list(rows.order_by("-set_at", "-pk")[:limit])
