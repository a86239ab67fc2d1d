"""The exhaustive search: the best disjoint valid sets drawn from a multiset of tiles.

It is exact for every Rummikub ruleset, special twist jokers included, and it is the reference the fast
solver (`scoring.solver`) is checked against. It is meant for a rack or a small table, not a whole game.

Method: list every candidate set (`scoring.candidates`), keep the best-weighted layout of each multiset,
then pack exactly by depth-first search over the remaining counts with memoisation, always deciding the
lowest remaining tile first (leave one copy of it out, or lay a candidate containing it).
"""
from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.candidates import valid_layouts
from scoring.set_reading import SetReading
from scoring.tiles import JOKER_ORDER, split_tile

Weigh = Callable[[tuple[str, ...], SetReading], int]
TILE_WEIGHT = 10_000  # above any total meld value (112 tiles are worth far less), so tiles placed come first


@dataclass(frozen=True)
class SearchResult:
    weight: int
    sets: tuple[tuple[str, ...], ...]
    unplaced: tuple[str, ...]


def by_value(layout: tuple[str, ...], reading: SetReading) -> int:
    """Weight for the initial meld: the set's meld value."""
    return reading.value


def by_tiles_then_value(layout: tuple[str, ...], reading: SetReading) -> int:
    """Weight for restoring a table: tiles placed first, meld value to break ties."""
    return TILE_WEIGHT * len(layout) + reading.value


@dataclass(frozen=True)
class _Candidate:
    need: tuple[tuple[int, int], ...]
    weight: int
    layout: tuple[str, ...]


def _type_order(token: str) -> tuple[int, int]:
    """Number-major order keeps the search's frontier narrow: runs and groups touch nearby numbers."""
    tile = split_tile(token)
    return (99, JOKER_ORDER.index(token)) if tile is None else (tile[1], ord(tile[0]))


class _Packer:
    def __init__(self, types: list[str], candidates: list[_Candidate]) -> None:
        self.types = types
        self.by_lowest: list[list[_Candidate]] = [[] for _ in types]
        for candidate in candidates:
            self.by_lowest[candidate.need[0][0]].append(candidate)
        self.memo: dict[tuple[int, ...], tuple[int, _Candidate | None]] = {}

    def best(self, counts: tuple[int, ...]) -> int:
        known = self.memo.get(counts)
        if known is not None:
            return known[0]
        lowest = next((index for index, count in enumerate(counts) if count), None)
        if lowest is None:
            return 0
        left_out = list(counts)
        left_out[lowest] -= 1
        best_weight, best_choice = self.best(tuple(left_out)), None
        for candidate in self.by_lowest[lowest]:
            if all(counts[index] >= need for index, need in candidate.need):
                rest = list(counts)
                for index, need in candidate.need:
                    rest[index] -= need
                weight = candidate.weight + self.best(tuple(rest))
                if weight > best_weight:
                    best_weight, best_choice = weight, candidate
        self.memo[counts] = (best_weight, best_choice)
        return best_weight

    def chosen_sets(self, counts: tuple[int, ...]) -> list[tuple[str, ...]]:
        sets = []
        while any(counts):
            _, choice = self.memo[counts]
            rest = list(counts)
            if choice is None:
                rest[next(index for index, count in enumerate(counts) if count)] -= 1
            else:
                sets.append(choice.layout)
                for index, need in choice.need:
                    rest[index] -= need
            counts = tuple(rest)
        return sets


def best_sets(tokens: Sequence[str], colours: str, weigh: Weigh = by_value) -> SearchResult:
    """The disjoint valid sets of highest total weight drawn from `tokens` (canonical, within copy limits)."""
    available = Counter(tokens)
    types = sorted(available, key=_type_order)
    index = {token: position for position, token in enumerate(types)}
    best_by_multiset: dict[tuple[tuple[int, int], ...], _Candidate] = {}
    for layout, reading in valid_layouts(available, colours):
        need = tuple(sorted(Counter(index[token] for token in layout).items()))
        candidate = _Candidate(need, weigh(layout, reading), layout)
        known = best_by_multiset.get(need)
        if known is None or candidate.weight > known.weight:
            best_by_multiset[need] = candidate
    packer = _Packer(types, list(best_by_multiset.values()))
    counts = tuple(available[token] for token in types)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * len(tokens) + 200))
    try:
        weight = packer.best(counts)
    finally:
        sys.setrecursionlimit(limit)
    sets = tuple(packer.chosen_sets(counts))
    unplaced = available - Counter(token for layout in sets for token in layout)
    return SearchResult(weight, sets, tuple(unplaced.elements()))
