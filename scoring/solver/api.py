"""The two public searches: the best initial meld and the fullest table restore."""

from __future__ import annotations

from collections.abc import Sequence

from .arrangement import Arrangement
from .layout import lay_out
from .moves import MIN_RUN
from .placeable import drop_unplaceable
from .search import BranchAndBound, Problem
from .tiles import HIGHEST, JOKER, NUMBERS, parse_tokens, tile_order

JokerSets = tuple[tuple[str, ...], ...]


def max_meld(tiles: Sequence[str], *, colours: str = "KRBY") -> Arrangement:
    """The best total value of disjoint valid sets from ``tiles``; a joker counts the tile it stands for."""
    weight = [0] + list(NUMBERS) + [0]
    return _solve(tiles, colours, weight, joker_weight=HIGHEST)


def restore(tiles: Sequence[str], *, colours: str = "KRBY") -> Arrangement:
    """Valid sets that place as many of ``tiles`` as possible; ``value`` is the number placed."""
    weight = [0] + [1] * HIGHEST + [0]
    return _solve(tiles, colours, weight, joker_weight=1)


def _solve(tiles: Sequence[str], colours: str, weight: list[int], joker_weight: int) -> Arrangement:
    counts = parse_tokens(tiles, colours)
    best_total, best_steps = -1, []
    best_apart: JokerSets = ()
    for apart in _joker_only_choices(counts.jokers):
        apart_value, apart_sets = _joker_only_sets(apart, len(colours), joker_weight)
        real = drop_unplaceable(counts.counts, counts.jokers - apart)
        search = BranchAndBound(Problem(real, counts.jokers - apart, weight, joker_weight))
        if search.ceiling + apart_value <= best_total:
            continue
        value, steps = search.solve()
        if value + apart_value > best_total:
            best_total, best_steps, best_apart = value + apart_value, steps, apart_sets
    laid, used = lay_out(colours, best_steps)
    sets = tuple(tokens for _, _, tokens in sorted(laid)) + best_apart
    return Arrangement(best_total, sets, _unplaced(tiles, colours, used, sets))


def _joker_only_choices(jokers: int) -> list[int]:
    """How many jokers to lay in sets of jokers alone: none, or 3 or more."""
    return [0] + list(range(MIN_RUN, jokers + 1))


def _joker_only_sets(count: int, colour_count: int, joker_weight: int) -> tuple[int, JokerSets]:
    """The best sets made of ``count`` jokers alone, and their value.

    A set of jokers alone reads best as a group of 13s while there are colours for it,
    else as a run ending at 13.
    """
    nothing: JokerSets = ()
    best: list[tuple[int, JokerSets]] = [(0, nothing)] + [(-1, nothing)] * count
    for total in range(MIN_RUN, count + 1):
        for size in range(MIN_RUN, total + 1):
            before_value, before_sets = best[total - size]
            if before_value < 0:
                continue
            value = before_value + _joker_set_value(size, colour_count, joker_weight)
            if value > best[total][0]:
                best[total] = (value, before_sets + ((JOKER,) * size,))
    return best[count]


def _joker_set_value(size: int, colour_count: int, joker_weight: int) -> int:
    if joker_weight == 1:
        return size
    if size <= colour_count:
        return HIGHEST * size
    return sum(range(HIGHEST - size + 1, HIGHEST + 1))


def _unplaced(tiles: Sequence[str], colours: str, used: list[list[int]], sets: JokerSets) -> tuple[str, ...]:
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
