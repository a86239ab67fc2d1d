"""Reading laid tiles as a run: consecutive numbers rising left to right, one colour per segment.

A run written downwards (allowed outside `twist`) is read as the same tiles the other way round
(`read_run_downwards`). Each colour-change joker `C` stands for one number and starts a segment of another
colour; at either end it is a tile of another colour than its neighbour, and a segment of jokers alone takes
any colour that differs from its neighbours (docs/engine.md, "Our decisions where RULES.md leaves cases
open").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.errors import InvalidSet
from scoring.set_reading import RUN, TileReads
from scoring.tiles import COLOUR_CHANGE, DOUBLE, HIGHEST, LOWEST, split_tile


@dataclass
class _Layout:
    """Slots of a run: which slot each laid tile starts at, how many it covers, its colour segment."""

    starts: list[int] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)
    segments: list[int] = field(default_factory=list)
    fixed: list[tuple[int, int]] = field(default_factory=list)
    segment_colours: list[list[str]] = field(default_factory=lambda: [[]])
    length: int = 0


def _lay_out(tokens: Sequence[str]) -> _Layout:
    layout = _Layout()
    for token in tokens:
        tile = split_tile(token)
        width = 2 if token == DOUBLE else 1
        layout.starts.append(layout.length)
        layout.widths.append(width)
        layout.segments.append(len(layout.segment_colours) - 1)
        if tile:
            layout.fixed.append((layout.length, tile[1]))
            layout.segment_colours[-1].append(tile[0])
        layout.length += width
        if token == COLOUR_CHANGE:
            layout.segment_colours.append([])
    return layout


def _first_number(layout: _Layout) -> int:
    offsets = {number - slot for slot, number in layout.fixed}
    if len(offsets) > 1:
        if len({offset % HIGHEST for offset in offsets}) == 1:
            raise InvalidSet("run-wraps", "1 cannot follow 13")
        raise InvalidSet("run-not-consecutive", "the numbers of a run rise by one from left to right")
    first = offsets.pop() if offsets else HIGHEST - layout.length + 1
    if first < LOWEST or first + layout.length - 1 > HIGHEST:
        raise InvalidSet("run-out-of-range", "a joker cannot stand for a number below 1 or above 13")
    return first


def _segment_colours(layout: _Layout, colours: str) -> list[str]:
    """One colour per segment: the tiles' own, else the first colour differing from both neighbours."""
    fixed: list[str | None] = []
    for seen in layout.segment_colours:
        if len(set(seen)) > 1:
            if len(layout.segment_colours) == 1:
                raise InvalidSet("run-mixed-colours", "all tiles of a run have one colour")
            raise InvalidSet("segment-mixed-colours", "the tiles between colour changes have one colour")
        fixed.append(seen[0] if seen else None)
    for left, right in zip(fixed, fixed[1:], strict=False):
        if left is not None and left == right:
            raise InvalidSet("colour-change-same-colour", "a colour-change joker must change the colour")
    chosen: list[str] = []
    for index, colour in enumerate(fixed):
        if colour is None:
            taken = {chosen[-1] if chosen else None, fixed[index + 1] if index + 1 < len(fixed) else None}
            colour = next(c for c in colours if c not in taken)
        chosen.append(colour)
    return chosen


def read_run(tokens: Sequence[str], colours: str, *, fragment: bool = False) -> TileReads:
    """A run, or with `fragment` one side of a mirror set (then a single tile is enough)."""
    layout = _lay_out(tokens)
    if layout.length > HIGHEST:
        raise InvalidSet("run-too-long", "a run holds at most 13 numbers")
    if not fragment and layout.length < 3:
        raise InvalidSet("too-few-tiles", "a set needs at least 3 tiles")
    first = _first_number(layout)
    segment_colour = _segment_colours(layout, colours)
    per_tile: list[tuple[str, ...]] = []
    for token, start, width, segment in zip(
        tokens, layout.starts, layout.widths, layout.segments, strict=True
    ):
        if split_tile(token):
            per_tile.append((token,))
            continue
        last = token == COLOUR_CHANGE and start + width == layout.length
        colour = segment_colour[segment + 1 if last else segment]
        per_tile.append(tuple(f"{colour}{first + start + k}" for k in range(width)))
    value = sum(range(first, first + layout.length))
    return TileReads(RUN, value, tuple(per_tile))


def read_run_downwards(tokens: Sequence[str], colours: str, *, fragment: bool = False) -> TileReads:
    """A run whose numbers fall from left to right: the rising run laid backwards, read back in laid order."""
    rising = read_run(list(reversed(tokens)), colours, fragment=fragment)
    per_tile = tuple(tuple(reversed(part)) for part in reversed(rising.per_tile))
    return TileReads(rising.kind, rising.value, per_tile)
