"""Games, each player's hand at the end of a game, and in-game incidents.

Raw facts (what the referee saw) sit next to the numbers the engine derived from them; nobody types a score.
Scores are stored as whole sixtieths so that shared wins among up to six players stay exact and standings
are a plain SQL SUM.
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_multiline
from referee.models.schedule import Seat, Table

SIXTIETHS = 60


class Ending(models.TextChoices):
    WENT_OUT = "went-out", _("Someone went out")
    POOL_EXHAUSTED = "pool-exhausted", _("The pool ran out")


class Game(models.Model):
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=pgettext_lazy("game table", "table"),
    )
    number = models.PositiveSmallIntegerField(_("game number"))
    ending = models.CharField(_("ending"), max_length=16, choices=Ending.choices)
    version = models.PositiveIntegerField(_("version"), default=1)
    last_card = models.CharField(
        _("last card"),
        max_length=4,
        blank=True,
        default="",
        help_text=_("UNO: the card that ended the hand, when it was a Draw Two or a Wild Draw Four."),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    submission_key = models.CharField(
        _("submission key"),
        max_length=64,
        blank=True,
        help_text=_("The key of the form that last saved this game: a repeated save stores nothing twice."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_number_unique_per_table"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="game_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"


class HandResult(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands", verbose_name=_("game"))
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="hands", verbose_name=_("seat"))
    went_out = models.BooleanField(_("went out"), default=False)
    rack = models.TextField(_("tiles left on the rack"), blank=True)
    rack_value = models.PositiveIntegerField(_("rack value"), null=True, blank=True)
    made_initial_meld = models.BooleanField(_("made the initial meld"), default=True)
    could_meld = models.BooleanField(_("could have made the initial meld"), null=True, blank=True)
    drawn = models.TextField(
        _("cards drawn after the last card"),
        blank=True,
        help_text=_(
            "UNO: after a Draw Two or Wild Draw Four, the cards the next player drew (part of the hand)."
        ),
    )
    penalty = models.IntegerField(_("penalty"))
    score_sixtieths = models.IntegerField(_("score in sixtieths"))
    basis = models.CharField(_("basis"), max_length=32, blank=True)
    won = models.BooleanField(_("won"), default=False)
    win_credit_sixtieths = models.PositiveSmallIntegerField(_("games won in sixtieths"), default=0)

    class Meta:
        verbose_name = _("hand result")
        verbose_name_plural = _("hand results")
        ordering = ["game", "seat__letter"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="hand_result_once_per_seat_and_game"),
            models.CheckConstraint(
                condition=models.Q(win_credit_sixtieths__lte=SIXTIETHS),
                name="hand_result_win_credit_at_most_one",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.seat.letter}"

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_sixtieths, SIXTIETHS)

    @property
    def win_credit(self) -> Fraction:
        return Fraction(self.win_credit_sixtieths, SIXTIETHS)


class Incident(models.Model):
    """An in-game penalty. It belongs to a table and a game number from the moment it is recorded, so that a
    referee can record it during play; `game` is filled in once that game's result is saved."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="incidents",
        verbose_name=pgettext_lazy("game table", "table"),
    )
    game_number = models.PositiveSmallIntegerField(_("game number"))
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="incidents",
        verbose_name=_("game"),
        null=True,
        blank=True,
        help_text=_("Empty while the game is still being played."),
    )
    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="incidents", verbose_name=_("seat"))
    kind = models.CharField(_("kind"), max_length=40)
    tiles_drawn = models.PositiveSmallIntegerField(_("tiles drawn"))
    tiles_left_over = models.PositiveSmallIntegerField(_("tiles left over"), null=True, blank=True)
    table_tiles = models.TextField(_("tiles on the table"), blank=True)
    arrangement = models.JSONField(
        _("arrangement"),
        default=dict,
        blank=True,
        help_text=_("The engine's restore of the table tiles: the sets laid and the tiles left over."),
    )
    note = models.TextField(_("note"), blank=True, validators=[validate_multiline])
    submission_key = models.CharField(
        _("submission key"),
        max_length=64,
        blank=True,
        help_text=_("The key of the form that recorded it: a repeated send records it once."),
    )
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "submission_key"],
                condition=~models.Q(submission_key=""),
                name="incident_submission_once_per_table",
            ),
            models.CheckConstraint(
                condition=models.Q(game_number__gte=1), name="incident_game_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.game_number} {self.kind}"

    @property
    def in_play(self) -> bool:
        """Recorded during a game whose result is not saved yet."""
        return self.game_id is None
