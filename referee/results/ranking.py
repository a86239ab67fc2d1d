"""The site's rankings: standings, schools and a table's places, all by `scoring.ranking` over one order.

The order is a list of tie-break names (`standings_order`). Each selector binds every name to a column it
reads; the SQL ORDER BY and the ranks in Python both come from that one list, so they cannot disagree, and a
later tie-break (tables won, head-to-head, the organisers' decision) is one more name in the list. Only the
names with a column can be sorted in SQL: a tie-break over a whole group splits in Python the groups the SQL
order leaves adjacent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import takewhile
from operator import itemgetter
from typing import Any

import scoring
from referee.models import Tournament
from referee.models.tournament import WithdrawnPlacing
from scoring.ranking import (
    ORGANISERS_DECISION,
    STANDINGS_KEYS,
    Higher,
    Placed,
    default_standings_order,
    rank,
)

TIE_BREAK = "tie-break"
# Names the selectors add to a tournament's order: a player who left placed after every player who finished
# (when the tournament says so), and a tie broken at a table carried into the standings.
STAYED, TABLE_TIE_BREAK = "stayed", "table-tie-break"


def parse_standings_order(text: str) -> tuple[str, ...]:
    """A tournament's stored keys (a comma list); unknown or repeated names are dropped."""
    keys: list[str] = []
    for name in (part.strip() for part in text.split(",")):
        if name in STANDINGS_KEYS and name not in keys:
            keys.append(name)
    return tuple(keys)


def standings_order(tournament: Tournament) -> tuple[str, ...]:
    """The keys of this tournament's standings, best first: those the organisers set before play, else the
    ruleset's (UNO by tables won, Rummikub by games won; then the total; then the organisers' decision)."""
    return parse_standings_order(tournament.tie_breaks) or default_standings_order(tournament.ruleset)


def ranked_order(tournament: Tournament) -> tuple[str, ...]:
    """The standings' keys as the selector ranks by them: the tournament's order, with a player who left
    placed after every player who finished when it says so, and a tie broken at a table carried in just
    before the organisers' own decision over the standings."""
    order = list(standings_order(tournament))
    if tournament.withdrawn_placing == WithdrawnPlacing.AFTER_FINISHERS:
        order.insert(0, STAYED)
    at = order.index(ORGANISERS_DECISION) if ORGANISERS_DECISION in order else len(order)
    order.insert(at, TABLE_TIE_BREAK)
    return tuple(order)


def column_prefix(order: Sequence[str], columns: Mapping[str, str]) -> list[str]:
    """The leading keys that have a column (SQL can sort by them; the rest split groups in Python)."""
    return list(takewhile(lambda name: name in columns, order))


def sql_order(order: Sequence[str], columns: Mapping[str, str], *then: str) -> list[str]:
    """ORDER BY terms for `order`'s leading column keys, higher first, then `then` to fix the rest."""
    return [f"-{columns[name]}" for name in column_prefix(order, columns)] + list(then)


def rank_rows(
    rows: Sequence[tuple[Any, ...]],
    order: Sequence[str],
    columns: Mapping[str, str],
    fields: Sequence[str],
    others: Mapping[str, Any] | None = None,
) -> list[Placed[tuple[Any, ...]]]:
    """Competition ranks of rows read with `values_list(*fields)`, by the keys' columns; a key without a
    column is taken from `others` (a tie-break object) or, when the caller has none, left out."""
    keys: list[Any] = []
    for name in order:
        if name in columns:
            keys.append(Higher(name, itemgetter(fields.index(columns[name]))))
        elif others and name in others:
            keys.append(others[name])
    return rank(rows, keys)


@dataclass(frozen=True)
class TableDecision:
    """A tie at a table broken by the organisers (by lot, say): `winner` over the others of `tied` (players'
    keys), at table `table` of round `round_name`, `how` in their words."""

    table: int
    round_name: str
    winner: int
    tied: frozenset[int]
    how: str


@dataclass(frozen=True)
class TableDecisions:
    """A tie broken at a table carries into the standings: players still tied there, all of them from that
    table's tie, rank its winner first (the others stay tied among themselves). A group that holds a player
    from elsewhere stays tied: the table decided nothing about them."""

    name: str
    decisions: tuple[TableDecision, ...]

    def split(self, tied: Sequence[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
        keys = {row[0] for row in tied}
        for decision in self.decisions:
            if decision.winner in keys and keys <= decision.tied:
                first = [row for row in tied if row[0] == decision.winner]
                return [first, [row for row in tied if row[0] != decision.winner]]
        return [list(tied)]


@dataclass(frozen=True)
class OrganisersDecision:
    """The organisers' recorded winner of a tie the rules leave open: that seat first, the others after."""

    winner: str
    name: str = TIE_BREAK

    def split(self, tied: Sequence[scoring.MatchPlayer]) -> list[list[scoring.MatchPlayer]]:
        chosen = [player for player in tied if player.seat == self.winner]
        others = [player for player in tied if player.seat != self.winner]
        return [chosen, others] if chosen and others else [list(tied)]


def rank_table(
    match: scoring.MatchResult, decision: OrganisersDecision | None = None
) -> dict[str, tuple[int, bool]]:
    """Each seat's place at a table and whether it is shared: the engine's ranks, then the organisers'
    decision, if they recorded one, over the seats still tied."""
    order: list[Any] = [Higher("rank", lambda player: -player.rank)]
    if decision is not None:
        order.append(decision)
    return {placed.row.seat: (placed.rank, placed.tied) for placed in rank(match.players, order)}
