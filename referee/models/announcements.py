"""A short notice for the hall: on the hall's screen and on every referee's console until it is cleared."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.text import validate_single_line
from referee.models.tournament import Tournament

ANNOUNCEMENT_LENGTH = 200


class Announcement(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="announcements", verbose_name=_("tournament")
    )
    text_zh = models.CharField(
        _("text in Chinese"), max_length=ANNOUNCEMENT_LENGTH, blank=True, validators=[validate_single_line]
    )
    text_en = models.CharField(
        _("text in English"), max_length=ANNOUNCEMENT_LENGTH, blank=True, validators=[validate_single_line]
    )
    posted_at = models.DateTimeField(_("posted at"), auto_now_add=True)
    posted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("posted by"),
    )
    cleared_at = models.DateTimeField(_("cleared at"), null=True, blank=True)

    class Meta:
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")
        ordering = ["-posted_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(text_zh="") | ~models.Q(text_en=""), name="announcement_has_text"
            ),
        ]

    def __str__(self) -> str:
        return self.text_zh or self.text_en
