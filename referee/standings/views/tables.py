"""The sortable tables of the standings pages (django-tables2): players, table winners, schools.

Rows are plain objects built from the selectors; a player's one-line reason is worked out only for the rows
a page shows, from the whole ranked list (its neighbours may sit on another page).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2.data import TableListData
from django_tables2.utils import OrderBy

from referee.standings.selectors.schools import SchoolRow
from referee.standings.selectors.standings import StandingRow
from referee.standings.selectors.winners import TableWinner
from referee.wording.codes import decided_by_label
from referee.wording.figures import count_text, rank_text, score_text
from referee.wording.reasons import rank_reason
from referee.wording.seats import seat_label
from referee.wording.sentences import listed
from scoring.match_types import GAMES_WON_ORDER

PER_PAGE = 50
TEMPLATE = "django_tables2/tableref.html"


class PlayerLine:
    """One player's standing; the name and the reason are worked out on first use (a page shows fifty of five
    thousand)."""

    __slots__ = ("rows", "index", "namer", "row", "order", "_name", "_reason")

    def __init__(
        self,
        rows: Sequence[StandingRow],
        index: int,
        namer: Callable[[StandingRow], str],
        order: Sequence[str] = GAMES_WON_ORDER,
    ) -> None:
        self.rows, self.index, self.namer, self.row, self.order = rows, index, namer, rows[index], order
        self._name: str | None = None
        self._reason: str | None = None

    rank = property(lambda self: self.row.rank)
    tied = property(lambda self: self.row.tied)
    school_code = property(lambda self: self.row.school_code)
    games_played = property(lambda self: self.row.games_played)
    games_won = property(lambda self: self.row.games_won)
    tables_won = property(lambda self: self.row.tables_won)
    total = property(lambda self: self.row.total)
    player = property(lambda self: self.row.player)

    @property
    def name(self) -> str:
        if self._name is None:
            self._name = self.namer(self.row)
        return self._name

    @property
    def reason(self) -> str:
        if self._reason is None:
            self._reason = rank_reason(self.rows, self.index, self.namer, self.order)
        return self._reason


class LazyLines(Sequence):
    """The ranked rows as PlayerLines, made only for the rows a page reads."""

    def __init__(
        self, rows: Sequence[StandingRow], namer: Callable[[StandingRow], str], order: Sequence[str]
    ) -> None:
        self.rows, self.namer, self.order = rows, namer, order

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [
                PlayerLine(self.rows, i, self.namer, self.order)
                for i in range(*index.indices(len(self.rows)))
            ]
        if index < 0:
            index += len(self.rows)
        if not 0 <= index < len(self.rows):
            raise IndexError(index)
        return PlayerLine(self.rows, index, self.namer, self.order)


class RankedListData(TableListData):
    """Rows already in rank order: showing them by rank sorts nothing, and any other order is a few stable
    sorts by attribute (django-tables2's generic key would resolve every accessor of every row)."""

    def order_by(self, aliases: Sequence[str]) -> None:
        keys = []
        for alias in aliases:
            column = self.table.columns[OrderBy(alias).bare]
            flip = alias[0] != column.order_by_alias[0]
            keys += column.order_by.opposite if flip else column.order_by
        if [str(key) for key in keys] == ["rank"]:
            return
        self.data = list(self.data)
        for key in reversed(keys):
            self.data.sort(key=attrgetter(key.bare), reverse=key.is_descending)


def player_lines(
    rows: Sequence[StandingRow], namer: Callable[[StandingRow], str], order: Sequence[str] = GAMES_WON_ORDER
) -> RankedListData:
    return RankedListData(LazyLines(rows, namer, order))


WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}
NUMBER = {"th": {"class": "number"}, "td": {"class": "number"}}


class PlayerStandingsTable(tables.Table):
    """The name cell carries the school and the one-line reason, so the table fits a phone."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    name = tables.Column(verbose_name=_("Player"), order_by=("school_code", "rank"))
    school_code = tables.Column(verbose_name=_("School"), attrs=WIDE_ONLY)
    games_played = tables.Column(verbose_name=pgettext_lazy("standings column", "Games"), attrs={**WIDE_ONLY})
    tables_won = tables.Column(
        verbose_name=pgettext_lazy("standings column", "Tables won"),
        attrs=NUMBER,
        order_by=("-tables_won", "rank"),
    )
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
        return str(_("tie: %(names)s") % {"names": listed(self.namer(p) for p in found.tied_players)})

    def render_decided_by(self, record: Any) -> str:
        found = self.outcomes.get(record.pk)
        return decided_by_label(found.outcome.decided_by) if found else decided_by_label("in-play")


class SchoolStandingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    code = tables.Column(verbose_name=_("Code"))
    name = tables.Column(verbose_name=_("School"), order_by=("name_zh", "name_en"))
    players = tables.Column(verbose_name=_("Players"), attrs=NUMBER)
    games_played = tables.Column(verbose_name=pgettext_lazy("standings column", "Games"), attrs=WIDE_ONLY)
    counted = tables.Column(verbose_name=_("Counted"), attrs=NUMBER)
    tables_won = tables.Column(verbose_name=pgettext_lazy("standings column", "Tables won"), attrs=NUMBER)
    games_won = tables.Column(verbose_name=pgettext_lazy("standings column", "Won"), attrs=NUMBER)
    total = tables.Column(verbose_name=pgettext_lazy("standings column", "Total"), attrs=NUMBER)

    class Meta:
        template_name = TEMPLATE
        attrs = {"class": "list standings schools"}
        empty_text = _("No schools yet.")
        order_by = ("rank",)

    def render_rank(self, record: SchoolRow) -> str:
        return rank_text(record.rank, record.tied)

    def render_tables_won(self, value: Any) -> str:
        return count_text(value)

    def render_games_won(self, value: Any) -> str:
        return count_text(value)

    def render_total(self, value: Any) -> str:
        return score_text(value)
