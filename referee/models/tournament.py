"""A tournament and its per-tournament settings (defaults come from the ruleset)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

import scoring
from core.text import validate_single_line
from referee.wording.codes import ruleset_choices, ruleset_label

# Seat letters A.. J: the largest table of any ruleset (UNO) seats ten.
MAX_TABLE_SIZE = 10


class SharedWinCredit(models.TextChoices):
    FULL = "full", _("A shared win counts as a game won for each sharer")
    SPLIT = "split", _("A shared win is split: 1/k of a game won each")


class Privacy(models.TextChoices):
    FULL_NAMES = "full-names", _("Full names")
    INITIALS = "initials", _("Surnames and initials (陳○○, C. T. M.)")
    PLAYER_NUMBERS = "player-numbers", _("Player numbers only")


class WithdrawnPlacing(models.TextChoices):
    """Where a player who left during the tournament stands in the standings (RULES.md, "A player who
    leaves during a table")."""

    AS_PLAYED = "as-played", _("Ranked on what they played")
    AFTER_FINISHERS = "after-finishers", _("Placed after every player who finished")


class TimeUpRule(models.TextChoices):
    """What the tables do when the round's time is up (the round clock, `referee/models/clock.py`)."""

    FINISH_GAME = "finish-game", _("Finish the game in play; no new game starts")
    PLAY_ON = "play-on", _("Play every game: the clock only tells the time")


class SchoolRanking(models.TextChoices):
    """How schools are ranked against each other (`referee/standings/selectors/school_ranking.py`)."""

    BEST = "best", _("The best N children of each school")
    AVERAGE = "average", _("The average per child")
    ALL = "all", _("Every child's results added up")


class Language(models.TextChoices):
    ZH_HANT = "zh-hant", _("Traditional Chinese")
    EN = "en", _("English")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200, validators=[validate_single_line])
    slug = models.SlugField(
        _("short name in addresses"),
        unique=True,
        help_text=_("Letters, digits and hyphens, used in the page address, for example hk-2025."),
    )
    ruleset = models.CharField(_("ruleset"), max_length=32, choices=ruleset_choices)
    table_size = models.PositiveSmallIntegerField(
        _("players per table, at most"),
        editable=False,
        help_text=_("The ruleset's largest table, fixed when the tournament is created."),
    )
    games_per_table = models.PositiveSmallIntegerField(
        _("games per table"),
        null=True,
        blank=True,
        help_text=_("Leave blank for the ruleset's default."),
    )
    rounds_per_table = models.PositiveSmallIntegerField(
        _("rounds at each table"),
        null=True,
        blank=True,
        help_text=_(
            "Round-based rulesets (standard, six-player, twist): a round at a table has as many games as the "
            "table has players. Leave blank for one round."
        ),
    )
    strict_rule = models.BooleanField(
        _("strict tournament rule (twist)"),
        default=False,
        help_text=_(
            "Rummikub with a Twist: an incomplete move whose tiles' places are forgotten costs 3 tiles plus "
            "one per tile left over (3 + N)."
        ),
    )
    small_set = models.BooleanField(
        _("104-tile set at tables of 4 or fewer (six-player)"),
        default=False,
        help_text=_(
            "Six-player edition: tables of 4 or fewer play with 4 colours and 2 jokers, as the rule book "
            "advises."
        ),
    )
    shared_win_credit = models.CharField(
        _("shared win credit"), max_length=8, choices=SharedWinCredit.choices, default=SharedWinCredit.FULL
    )
    privacy = models.CharField(
        _("names on public pages"), max_length=16, choices=Privacy.choices, default=Privacy.INITIALS
    )
    language = models.CharField(
        _("language of printouts"), max_length=8, choices=Language.choices, default=Language.ZH_HANT
    )
    requires_confirmation = models.BooleanField(
        _("results need a second person's confirmation"),
        default=False,
        help_text=_(
            "After a referee signs a table off, an organiser or another referee checks it before it counts "
            "as final."
        ),
    )
    target_score = models.PositiveIntegerField(
        _("target score"), null=True, blank=True, help_text=_("UNO only: the first player to reach it wins.")
    )
    turn_seconds = models.PositiveSmallIntegerField(
        _("seconds per turn"),
        null=True,
        blank=True,
        help_text=_("The referee's turn timer (Rummikub). Leave blank for the ruleset's default (60)."),
    )
    tie_breaks = models.CharField(
        _("standings order"),
        max_length=120,
        blank=True,
        help_text=_(
            "The keys that rank players across rounds, in order, set before play. Blank: the ruleset's order."
        ),
    )
    weather_rule = models.BooleanField(
        _("weather rule"),
        default=False,
        help_text=_(
            "The school rules' weather rule (rainstorm and typhoon signals, 07:00): the weather tab and the "
            "public weather status. On by default for the school rules."
        ),
    )
    withdrawn_placing = models.CharField(
        _("a player who left"),
        max_length=16,
        choices=WithdrawnPlacing.choices,
        default=WithdrawnPlacing.AS_PLAYED,
        help_text=_("Where a player who left during the tournament stands in the standings."),
    )
    standings_released = models.BooleanField(_("standings released to the public"), default=False)
    hold_results = models.BooleanField(
        _("hold each round's results"),
        default=False,
        help_text=_(
            "A round's results stay off the public pages and the hall's screen until all its tables are "
            "signed off, or until an organiser releases them."
        ),
    )
    time_up_rule = models.CharField(
        _("when the round's time is up"),
        max_length=16,
        choices=TimeUpRule.choices,
        default=TimeUpRule.FINISH_GAME,
    )
    school_ranking = models.CharField(
        _("school ranking"), max_length=8, choices=SchoolRanking.choices, default=SchoolRanking.BEST
    )
    school_best_count = models.PositiveSmallIntegerField(
        _("children counted per school"),
        default=3,
        help_text=_("For a ranking by the best N children: N."),
    )
    prize_giving_on = models.BooleanField(_("prize-giving on the hall's screen"), default=False)
    certificate_signer = models.CharField(
        _("signed by (certificates)"),
        max_length=120,
        blank=True,
        validators=[validate_single_line],
        help_text=_("Printed under the signature, for example 陳校長 Principal Chan."),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="organised_tournaments",
        verbose_name=_("organisers"),
        blank=True,
    )
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="refereed_tournaments", verbose_name=_("referees"), blank=True
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(games_per_table__isnull=True) | models.Q(games_per_table__gte=1),
                name="tournament_games_per_table_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(rounds_per_table__isnull=True) | models.Q(rounds_per_table__gte=1),
                name="tournament_rounds_per_table_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(target_score__isnull=True) | models.Q(target_score__gte=1),
                name="tournament_target_score_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(turn_seconds__isnull=True) | models.Q(turn_seconds__gte=1),
                name="tournament_turn_seconds_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(school_best_count__gte=1), name="tournament_school_best_count_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(table_size__gte=2, table_size__lte=MAX_TABLE_SIZE),
                name="tournament_table_size_two_to_ten",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """The table size always comes from the ruleset; seats beyond it are refused by the database."""
        if not self.table_size:
            self.table_size = scoring.get_ruleset(self.ruleset).max_players
        super().save(*args, **kwargs)

    @property
    def ruleset_name(self) -> str:
        return str(ruleset_label(self.ruleset))
