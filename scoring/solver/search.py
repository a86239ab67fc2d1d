"""Branch and bound over the numbers 1..13 (the dynamic programme of van Rijn, Takes and Vis).

At each number every colour picks a move (see ``moves``); the real tiles the colours
hand to groups, plus some jokers, must split into valid groups (see ``groups``). The
search state after a number is the tuple of colour states and the jokers left. The
objective adds, at each number, a weight per tile laid there (the number itself for
meld value, 1 for tiles placed), so the value of the rest depends only on the state:
a state reached again with no more gathered value is cut. An optimistic bound (all
remaining tiles and jokers laid) cuts branches that cannot beat the best answer found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bounds import Estimate
from .groups import joker_counts
from .moves import MIN_RUN, Move, move_tuples
from .tiles import HIGHEST, LOWEST

Step = tuple[tuple[Move, ...], int]  # per colour move, jokers joining the groups


@dataclass
class Problem:
    """Real tiles per colour and number, jokers, and the weight of a tile at each number."""

    real: list[list[int]]
    jokers: int
    weight: list[int]          # index by number; weight[HIGHEST + 1] unused
    joker_weight: int          # the most one joker can add
    colour_count: int = field(init=False)

    def __post_init__(self) -> None:
        self.colour_count = len(self.real)


class _Stop(Exception):
    """Raised once an answer reaches the upper bound: nothing can beat it."""


class BranchAndBound:
    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.joker_start = self._joker_starts()
        self.suffix = self._suffix_bounds()
        self.estimate = Estimate(problem.real, problem.jokers, problem.weight, problem.joker_weight,
                                 self.joker_start)
        self.best_value = -1
        self.best_steps: list[Step] = []
        self.steps: list[Step] = []
        self.reached: dict = {}
        self.expanded: dict = {}

    def _joker_starts(self) -> list[list[bool]]:
        """A joker may start a run only where a real tile of that colour follows within reach."""
        p = self.problem
        return [[any(row[m] for m in range(n + 1, min(n + p.jokers, HIGHEST) + 1)) if p.jokers else False
                 for n in range(HIGHEST + 2)] for row in p.real]

    def _suffix_bounds(self) -> list[int]:
        p = self.problem
        suffix = [0] * (HIGHEST + 3)
        for n in range(HIGHEST, LOWEST - 1, -1):
            suffix[n] = suffix[n + 1] + p.weight[n] * sum(row[n] for row in p.real)
        return suffix

    def solve(self) -> tuple[int, list[Step]]:
        """Best value and the steps (one per number) that reach it."""
        start = tuple(() for _ in range(self.problem.colour_count))
        self.ceiling = min(self.suffix[LOWEST] + self.problem.jokers * self.problem.joker_weight,
                           self.estimate.bound(LOWEST, start, self.problem.jokers))
        try:
            self._visit(LOWEST, start, self.problem.jokers, 0)
        except _Stop:
            pass
        return self.best_value, self.best_steps

    def _visit(self, number: int, state: tuple, jokers: int, gathered: int) -> None:
        if number > HIGHEST:
            if gathered > self.best_value and all(min(s, default=MIN_RUN) >= MIN_RUN for s in state):
                self.best_value, self.best_steps = gathered, list(self.steps)
                if gathered >= self.ceiling:
                    raise _Stop
            return
        key = (number, state, jokers)
        if self.reached.get(key, -1) >= gathered:
            return
        self.reached[key] = gathered
        for gain, after, used, step, rest in self._children(number, state, jokers):
            if gathered + gain + rest <= self.best_value:
                break
            self.steps.append(step)
            self._visit(number + 1, after, jokers - used, gathered + gain)
            self.steps.pop()

    def _children(self, number: int, state: tuple, jokers: int) -> list:
        key = (number, state, jokers)
        cached = self.expanded.get(key)
        if cached is None:
            cached = self.expanded[key] = self._expand(number, state, jokers)
        return cached

    def _expand(self, number: int, state: tuple, jokers: int) -> list:
        """Every distinct (next state, jokers used) with its best gain, best gain first."""
        p = self.problem
        partial = [((), 0, 0, 0, 0, ())]  # states, doubles, singles, jokers used, laid in runs, moves
        for colour, colour_state in enumerate(state):
            options = move_tuples(colour_state, p.real[colour][number], jokers, self.joker_start[colour][number])
            if len(options) == 1:
                after, doubles, singles, used_jokers, in_runs, move = options[0]
                partial = [(s + (after,), d + doubles, n + singles, u + used_jokers, r + in_runs, m + (move,))
                           for s, d, n, u, r, m in partial if u + used_jokers <= jokers]
                continue
            partial = [(s + (after,), d + doubles, n + singles, u + used_jokers, r + in_runs, m + (move,))
                       for s, d, n, u, r, m in partial
                       for after, doubles, singles, used_jokers, in_runs, move in options
                       if u + used_jokers <= jokers]
        best: dict = {}
        weight = p.weight[number]
        colour_count = p.colour_count
        for states, doubles, singles, used, in_runs, chosen in partial:
            base = in_runs + 2 * doubles + singles
            for group_jokers in joker_counts(colour_count, doubles, singles, jokers - used):
                k = (states, used + group_jokers)
                gain = weight * (base + group_jokers)
                known = best.get(k)
                if known is None or known[0] < gain:
                    best[k] = (gain, (chosen, group_jokers))
        estimate = self.estimate.bound
        following = number + 1
        children = [(gain, k[0], k[1], step, estimate(following, k[0], jokers - k[1]))
                    for k, (gain, step) in best.items()]
        children.sort(key=_by_promise, reverse=True)
        return children


def _by_promise(child: tuple) -> int:
    return child[0] + child[4]
