"""An optimistic estimate of what the numbers still to come can add, to cut hopeless branches.

Each colour is bounded on its own from its open runs: its remaining tiles go into runs, or into groups of
their number, each tile charged the least its group could cost it in jokers given the other colours of its
number (counted in halves, shared out among the colours at best). Only real tiles are counted per colour; the
jokers then add their own full value. Every real answer pays at least this for what it lays, so it fits under
the estimate, and cutting below it is safe.
"""

from __future__ import annotations

from .moves import MIN_RUN, State, colour_moves
from .tiles import HIGHEST

UNREACHABLE = -(10**9)
JOKER_HALVES = 2
FIRST_COPY_HALVES = (4, 1, 0)  # by how many other colours the number has (0, 1, 2+)


def group_halves(colour: int, counts: list[int]) -> tuple[int, int, int]:
    """Least joker halves the groups must charge this colour for laying 0, 1 or 2 of its tiles there."""
    others = [n for c, n in enumerate(counts) if c != colour and n]
    colours_there, tiles_there = len(others), sum(others)
    first = FIRST_COPY_HALVES[min(2, colours_there)]
    if tiles_there >= 4:
        second = 0
    elif tiles_there == 3:
        second = 1
    elif tiles_there == 2:
        second = 2 if colours_there == 2 else 1
    else:
        second = 4
    return (0, first, first + second)


class Estimate:
    def __init__(
        self,
        real: list[list[int]],
        jokers: int,
        weight: list[int],
        joker_weight: int,
        joker_start: list[list[bool]],
    ) -> None:
        self.real = real
        self.weight = weight
        self.joker_weight = joker_weight
        self.joker_start = joker_start
        colour_count = len(real)
        self.group_cost = [
            [group_halves(c, [row[n] for row in real]) for n in range(HIGHEST + 2)]
            for c in range(colour_count)
        ]
        self.memo: list[dict[tuple[int, State], list[int]]] = [{} for _ in real]
        self.top_halves = JOKER_HALVES * jokers
        self.known: dict[tuple[int, tuple[State, ...], int], int] = {}

    def bound(self, number: int, state: tuple[State, ...], jokers: int) -> int:
        """At most this much can still be gathered from ``number`` on (hugely negative if nothing can)."""
        key = (number, state, jokers)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._bound(number, state, jokers)
        return found

    def _bound(self, number: int, state: tuple[State, ...], jokers: int) -> int:
        halves = JOKER_HALVES * jokers
        shared: list[int] | None = (
            None  # shared[h]: best total over the colours seen so far, paying at most h halves
        )
        for colour, colour_state in enumerate(state):
            if not colour_state and not any(self.real[colour][number:]):
                continue
            values = self.colour_values(colour, number, colour_state)
            if shared is None:
                shared = values[: halves + 1]
            elif halves == 0:
                shared = [shared[0] + values[0]]
            else:
                shared = [max(shared[h - k] + values[k] for k in range(h + 1)) for h in range(halves + 1)]
        return (shared[-1] if shared else 0) + jokers * self.joker_weight

    def colour_best(self, colour: int, number: int, state: State, halves: int) -> int:
        """Most weight of this colour's real tiles from ``number`` on, paying at most ``halves``."""
        return self.colour_values(colour, number, state)[halves]

    def colour_values(self, colour: int, number: int, state: State) -> list[int]:
        """``colour_best`` for every budget of halves at once (one memo entry per state)."""
        memo = self.memo[colour]
        key = (number, state)
        found = memo.get(key)
        if found is not None:
            return found
        top = self.top_halves
        if number > HIGHEST:
            found = memo[key] = [0 if min(state, default=MIN_RUN) >= MIN_RUN else UNREACHABLE] * (top + 1)
            return found
        best = [UNREACHABLE] * (top + 1)
        weight = self.weight[number]
        group_cost = self.group_cost[colour][number]
        for move in colour_moves(
            state, self.real[colour][number], top // JOKER_HALVES, self.joker_start[colour][number]
        ):
            cost = JOKER_HALVES * move.jokers + group_cost[move.to_groups]
            if cost > top:
                continue
            now = weight * (move.in_runs - move.jokers + move.to_groups)
            later = self.colour_values(colour, number + 1, move.state)
            for halves in range(cost, top + 1):
                value = now + later[halves - cost]
                if value > best[halves]:
                    best[halves] = value
        memo[key] = best
        return best
