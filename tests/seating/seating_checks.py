"""Independent checks of the seating rules, written without the engine's code, used by several tests."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from seating import Player, Round, TableSize


def rule_sizes(count: int, size: TableSize) -> list[int] | None:
    """The rule by brute force: every multiset of sizes from min to max adding up to `count`; the most
    full tables, then the fewest tables, then the most even (least sum of squares); None if none."""
    best: tuple[tuple[int, int, int], list[int]] | None = None
    values = range(size.min, size.max + 1)
    for tables in range(1, count // size.min + 1):
        for combination in itertools.combinations_with_replacement(values, tables):
            if sum(combination) != count:
                continue
            key = (-combination.count(size.max), tables, sum(s * s for s in combination))
            if best is None or key < best[0]:
                best = (key, sorted(combination, reverse=True))
    return None if best is None else best[1]


def fewest_pairs_brute(schools: Sequence[str | None], sizes: Sequence[int]) -> int:
    """The fewest same-school pairs over every way to share the school counts out to the tables."""
    counts = [c for c in Counter(s for s in schools if s).values()]
    best = [10**9]

    def place(school: int, room: list[int], cost: int) -> None:
        if cost >= best[0]:
            return
        if school == len(counts):
            best[0] = cost
            return
        for shares in _shares(counts[school], room):
            place(
                school + 1,
                [r - s for r, s in zip(room, shares, strict=True)],
                cost + sum(s * (s - 1) // 2 for s in shares),
            )

    place(0, list(sizes), 0)
    return best[0]


def _shares(total: int, room: list[int]) -> list[list[int]]:
    if not room:
        return [[]] if total == 0 else []
    found = []
    for first in range(min(total, room[0]) + 1):
        for rest in _shares(total - first, room[1:]):
            found.append([first, *rest])
    return found


def same_school_pairs(players: Sequence[Player], round_: Round) -> int:
    school = {p.id: p.school for p in players}
    total = 0
    for table in round_:
        counts = Counter(school[p] for p in table if school[p])
        total += sum(k * (k - 1) // 2 for k in counts.values())
    return total


def assert_round_keeps_rules(players: Sequence[Player], round_: Round, size: TableSize) -> None:
    """Everyone exactly once, the rule's sizes, the fewest same-school pairs (checked by brute force)."""
    ids = [p for table in round_ for p in table]
    assert sorted(ids) == sorted(p.id for p in players), "every player exactly once"
    sizes = sorted((len(t) for t in round_), reverse=True)
    assert sizes == rule_sizes(len(players), size), "the rule's table sizes"
    assert same_school_pairs(players, round_) == fewest_pairs_brute([p.school for p in players], sizes)


def meetings(rounds: Sequence[Round]) -> Counter[tuple[str, str]]:
    met: Counter[tuple[str, str]] = Counter()
    for round_ in rounds:
        for table in round_:
            met.update(itertools.combinations(sorted(table), 2))
    return met


def repeat_cost(rounds: Sequence[Round]) -> int:
    """Pantheon's cost, counted plainly: k(k-1)/2 for a pair met k times, 10 per meeting in consecutive
    rounds."""
    cost = sum(k * (k - 1) // 2 for k in meetings(rounds).values())
    for before, after in itertools.pairwise(rounds):
        cost += 10 * len(set(meetings([before])) & set(meetings([after])))
    return cost


def all_rounds(ids: Sequence[str], sizes: Sequence[int]) -> list[Round]:
    """Every way to seat `ids` at tables of `sizes`, in this order (seats unordered)."""
    if not sizes:
        return [()] if not ids else []
    found = []
    for table in itertools.combinations(ids, sizes[0]):
        left = [p for p in ids if p not in table]
        for tail in all_rounds(left, sizes[1:]):
            found.append((table, *tail))
    return found
