"""Seating by standings: where each player belongs when the tables are cut from the standings in order.

Players are ranked by points, best first (equal points in a seeded random order). Cutting the ranking into
the round's tables, first table first, gives each player a home table; players tied on points share the
span of tables their group covers. A player seated `d` tables away from home costs `d`. The search minimises
this after the repeats, so tables stay as close to the standings as the repeat rule allows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from seating.roster import IndexedRound, Roster


@dataclass(frozen=True)
class Standings:
    """The ranking (best first), each player's home tables `low`..`high`, and every distance from home."""

    ranking: tuple[int, ...]
    low: tuple[int, ...]
    high: tuple[int, ...]
    tables: int
    distances: tuple[int, ...]  # player * tables + table

    def distance(self, player: int, table: int) -> int:
        return self.distances[player * self.tables + table]

    def cost(self, round_: IndexedRound) -> int:
        return sum(self.distance(p, table) for table, players in enumerate(round_) for p in players)


def standings_of(roster: Roster, sizes: Sequence[int], rng: random.Random) -> Standings:
    order = list(range(roster.count))
    rng.shuffle(order)
    ranking = sorted(order, key=lambda p: -roster.points[p])
    home = [table for table, size in enumerate(sizes) for _ in range(size)]
    low, high = [0] * roster.count, [0] * roster.count
    start = 0
    while start < len(ranking):
        end = start
        while end + 1 < len(ranking) and roster.points[ranking[end + 1]] == roster.points[ranking[start]]:
            end += 1
        for position in range(start, end + 1):
            low[ranking[position]], high[ranking[position]] = home[start], home[end]
        start = end + 1
    distances = tuple(
        max(low[p] - table, table - high[p], 0) for p in range(roster.count) for table in range(len(sizes))
    )
    return Standings(tuple(ranking), tuple(low), tuple(high), len(sizes), distances)
