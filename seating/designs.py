"""Repeat-free schedules from finite geometry, where the player count allows one.

Players are the points of a vector space over a finite field; a round partitions them into the cosets of one
subgroup, and two rounds built from subgroups that share only zero never seat a pair together twice.
`affine_design`: q**m players in tables of q (q a prime power), the lines of AG(m, q), every pair meeting
exactly once. `spread_design`: p**k players in tables of p**j when j does not divide k, from a partial spread
found by a bounded depth-first search.
"""

from __future__ import annotations

import itertools
import random

from seating.fields import Field, field, prime_power

Design = list[list[list[int]]]  # rounds, tables, points

MAX_SUBSPACES = 20_000
SEARCH_NODES = 200_000


def _vector_add(f: Field, x: int, y: int, length: int) -> int:
    q, total, place = f.order, 0, 1
    for _ in range(length):
        total += f.add[x % q][y % q] * place
        x, y, place = x // q, y // q, place * q
    return total


def _scale(f: Field, t: int, x: int, length: int) -> int:
    q, total, place = f.order, 0, 1
    for _ in range(length):
        total += f.mul[t][x % q] * place
        x, place = x // q, place * q
    return total


def _cosets(f: Field, subgroup: list[int], length: int) -> list[list[int]]:
    covered: set[int] = set()
    groups = []
    for point in range(f.order**length):
        if point not in covered:
            group = [_vector_add(f, point, h, length) for h in subgroup]
            covered.update(group)
            groups.append(group)
    return groups


def _directions(order: int, dimension: int) -> list[int]:
    """One nonzero vector per line through zero: the first nonzero coordinate is 1."""
    found = []
    for direction in range(1, order**dimension):
        digits = [(direction // order**i) % order for i in range(dimension)]
        if next(d for d in digits if d) == 1:
            found.append(direction)
    return found


def affine_design(order: int, dimension: int, wanted: int, rng: random.Random) -> Design:
    """`wanted` parallel classes of lines of AG(dimension, order) (of the (order**dimension - 1) /
    (order - 1) there are, one per direction), the directions in a seeded order."""
    f = field(order)
    directions = _directions(order, dimension)
    rng.shuffle(directions)
    rounds = []
    for direction in directions[:wanted]:
        line = [_scale(f, t, direction, dimension) for t in range(order)]
        rounds.append(_cosets(f, line, dimension))
    return rounds


def _subspaces(f: Field, length: int, dimension: int) -> list[list[int]]:
    """Every subspace of this dimension, from its reduced row echelon basis."""
    q = f.order
    found = []
    for pivots in itertools.combinations(range(length), dimension):
        free = [(i, c) for i, p in enumerate(pivots) for c in range(p + 1, length) if c not in pivots]
        for values in itertools.product(range(q), repeat=len(free)):
            rows = [q ** pivots[i] for i in range(dimension)]
            for (i, c), v in zip(free, values, strict=True):
                rows[i] += v * q**c
            span = [0]
            for row in rows:
                span = [_vector_add(f, s, _scale(f, t, row, length), length) for s in span for t in range(q)]
            found.append(span)
    return found


def _disjoint(masks: list[int], wanted: int, rng: random.Random) -> list[int]:
    """Indices of up to `wanted` masks with no common bit, by depth-first search within a node budget."""
    order = list(range(len(masks)))
    rng.shuffle(order)
    best: list[int] = []
    chosen: list[int] = []
    nodes = 0

    def extend(start: int, used: int) -> bool:
        nonlocal best, nodes
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) == wanted:
            return True
        for position in range(start, len(order)):
            nodes += 1
            if nodes > SEARCH_NODES:
                return True
            mask = masks[order[position]]
            if mask & used == 0:
                chosen.append(order[position])
                if extend(position + 1, used | mask):
                    return True
                chosen.pop()
        return False

    extend(0, 0)
    return best


def spread_design(prime: int, length: int, dimension: int, wanted: int, rng: random.Random) -> Design:
    """Up to `wanted` rounds from subspaces of GF(prime)**length meeting only in zero."""
    f = field(prime)
    subspaces = _subspaces(f, length, dimension)
    masks = [sum(1 << v for v in space if v) for space in subspaces]
    return [_cosets(f, subspaces[i], length) for i in _disjoint(masks, wanted, rng)]


def _count_subspaces(prime: int, length: int, dimension: int) -> int:
    top = bottom = 1
    for i in range(dimension):
        top *= prime ** (length - i) - 1
        bottom *= prime ** (i + 1) - 1
    return top // bottom


def design_for(players: int, table: int, rounds: int, rng: random.Random) -> Design:
    """Repeat-free rounds for `players` in tables of `table` (at most `rounds`), or none that apply."""
    power, group = prime_power(players), prime_power(table)
    if power is None or group is None or power[0] != group[0] or group[1] >= power[1] or rounds < 2:
        return []
    prime, length = power
    dimension = group[1]
    if length % dimension == 0 and table <= 64:
        return affine_design(table, length // dimension, rounds, rng)
    if _count_subspaces(prime, length, dimension) <= MAX_SUBSPACES:
        design = spread_design(prime, length, dimension, rounds, rng)
        rng.shuffle(design)
        return design
    return []
