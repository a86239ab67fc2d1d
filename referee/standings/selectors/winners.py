"""Table winners: each table's verdict, for one page of tables at a time (a fixed number of queries)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from referee.models import HandResult, Player, Seat, Table, Tournament
from referee.results.outcome import (
    HAND_ROW,
    HELD,
    UNCONFIRMED,
    UNSIGNED,
    TableOutcome,
    outcome_of,
    stored_games,
)


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


def _final_only(
    tournament: Tournament, table: Table, outcome: TableOutcome, held: Collection[int] = ()
) -> TableOutcome:
    """A finished match counts as final once signed off (and confirmed, when the tournament asks for it);
    until then it names no winner, as the final standings do not count it. Nor does a table of a round
    whose results are held from the public."""
    if not outcome.finished:
        return outcome
    if table.round_id in held:
        waiting = HELD
    elif table.signed_off_at is None:
        waiting = UNSIGNED
    elif tournament.requires_confirmation and table.confirmed_at is None:
        waiting = UNCONFIRMED
    else:
        return outcome
    return replace(outcome, match=None, winner=None, decided_by=waiting, tied=(), tie_break="")


def table_winners(
    tournament: Tournament,
    tables: Sequence[Table],
    *,
    final_only: bool = False,
    held: Collection[int] = (),
) -> dict[int, TableWinner]:
    """Two queries for any number of tables: their seats with players, and their stored hands.

    With `final_only` (the public page, the final standings) a table not yet final names no winner, nor one
    of a round in `held` (results held from the public)."""
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
        outcome = outcome_of(tournament, table, len(seated), played)
        if final_only:
            outcome = _final_only(tournament, table, outcome, held)
        result[table.pk] = TableWinner(table, seated, outcome)
    return result
