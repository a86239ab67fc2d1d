"""An optimistic estimate of what the numbers still to come can add, to cut hopeless branches.

Each colour is bounded on its own, from its actual open runs: its remaining tiles are
laid in runs, or in a group whenever their number has other colours to make one. Jokers
are counted in halves and shared out among the colours in the best way: a joker in a
run costs its colour two halves; a tile whose number has two other colours joins a
group for free, one with a single other colour costs one half (the two colours share
the joker their group needs), one alone costs two jokers. Only real tiles are counted
per colour; the jokers then add their own full value. Every real answer pays at least
this for what it lays, so it fits under the estimate, and cutting below it is safe.
"""

from __future__ import annotations

from .moves import MIN_RUN, colour_moves
from .tiles import HIGHEST

UNREACHABLE = -(10**9)
JOKER_HALVES = 2
GROUP_HALVES = (4, 1, 0)  # per tile, by how many other colours its number has (0, 1, 2+)


class Estimate:
    def __init__(self, real: list[list[int]], jokers: int, weight: list[int], joker_weight: int,
                 joker_start: list[list[bool]]) -> None:
        self.real = real
        self.weight = weight
        self.joker_weight = joker_weight
        self.joker_start = joker_start
        colour_count = len(real)
        self.group_cost = [[GROUP_HALVES[min(2, sum(1 for o in range(colour_count) if o != c and real[o][n]))]
                            for n in range(HIGHEST + 2)] for c in range(colour_count)]
        self.memo: list[dict] = [{} for _ in real]
        self.known: dict = {}

    def bound(self, number: int, state: tuple, jokers: int) -> int:
        """At most this much can still be gathered from ``number`` on (hugely negative if nothing can)."""
        key = (number, state, jokers)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._bound(number, state, jokers)
        return found

    def _bound(self, number: int, state: tuple, jokers: int) -> int:
        if jokers == 0:
            return sum(self.colour_best(c, number, s, 0) for c, s in enumerate(state))
        shared = None  # shared[j]: best total over the colours seen so far, using at most j jokers
        for colour, colour_state in enumerate(state):
            if not colour_state and not any(self.real[colour][number:]):
                continue
            halves = JOKER_HALVES * jokers
            values = [self.colour_best(colour, number, colour_state, h) for h in range(halves + 1)]
            if shared is None:
                shared = values
            else:
                shared = [max(shared[h - k] + values[k] for k in range(h + 1)) for h in range(halves + 1)]
        return (shared[-1] if shared else 0) + jokers * self.joker_weight

    def colour_best(self, colour: int, number: int, state: tuple, halves: int) -> int:
        """Most weight of this colour's real tiles from ``number`` on, paying jokers in halves."""
        if number > HIGHEST:
            return 0 if min(state, default=MIN_RUN) >= MIN_RUN else UNREACHABLE
        memo = self.memo[colour]
        key = (number, state, halves)
        found = memo.get(key)
        if found is not None:
            return found
        best = UNREACHABLE
        weight = self.weight[number]
        group_cost = self.group_cost[colour][number]
        for move in colour_moves(state, self.real[colour][number], halves // JOKER_HALVES,
                                 self.joker_start[colour][number]):
            cost = JOKER_HALVES * move.jokers + group_cost * move.to_groups
            if cost > halves:
                continue
            laid_real = move.in_runs - move.jokers + move.to_groups
            value = weight * laid_real + self.colour_best(colour, number + 1, move.state, halves - cost)
            if value > best:
                best = value
        memo[key] = best
        return best
