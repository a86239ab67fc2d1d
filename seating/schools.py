"""The fewest same-school pairs a round can have: an exact convex transportation problem.

Schools send their players to tables of fixed sizes; a table holding `x` players of one school holds
`x * (x - 1) / 2` same-school pairs, a convex cost. As a min-cost flow (school -> table -> sink, each unit of
school `s` at table `t` costing as many pairs as it adds) the problem is solved exactly by successive shortest
paths from a pseudo-flow with no negative cycle: here every school spread as evenly as it can over all tables,
which may overfill some. Each shortest path from an overfull table to a table with room moves one player
and keeps the flow optimal for what it carries, so when no table is overfull the flow is optimal.
docs/seating.md gives the whole argument. Players without a school cost nothing and fill the seats left.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

Matrix = list[list[int]]


def pairs(count: int) -> int:
    return count * (count - 1) // 2


def _even_spread(counts: Sequence[int], sizes: Sequence[int]) -> tuple[Matrix, list[int]]:
    """Each school as even as it can be (counts differ by at most one); the odd ones where room is left."""
    tables = len(sizes)
    load = [0] * tables
    matrix = [[0] * tables for _ in counts]
    for school in sorted(range(len(counts)), key=lambda s: (-counts[s], s)):
        base, extra = divmod(counts[school], tables)
        row = matrix[school]
        roomiest = sorted(range(tables), key=lambda t: (load[t] - sizes[t], t))[:extra]
        for table in range(tables):
            row[table] = base
        for table in roomiest:
            row[table] += 1
        for table in range(tables):
            load[table] += row[table]
    return matrix, load


def _shortest_path(matrix: Matrix, load: list[int], sizes: Sequence[int]) -> list[tuple[int, int, int]]:
    """The cheapest chain of moves from an overfull table to one with room, as (school, from, to) steps.

    Nodes are tables (0..T-1) and schools (T..T+S-1): removing a player of school s from table t costs
    -(x - 1), adding one to table u costs x (marginal same-school pairs). Bellman-Ford by queue: the
    residual graph has negative arcs but, by the invariant above, no negative cycle.
    """
    tables, schools = len(sizes), len(matrix)
    infinity = float("inf")
    distance: list[float] = [infinity] * (tables + schools)
    previous = [-1] * (tables + schools)
    queue = deque(t for t in range(tables) if load[t] > sizes[t])
    for table in queue:
        distance[table] = 0
    waiting = [node in queue for node in range(tables + schools)]
    while queue:
        node = queue.popleft()
        waiting[node] = False
        if node < tables:
            steps = [(tables + s, 1 - matrix[s][node]) for s in range(schools) if matrix[s][node] > 0]
        else:
            row = matrix[node - tables]
            steps = [(t, row[t]) for t in range(tables)]
        for target, cost in steps:
            if distance[node] + cost < distance[target]:
                distance[target] = distance[node] + cost
                previous[target] = node
                if not waiting[target]:
                    waiting[target] = True
                    queue.append(target)
    roomy = [t for t in range(tables) if load[t] < sizes[t] and distance[t] < infinity]
    end = min(roomy, key=lambda t: (distance[t], t))
    steps_back: list[tuple[int, int, int]] = []
    while previous[end] != -1:
        school = previous[end]
        origin = previous[school]
        steps_back.append((school - tables, origin, end))
        end = origin
    return steps_back


def school_matrix(counts: Sequence[int], sizes: Sequence[int]) -> Matrix:
    """Players of each school at each table (rows: schools, columns: tables) with the fewest pairs.

    `counts` are the players of each school (players without one left out); they must fit: sum(counts)
    at most sum(sizes).
    """
    matrix, load = _even_spread(counts, sizes)
    while any(load[t] > sizes[t] for t in range(len(sizes))):
        for school, origin, target in _shortest_path(matrix, load, sizes):
            matrix[school][origin] -= 1
            matrix[school][target] += 1
            load[origin] -= 1
            load[target] += 1
    return matrix


def fewest_same_school_pairs(counts: Sequence[int], sizes: Sequence[int]) -> int:
    """The least number of same-school pairs any seating of these schools at these tables can have."""
    return sum(pairs(x) for row in school_matrix(counts, sizes) for x in row)
