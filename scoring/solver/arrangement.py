"""The answer both solvers give: the sets to lay out and the tiles left over."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Arrangement:
    """Disjoint valid sets drawn from the input, and the input tiles they leave out.

    ``value`` is the total meld value for ``max_meld`` (a joker counts the tile it
    stands for) and the number of tiles placed for ``restore``.
    """

    value: int
    sets: tuple[tuple[str, ...], ...]
    unplaced: tuple[str, ...]
