"""Schools and their players. Names are stored exactly as typed, in Chinese and/or English."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.text import validate_single_line
from referee.models.tournament import Tournament
from referee.privacy.pseudonyms import pseudonym
from referee.wording.sentences import person_name


class School(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="schools", verbose_name=_("tournament")
    )
    name_zh = models.CharField(
        _("name in Chinese"), max_length=120, blank=True, validators=[validate_single_line]
    )
    name_en = models.CharField(
        _("name in English"), max_length=120, blank=True, validators=[validate_single_line]
    )
    code = models.CharField(
        _("short code"),
        max_length=12,
        help_text=_("For example SPS; unique in the tournament."),
        validators=[validate_single_line],
    )

    class Meta:
        verbose_name = _("school")
        verbose_name_plural = _("schools")
        ordering = ["code"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="school_code_unique_per_tournament"),
            models.CheckConstraint(
                condition=~models.Q(name_zh="") | ~models.Q(name_en=""), name="school_has_a_name"
            ),
        ]

    def __str__(self) -> str:
        return self.name_zh or self.name_en


class Attendance(models.TextChoices):
    """Where a player stands on the day. Everyone is expected until a helper at the door says otherwise;
    the draw leaves out only those known to be away (the absent, and the withdrawn)."""

    EXPECTED = "expected", _("expected")
    PRESENT = "present", _("present")
    LATE = "late", _("arrived late")
    ABSENT = "absent", _("absent")
    WITHDRAWN = "withdrawn", _("withdrawn")


NOT_DRAWN = (Attendance.ABSENT, Attendance.WITHDRAWN)


class Player(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="players", verbose_name=_("tournament")
    )
    school = models.ForeignKey(
        School, on_delete=models.PROTECT, related_name="players", verbose_name=_("school")
    )
    name_zh = models.CharField(
        pgettext_lazy("person", "name in Chinese"),
        max_length=80,
        blank=True,
        validators=[validate_single_line],
    )
    name_en = models.CharField(
        pgettext_lazy("person", "name in English"),
        max_length=120,
        blank=True,
        validators=[validate_single_line],
    )
    class_name = models.CharField(_("class"), max_length=20, blank=True, validators=[validate_single_line])
    number = models.PositiveIntegerField(_("player number"))
    school_number = models.CharField(
        _("number within the school"),
        max_length=20,
        blank=True,
        validators=[validate_single_line],
        help_text=_("The school's own number for the child (學號), kept as the school gave it."),
    )
    attendance = models.CharField(
        _("attendance"), max_length=10, choices=Attendance.choices, default=Attendance.EXPECTED
    )
    standings_position = models.PositiveSmallIntegerField(
        _("place decided by the organisers"),
        null=True,
        blank=True,
        help_text=_("Among players the standings' other keys leave tied, a lower number ranks first."),
    )
    forgotten_at = models.DateTimeField(
        _("personal data removed at"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Set when the child's names, class and 學號 were replaced by a pseudonym."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="player_number_unique_per_tournament"
            ),
            models.CheckConstraint(
                condition=~models.Q(name_zh="") | ~models.Q(name_en=""), name="player_has_a_name"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """Both names when both were given, as organisers list them on the day: 陳大文 (Chan Tai Man); a
        child whose data was removed by the pseudonym, in the page's language: Player 103."""
        if self.forgotten_at is not None:
            return pseudonym(self.number)
        return person_name(self.name_zh, self.name_en)

    @property
    def is_drawn(self) -> bool:
        """Whether the next draw seats this player (everyone but the absent and the withdrawn)."""
        return self.attendance not in NOT_DRAWN
