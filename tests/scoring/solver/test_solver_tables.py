"""Larger positions built from valid sets: every set tile must be placed, every answer must read back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_checks import check_arrangement, exhaustive_best
from test_solver_exact import FOUR, positions

from scoring.sets import read_tokens
from scoring.solver import max_meld, restore
from scoring.solver.search import BranchAndBound, Problem
from scoring.solver.tiles import parse_tokens


@st.composite
def valid_sets(draw, colours: str = FOUR) -> list[tuple[str, ...]]:
    """Random runs and groups, with jokers standing in now and then, within the tile limits."""
    laid: list[tuple[str, ...]] = []
    counts: dict[str, int] = {}
    for _ in range(draw(st.integers(1, 10))):
        if draw(st.booleans()):
            colour = draw(st.sampled_from(colours))
            length = draw(st.integers(3, 7))
            first = draw(st.integers(1, 14 - length))
            members = [f"{colour}{n}" for n in range(first, first + length)]
        else:
            number = draw(st.integers(1, 13))
            size = draw(st.integers(3, len(colours)))
            members = [f"{c}{number}" for c in draw(st.permutations(colours))[:size]]
        if counts.get("J", 0) < 2 and draw(st.integers(0, 4)) == 0:
            members[draw(st.integers(0, len(members) - 1))] = "J"
        if (
            all(counts.get(t, 0) + members.count(t) <= 2 for t in members)
            and counts.get("J", 0) + members.count("J") <= 2
        ):
            for t in members:
                counts[t] = counts.get(t, 0) + 1
            laid.append(tuple(members))
    return laid


@settings(max_examples=150, deadline=None)
@given(valid_sets(), st.lists(st.sampled_from([f"{c}{n}" for c in FOUR for n in range(1, 14)]), max_size=3))
def test_a_table_of_valid_sets_is_restored_whole(sets, loose):
    table = [t for s in sets for t in s]
    loose = [t for t in loose if table.count(t) + loose.count(t) <= 2]
    tiles = table + loose
    answer = restore(tiles)
    check_arrangement(answer, tiles, FOUR, "restore")
    assert answer.value >= len(table)


@settings(max_examples=150, deadline=None)
@given(valid_sets())
def test_meld_value_is_at_least_that_of_sets_known_to_fit(sets):
    tiles = [t for s in sets for t in s]
    answer = max_meld(tiles)
    check_arrangement(answer, tiles, FOUR, "meld")
    assert answer.value >= sum(read_tokens(s, FOUR, True).value for s in sets)


@settings(max_examples=200, deadline=None)
@given(positions(FOUR, 2), st.sampled_from(["meld", "restore"]))
def test_the_estimate_never_falls_below_the_optimum(tiles, objective):
    """With two jokers at most there are no sets of jokers alone: the estimate must cover the optimum."""
    counts = parse_tokens(tiles, FOUR)
    weight = [0] + (list(range(1, 14)) if objective == "meld" else [1] * 13) + [0]
    problem = Problem(
        [list(row) for row in counts.counts], counts.jokers, weight, 13 if objective == "meld" else 1
    )
    estimate = BranchAndBound(problem).estimate
    start = tuple(() for _ in FOUR)
    assert estimate.bound(1, start, counts.jokers) >= exhaustive_best(tiles, FOUR, objective)
