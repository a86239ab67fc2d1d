"""What must be stored: every feed reading (the feed has no history), the bureau's announcements as an
organiser recorded them, and the organiser's overrides with who, when and why. Match days come from rounds.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.text import validate_multiline
from referee.models import Tournament
from weather.decision import BureauScope, Status
from weather.feed import STATEMENT_FEED, SUMMARY_FEED


class Feed(models.TextChoices):
    SUMMARY = SUMMARY_FEED, _("Warning summary")
    STATEMENTS = STATEMENT_FEED, _("Warning statements (Pre-No. 8)")


class SnapshotSource(models.TextChoices):
    FETCH = "fetch", _("Read from the Observatory")
    IMPORT = "import", _("Imported from a file")


class StatusChoice(models.TextChoices):
    GOES_AHEAD = Status.GOES_AHEAD.value, _("Goes ahead")
    CANCELLED = Status.CANCELLED.value, _("Cancelled")
    PENDING = Status.PENDING.value, _("To be confirmed")
    UNKNOWN = Status.UNKNOWN.value, _("Organiser to decide")


class OverrideStatus(models.TextChoices):
    GOES_AHEAD = Status.GOES_AHEAD.value, _("Goes ahead")
    CANCELLED = Status.CANCELLED.value, _("Cancelled")


class ScopeChoice(models.TextChoices):
    ALL_SCHOOLS = BureauScope.ALL_SCHOOLS.value, _("All schools")
    PRIMARY = BureauScope.PRIMARY.value, _("Primary schools")
    AFTERNOON = BureauScope.AFTERNOON.value, _("Afternoon sessions of schools")
    KINDERGARTEN = BureauScope.KINDERGARTEN.value, _("Kindergartens only")


class WarningSnapshot(models.Model):
    """One payload as read, with the moment it was read: the decision rebuilds the history from these."""

    feed = models.CharField(_("feed"), max_length=16, choices=Feed.choices)
    read_at = models.DateTimeField(_("read at"))
    payload = models.TextField(_("payload"))
    source = models.CharField(_("source"), max_length=8, choices=SnapshotSource.choices)
    stored_at = models.DateTimeField(_("stored at"), auto_now_add=True)

    class Meta:
        verbose_name = _("warning snapshot")
        verbose_name_plural = _("warning snapshots")
        ordering = ["-read_at", "-pk"]
        indexes = [models.Index(fields=["feed", "read_at"], name="weather_snapshot_feed_read")]

    def __str__(self) -> str:
        return f"{self.feed} @ {self.read_at:%Y-%m-%d %H:%M:%S}"


class BureauAnnouncement(models.Model):
    """An Education Bureau announcement about classes on a date, as an organiser recorded it."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="bureau_announcements",
        verbose_name=_("tournament"),
    )
    date = models.DateField(_("date"))
    scope = models.CharField(_("who it covers"), max_length=16, choices=ScopeChoice.choices)
    suspended = models.BooleanField(_("classes suspended"))
    announced_at = models.DateTimeField(_("announced at"))
    source_url = models.URLField(_("source link"), blank=True, max_length=500)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("Education Bureau announcement")
        verbose_name_plural = _("Education Bureau announcements")
        ordering = ["-date", "-announced_at", "-pk"]
        indexes = [models.Index(fields=["tournament", "date"], name="weather_bureau_day")]

    def __str__(self) -> str:
        return f"{self.date} {self.scope} {'suspended' if self.suspended else 'classes as usual'}"


class MatchDayOverride(models.Model):
    """The organiser's word on a match day. Cleared overrides stay, so the history of decisions is kept."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="weather_overrides", verbose_name=_("tournament")
    )
    date = models.DateField(_("date"))
    status = models.CharField(_("status"), max_length=16, choices=OverrideStatus.choices)
    reason = models.TextField(_("reason"), validators=[validate_multiline])
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("set by"),
    )
    set_at = models.DateTimeField(_("set at"))
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("cleared by"),
    )
    cleared_at = models.DateTimeField(_("cleared at"), null=True, blank=True)

    class Meta:
        verbose_name = _("match day override")
        verbose_name_plural = _("match day overrides")
        ordering = ["-set_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "date"],
                condition=models.Q(cleared_at__isnull=True),
                name="weather_one_active_override_per_day",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=[Status.GOES_AHEAD.value, Status.CANCELLED.value]),
                name="weather_override_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.date} {self.status}"

    @property
    def is_active(self) -> bool:
        return self.cleared_at is None
