"""A brute-force oracle for tiny racks: every partition into blocks, every order of every block.

It shares only `read_tokens` (the validator) with the engine, so it checks the search's candidate
generation and packing independently.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, permutations

from scoring.errors import InvalidSet
from scoring.sets import read_tokens


def best_value(tokens: tuple[str, ...], colours: str, *, either_way: bool, count_tiles: bool = False) -> int:
    """The best total meld value (or, with count_tiles, the most tiles placed) of disjoint valid sets."""

    @cache
    def best(remaining: tuple[str, ...]) -> int:
        if not remaining:
            return 0
        first, rest = remaining[0], remaining[1:]
        result = best(rest)
        for size in range(2, len(rest) + 1):
            for others in set(combinations(rest, size)):
                block = (first,) + others
                weight = _best_block(block, colours, either_way, count_tiles)
                if weight is None:
                    continue
                left = Counter(rest) - Counter(others)
                result = max(result, weight + best(tuple(sorted(left.elements()))))
        return result

    return best(tuple(sorted(tokens)))


def _best_block(block: tuple[str, ...], colours: str, either_way: bool, count_tiles: bool) -> int | None:
    values = []
    for order in set(permutations(block)):
        try:
            values.append(read_tokens(order, colours, either_way).value)
        except InvalidSet:
            continue
    if not values:
        return None
    return len(block) if count_tiles else max(values)
