"""Prizes an organiser defines, filled from the final standings and revealed one at a time in the hall.

A prize names what it is for (an overall place, the best child of a school or of a class level, a school
trophy); `fill` stores its winners (several when tied) so that the ceremony does not move under a late
correction; `revealed_at` is set by the organiser's tap, and until then no public page holds the prize.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.models.people import Player, School
from referee.models.tournament import Tournament


class PrizeKind(models.TextChoices):
    PLACE = "place", _("An overall place")
    SCHOOL_BEST = "school-best", _("The best child of a school")
    LEVEL_BEST = "level-best", _("The best child of a class level")
    SCHOOL_TROPHY = "school-trophy", _("A school trophy (a place in the school ranking)")


class Prize(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("tournament")
    )
    kind = models.CharField(_("kind"), max_length=16, choices=PrizeKind.choices)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    school = models.ForeignKey(
        School, on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("school")
    )
    level = models.PositiveSmallIntegerField(_("class level"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("order of the prize-giving"))
    players = models.ManyToManyField(Player, blank=True, related_name="prizes", verbose_name=_("winners"))
    schools = models.ManyToManyField(School, blank=True, related_name="trophies", verbose_name=_("schools"))
    filled_at = models.DateTimeField(_("filled at"), null=True, blank=True)
    revealed_at = models.DateTimeField(_("revealed at"), null=True, blank=True)
    revealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("revealed by"),
    )

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "position"], name="prize_position_unique"),
            models.CheckConstraint(
                condition=models.Q(place__isnull=True) | models.Q(place__gte=1), name="prize_place_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.place or self.level or self.school_id or ''}".strip()
