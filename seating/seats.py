"""Seat order at each table: seat A (who starts) goes to the player who has started least so far.

Counts run over the history and the rounds drawn before, in order. Within one round every player sits at
one table only, so choosing, table by table, a player with the fewest first seats is the fairest choice the
round allows; equal counts are broken at random (seeded), and the other seats are dealt at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seating.roster import IndexedRound


def first_seat_counts(count: int, rounds: Sequence[IndexedRound]) -> list[int]:
    starts = [0] * count
    for round_ in rounds:
        for table in round_:
            if table:
                starts[table[0]] += 1
    return starts


def seat_round(round_: IndexedRound, starts: list[int], rng: random.Random) -> IndexedRound:
    """Each table in seat order; `starts` is updated with the players given seat A."""
    seated: IndexedRound = []
    for table in round_:
        players = sorted(table)
        rng.shuffle(players)
        fewest = min(starts[p] for p in players)
        first = next(p for p in players if starts[p] == fewest)
        starts[first] += 1
        seated.append([first] + [p for p in players if p != first])
    return seated


def order_tables(round_: IndexedRound, rank: Sequence[int] | None, rng: random.Random) -> IndexedRound:
    """Tables in table-number order: by standings the best average rank first, else larger tables first."""
    tables = [list(t) for t in round_]
    rng.shuffle(tables)
    if rank is None:
        return sorted(tables, key=lambda t: -len(t))
    return sorted(tables, key=lambda t: sum(rank[p] for p in t) / len(t))
