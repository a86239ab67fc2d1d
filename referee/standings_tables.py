"""The sortable tables of the standings pages (django-tables2): players, table winners, schools.

Rows are plain objects built from the selectors; a player's one-line reason is worked out only for the rows
a page shows, from the whole ranked list (its neighbours may sit on another page).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from referee.numbers import count_text, score_text
from referee.rulesets import decided_by_label
from referee.selectors.reasons import rank_reason
from referee.selectors.schools import SchoolRow
from referee.selectors.standings import StandingRow
from referee.selectors.winners import TableWinner
from referee.seats import seat_label

PER_PAGE = 50
TEMPLATE = "django_tables2/tableref.html"


def rank_text(rank: int, tied: bool) -> str:
    """A shared rank is written "=3", as on a printed results list."""
    return f"={rank}" if tied else str(rank)


class PlayerLine:
    """One player's standing, with the reason worked out on first use."""

    __slots__ = ("row", "rows", "index", "name", "namer", "_reason")

    def __init__(self, rows: Sequence[StandingRow], index: int, namer: Callable[[StandingRow], str]) -> None:
        self.rows, self.index, self.namer = rows, index, namer
        self.row = rows[index]
        self.name = namer(self.row)
        self._reason: str | None = None

    def __getattr__(self, attribute: str) -> Any:
        if attribute in PlayerLine.__slots__:
            raise AttributeError(attribute)
        return getattr(self.row, attribute)

    @property
    def reason(self) -> str:
        if self._reason is None:
            self._reason = rank_reason(self.rows, self.index, self.namer)
        return self._reason


def player_lines(rows: Sequence[StandingRow], namer: Callable[[StandingRow], str]) -> list[PlayerLine]:
    return [PlayerLine(rows, index, namer) for index in range(len(rows))]


WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
NUMBER = {"th": {"class": "number"}, "td": {"class": "number"}}


class PlayerStandingsTable(tables.Table):
    """The name cell carries the school and the one-line reason, so the table fits a phone."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    name = tables.Column(verbose_name=_("Player"), order_by=("school_code", "rank"))
    school_code = tables.Column(verbose_name=_("School"), attrs=WIDE_ONLY)
    games_played = tables.Column(verbose_name=pgettext_lazy("standings column", "Games"), attrs={**WIDE_ONLY})
    games_won = tables.Column(
        verbose_name=pgettext_lazy("standings column", "Won"), attrs=NUMBER, order_by=("-games_won", "rank")
    )
    total = tables.Column(
        verbose_name=pgettext_lazy("standings column", "Total"), attrs=NUMBER, order_by=("-total", "rank")
    )

    class Meta:
        template_name = TEMPLATE
        attrs = {"class": "list standings players"}
        empty_text = _("No results yet.")
        order_by = ("rank",)

    def render_rank(self, record: PlayerLine) -> str:
        return rank_text(record.rank, record.tied)

    def render_name(self, record: PlayerLine) -> str:
        return format_html(
            '{} <small class="school">{}</small><small class="reason">{}</small>',
            record.name,
            record.school_code,
            record.reason,
        )

    def render_games_won(self, value: Any) -> str:
        return count_text(value)

    def render_total(self, value: Any) -> str:
        return score_text(value)


class TableWinnersTable(tables.Table):
    """Data: the tables of the scope (a queryset); `outcomes` is filled for the page shown."""

    round = tables.Column(
        verbose_name=pgettext_lazy("tournament stage", "Round"), order_by=("round__order", "number")
    )
    number = tables.Column(
        verbose_name=pgettext_lazy("game table", "Table"), order_by=("round__order", "number")
    )
    winner = tables.Column(verbose_name=_("Winner"), empty_values=(), orderable=False)
    decided_by = tables.Column(verbose_name=_("Decided by"), empty_values=(), orderable=False)

    class Meta:
        template_name = TEMPLATE
        attrs = {"class": "list standings tables"}
        empty_text = _("No tables yet.")

    def __init__(self, *args: Any, namer: Callable[[Any], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.namer = namer
        self.outcomes: dict[int, TableWinner] = {}

    def render_winner(self, record: Any) -> str:
        found = self.outcomes.get(record.pk)
        if found is None or not found.outcome.finished:
            return "—"
        if found.winner is not None:
            return f"{seat_label(found.outcome.winner)} {self.namer(found.winner)}"
        return str(_("tie: %(names)s") % {"names": ", ".join(self.namer(p) for p in found.tied_players)})

    def render_decided_by(self, record: Any) -> str:
        found = self.outcomes.get(record.pk)
        return decided_by_label(found.outcome.decided_by) if found else decided_by_label("in-play")


class SchoolStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    code = tables.Column(verbose_name=_("Code"))
    name = tables.Column(verbose_name=_("School"), order_by=("name_zh", "name_en"))
    players = tables.Column(verbose_name=_("Players"), attrs=NUMBER)
    games_played = tables.Column(verbose_name=pgettext_lazy("standings column", "Games"), attrs=WIDE_ONLY)
    games_won = tables.Column(verbose_name=pgettext_lazy("standings column", "Won"), attrs=NUMBER)
    total = tables.Column(verbose_name=pgettext_lazy("standings column", "Total"), attrs=NUMBER)

    class Meta:
        template_name = TEMPLATE
        attrs = {"class": "list standings schools"}
        empty_text = _("No schools yet.")
        order_by = ("rank",)

    def render_rank(self, record: SchoolRow) -> str:
        return rank_text(record.rank, record.tied)

    def render_games_won(self, value: Any) -> str:
        return count_text(value)

    def render_total(self, value: Any) -> str:
        return score_text(value)
