"""The exhaustive search: the best disjoint valid sets drawn from a multiset of tiles.

It is exact for every Rummikub ruleset, special twist jokers included, and it is the reference the fast
solver (`scoring.solver`) is checked against. It suits a rack or a modest table; a large table full of
special jokers can take seconds.

Method: list every candidate set (`scoring.candidates`), keep the best-weighted layout of each multiset,
then pack exactly (`scoring.packing`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.candidates import valid_layouts
from scoring.packing import Choice, Packer, pack
from scoring.set_reading import SetReading
from scoring.tiles import DOUBLE, HIGHEST, JOKER_ORDER, MIRROR, split_tile

Weigh = Callable[[tuple[str, ...], SetReading], int]


@dataclass(frozen=True)
class SearchResult:
    weight: int
    sets: tuple[tuple[str, ...], ...]
    unplaced: tuple[str, ...]


def by_value(layout: tuple[str, ...], reading: SetReading) -> int:
    """Weight for the initial meld: the set's meld value."""
    return reading.value


def by_tiles(layout: tuple[str, ...], reading: SetReading) -> int:
    """Weight for restoring a table: tiles placed. No tie-break on value: once the best count is found,
    every branch that leaves a tile out is pruned at once, which a value tie-break would prevent."""
    return len(layout)


def _type_order(token: str) -> tuple[int, int]:
    """Number-major order keeps the search's frontier narrow: runs and groups touch nearby numbers."""
    tile = split_tile(token)
    return (99, JOKER_ORDER.index(token)) if tile is None else (tile[1], ord(tile[0]))


def _tile_bound(token: str, weigh: Weigh) -> int:
    """The most one tile can add to a total: a joker at its best (13, a double joker 26, a mirror 0)."""
    tile = split_tile(token)
    best_value = tile[1] if tile else {DOUBLE: 2 * HIGHEST, MIRROR: 0}.get(token, HIGHEST)
    return weigh((token,), SetReading("", best_value, ()))


def _best_layouts(
    available: Counter[str], colours: str, either_way: bool, weigh: Weigh, index: dict[str, int]
) -> dict[tuple[tuple[int, int], ...], tuple[int, tuple[str, ...]]]:
    """For each multiset a candidate set can be, its best weight and a layout achieving it.

    Weighed by tiles, every valid layout of a multiset weighs the same, so once one is found the others are
    not read (a large twist table has many layouts of the same tiles)."""
    best: dict[tuple[tuple[int, int], ...], tuple[int, tuple[str, ...]]] = {}

    def need_of(layout: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(Counter(index[token] for token in layout).items()))

    def known(layout: tuple[str, ...]) -> bool:
        return weigh is by_tiles and need_of(layout) in best

    for layout, reading in valid_layouts(available, colours, either_way, known):
        need = need_of(layout)
        weight = weigh(layout, reading)
        if need not in best or weight > best[need][0]:
            best[need] = (weight, layout)
    return best


def best_sets(
    tokens: Sequence[str], colours: str, weigh: Weigh = by_value, *, either_way: bool
) -> SearchResult:
    """The disjoint valid sets of highest total weight drawn from `tokens` (canonical, within copy limits).

    `either_way`: runs may also be written downwards (the ruleset's `runs_either_way`)."""
    available = Counter(tokens)
    types = sorted(available, key=_type_order)
    index = {token: position for position, token in enumerate(types)}
    layouts = _best_layouts(available, colours, either_way, weigh, index)
    placeable = {position for need in layouts for position, _ in need}
    bounds = [_tile_bound(token, weigh) if i in placeable else 0 for i, token in enumerate(types)]
    choices = [
        Choice(
            need=pack([dict(need).get(i, 0) for i in range(len(types))]),
            weight=weight,
            bound=sum(bounds[i] * copies for i, copies in need),
            lowest=need[0][0],
            layout=layout,
        )
        for need, (weight, layout) in layouts.items()
    ]
    weight, chosen = Packer(len(types), choices, bounds).solve(pack([available[t] for t in types]))
    sets = tuple(choice.layout for choice in chosen)
    unplaced = available - Counter(token for layout in sets for token in layout)
    return SearchResult(weight, sets, tuple(unplaced.elements()))
