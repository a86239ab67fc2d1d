"""How many tables, and of which sizes, seat a number of players.

The rule: every table holds between `min` and `max` players; as many tables as possible are full (`max`);
the players left over sit at as few further tables as possible, as evenly as possible. For Rummikub (4 and 3)
that is the familiar 17 -> 4, 4, 3, 3, 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from seating.errors import SizeError
from seating.model import TableSize


def _rest_tables(rest: int, size: TableSize) -> tuple[int, ...] | None:
    """The fewest tables of `min` to `max - 1` players for `rest` players, as even as possible, or None.

    If any number of such tables works, the fewest does: it needs `t * (max - 1) >= rest`, and then
    `t * min <= rest` holds for it because it holds for the larger count that works.
    """
    if rest == 0:
        return ()
    if size.max == size.min:
        return None
    tables = -(-rest // (size.max - 1))
    if tables * size.min > rest:
        return None
    base, larger = divmod(rest, tables)
    return (base + 1,) * larger + (base,) * (tables - larger)


def table_sizes(count: int, size: TableSize) -> tuple[int, ...]:
    """The table sizes for `count` players, largest first; SizeError `impossible-sizes` if none fit."""
    if count < 1:
        raise SizeError("no-players", "there are no players to seat", "players")
    for full in range(count // size.max, -1, -1):
        rest = _rest_tables(count - full * size.max, size)
        if rest is not None:
            return (size.max,) * full + rest
    raise SizeError(
        "impossible-sizes",
        f"{count} players cannot sit at tables of {size.min} to {size.max} players",
        "table_size",
    )


def sizes_follow_rule(sizes: Sequence[int], size: TableSize) -> bool:
    """Whether these table sizes are the rule's for their number of players (in any order)."""
    count = sum(sizes)
    if count < 1:
        return False
    try:
        expected = table_sizes(count, size)
    except SizeError:
        return False
    return Counter(sizes) == Counter(expected)
