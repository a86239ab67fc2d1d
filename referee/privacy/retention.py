"""When a tournament's children are forgotten: their data is kept for `retention_days` after its last match
day (90 unless the organiser chose otherwise), or after the day it was created while it has no rounds, and
forgotten on the day after that.

The rule itself (`forget_on`) is plain dates, so that a backup's copy of a tournament is dated the same way
as the live one (`referee/privacy/backups.py`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max
from django.utils import timezone

from referee.models import PeopleUpload, Player, PrivacySettings, Round, Tournament
from referee.models.privacy import DEFAULT_RETENTION_DAYS

LONGEST_RETENTION_DAYS = 3 * 365


def forget_on(last_match_day: datetime.date | None, created_on: datetime.date, days: int) -> datetime.date:
    """The first day on which the children are forgotten: the day after the last day of the period."""
    return (last_match_day or created_on) + datetime.timedelta(days=days + 1)


def today() -> datetime.date:
    """Today in Hong Kong (the site's time zone)."""
    return timezone.localdate()


def settings_of(tournament: Tournament) -> PrivacySettings:
    """The tournament's privacy settings, or the defaults (not saved) when the organiser has changed none."""
    found = PrivacySettings.objects.filter(tournament=tournament).first()
    return found or PrivacySettings(tournament=tournament, retention_days=DEFAULT_RETENTION_DAYS)


@dataclass(frozen=True)
class Retention:
    """A tournament's retention as its pages say it."""

    last_match_day: datetime.date | None
    days: int
    reason: str
    forget_on: datetime.date
    forgotten_at: datetime.datetime | None

    @property
    def kept_until(self) -> datetime.date:
        """The last day the children's data is kept."""
        return self.forget_on - datetime.timedelta(days=1)

    @property
    def longer_than_default(self) -> bool:
        return self.days > DEFAULT_RETENTION_DAYS

    def due(self, on: datetime.date) -> bool:
        return on >= self.forget_on


def retention_of(tournament: Tournament) -> Retention:
    kept = settings_of(tournament)
    last = Round.objects.filter(tournament=tournament).aggregate(last=Max("date"))["last"]
    created = timezone.localdate(tournament.created_at)
    return Retention(
        last_match_day=last,
        days=kept.retention_days,
        reason=kept.retention_reason,
        forget_on=forget_on(last, created, kept.retention_days),
        forgotten_at=kept.forgotten_at,
    )


def holds_children(tournament: Tournament) -> bool:
    """Whether anything of its children is still held: a player not yet replaced by the pseudonym, an upload
    kept for its preview, or a stored export file."""
    if Player.objects.filter(tournament=tournament, forgotten_at__isnull=True).exists():
        return True
    return tournament.export_jobs.exists() or PeopleUpload.objects.filter(tournament=tournament).exists()


def due_tournaments(on: datetime.date) -> list[Tournament]:
    """The tournaments past their date on `on` that still hold something of their children, oldest first (a
    site holds a few tournaments a year: each is dated in two queries)."""
    return [
        tournament
        for tournament in Tournament.objects.order_by("created_at", "pk")
        if retention_of(tournament).due(on) and holds_children(tournament)
    ]
