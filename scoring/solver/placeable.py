"""Dropping tiles that belong to no valid set whatever the others do, before the search."""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import HIGHEST, LOWEST

WINDOW = 3


def drop_unplaceable(counts: Sequence[Sequence[int]], jokers: int) -> list[list[int]]:
    """Copies of the counts without tiles that fit in no run window and no group, repeated until stable.

    A tile fits a run if some 3 consecutive numbers around it lack at most ``jokers``
    tiles of its colour; it fits a group if, with the jokers, two other colours of its
    number are there. A tile dropped here can never be laid, so the optimum is unchanged.
    """
    real = [list(row) for row in counts]
    changed = True
    while changed:
        changed = False
        for colour, row in enumerate(real):
            for number in range(LOWEST, HIGHEST + 1):
                if row[number] and not _fits(real, colour, number, jokers):
                    row[number] = 0
                    changed = True
    return real


def _fits(real: list[list[int]], colour: int, number: int, jokers: int) -> bool:
    others = sum(1 for c, row in enumerate(real) if c != colour and row[number])
    if others + jokers >= 2:
        return True
    row = real[colour]
    for first in range(max(LOWEST, number - WINDOW + 1), min(number, HIGHEST - WINDOW + 1) + 1):
        missing = sum(1 for m in range(first, first + WINDOW) if not row[m])
        if missing <= jokers:
            return True
    return False
