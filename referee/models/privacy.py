"""Children's data: how long a tournament keeps it, what it tells parents, each school's agreement, and the
record of what was removed.

Kept in rows of their own beside the tournament's and the school's, so that the public pages' reads of a
tournament stay as small as they were. The services are in `referee/privacy/`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.text import validate_multiline, validate_single_line
from referee.models.people import School
from referee.models.tournament import Tournament

DEFAULT_RETENTION_DAYS = 90


class PrivacySettings(models.Model):
    """A tournament's retention period and privacy notice. A tournament without a row keeps the defaults:
    90 days after its last match day, and the notice made from the template."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="privacy_settings",
        verbose_name=_("tournament"),
    )
    retention_days = models.PositiveSmallIntegerField(
        _("days kept after the last match day"), default=DEFAULT_RETENTION_DAYS
    )
    retention_reason = models.TextField(
        _("why longer than 90 days"), blank=True, validators=[validate_multiline]
    )
    notice_zh = models.TextField(_("privacy notice in Chinese"), blank=True, validators=[validate_multiline])
    notice_en = models.TextField(_("privacy notice in English"), blank=True, validators=[validate_multiline])
    contact = models.CharField(
        _("whom to ask"), max_length=200, blank=True, validators=[validate_single_line]
    )
    forgotten_at = models.DateTimeField(_("children's data removed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("privacy settings")
        verbose_name_plural = _("privacy settings")

    def __str__(self) -> str:
        return str(self.tournament_id)


class SchoolConsent(models.Model):
    """A school's agreement that its children take part and are registered, as the organiser recorded it:
    a tick, the date, and a note of who agreed and how. The school, not the children, is asked."""

    school = models.OneToOneField(
        School, on_delete=models.CASCADE, primary_key=True, related_name="consent", verbose_name=_("school")
    )
    given = models.BooleanField(_("the school agreed"), default=False)
    given_on = models.DateField(_("date of the agreement"), null=True, blank=True)
    note = models.TextField(_("who agreed, and how"), blank=True, validators=[validate_multiline])
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now=True)

    class Meta:
        verbose_name = _("school's consent")
        verbose_name_plural = _("schools' consent")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(given=False) | models.Q(given_on__isnull=False),
                name="school_consent_given_has_a_date",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.school_id} {self.given}"


class RemovalKind(models.TextChoices):
    SCHEDULE = "schedule", _("At the end of the retention period")
    NOW = "now", _("By the organiser, before the end of the retention period")
    REQUEST = "request", _("On request, for one child")


class DataRemoval(models.Model):
    """What was removed from one school's children, when and why: the school's record is printed from it.
    It names no child: only the player numbers, which stay on the results."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="data_removals", verbose_name=_("tournament")
    )
    school = models.ForeignKey(
        School, on_delete=models.CASCADE, related_name="data_removals", verbose_name=_("school")
    )
    kind = models.CharField(_("how it was removed"), max_length=10, choices=RemovalKind.choices)
    removed_at = models.DateTimeField(_("removed at"))
    player_numbers = models.JSONField(_("player numbers"), default=list)
    reason = models.TextField(_("reason"), blank=True, validators=[validate_multiline])
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )

    class Meta:
        verbose_name = _("removal of children's data")
        verbose_name_plural = _("removals of children's data")
        ordering = ["removed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.school_id} {self.kind} {self.removed_at:%Y-%m-%d}"
