"""A round's draw: the seating engine's input and answer, kept as the documents `python3 -m seating` reads
and writes, so that the preview survives any number of workers and anyone can rerun a published draw."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.models.schedule import Round


class DrawStatus(models.TextChoices):
    PREVIEW = "preview", _("preview")
    COMMITTED = "committed", _("seated")
    SUPERSEDED = "superseded", _("replaced by a later draw")


class RoundDraw(models.Model):
    """One draw of a round. The organiser's preview is a row (not process memory): swaps and redraws change
    it, committing seats it; at most one preview and one seated draw per round.

    `request` is exactly the input of `python3 -m seating draw` (ids are player numbers as text, schools
    their codes, the seed included); `drawn` the engine's tables; `tables` the tables as they stand after
    swaps by hand and repairs; `report` their report (`python3 -m seating report`). `player_ids` maps each
    id to the player's key, so a renumbered player is still found."""

    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        related_name="draws",
        verbose_name=pgettext_lazy("tournament stage", "round"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=DrawStatus.choices, default=DrawStatus.PREVIEW
    )
    advancement = models.JSONField(_("who goes on"), default=dict)
    request = models.JSONField(_("the draw's input"))
    drawn = models.JSONField(_("tables drawn"))
    tables = models.JSONField(_("tables"))
    report = models.JSONField(_("report"))
    player_ids = models.JSONField(_("players by id"))
    swaps = models.JSONField(_("swaps by hand"), default=list)
    repairs = models.JSONField(_("repairs after withdrawals"), default=list)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("drawn by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    committed_at = models.DateTimeField(_("seated at"), null=True, blank=True)

    class Meta:
        verbose_name = _("draw")
        verbose_name_plural = _("draws")
        ordering = ["round", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["round"],
                condition=models.Q(status="preview"),
                name="round_draw_one_preview_per_round",
            ),
            models.UniqueConstraint(
                fields=["round"],
                condition=models.Q(status="committed"),
                name="round_draw_one_seated_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.request.get('seed')}"

    @property
    def seed(self) -> int:
        return int(self.request["seed"])

    @property
    def swapped(self) -> bool:
        return bool(self.tables != self.drawn)
