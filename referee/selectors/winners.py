"""Table winners: each table's verdict, for one page of tables at a time (a fixed number of queries)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from referee.errors import ServiceError
from referee.models import HandResult, Player, Seat, Table, Tournament
from referee.verdicts import HAND_ROW, TableOutcome, decide_stored, stored_games, table_outcome


@dataclass(frozen=True)
class TableWinner:
    table: Table
    players: dict[str, Player]
    outcome: TableOutcome

    @property
    def winner(self) -> Player | None:
        return self.players.get(self.outcome.winner or "")

    @property
    def tied_players(self) -> list[Player]:
        return [self.players[letter] for letter in self.outcome.tied if letter in self.players]


def table_winners(tournament: Tournament, tables: Sequence[Table]) -> dict[int, TableWinner]:
    """Two queries for any number of tables: their seats with players, and their stored hands."""
    table_ids = [table.pk for table in tables]
    players: dict[int, dict[str, Player]] = defaultdict(dict)
    for seat in Seat.objects.filter(table__in=table_ids).select_related("player"):
        players[seat.table_id][seat.letter] = seat.player
    rows = HandResult.objects.filter(game__table__in=table_ids).values_list(*HAND_ROW)
    games = stored_games(tournament, rows)
    result = {}
    for table in tables:
        played = games.get(table.pk, [])
        seated = players.get(table.pk, {})
        try:
            match = decide_stored(tournament, len(seated), played) if played else None
        except ServiceError:
            match = None
        result[table.pk] = TableWinner(table, seated, table_outcome(match, table.tie_winner, table.tie_break))
    return result
