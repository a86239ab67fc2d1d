"""Where each player finished at each table: tables won, meetings for head-to-head, and the final's places.

Three queries for any number of tables (the tables, then `table_winners`' two), each table decided by
`results.outcome.outcome_of` like every other page, so the standings agree with the table pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from referee.models import Round, Table, Tournament
from referee.results.ranking import TIE_BREAK, TableDecision
from referee.standings.selectors.winners import table_winners


@dataclass
class TablePlaces:
    tables_won: dict[int, int] = field(default_factory=dict)
    places: dict[int, dict[int, int]] = field(default_factory=dict)  # player -> table -> place
    finals: list[list[tuple[int, int]]] = field(default_factory=list)  # final tables: (player, place)
    decisions: list[TableDecision] = field(default_factory=list)  # ties broken at tables

    def record(self, first: tuple[Any, ...], second: tuple[Any, ...]) -> tuple[int, int]:
        """Head-to-head from two standings rows (primary key first): who finished ahead where they met."""
        mine, theirs = self.places.get(first[0], {}), self.places.get(second[0], {})
        met = mine.keys() & theirs.keys()
        return (
            sum(1 for table in met if mine[table] < theirs[table]),
            sum(1 for table in met if theirs[table] < mine[table]),
        )


def table_places(
    tournament: Tournament, *, final_only: bool, round_: Round | None, held: Collection[int] = ()
) -> TablePlaces:
    query = Table.objects.filter(round__tournament=tournament).select_related("round")
    if round_ is not None:
        query = query.filter(round=round_)
    if held:
        query = query.exclude(round__in=list(held))
    tables = list(query.order_by("round__order", "number"))
    winners = table_winners(tournament, tables, final_only=final_only)
    found = TablePlaces()
    tables_won: dict[int, int] = defaultdict(int)
    places: dict[int, dict[int, int]] = defaultdict(dict)
    final_order = max((table.round.order for table in tables if table.round.is_final), default=None)
    finals: list[list[tuple[int, int]]] = []
    decisions: list[TableDecision] = []
    for table in tables:
        verdict = winners[table.pk]
        if verdict.winner is not None:
            tables_won[verdict.winner.pk] += 1
        finished = verdict.outcome.finished
        seat_places = verdict.outcome.places if finished else {}
        for letter, (place, _tied) in seat_places.items():
            if letter in verdict.players:
                places[verdict.players[letter].pk][table.pk] = place
        if finished and verdict.outcome.decided_by == TIE_BREAK and verdict.winner is not None:
            decisions.append(
                TableDecision(
                    table.number,
                    table.round.name,
                    verdict.winner.pk,
                    frozenset(player.pk for player in verdict.tied_players),
                    verdict.outcome.tie_break,
                )
            )
        if final_order is not None and table.round.order == final_order:
            finals.append(
                [(verdict.players[letter].pk, place) for letter, (place, _) in seat_places.items()]
                if finished
                else []
            )
    found.tables_won, found.places, found.decisions = dict(tables_won), dict(places), decisions
    found.finals = finals if finals and all(finals) else []  # the final counts once every final table is
    return found
