"""The two public searches: the best initial meld and the fullest table restore."""

from __future__ import annotations

from collections.abc import Sequence

from .arrangement import Arrangement
from .layout import lay_out
from .moves import MIN_RUN
from .placeable import drop_unplaceable
from .search import BranchAndBound, Problem
from .tiles import HIGHEST, JOKER, NUMBERS, parse_tokens, tile_order


def max_meld(tiles: Sequence[str], *, colours: str = "KRBY") -> Arrangement:
    """The highest total value of disjoint valid sets from ``tiles`` (a joker counts the tile it stands for)."""
    weight = [0] + list(NUMBERS) + [0]
    return _solve(tiles, colours, weight, joker_weight=HIGHEST)


def restore(tiles: Sequence[str], *, colours: str = "KRBY") -> Arrangement:
    """Valid sets that place as many of ``tiles`` as possible; ``value`` is the number placed."""
    weight = [0] + [1] * HIGHEST + [0]
    return _solve(tiles, colours, weight, joker_weight=1)


def _solve(tiles: Sequence[str], colours: str, weight: list[int], joker_weight: int) -> Arrangement:
    counts = parse_tokens(tiles, colours)
    best: tuple[int, list, list] | None = None
    for apart in _joker_only_choices(counts.jokers):
        real = drop_unplaceable(counts.counts, counts.jokers - apart)
        search = BranchAndBound(Problem(real, counts.jokers - apart, weight, joker_weight))
        value, steps = search.solve()
        if value < 0:
            continue
        apart_value, apart_sets = _joker_only_sets(apart, len(colours), joker_weight)
        laid, used = lay_out(colours, steps)
        if best is None or value + apart_value > best[0]:
            best = (value + apart_value, laid, used, apart_sets)
    total, laid, used, apart_sets = best
    sets = tuple(tokens for _, _, tokens in sorted(laid, key=lambda item: (item[0], item[1], item[2])))
    sets += apart_sets
    return Arrangement(total, sets, _unplaced(tiles, colours, used, sets))


def _joker_only_choices(jokers: int) -> list[int]:
    """How many jokers to lay in sets of jokers alone: none, or 3 or more."""
    return [0] + list(range(MIN_RUN, jokers + 1))


def _joker_only_sets(count: int, colour_count: int, joker_weight: int) -> tuple[int, tuple]:
    """Sets made only of ``count`` jokers and their best value (a group of 13s while colours last)."""
    if count == 0:
        return 0, ()
    sizes = []
    left = count
    while left:
        size = min(left, colour_count) if left - min(left, colour_count) not in (1, 2) else left - MIN_RUN
        size = max(size, MIN_RUN) if left >= MIN_RUN else left
        sizes.append(size)
        left -= size
    value = sum(_joker_set_value(size, colour_count, joker_weight) for size in sizes)
    return value, tuple((JOKER,) * size for size in sizes)


def _joker_set_value(size: int, colour_count: int, joker_weight: int) -> int:
    if joker_weight == 1:
        return size
    if size <= colour_count:
        return HIGHEST * size
    return sum(range(HIGHEST - size + 1, HIGHEST + 1))


def _unplaced(tiles: Sequence[str], colours: str, used: list[list[int]], sets: tuple) -> tuple[str, ...]:
    placed_jokers = sum(s.count(JOKER) for s in sets)
    remaining = [row[:] for row in used]
    left: list[str] = []
    for raw in tiles:
        tok = raw.strip().upper()
        if tok == JOKER:
            if placed_jokers:
                placed_jokers -= 1
            else:
                left.append(tok)
            continue
        colour, number = colours.index(tok[0]), int(tok[1:])
        if remaining[colour][number]:
            remaining[colour][number] -= 1
        else:
            left.append(tok)
    return tuple(sorted(left, key=tile_order(colours)))
