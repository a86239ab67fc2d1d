"""Rounds, tables and who sits where."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_single_line
from referee.models.people import Player
from referee.models.tournament import MAX_TABLE_SIZE, Tournament

SEAT_LETTERS = "ABCDEFGHIJ"[:MAX_TABLE_SIZE]


class Round(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("tournament")
    )
    name = models.CharField(_("name"), max_length=120, validators=[validate_single_line])
    date = models.DateField(_("date"))
    start_time = models.TimeField(_("start time"))
    order = models.PositiveSmallIntegerField(_("order"))
    is_final = models.BooleanField(
        _("final round"),
        default=False,
        help_text=_(
            "A final's table decides the places it plays for: its finishing order gives places 1, 2, ..., "
            "everyone else follows by the standings."
        ),
    )

    results_released_at = models.DateTimeField(
        _("results released at"),
        null=True,
        blank=True,
        help_text=_("When the tournament holds each round's results: an organiser released this round's."),
    )
    results_released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("results released by"),
    )

    class Meta:
        verbose_name = pgettext_lazy("tournament stage", "round")
        verbose_name_plural = pgettext_lazy("tournament stage", "rounds")
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "order"], name="round_order_unique_per_tournament"),
        ]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        related_name="tables",
        verbose_name=pgettext_lazy("tournament stage", "round"),
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="refereed_tables",
        verbose_name=_("referee"),
    )
    signed_off_at = models.DateTimeField(_("signed off at"), null=True, blank=True)
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("signed off by"),
    )
    tie_winner = models.CharField(
        _("tie broken in favour of seat"),
        max_length=1,
        blank=True,
        help_text=_("When games won and total score leave a tie, the organisers break it."),
    )
    tie_break = models.CharField(
        _("how the tie was broken"), max_length=200, blank=True, validators=[validate_single_line]
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    extra_minutes = models.PositiveSmallIntegerField(
        _("extra time (minutes)"),
        default=0,
        help_text=_("Given by an organiser: this table's time ends this much after the round's."),
    )
    extra_reason = models.CharField(
        _("why the extra time"), max_length=200, blank=True, validators=[validate_single_line]
    )
    last_game = models.PositiveSmallIntegerField(
        _("last game when time was up"),
        null=True,
        blank=True,
        help_text=_(
            "The round's time ran out while this game was in play: the table finishes it and starts no "
            "other, and is decided on the games played."
        ),
    )

    class Meta:
        verbose_name = pgettext_lazy("game table", "table")
        verbose_name_plural = pgettext_lazy("game table", "tables")
        ordering = ["round__order", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique_per_round"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="table_number_positive"),
            models.CheckConstraint(
                condition=models.Q(last_game__isnull=True) | models.Q(last_game__gte=1),
                name="table_last_game_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    @property
    def tournament(self) -> Tournament:
        return self.round.tournament

    @property
    def is_signed_off(self) -> bool:
        return self.signed_off_at is not None


class Seat(models.Model):
    """A player's place at a table. A letter beyond the tournament's table size is refused by a database
    trigger (referee/models/triggers.py), since a check constraint sees only its own row.

    `drawn_number`: the number (Rummikub, distinct at a table) or card (UNO, 0 to 9, equal cards allowed)
    the player drew for the order of play; the service checks it by the ruleset. `left_after`: the games the
    player took part in before leaving the table (RULES.md, "A player who leaves during a table")."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="seats",
        verbose_name=pgettext_lazy("game table", "table"),
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=pgettext_lazy("tournament stage", "round"),
    )
    letter = models.CharField(_("seat"), max_length=1)
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    drawn_number = models.PositiveSmallIntegerField(_("drawn number"), null=True, blank=True)
    left_after = models.PositiveSmallIntegerField(
        _("left after game"),
        null=True,
        blank=True,
        help_text=_(
            "The player left the table after this many games: later games are played and scored by those "
            "still there."
        ),
    )
    drawn_again = models.JSONField(
        _("cards drawn again"),
        default=list,
        blank=True,
        help_text=_("UNO: the cards this player drew again after a tie on the highest card, in order."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "letter"]
        constraints = [
            models.UniqueConstraint(fields=["table", "letter"], name="seat_letter_unique_per_table"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once_per_round"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_player_once_per_table"),
            models.CheckConstraint(
                condition=models.Q(letter__in=list(SEAT_LETTERS)), name="seat_letter_a_to_j"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.letter}"
