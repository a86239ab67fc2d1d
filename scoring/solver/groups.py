"""Which tiles of one number can be laid as groups, and how.

At one number, a colour gives the groups 0, 1 or 2 tiles (two copies exist). Every
group holds 3 or more tiles of distinct colours, at most one per colour of the
ruleset, and at least one real tile (groups made only of jokers are laid apart).
Jokers fill missing colours. Whether the tiles can be split into groups depends only
on how many colours give two tiles (``doubles``), how many give one (``singles``) and
how many jokers join, so the answers are computed once per ruleset size and cached.
"""

from __future__ import annotations

from functools import cache

MIN_SET = 3
Witness = tuple[tuple[int, ...], ...]  # groups as tuples of colour positions


@cache
def _size_layouts(doubles: int, singles: int, jokers: int) -> dict[tuple[int, ...], Witness]:
    """Every way (up to order) to share the tiles among groups: sizes -> one witness.

    Each group holds at least 3 tiles, jokers included, which caps how many groups there are.
    """
    copies = [2] * doubles + [1] * singles
    found: dict[tuple[int, ...], Witness] = {}
    for group_count in range(2 if doubles else 1, (sum(copies) + jokers) // MIN_SET + 1):
        layouts: dict[tuple[int, ...], Witness] = {(0,) * group_count: ((),) * group_count}
        for position, copy_count in enumerate(copies):
            layouts = _add_colour(layouts, position, copy_count)
        for witness in layouts.values():
            sizes = tuple(len(group) for group in witness)
            if min(sizes) >= 1:
                found.setdefault(sizes, witness)
    return found


def _add_colour(
    layouts: dict[tuple[int, ...], Witness], position: int, copy_count: int
) -> dict[tuple[int, ...], Witness]:
    """Put ``copy_count`` tiles of one colour into distinct groups, keeping one layout per size pattern."""
    extended: dict[tuple[int, ...], Witness] = {}
    for witness in layouts.values():
        count = len(witness)
        targets = (
            [(i,) for i in range(count)]
            if copy_count == 1
            else [(i, j) for i in range(count) for j in range(i + 1, count)]
        )
        for chosen in targets:
            groups = [
                group + (position,) if index in chosen else group for index, group in enumerate(witness)
            ]
            groups.sort(key=len)
            key = tuple(len(group) for group in groups)
            extended.setdefault(key, tuple(groups))
    return extended


@cache
def joker_counts(colour_count: int, doubles: int, singles: int, joker_limit: int) -> tuple[int, ...]:
    """How many jokers (0..joker_limit) can join groups laid from these tiles; empty if none can be laid."""
    if doubles == singles == 0:
        return (0,)
    feasible: set[int] = set()
    for sizes in _size_layouts(doubles, singles, joker_limit):
        need = sum(max(0, MIN_SET - size) for size in sizes)
        room = sum(colour_count - size for size in sizes)
        feasible.update(range(need, min(room, joker_limit) + 1))
    return tuple(sorted(feasible))


def lay_groups(colour_count: int, copies: dict[int, int], jokers: int) -> list[tuple[list[int], int]]:
    """Split the given colour copies (colour index -> 1 or 2) and jokers into valid groups.

    Returns (colour indices, jokers) per group. Raises ValueError if impossible.
    """
    doubles = sorted(c for c, n in copies.items() if n == 2)
    singles = sorted(c for c, n in copies.items() if n == 1)
    order = doubles + singles
    layouts = _size_layouts(len(doubles), len(singles), jokers)
    for sizes, witness in sorted(layouts.items(), key=lambda item: (len(item[0]), item[0])):  # fewest groups
        need = [max(0, MIN_SET - size) for size in sizes]
        room = [colour_count - size for size in sizes]
        if not sum(need) <= jokers <= sum(room):
            continue
        spare = jokers - sum(need)
        laid = []
        for group, group_need, group_room in zip(witness, need, room, strict=True):
            extra = min(spare, group_room - group_need)
            spare -= extra
            laid.append((sorted(order[p] for p in group), group_need + extra))
        return laid
    if not copies and jokers == 0:
        return []
    raise ValueError("these tiles cannot be laid as groups")
