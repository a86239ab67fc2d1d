"""Branch and bound over the numbers 1..13 (the dynamic programme of van Rijn, Takes and Vis).

At each number every colour picks a move (``moves``) and the tiles handed to groups must split into valid
groups (``groups``). The objective adds a weight per tile laid at each number, so the value of the rest
depends only on the state (the colours' states and the jokers left): a state reached again with no more value
is cut. An optimistic estimate of the rest (``bounds``) cuts branches that cannot beat the best answer found,
and orders the children so that good answers come early.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from .bounds import JOKER_HALVES, UNREACHABLE, Estimate
from .groups import joker_counts
from .moves import MIN_RUN, Move, MoveTuple, State, move_tuples
from .tiles import HIGHEST, LOWEST

Step = tuple[int, tuple[Move, ...], int]  # number, per colour move, jokers joining the groups
States = tuple[State, ...]  # one state per colour
Child = tuple[int, int, States, int, Step]  # promise, gain, states after, jokers used, step


@dataclass
class Problem:
    """Real tiles per colour and number, jokers, and the weight of a tile at each number."""

    real: list[list[int]]
    jokers: int
    weight: list[int]  # index by number; weight[HIGHEST + 1] unused
    joker_weight: int  # the most one joker can add
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
        self.idle = [
            not any(row[n] for row in problem.real) and not any(row[n] for row in self.joker_start)
            for n in range(HIGHEST + 2)
        ]
        self.estimate = Estimate(
            problem.real, problem.jokers, problem.weight, problem.joker_weight, self.joker_start
        )
        self.ceiling = min(
            self.suffix[LOWEST] + problem.jokers * problem.joker_weight,
            self.estimate.bound(LOWEST, tuple(() for _ in problem.real), problem.jokers),
        )
        self.best_value = -1
        self.best_steps: list[Step] | None = None
        self.steps: list[Step] = []
        self.reached: dict[tuple[int, States, int], int] = {}

    def _joker_starts(self) -> list[list[bool]]:
        """A joker may start a run only where a real tile of that colour follows within reach."""
        p = self.problem
        return [
            [
                any(row[m] for m in range(n + 1, min(n + p.jokers, HIGHEST) + 1)) if p.jokers else False
                for n in range(HIGHEST + 2)
            ]
            for row in p.real
        ]

    def _suffix_bounds(self) -> list[int]:
        p = self.problem
        suffix = [0] * (HIGHEST + 3)
        for n in range(HIGHEST, LOWEST - 1, -1):
            suffix[n] = suffix[n + 1] + p.weight[n] * sum(row[n] for row in p.real)
        return suffix

    def solve(self) -> tuple[int, list[Step]]:
        """Best value and the steps (one per number) that reach it; value -1 if nothing can be laid out.

        The search first asks for an answer that reaches the optimistic ceiling, where the
        bound cuts hardest, and only if there is none searches without a floor. Each attempt
        is exact above its floor.
        """
        start = tuple(() for _ in range(self.problem.colour_count))
        for floor in self._floors():
            self.best_value, self.best_steps, self.reached = floor, None, {}
            with suppress(_Stop):
                self._visit(LOWEST, start, self.problem.jokers, 0)
            if self.best_steps is not None:
                return self.best_value, self.best_steps
        return -1, []

    def _floors(self) -> list[int]:
        """First ask for an answer that reaches the ceiling (a table that can be put back whole)."""
        return [self.ceiling - 1, -1] if self.ceiling > 0 else [-1]

    def _visit(self, number: int, state: States, jokers: int, gathered: int) -> None:
        while number <= HIGHEST and self.idle[number] and not any(state):
            number += 1  # nothing open and nothing to lay here
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
        for promise, gain, after, used, step in self._expand(
            number, state, jokers, self.best_value - gathered
        ):
            if gathered + promise <= self.best_value:
                break
            self.steps.append(step)
            self._visit(number + 1, after, jokers - used, gathered + gain)
            self.steps.pop()

    def _scored_moves(
        self, number: int, state: States, jokers: int
    ) -> list[list[tuple[int, MoveTuple]]] | None:
        """Per colour, its moves best first, each with an optimistic score of the move and what follows.

        Scores are the colour's real tiles laid now and later (see ``bounds``), less the
        jokers' full value for each joker the move spends, so that adding the colours'
        scores and the jokers' full value bounds any child built from these moves.
        """
        p = self.problem
        weight, joker_loss = p.weight[number], p.weight[number] - p.joker_weight
        colour_values = self.estimate.colour_values
        following = number + 1
        per_colour = []
        for colour, colour_state in enumerate(state):
            scored: list[tuple[int, MoveTuple]] = []
            for option in move_tuples(
                colour_state, p.real[colour][number], jokers, self.joker_start[colour][number]
            ):
                after, doubles, singles, used, in_runs, _ = option
                future = colour_values(colour, following, after)[JOKER_HALVES * (jokers - used)]
                if future > UNREACHABLE // 2:
                    laid_real = in_runs - used + 2 * doubles + singles
                    scored.append((weight * laid_real + joker_loss * used + future, option))
            if not scored:
                return None
            scored.sort(key=_first, reverse=True)
            per_colour.append(scored)
        return per_colour

    def _expand(self, number: int, state: States, jokers: int, needed: int) -> list[Child]:
        """Children that may gather more than ``needed``: (promise, gain, state, jokers used, step).

        Combinations of moves are enumerated best first by the colours' optimistic scores
        and stop as soon as the best completion cannot exceed ``needed``; each child found
        is then ranked by its gain plus the full estimate of what can follow (``promise``).
        """
        per_colour = self._scored_moves(number, state, jokers)
        if per_colour is None:
            return []
        p = self.problem
        colour_count = p.colour_count
        rest = [0] * (colour_count + 1)
        for colour in range(colour_count - 1, -1, -1):
            rest[colour] = rest[colour + 1] + per_colour[colour][0][0]
        spare = jokers * p.joker_weight
        needed -= spare
        best: dict[tuple[States, int], tuple[int, Step]] = {}
        weight = p.weight[number]

        def extend(
            colour: int,
            states: States,
            doubles: int,
            singles: int,
            used: int,
            in_runs: int,
            moves: tuple[Move, ...],
            score: int,
        ) -> None:
            if colour == colour_count:
                base = in_runs + 2 * doubles + singles
                for group_jokers in joker_counts(colour_count, doubles, singles, jokers - used):
                    k = (states, used + group_jokers)
                    gain = weight * (base + group_jokers)
                    known = best.get(k)
                    if known is None or known[0] < gain:
                        best[k] = (gain, (number, moves, group_jokers))
                return
            following = rest[colour + 1]
            for move_score, (after, d, s, u, r, move) in per_colour[colour]:
                if score + move_score + following <= needed:
                    break
                if used + u <= jokers:
                    extend(
                        colour + 1,
                        states + (after,),
                        doubles + d,
                        singles + s,
                        used + u,
                        in_runs + r,
                        moves + (move,),
                        score + move_score,
                    )

        extend(0, (), 0, 0, 0, 0, (), 0)
        estimate, following = self.estimate.bound, number + 1
        children = [
            (gain + estimate(following, k[0], jokers - k[1]), gain, k[0], k[1], step)
            for k, (gain, step) in best.items()
        ]
        children.sort(key=_first, reverse=True)
        return children


def _first(item: tuple[int, *tuple[Any, ...]]) -> int:
    return item[0]
