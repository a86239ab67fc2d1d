"""The same-school minimum is exact: the spreading flow against a brute force over every share-out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from seating.flow import FlowNetwork
from seating.schools import fewest_same_school_pairs, pairs, school_matrix
from tests.seating.seating_checks import fewest_pairs_brute


@st.composite
def schools_and_tables(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    seats = sum(sizes)
    counts = draw(st.lists(st.integers(0, seats), min_size=1, max_size=3))
    while sum(counts) > seats:
        counts[counts.index(max(counts))] -= 1
    return counts, sizes


@settings(max_examples=200, deadline=None)
@given(schools_and_tables())
def test_the_minimum_is_the_brute_forces(case):
    counts, sizes = case
    names = [f"S{school}" for school, count in enumerate(counts) for _ in range(count)]
    names += [None] * (sum(sizes) - len(names))
    assert fewest_same_school_pairs(counts, sizes) == fewest_pairs_brute(names, sizes)


@settings(max_examples=200, deadline=None)
@given(schools_and_tables())
def test_the_matrix_seats_every_school_within_the_tables(case):
    counts, sizes = case
    matrix = school_matrix(counts, sizes)
    assert [sum(row) for row in matrix] == counts
    assert all(sum(row[t] for row in matrix) <= size for t, size in enumerate(sizes))
    assert all(x >= 0 for row in matrix for x in row)


def test_the_school_event_can_have_no_same_school_pair():
    assert fewest_same_school_pairs([40, 30, 25, 20, 15, 12, 10, 8], [4] * 40) == 0


def test_a_school_larger_than_the_tables_must_pair():
    # 12 players of one school at 10 tables: two tables hold two of them.
    assert fewest_same_school_pairs([12, 28], [4] * 10) == 2 + fewest_same_school_pairs(
        [28], [4] * 8 + [3] * 2
    )


def test_table_capacity_matters_not_only_the_spread():
    # Two schools of two at tables of 3 and 1: the table of one holds one player, so one school pairs.
    assert fewest_same_school_pairs([2, 2], [3, 1]) == 1


@st.composite
def flow_cases(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    counts, sizes = draw(schools_and_tables())
    bonus = draw(st.lists(st.sampled_from([0, -1, -3, -1000]), min_size=len(sizes), max_size=len(sizes)))
    return counts, sizes, bonus


def _brute(counts: list[int], sizes: list[int], bonus: list[int]) -> int:
    best = [10**12]

    def place(school: int, room: list[int], cost: int) -> None:
        if school == len(counts):
            best[0] = min(best[0], cost)
            return
        _spread(school, 0, counts[school], room, cost)

    def _spread(school: int, table: int, left: int, room: list[int], cost: int) -> None:
        if table == len(room):
            if left == 0:
                place(school + 1, room, cost)
            return
        for share in range(min(left, room[table]) + 1):
            rest = list(room)
            rest[table] -= share
            _spread(school, table + 1, left - share, rest, cost + pairs(share) + bonus[table] * share)

    place(0, list(sizes), 0)
    return best[0]


@settings(max_examples=120, deadline=None)
@given(flow_cases())
def test_the_min_cost_flow_is_optimal_with_convex_and_negative_costs(case):
    counts, sizes, bonus = case
    network = FlowNetwork(2 + len(counts) + len(sizes))
    for school, count in enumerate(counts):
        network.add_arc(0, 2 + school, count, 0)
        for table, size in enumerate(sizes):
            for already in range(min(count, size)):
                network.add_arc(2 + school, 2 + len(counts) + table, 1, already)
    for table, size in enumerate(sizes):
        network.add_arc(2 + len(counts) + table, 1, size, bonus[table])
    assert network.min_cost_flow(0, 1, sum(counts)) == sum(counts)
    assert network.total_cost() == _brute(counts, sizes, bonus)
