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
from operator import itemgetter
from typing import Any

import scoring
from referee.models import Tournament
from scoring.match_types import GAMES_WON_ORDER
from scoring.ranking import Higher, Placed, rank

TIE_BREAK = "tie-break"

# Most games won, then the higher total score (RULES.md, "Deciding a table"), for players and schools alike:
# the engine's order at a table.
STANDINGS_ORDER = GAMES_WON_ORDER


def standings_order(tournament: Tournament) -> tuple[str, ...]:
    """The tie-breaks of this tournament's standings, best first; the same for every tournament so far."""
    return STANDINGS_ORDER


def sql_order(order: Sequence[str], columns: Mapping[str, str], *then: str) -> list[str]:
    """ORDER BY terms for `order`: each tie-break's column, higher first, then `then` to fix the rest."""
    return [f"-{columns[name]}" for name in order] + list(then)


def rank_rows(
    rows: Sequence[tuple[Any, ...]], order: Sequence[str], columns: Mapping[str, str], fields: Sequence[str]
) -> list[Placed[tuple[Any, ...]]]:
    """Competition ranks of rows read with `values_list(*fields)`, by the tie-breaks' columns."""
    keys = [Higher(name, itemgetter(fields.index(columns[name]))) for name in order]
    return rank(rows, keys)


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
