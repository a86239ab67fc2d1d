"""First seatings of the new rounds, each already at the same-school minimum.

The school matrix (how many players of each school sit at each table) comes from `schools.school_matrix`;
every seating built here fills exactly those places, so the search starts at the minimum and, moving only
by swaps that keep it, never leaves it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seating.roster import NO_SCHOOL, IndexedRound, Roster
from seating.schedule import CONSECUTIVE_WEIGHT, Schedule
from seating.schools import Matrix, school_matrix

FREE = -1


def places(roster: Roster, sizes: Sequence[int]) -> Matrix:
    """Places per school and table, with a last row for the players without a school."""
    matrix = school_matrix(roster.school_sizes, sizes)
    free = [size - sum(row[t] for row in matrix) for t, size in enumerate(sizes)]
    return [*matrix, free]


def shuffled_columns(matrix: Matrix, sizes: Sequence[int], rng: random.Random) -> Matrix:
    """The same places with tables of one size dealt out in a random order, so rounds differ."""
    order = list(range(len(sizes)))
    for size in sorted(set(sizes)):
        same = [t for t in order if sizes[t] == size]
        dealt = list(same)
        rng.shuffle(dealt)
        for slot, table in zip(same, dealt, strict=True):
            order[slot] = table
    return [[row[order[t]] for t in range(len(sizes))] for row in matrix]


def _row(roster: Roster, player: int, rows: int) -> int:
    school = roster.schools[player]
    return rows - 1 if school == NO_SCHOOL else school


def _added_cost(schedule: Schedule, player: int, table: list[int]) -> int:
    """The repeat cost of seating `player` with `table`, given the rounds already in `schedule`."""
    row = player * schedule.count
    last = schedule.table_of[-1] if schedule.rounds else None
    cost = sum(schedule.meetings[row + other] for other in table)
    if last is not None:
        cost += CONSECUTIVE_WEIGHT * sum(last[player] == last[other] for other in table)
    return cost


def greedy_round(
    roster: Roster, schedule: Schedule, matrix: Matrix, sizes: Sequence[int], rng: random.Random
) -> IndexedRound:
    """Players in random order, each to the table with a place for its school where it repeats least."""
    left = [list(row) for row in matrix]
    tables: IndexedRound = [[] for _ in sizes]
    order = list(range(roster.count))
    rng.shuffle(order)
    for player in order:
        row = left[_row(roster, player, len(left))]
        best: list[int] = []
        best_cost = -1
        for table, room in enumerate(row):
            if room == 0:
                continue
            cost = _added_cost(schedule, player, tables[table])
            if not best or cost < best_cost:
                best, best_cost = [table], cost
            elif cost == best_cost:
                best.append(table)
        chosen = best[rng.randrange(len(best))]
        row[chosen] -= 1
        tables[chosen].append(player)
    return tables


def standings_round(roster: Roster, matrix: Matrix, ranking: Sequence[int]) -> IndexedRound:
    """Each school's players, best first, to its places, first table first: the standings kept in order."""
    left = [list(row) for row in matrix]
    tables: IndexedRound = [[] for _ in matrix[0]]
    for player in ranking:
        row = left[_row(roster, player, len(left))]
        table = next(t for t, room in enumerate(row) if room > 0)
        row[table] -= 1
        tables[table].append(player)
    return tables
