"""Finite fields and the repeat-free designs built on them."""

from __future__ import annotations

import itertools
import random

import pytest

from seating.designs import affine_design, design_for, spread_design
from seating.fields import field, prime_power


@pytest.mark.parametrize("order", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
def test_the_tables_are_a_field(order):
    f = field(order)
    elements = range(order)
    for x in elements:
        assert f.add[0][x] == x
        assert f.mul[1][x] == x
        if x:
            assert sum(f.mul[x][y] == 1 for y in elements) == 1, "one inverse"
    rng = random.Random(order)
    for _ in range(300):
        a, b, c = (rng.randrange(order) for _ in range(3))
        assert f.mul[a][f.add[b][c]] == f.add[f.mul[a][b]][f.mul[a][c]]
        assert f.mul[a][f.mul[b][c]] == f.mul[f.mul[a][b]][c]
        assert f.add[a][f.add[b][c]] == f.add[f.add[a][b]][c]


def test_prime_powers():
    assert prime_power(32) == (2, 5)
    assert prime_power(81) == (3, 4)
    assert prime_power(12) is None
    assert prime_power(1) is None


def _assert_repeat_free(design, players, table):
    seen = set()
    for round_ in design:
        assert sorted(p for t in round_ for p in t) == list(range(players))
        assert all(len(t) == table for t in round_)
        for t in round_:
            for pair in itertools.combinations(sorted(t), 2):
                assert pair not in seen
                seen.add(pair)
    return seen


@pytest.mark.parametrize("order, dimension", [(2, 3), (3, 2), (4, 2), (5, 2), (3, 3), (4, 3), (7, 2), (8, 2)])
def test_affine_geometry_meets_every_pair_exactly_once(order, dimension):
    players = order**dimension
    rounds = (players - 1) // (order - 1)
    design = affine_design(order, dimension, rounds, random.Random(1))
    assert len(design) == rounds
    assert len(_assert_repeat_free(design, players, order)) == players * (players - 1) // 2


def test_thirty_two_players_in_fours_get_nine_rounds_from_a_spread():
    design = spread_design(2, 5, 2, 10, random.Random(3))
    assert len(design) == 9  # the most lines of PG(4, 2) that share no point
    _assert_repeat_free(design, 32, 4)


@pytest.mark.parametrize(
    "players, table, rounds, expected",
    [(16, 4, 5, 5), (32, 4, 8, 8), (81, 9, 10, 10), (20, 4, 5, 0), (16, 4, 1, 0), (8, 4, 5, 1)],
)
def test_designs_apply_only_where_the_counts_allow(players, table, rounds, expected):
    design = design_for(players, table, rounds, random.Random(2))
    assert len(design) == expected
    if design:
        _assert_repeat_free(design, players, table)
