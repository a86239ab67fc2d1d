"""Exact packing of weighted candidate sets into a multiset of tiles: branch and bound with memoisation.

Counts are packed into one integer, 4 bits per tile type (at most 4 copies of any tile, so the top bit of
each field is free as a guard): a candidate fits when subtracting it from the guarded state leaves every
guard bit set, and the lowest remaining type is the lowest set bit.

The search always decides the lowest remaining tile: leave one copy of it out, or lay a candidate holding
it. An upper bound on what the remaining tiles could still add prunes branches that cannot beat the best
found; a memo entry records whether its value is exact or only such a bound (alpha pruning).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import SearchTooLarge

FIELD_BITS = 4
FIELD_MASK = (1 << FIELD_BITS) - 1
GUARD_BIT = 1 << (FIELD_BITS - 1)
MAX_POSITIONS = 250_000  # a few seconds; see docs/engine.md for the measured figures


@dataclass(frozen=True)
class Choice:
    """One candidate: `need` packed like the state, `bound` what its tiles add to the upper bound."""

    need: int
    weight: int
    bound: int
    lowest: int
    layout: tuple[str, ...]


def pack(counts: Sequence[int]) -> int:
    return sum(count << (FIELD_BITS * index) for index, count in enumerate(counts))


class Packer:
    def __init__(
        self,
        type_count: int,
        choices: Sequence[Choice],
        tile_bounds: Sequence[int],
        max_positions: int | None = None,
    ) -> None:
        self.max_positions = MAX_POSITIONS if max_positions is None else max_positions
        self.guard = pack([GUARD_BIT] * type_count)
        self.tile_bounds = tile_bounds
        self.by_lowest: list[list[Choice]] = [[] for _ in range(type_count)]
        for choice in sorted(choices, key=lambda c: -c.weight):
            self.by_lowest[choice.lowest].append(choice)
        self.memo: dict[int, tuple[int, bool, Choice | None]] = {}

    def bound_of(self, state: int) -> int:
        total, index = 0, 0
        while state:
            total += (state & FIELD_MASK) * self.tile_bounds[index]
            state >>= FIELD_BITS
            index += 1
        return total

    def solve(self, state: int) -> tuple[int, list[Choice]]:
        """The best total weight and the choices achieving it (recursion depth: one per tile at most)."""
        weight = self._best(state, self.bound_of(state), -1)
        return weight, self._path(state)

    def _best(self, state: int, bound: int, floor: int) -> int:
        """Exact best weight if it exceeds `floor`; otherwise an upper bound on it that is <= `floor`."""
        if not state:
            return 0
        known = self.memo.get(state)
        if known is not None and (known[1] or known[0] <= floor):
            return known[0]
        if bound <= floor:
            return bound
        lowest = ((state & -state).bit_length() - 1) // FIELD_BITS
        best, chosen = -1, None
        for choice in self.by_lowest[lowest]:
            rest = (state | self.guard) - choice.need
            if rest & self.guard != self.guard:
                continue
            target = max(floor, best) - choice.weight
            value = choice.weight + self._best(rest & ~self.guard, bound - choice.bound, target)
            if value > best:
                best, chosen = value, choice
        one = 1 << (FIELD_BITS * lowest)
        left_out = self._best(state - one, bound - self.tile_bounds[lowest], max(floor, best))
        if left_out > best:
            best, chosen = left_out, None
        exact = best > floor
        self.memo[state] = (best, exact, chosen)
        if len(self.memo) > self.max_positions:
            raise SearchTooLarge(
                "search-too-large",
                f"the exhaustive search gave up after {self.max_positions} positions; "
                "this many tiles with special jokers need to be arranged by hand",
            )
        return best

    def _path(self, state: int) -> list[Choice]:
        chosen = []
        while state:
            _, _, choice = self.memo[state]
            if choice is None:
                lowest = ((state & -state).bit_length() - 1) // FIELD_BITS
                state -= 1 << (FIELD_BITS * lowest)
            else:
                chosen.append(choice)
                state -= choice.need
        return chosen
