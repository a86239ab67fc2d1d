"""The hall screen's larger panels, each read once per public version: the draw by player number, the
round's released results, the prizes revealed so far (never one more)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from referee.models import Player, Prize, Round, Seat, Table, Tournament
from referee.standings.selectors.schools import SchoolRow, school_standings
from referee.standings.selectors.standings import StandingRow, standings
from referee.standings.selectors.winners import TableWinner, table_winners

TOP_PLAYERS = 10


@dataclass(frozen=True)
class DrawLine:
    number: int
    player: Player
    table: int
    letter: str


def draw_lines(round_: Round) -> list[DrawLine]:
    """Every seated child of the round by player number, with their table and seat (one query)."""
    seats = (
        Seat.objects.filter(round=round_)
        .select_related("player", "table")
        .only(
            "letter",
            "table__number",
            "player__number",
            "player__name_zh",
            "player__name_en",
            "player__forgotten_at",
        )
        .order_by("player__number")
    )
    return [DrawLine(seat.player.number, seat.player, seat.table.number, seat.letter) for seat in seats]


@dataclass(frozen=True)
class RoundResults:
    round: Round
    winners: list[TableWinner]
    top: list[StandingRow]
    schools: list[SchoolRow]


def round_results(tournament: Tournament, round_: Round, held: Collection[int]) -> RoundResults:
    """The round's table winners, the top ten so far and the schools, as the public may see them."""
    tables = list(Table.objects.filter(round=round_).select_related("round").order_by("number"))
    verdicts = table_winners(tournament, tables, final_only=True, held=held)
    return RoundResults(
        round_,
        [verdicts[table.pk] for table in tables],
        standings(tournament, held=held)[:TOP_PLAYERS],
        school_standings(tournament, held=held),
    )


def revealed_prizes(tournament: Tournament) -> list[Prize]:
    """Only the prizes an organiser has revealed, in the order of the prize-giving (three queries)."""
    prizes = tournament.prizes.filter(revealed_at__isnull=False).select_related("school")
    return list(prizes.prefetch_related("players__school", "schools").order_by("position"))
