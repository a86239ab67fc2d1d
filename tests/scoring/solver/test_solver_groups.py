"""Which tiles of one number can be split into groups, checked against trying every split."""

from __future__ import annotations

import pytest

from scoring.solver.groups import joker_counts, lay_groups


def _splits_exist(colour_count: int, copies: list[int], jokers: int) -> bool:
    """Try every way to put each tile (and joker) into one of a few groups."""
    items = [c for c, n in enumerate(copies) for _ in range(n)] + [None] * jokers
    if not items:
        return True
    for group_count in range(1, len(items) // 3 + 1):
        if _place(items, 0, [[] for _ in range(group_count)], colour_count):
            return True
    return False


def _place(items, index, groups, colour_count) -> bool:
    if index == len(items):
        return all(len(g) >= 3 and any(c is not None for c in g) for g in groups)
    item = items[index]
    for group in groups:
        if len(group) < colour_count and (item is None or item not in group):
            group.append(item)
            if _place(items, index + 1, groups, colour_count):
                return True
            group.pop()
    return False


CASES = [
    (colours, doubles, singles, jokers)
    for colours, limit in ((4, 2), (6, 4))
    for doubles in range(colours + 1)
    for singles in range(colours - doubles + 1)
    for jokers in range(limit + 1)
    if 2 * doubles + singles + jokers <= 9
]


@pytest.mark.parametrize("colours,doubles,singles,jokers", CASES)
def test_joker_counts_match_every_split(colours, doubles, singles, jokers):
    copies = [2] * doubles + [1] * singles
    feasible = jokers in joker_counts(colours, doubles, singles, jokers)
    assert feasible == _splits_exist(colours, copies, jokers)


@pytest.mark.parametrize("colours,doubles,singles,jokers", CASES)
def test_laid_groups_are_valid_and_use_everything(colours, doubles, singles, jokers):
    if jokers not in joker_counts(colours, doubles, singles, jokers):
        return
    copies = {c: 2 for c in range(doubles)} | {doubles + c: 1 for c in range(singles)}
    laid = lay_groups(colours, copies, jokers)
    assert sum(j for _, j in laid) == jokers
    used: dict[int, int] = {}
    for members, group_jokers in laid:
        assert len(set(members)) == len(members) >= 1
        assert 3 <= len(members) + group_jokers <= colours
        for colour in members:
            used[colour] = used.get(colour, 0) + 1
    assert used == copies


def test_groups_are_laid_as_few_as_possible():
    assert lay_groups(6, {c: 1 for c in range(6)}, 0) == [([0, 1, 2, 3, 4, 5], 0)]


def test_impossible_groups_are_refused():
    with pytest.raises(ValueError):
        lay_groups(4, {0: 2}, 0)
