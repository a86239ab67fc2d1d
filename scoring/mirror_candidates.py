"""Every mirror set a multiset of tiles can lay, as candidates for the exhaustive search.

A mirror set `S M reverse(S)` is walked place by place along S, from the outer end to the mirror; each place
takes S's number tile, a `J`, a `C` (runs) or a `D` (two places). Layouts are generated loosely and kept only
if the set reader accepts them (`scoring.candidates`); only runs rising towards the mirror are walked, and of
a layout and its mirror image one is kept. Long mirror sets are not needed: a walk stops as soon as S can be
cut into an outer part laid as plain sets and an inner mirror set of the same tiles, worth at least as much
(the argument, and the colour rules of each side, are in docs/engine.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from scoring.tiles import COLOUR_CHANGE, DOUBLE, HIGHEST, JOKER, LOWEST, MIRROR

TILE = "tile"
MIN_PIECE = 3
Sides = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass
class _Walk:
    """The layout so far: each side's tokens in S order (and per place), the double jokers still covering the
    next place, each side's segment colour."""

    budget: Counter[str]
    colours: str
    group: bool
    sides: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    at: tuple[list[str | None], list[str | None]] = field(default_factory=lambda: ([], []))
    covering: list[bool] = field(default_factory=lambda: [False, False])
    segment: list[str | None] = field(default_factory=lambda: [None, None])
    sides_differ: bool = False


def mirror_layouts(available: Counter[str], colours: str) -> Iterator[tuple[str, ...]]:
    """`S M reverse(S)` for every S and every way each side can lay it from `available`."""
    if not available[MIRROR]:
        return
    budget = available.copy()
    budget[MIRROR] -= 1
    seen: set[tuple[str, ...]] = set()
    for group in (False, True):
        for number in range(LOWEST, HIGHEST + 1):
            walk = _Walk(budget, colours, group)
            for outer, inner in _extend(walk, number, 0):
                layout = outer + (MIRROR,) + tuple(reversed(inner))
                if layout not in seen:
                    seen.add(layout)
                    yield layout


def _side_items(walk: _Walk, side: int, number: int, places: int) -> list[str | None]:
    """What one side may put at this place (None: the second place of its double joker)."""
    if walk.covering[side]:
        return [None]
    budget = walk.budget
    items: list[str | None] = [TILE]
    if budget[JOKER]:
        items.append(JOKER)
    if budget[COLOUR_CHANGE] and not walk.group:
        items.append(COLOUR_CHANGE)
    room = places + 2 <= len(walk.colours) if walk.group else number + 1 <= HIGHEST
    if budget[DOUBLE] and room:
        items.append(DOUBLE)
    return items


def _extend(walk: _Walk, number: int, places: int) -> Iterator[Sides]:
    """Layouts continuing at `number` (runs: the next number; groups: their one number)."""
    if places and not any(walk.covering):
        yield tuple(walk.sides[0]), tuple(walk.sides[1])
    if number > HIGHEST or (walk.group and places >= len(walk.colours)):
        return
    for left in _side_items(walk, 0, number, places):
        for right in _side_items(walk, 1, number, places):
            if left == right and left in (JOKER, COLOUR_CHANGE, DOUBLE) and walk.budget[left] < 2:
                continue
            for place_colour in _place_colours(walk, (left, right), number):
                yield from _place(walk, (left, right), number, place_colour, places)


def _place_colours(walk: _Walk, items: tuple[str | None, str | None], number: int) -> list[str | None]:
    """The colours this place may have (None: not fixed yet, when only jokers stand there).

    A number tile's colour must be in the budget, twice if both sides lay it."""
    tiles = items.count(TILE)
    if walk.group:
        if not tiles:
            return [None]
        used = {token[0] for side in walk.sides for token in side if len(token) > 1}
        allowed = [colour for colour in walk.colours if colour not in used]
    else:
        allowed = [
            colour
            for colour in walk.colours
            if all(walk.segment[side] in (None, colour) for side in (0, 1) if items[side] != COLOUR_CHANGE)
        ]
        if not tiles:
            return [None] if len(allowed) == len(walk.colours) else list(allowed)
    return [colour for colour in allowed if walk.budget[f"{colour}{number}"] >= tiles]


def _place(
    walk: _Walk,
    items: tuple[str | None, str | None],
    number: int,
    place_colour: str | None,
    places: int,
) -> Iterator[Sides]:
    """Lay one place on both sides (the budget allows it), walk on, then take it back.

    Of a layout and its mirror image, only the one whose left side comes first place by place is walked."""
    tokens = [f"{place_colour}{number}" if item == TILE else item for item in items]
    left, right = (token or "" for token in tokens)
    if not walk.sides_differ and left > right:
        return
    differ = walk.sides_differ
    walk.sides_differ = differ or left != right
    covering, segment = list(walk.covering), list(walk.segment)
    for side, token in enumerate(tokens):
        walk.at[side].append(token)
        if token is not None:
            walk.sides[side].append(token)
            walk.budget[token] -= 1
        walk.covering[side] = token == DOUBLE
        if token == COLOUR_CHANGE:
            walk.segment[side] = None
        elif place_colour is not None:
            walk.segment[side] = place_colour
    if not _cuttable(walk):
        yield from _extend(walk, number if walk.group else number + 1, places + 1)
    for side, token in enumerate(tokens):
        walk.at[side].pop()
        if token is not None:
            walk.sides[side].pop()
            walk.budget[token] += 1
    walk.covering[:], walk.segment[:] = covering, segment
    walk.sides_differ = differ


def _cuttable(walk: _Walk) -> bool:
    """Whether the walk falls apart at some place into pieces at least as good (see the module text)."""
    count = len(walk.at[0])
    before = [_tiles_before(at) for at in walk.at]
    for cut in range(1, count):
        if walk.at[0][cut] is None or walk.at[1][cut] is None:
            continue
        if all(
            at[cut] != COLOUR_CHANGE and tiles[cut] >= MIN_PIECE
            for at, tiles in zip(walk.at, before, strict=True)
        ):
            return True
        if all(
            at[cut - 1] != COLOUR_CHANGE and tiles[count] - tiles[cut] >= MIN_PIECE
            for at, tiles in zip(walk.at, before, strict=True)
        ):
            return True
    return False


def _tiles_before(places: list[str | None]) -> list[int]:
    """How many tiles a side lays before each place (and in all, last)."""
    counts = [0]
    for item in places:
        counts.append(counts[-1] + (item is not None))
    return counts
