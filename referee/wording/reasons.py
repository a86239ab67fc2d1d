"""One line per rank that says why: "2 games won, total +57; ahead of B on total score (+57 to +20)".

The line compares a player with the first player ranked below them (the last-placed player: with the one
above) and names the first tie-break of the standings' order that tells them apart. Names come from the
caller, so the public page can hide them as the privacy setting asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from operator import attrgetter
from typing import Protocol

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.results.ranking import STAYED
from referee.wording.figures import count_text, score_text
from referee.wording.sentences import listed, spaced
from scoring.match_types import BY_GAMES_WON, BY_TOTAL_SCORE, GAMES_WON_ORDER
from scoring.ranking import TABLES_WON, Higher, first_difference


class StandingRow(Protocol):
    """A ranked row, as `referee.standings.selectors.standings` and the school summary return them."""

    @property
    def rank(self) -> int: ...
    @property
    def tied(self) -> bool: ...
    @property
    def games_won(self) -> Fraction: ...
    @property
    def total(self) -> Fraction: ...


Namer = Callable[[StandingRow], str]
TIE_BREAKS = {
    STAYED: Higher(STAYED, lambda row: not getattr(row, "withdrawn", False)),
    BY_GAMES_WON: Higher(BY_GAMES_WON, attrgetter("games_won")),
    BY_TOTAL_SCORE: Higher(BY_TOTAL_SCORE, attrgetter("total")),
    TABLES_WON: Higher(TABLES_WON, lambda row: getattr(row, "tables_won", 0)),
}


def _table_decision(
    row: StandingRow, other: StandingRow, values: dict[str, object], *, ahead: bool
) -> str | None:
    """A tie broken at a table both played at: "ahead of B by the tie-break at table 5 (Round 1): by lot"."""
    decision = getattr(row, "table_tie_break", None)
    if decision is None or decision != getattr(other, "table_tie_break", None):
        return None
    values = {**values, "table": decision.table, "round": decision.round_name, "how": decision.how}
    if ahead:
        return _("ahead of %(name)s by the tie-break at table %(table)s (%(round)s): %(how)s") % values
    return _("behind %(name)s by the tie-break at table %(table)s (%(round)s): %(how)s") % values


def _record(row: StandingRow, order: Sequence[str]) -> str:
    if TABLES_WON in order:
        tables = getattr(row, "tables_won", 0)
        won_tables = ngettext("%(won)s table won", "%(won)s tables won", tables) % {"won": tables}
        return _("%(tables)s, total %(total)s") % {"tables": won_tables, "total": score_text(row.total)}
    won = row.games_won
    count = int(won) if won.denominator == 1 else 2
    games = ngettext("%(won)s game won", "%(won)s games won", count) % {"won": count_text(won)}
    return _("%(games)s, total %(total)s") % {"games": games, "total": score_text(row.total)}


def _comparison(row: StandingRow, other: StandingRow, name: str, order: Sequence[str], *, ahead: bool) -> str:
    values: dict[str, object] = {"name": name}
    values.update(mine=score_text(row.total), theirs=score_text(other.total))
    values.update(won=count_text(row.games_won), other_won=count_text(other.games_won))
    values.update(tables=getattr(row, "tables_won", 0), other_tables=getattr(other, "tables_won", 0))
    tie_breaks = [TIE_BREAKS[key] for key in order if key in TIE_BREAKS]
    difference = first_difference(tie_breaks, row, other)
    if difference is None:
        at_table = _table_decision(row, other, values, ahead=ahead)
        if at_table is not None:
            return at_table
        if ahead:
            return _("ahead of %(name)s by the tie-break (head-to-head or the organisers' decision)") % values
        return _("behind %(name)s by the tie-break (head-to-head or the organisers' decision)") % values
    if difference == STAYED:
        if ahead:
            return _("ahead of %(name)s, who left: placed after every player who finished") % values
        return _("behind %(name)s: a player who left is placed after every player who finished") % values
    if difference == TABLES_WON:
        if ahead:
            return _("ahead of %(name)s on tables won (%(tables)s to %(other_tables)s)") % values
        return _("behind %(name)s on tables won (%(tables)s to %(other_tables)s)") % values
    if difference == BY_GAMES_WON:
        if ahead:
            return _("ahead of %(name)s on games won (%(won)s to %(other_won)s)") % values
        return _("behind %(name)s on games won (%(won)s to %(other_won)s)") % values
    if ahead:
        return _("ahead of %(name)s on total score (%(mine)s to %(theirs)s)") % values
    return _("behind %(name)s on total score (%(mine)s to %(theirs)s)") % values


def _same_rank(rows: Sequence[StandingRow], index: int) -> range:
    """The positions sharing rows[index]'s rank: a run around it, since the rows are ranked."""
    rank, start, end = rows[index].rank, index, index + 1
    while start > 0 and rows[start - 1].rank == rank:
        start -= 1
    while end < len(rows) and rows[end].rank == rank:
        end += 1
    return range(start, end)


def _tie_names(rows: Sequence[StandingRow], index: int, name_of: Namer) -> str:
    """The others sharing the rank: two named, the rest counted (a tie can be long: only two are named)."""
    others = [i for i in _same_rank(rows, index) if i != index]
    if len(others) <= 2:
        return _(" and ").join(name_of(rows[i]) for i in others)
    named = listed(name_of(rows[i]) for i in others[:2])
    return _("%(names)s and %(count)d others") % {"names": named, "count": len(others) - 2}


def rank_reason(
    rows: Sequence[StandingRow], index: int, name_of: Namer, order: Sequence[str] = GAMES_WON_ORDER
) -> str:
    """Why rows[index] holds its rank; `rows` is the whole ranked list (a page needs its neighbours),
    ranked by `order` (`referee.results.ranking.standings_order`)."""
    row = rows[index]
    parts = [_record(row, order)]
    if getattr(row, "withdrawn", False):
        parts.append(_("left the tournament"))
    if getattr(row, "by_final", False):
        parts.append(_("place decided by the final"))
        return spaced(listed(parts, long=True))
    if row.tied:
        parts.append(
            (
                _("tied with %(names)s on games won and total score")
                if tuple(order[:2]) == GAMES_WON_ORDER
                else _("tied with %(names)s")
            )
            % {"names": _tie_names(rows, index, name_of)}
        )
    group = _same_rank(rows, index)
    if group.stop < len(rows):
        below = rows[group.stop]
        parts.append(_comparison(row, below, name_of(below), order, ahead=True))
    elif not row.tied and group.start > 0:
        above = rows[group.start - 1]
        parts.append(_comparison(row, above, name_of(above), order, ahead=False))
    return spaced(listed(parts, long=True))
