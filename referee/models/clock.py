"""A round's clock: its length and the moments an organiser started, paused and ended it.

Only the moments are stored; the time left is derived (`referee/results/round_time.py`), so nothing ticks on
the server: the hall's screen and the referees' consoles count down in the browser from these moments.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.models.schedule import Round

DEFAULT_MINUTES = 60


class RoundClock(models.Model):
    round = models.OneToOneField(
        Round,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="clock",
        verbose_name=pgettext_lazy("tournament stage", "round"),
    )
    minutes = models.PositiveSmallIntegerField(_("minutes"), default=DEFAULT_MINUTES)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(
        _("seconds paused"), default=0, help_text=_("Pauses already over, added to the end of the time.")
    )
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round clock")
        verbose_name_plural = _("round clocks")
        constraints = [
            models.CheckConstraint(condition=models.Q(minutes__gte=1), name="round_clock_minutes_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.minutes}′"
