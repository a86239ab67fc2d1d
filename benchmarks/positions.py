"""Generated positions for the solver benchmark, from fixed seeds so that runs compare."""

from __future__ import annotations

import random

FOUR = "KRBY"
NUMBERS = range(1, 14)


def full_set(colours: str = FOUR, jokers: int = 2) -> list[str]:
    return [f"{c}{n}" for c in colours for n in NUMBERS for _ in range(2)] + ["J"] * jokers


def random_rack(rng: random.Random, size: int) -> list[str]:
    """``size`` tiles drawn at random from the 106-tile set, as a player's rack."""
    return rng.sample(full_set(), size)


def random_heap(rng: random.Random, low: int, high: int) -> list[str]:
    """A random heap of tiles; many of them usually fit no set."""
    return rng.sample(full_set(), rng.randint(low, high))


def _cut_into_runs(rng: random.Random) -> list[tuple[int, int]]:
    """Split 1..13 into consecutive runs of 3 or more, at random."""
    runs, first = [], 1
    while first <= 13:
        left = 14 - first
        length = left if left < 6 else rng.randint(3, min(6, left - 3))
        runs.append((first, first + length - 1))
        first += length
    return runs


def _regroup(rng: random.Random, runs: list[list[str]], sets: list[list[str]]) -> None:
    """Move end tiles of long runs of different colours into a group of their number."""
    number = rng.choice(NUMBERS)
    donors, seen = [], set()
    for run in rng.sample(runs, len(runs)):
        for end in (0, -1):
            if len(run) > 3 and run[end][0] not in seen and int(run[end][1:]) == number:
                donors.append((run, end))
                seen.add(run[end][0])
                break
    if len(donors) >= 3:
        chosen = donors[: rng.choice((3, 4))]
        sets.append([run.pop(end) for run, end in chosen])


def random_partition(rng: random.Random) -> tuple[list[list[str]], list[str]]:
    """All 106 tiles laid as random runs and groups, two of them standing in for jokers; and those two."""
    runs = [
        [f"{colour}{n}" for n in range(first, last + 1)]
        for colour in FOUR
        for _ in range(2)
        for first, last in _cut_into_runs(rng)
    ]
    groups: list[list[str]] = []
    for _ in range(40):
        _regroup(rng, runs, groups)
    sets = [s for s in runs + groups if s]
    replaced = []
    for target in rng.sample(sets, 2):
        place = rng.randrange(len(target))
        replaced.append(target[place])
        target[place] = "J"
    return sets, replaced


def random_table(rng: random.Random, size: int, max_loose: int = 3) -> list[str]:
    """Random valid sets totalling at most ``size`` tiles (about that many), plus 0-3 loose tiles."""
    sets, pool = random_partition(rng)
    rng.shuffle(sets)
    table: list[str] = []
    for laid in sets:
        if len(table) + len(laid) <= size:
            table.extend(laid)
        else:
            pool.extend(laid)
    table.extend(rng.sample(pool, min(len(pool), rng.randint(0, max_loose))))
    rng.shuffle(table)
    return table
