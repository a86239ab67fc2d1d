"""Writes: storing feed readings; the bureau records and overrides (organisers only, audited)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.audit import audit_record
from core.errors import ServiceError
from core.inputs import date_out_of_range_message, is_date_in_range
from core.permissions import AnyUser, require_organiser
from core.text import hostile_character, hostile_text_message
from referee.models import Round, Tournament
from weather import clock
from weather.decision import BureauScope, Status
from weather.feed import FEEDS, STATEMENT_FEED, SUMMARY_FEED, parse
from weather.hko import Fetcher, feed_url
from weather.models import BureauAnnouncement, MatchDayOverride, SnapshotSource, WarningSnapshot

OVERRIDE_FIELDS = ["date", "status", "reason"]
BUREAU_FIELDS = ["date", "scope", "suspended", "announced_at", "source_url"]


def snapshot_store(*, feed: str, payload: str, read_at: datetime, source: str) -> WarningSnapshot:
    """Store a payload only if it parses: an unreadable one raises `FeedError` and leaves nothing behind."""
    if timezone.is_naive(read_at):
        raise ValueError("read_at must carry a time zone")
    parse(feed, payload)
    return WarningSnapshot.objects.create(feed=feed, read_at=read_at, payload=payload, source=source)


def weather_fetch(*, fetcher: Fetcher, now: datetime | None = None) -> list[WarningSnapshot]:
    """Read both live feeds, then store both; if either fails (network or payload), store neither."""
    payloads = {feed: fetcher(feed_url(feed)) for feed in (SUMMARY_FEED, STATEMENT_FEED)}
    for feed, payload in payloads.items():
        parse(feed, payload)
    read_at = now or clock.now()
    with transaction.atomic():
        return [
            snapshot_store(feed=feed, payload=payloads[feed], read_at=read_at, source=SnapshotSource.FETCH)
            for feed in FEEDS
        ]


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Give a reason: it is shown to everyone with the decision."), field="reason")
    character = hostile_character(reason, multiline=True)
    if character is not None:
        raise ServiceError(hostile_text_message(character), field="reason", code="hostile-text")
    return reason


def override_set(
    *, actor: AnyUser, tournament: Tournament, day: date, status: str, reason: str
) -> MatchDayOverride:
    """The organiser's decision for a day replaces any earlier one, which is kept as cleared."""
    organiser = require_organiser(actor, tournament)
    if status not in (Status.GOES_AHEAD, Status.CANCELLED):
        raise ServiceError(_("An override either lets the match go ahead or cancels it."), field="status")
    reason = _require_reason(reason)
    if not Round.objects.filter(tournament=tournament, date=day).exists():
        raise ServiceError(_("This day is no longer a match day: reload the page."), code="not-a-match-day")
    now = clock.now()
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        previous = MatchDayOverride.objects.filter(
            tournament=tournament, date=day, cleared_at__isnull=True
        ).first()
        if previous is not None:
            previous.cleared_at, previous.cleared_by = now, organiser
            previous.save(update_fields=["cleared_at", "cleared_by"])
        override = MatchDayOverride.objects.create(
            tournament=tournament, date=day, status=status, reason=reason, set_by=organiser, set_at=now
        )
        audit_record(
            actor=actor,
            tournament=tournament,
            action="weather.override.set",
            before=_fields(previous, OVERRIDE_FIELDS),
            after=_fields(override, OVERRIDE_FIELDS),
            reason=reason,
        )
    return override


def override_clear(*, actor: AnyUser, tournament: Tournament, day: date) -> MatchDayOverride:
    """Hand the day back to the rule; the cleared override stays in the history."""
    organiser = require_organiser(actor, tournament)
    with transaction.atomic():
        override = (
            MatchDayOverride.objects.select_for_update()
            .filter(tournament=tournament, date=day, cleared_at__isnull=True)
            .first()
        )
        if override is None:
            raise ServiceError(_("There is no override on this day."), code="not-found")
        override.cleared_at, override.cleared_by = clock.now(), organiser
        override.save(update_fields=["cleared_at", "cleared_by"])
        audit_record(
            actor=actor,
            tournament=tournament,
            action="weather.override.clear",
            before=_fields(override, OVERRIDE_FIELDS),
        )
    return override


def bureau_announcement_record(
    *,
    actor: AnyUser,
    tournament: Tournament,
    day: date,
    scope: str,
    suspended: bool,
    announced_at: datetime,
    source_url: str = "",
) -> BureauAnnouncement:
    organiser = require_organiser(actor, tournament)
    if scope not in set(BureauScope):
        raise ServiceError(_("Choose whom the announcement covers."), field="scope")
    if timezone.is_naive(announced_at):
        raise ServiceError(_("Give the time of the announcement."), field="announced_at")
    for name, value in (("day", day), ("announced_at", announced_at)):
        if not is_date_in_range(value):
            raise ServiceError(date_out_of_range_message(), field=name, code="date-out-of-range")
    with transaction.atomic():
        announcement = BureauAnnouncement.objects.create(
            tournament=tournament,
            date=day,
            scope=scope,
            suspended=suspended,
            announced_at=announced_at,
            source_url=source_url or "",
            recorded_by=organiser,
        )
        audit_record(
            actor=actor,
            tournament=tournament,
            action="weather.bureau.record",
            after=_fields(announcement, BUREAU_FIELDS),
        )
    return announcement


def bureau_announcement_delete(*, actor: AnyUser, announcement: BureauAnnouncement) -> None:
    """For a record entered by mistake; the audit log keeps what it said."""
    tournament = announcement.tournament
    require_organiser(actor, tournament)
    with transaction.atomic():
        audit_record(
            actor=actor,
            tournament=tournament,
            action="weather.bureau.delete",
            before=_fields(announcement, BUREAU_FIELDS),
        )
        announcement.delete()


def _fields(instance: object | None, names: list[str]) -> dict[str, Any]:
    if instance is None:
        return {}
    return {name: getattr(instance, name) for name in names}
