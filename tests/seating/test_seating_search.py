"""The search's bookkeeping: after any swaps, what it keeps by increments equals a count afresh."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seating.schedule import Schedule


def _random_round(rng: random.Random, players: int, sizes: list[int]) -> list[list[int]]:
    order = list(range(players))
    rng.shuffle(order)
    tables, cut = [], 0
    for size in sizes:
        tables.append(order[cut : cut + size])
        cut += size
    return tables


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 14), st.integers(0, 3), st.integers(1, 4))
def test_swaps_keep_costs_gains_and_conflicts_true(seed, players, played, drawn):
    rng = random.Random(seed)
    sizes = [4] * (players // 4) + ([players % 4] if players % 4 else [])
    schools = [rng.choice([-1, 0, 1, 2]) for _ in range(players)]
    schedule = Schedule(players, schools, [_random_round(rng, players, sizes) for _ in range(played)])
    for _ in range(drawn):
        schedule.add_round(_random_round(rng, players, sizes))
    schedule.prepare()
    cost = schedule.repeat_cost()
    for _ in range(60):
        g = rng.randrange(played, played + drawn)
        a, b = rng.randrange(players), rng.randrange(players)
        if schedule.table_of[g][a] == schedule.table_of[g][b]:
            continue
        change, school_change = schedule.swap_delta(g, a, b), schedule.school_delta(g, a, b)
        assert schedule.swap_deltas(g, a, [b]) == [change]
        pairs_before = schedule.same_school_pairs(g)
        schedule.swap(g, a, b)
        cost += change
        assert cost == schedule.repeat_cost()
        assert schedule.same_school_pairs(g) == pairs_before + school_change
    kept = (schedule.gain, schedule.bad, sorted(schedule.conflicts.items))
    schedule.prepare()
    assert kept == (schedule.gain, schedule.bad, sorted(schedule.conflicts.items))
