"""An exhaustive search over all valid sets, slow but plainly right, to check the fast solvers against."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

HIGHEST = 13


def _runs(colours: str, jokers: int):
    for colour in colours:
        for first in range(1, HIGHEST - 1):
            for last in range(first + 2, HIGHEST + 1):
                yield [f"{colour}{n}" for n in range(first, last + 1)], sum(range(first, last + 1))


def _groups(colours: str):
    for number in range(1, HIGHEST + 1):
        for size in range(3, len(colours) + 1):
            for chosen in combinations(colours, size):
                yield [f"{c}{number}" for c in chosen], number * size


def candidate_sets(rack: Counter, colours: str) -> dict[tuple, tuple[int, tuple[str, ...]]]:
    """(sorted real tiles, jokers) -> (best value, laid tokens) over every valid set the rack can feed."""
    jokers = rack["J"]
    best: dict[tuple, tuple[int, tuple[str, ...]]] = {}
    for members, value in list(_runs(colours, jokers)) + list(_groups(colours)):
        if sum(1 for m in members if rack[m]) + jokers < len(members):
            continue
        for joker_count in range(min(jokers, len(members)) + 1):
            for joker_places in combinations(range(len(members)), joker_count):
                real = [m for i, m in enumerate(members) if i not in joker_places]
                if any(rack[t] == 0 for t in real):
                    continue
                key = (tuple(sorted(real)), joker_count)
                laid = tuple("J" if i in joker_places else m for i, m in enumerate(members))
                if key not in best or best[key][0] < value:
                    best[key] = (value, laid)
    return best


def reference_solve(tiles: list[str], colours: str, objective: str) -> int:
    """Best total over every packing of valid sets: meld value, or tiles placed."""
    rack = Counter(t.upper() for t in tiles)
    sets = candidate_sets(rack, colours)
    by_tile: dict[str, list[tuple[Counter, int, int]]] = {}
    joker_only: list[tuple[int, int]] = []
    for (real, joker_count), (value, _) in sets.items():
        score = value if objective == "meld" else len(real) + joker_count
        if not real:
            joker_only.append((joker_count, score))
            continue
        by_tile.setdefault(min(real), []).append((Counter(real), joker_count, score))

    @lru_cache(maxsize=None)
    def best(remaining: tuple, jokers: int) -> int:
        left = Counter(dict(remaining))
        if not left:
            return max([0] + [s + best((), jokers - k) for k, s in joker_only if k <= jokers])
        first = min(left)
        rest = left.copy()
        rest[first] -= 1
        answer = best(_key(rest), jokers)
        for real, joker_count, score in by_tile.get(first, []):
            if joker_count <= jokers and all(left[t] >= n for t, n in real.items()):
                answer = max(answer, score + best(_key(left - real), jokers - joker_count))
        return answer

    real_tiles = Counter({t: n for t, n in rack.items() if t != "J"})
    return best(_key(real_tiles), rack["J"])


def _key(counter: Counter) -> tuple:
    return tuple(sorted((t, n) for t, n in counter.items() if n > 0))
