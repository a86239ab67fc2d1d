"""What one colour can do at one number, given the runs it has open.

A colour's state is the sorted tuple of the lengths of its open runs, each capped at
3: a run of 3 or more may stop or go on, a shorter one must go on. At a number, each
open run is continued by a real tile (``R``) or a joker standing for that tile
(``J``), or stopped (``S``, only when 3 long). Real tiles left over start new runs,
go to this number's groups, or stay out; jokers may also start runs. Moves that are
never better than another move are dropped, which keeps the search small without
losing any optimum.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product

MIN_RUN = 3
MAX_OPEN_RUNS = 6  # each open run holds a tile of this number: 2 copies and up to 4 jokers
State = tuple[int, ...]


@dataclass(frozen=True)
class Move:
    """One colour's choice at one number."""

    state: State  # the colour's open runs afterwards
    to_groups: int  # real tiles handed to this number's groups
    in_runs: int  # tiles (real and joker) laid in runs at this number
    jokers: int  # jokers laid in runs at this number
    actions: tuple[str, ...]  # per open run, in state order: "R", "J" or "S"
    new_real: int  # runs started by a real tile
    new_joker: int  # runs started by a joker


def _continuations(state: State) -> list[tuple[str, ...]]:
    choices = [("R", "J", "S") if length >= MIN_RUN else ("R", "J") for length in state]
    return list(product(*choices))


def _raw_moves(state: State, real: int, joker_cap: int, joker_start: bool) -> Iterator[Move]:
    for actions in _continuations(state):
        used_real, used_jokers = actions.count("R"), actions.count("J")
        if used_real > real or used_jokers > joker_cap:
            continue
        kept = [min(length + 1, MIN_RUN) for length, act in zip(state, actions, strict=True) if act != "S"]
        left = real - used_real
        max_new_jokers = joker_cap - used_jokers if joker_start else 0
        for new_real in range(left + 1):
            for to_groups in range(min(2, left - new_real) + 1):
                for new_joker in range(max_new_jokers + 1):
                    if len(kept) + new_real + new_joker > MAX_OPEN_RUNS:
                        continue
                    after = tuple(sorted(kept + [1] * (new_real + new_joker)))
                    in_runs = used_real + used_jokers + new_real + new_joker
                    yield Move(
                        after, to_groups, in_runs, used_jokers + new_joker, actions, new_real, new_joker
                    )


def dominates(better: State, worse: State) -> bool:
    """True if every way to finish ``worse`` also finishes ``better`` (longer runs, or extra runs of 3)."""
    extra = len(better) - len(worse)
    if extra < 0 or better.count(MIN_RUN) < extra:
        return False
    trimmed = better[: len(better) - extra]
    return all(b >= w for b, w in zip(trimmed, worse, strict=True))


@cache
def colour_moves(state: State, real: int, joker_cap: int, joker_start: bool) -> tuple[Move, ...]:
    """The undominated moves, most tiles laid first (so the search meets good answers early)."""
    kept: list[Move] = []
    for move in sorted(
        _raw_moves(state, real, joker_cap, joker_start), key=lambda m: (-(m.in_runs + m.to_groups), m.jokers)
    ):
        if not any(_beats(other, move) for other in kept):
            kept.append(move)
    return tuple(kept)


def _beats(other: Move, move: Move) -> bool:
    return (
        other.to_groups == move.to_groups
        and other.jokers <= move.jokers
        and other.in_runs >= move.in_runs
        and dominates(other.state, move.state)
    )


# A move flattened for the inner loop: (state, doubles, singles, jokers, in runs, the move).
MoveTuple = tuple[State, int, int, int, int, Move]


@cache
def move_tuples(state: State, real: int, joker_cap: int, joker_start: bool) -> tuple[MoveTuple, ...]:
    """The moves as flat tuples for the inner loop: (state, doubles, singles, jokers, in runs, move)."""
    return tuple(
        (m.state, int(m.to_groups == 2), int(m.to_groups == 1), m.jokers, m.in_runs, m)
        for m in colour_moves(state, real, joker_cap, joker_start)
    )
