"""A drawn round's tables as they stand, beside the draw: who sits where now, and who was moved by hand.

The draw keeps the engine's tables as its own changes left them (swaps before seating, repairs after a
withdrawal or a late arrival, substitutes). A change made by hand since (a seat cleared and filled on a
table's page, a seat corrected after play) shows only in the seats. Each table as seated is matched with the
draw's table it shares most players with; a player who sits elsewhere than their draw table, or was not in the
draw, was moved by hand. So a swap of two players between tables marks those two, not their tables."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from referee.draws.selectors.draws import seating_id
from referee.models import Round, RoundDraw, Seat


@dataclass(frozen=True)
class SeatedPlayer:
    letter: str
    player: str  # the seating id: the player's number
    school: str
    moved: bool  # moved by hand since the draw


@dataclass(frozen=True)
class SeatedTable:
    number: int
    players: list[SeatedPlayer]


def seated_tables(round_: Round, draw: RoundDraw) -> list[SeatedTable]:
    """One query: the round's tables in number order, each player marked if moved by hand."""
    by_table: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .select_related("table", "player__school")
        .order_by("table__number", "letter")
    ):
        by_table.setdefault(seat.table.number, []).append(seat)
    group_of = {player: index for index, ids in enumerate(draw.tables) for player in ids}
    tables = []
    for number in sorted(by_table):
        seats = by_table[number]
        ids = [seating_id(seat.player) for seat in seats]
        groups = Counter(group_of[player] for player in ids if player in group_of)
        home = groups.most_common(1)[0][0] if groups else None
        tables.append(
            SeatedTable(
                number,
                [
                    SeatedPlayer(seat.letter, player, seat.player.school.code, group_of.get(player) != home)
                    for seat, player in zip(seats, ids, strict=True)
                ],
            )
        )
    return tables


def moved_by_hand(tables: list[SeatedTable]) -> list[str]:
    return [seated.player for table in tables for seated in table.players if seated.moved]
