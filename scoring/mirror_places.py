"""The side S of a mirror set, found from both sides at once: the tiles every place of S stands for.

A place of S is faced by one laid token on each side (a double joker covers two places). A number tile fixes
its place; a joker of any kind takes what the other side, the run's numbers or the group's colours give it.
S is a run fragment (numbers rising or falling by one from the outer end towards the mirror, in colour
segments that change only at colour-change jokers, on each side) or a group fragment (one number, every
colour different). The reading of highest value wins, a run on a tie, rising before falling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from scoring.tiles import COLOUR_CHANGE, HIGHEST, LOWEST, split_tile


@dataclass(frozen=True)
class Places:
    """The token at each place of S: `outer` from the left side, `inner` from the right side backwards."""

    outer: tuple[str, ...]
    inner: tuple[str, ...]

    def fixed(self) -> list[tuple[str, int] | None]:
        """The number tile at each place, from either side (the caller checked that facing tiles agree)."""
        return [split_tile(a) or split_tile(b) for a, b in zip(self.outer, self.inner, strict=True)]


@dataclass(frozen=True)
class SideReading:
    tiles: tuple[str, ...]
    value: int


def read_places(places: Places, colours: str) -> SideReading | None:
    """The best S both sides can stand for, or None when there is none."""
    readings = [
        reading
        for reading in (_as_run(places, colours, 1), _as_run(places, colours, -1), _as_group(places, colours))
        if reading is not None
    ]
    return max(readings, key=lambda reading: reading.value) if readings else None


def _run_numbers(fixed: Sequence[tuple[str, int] | None], step: int) -> list[int] | None:
    firsts = {tile[1] - step * place for place, tile in enumerate(fixed) if tile}
    if len(firsts) > 1:
        return None
    count = len(fixed)
    first = firsts.pop() if firsts else (HIGHEST - count + 1 if step == 1 else HIGHEST)
    numbers = [first + step * place for place in range(count)]
    if min(numbers) < LOWEST or max(numbers) > HIGHEST:
        return None
    return numbers


def _as_run(places: Places, colours: str, step: int) -> SideReading | None:
    numbers = _run_numbers(places.fixed(), step)
    if numbers is None:
        return None
    chosen = run_colours(places, colours)
    if chosen is None:
        return None
    tiles = tuple(f"{colour}{number}" for colour, number in zip(chosen, numbers, strict=True))
    return SideReading(tiles, sum(numbers))


def _as_group(places: Places, colours: str) -> SideReading | None:
    if COLOUR_CHANGE in places.outer or COLOUR_CHANGE in places.inner or len(places.outer) > len(colours):
        return None
    fixed = places.fixed()
    numbers = {tile[1] for tile in fixed if tile}
    used = [tile[0] for tile in fixed if tile]
    if len(numbers) > 1 or len(set(used)) < len(used):
        return None
    number = numbers.pop() if numbers else HIGHEST
    missing = iter([colour for colour in colours if colour not in used])
    tiles = tuple(f"{tile[0] if tile else next(missing)}{number}" for tile in fixed)
    return SideReading(tiles, number * len(tiles))


def _segment_choices(side: Sequence[str], offset: int) -> tuple[list[tuple[int, ...]], int]:
    """For each place, the colour segments (numbered from `offset`) its colour may be; and the segment count.

    A colour-change joker starts a new segment. Inside a side it stands in the colour before or after it; at
    the outer or inner end it is the tile of the other colour (its own segment, like a `C` ending a run)."""
    choices: list[tuple[int, ...]] = []
    segment = offset
    for place, token in enumerate(side):
        if token != COLOUR_CHANGE:
            choices.append((segment,))
            continue
        if place == 0:
            choices.append((segment,))
        elif place == len(side) - 1:
            choices.append((segment + 1,))
        else:
            choices.append((segment, segment + 1))
        segment += 1
    return choices, segment + 1 - offset


def run_colours(places: Places, colours: str) -> list[str] | None:
    """A colour for each place that both sides' colour segments allow, or None.

    Every segment has one colour, neighbouring segments of a side differ, facing places share a colour, and a
    number tile fixes its place's colour. A colour-change joker inside a side tries the colour before it
    first."""
    outer, outer_count = _segment_choices(places.outer, 0)
    inner, inner_count = _segment_choices(places.inner, outer_count)
    neighbours = [(s, s + 1) for s in range(outer_count - 1)]
    neighbours += [(s, s + 1) for s in range(outer_count, outer_count + inner_count - 1)]
    fixed = places.fixed()
    for picked in product(*outer, *inner):
        segments = _Segments(outer_count + inner_count)
        count = len(fixed)
        for place in range(count):
            segments.join(picked[place], picked[count + place])
        for place, tile in enumerate(fixed):
            if tile and not segments.fix(picked[place], tile[0]):
                break
        else:
            painted = segments.paint(neighbours, colours)
            if painted is not None:
                return [painted[segments.find(picked[place])] for place in range(count)]
    return None


class _Segments:
    """Colour segments joined when they must share a colour (a tiny union-find), with the colours fixed."""

    def __init__(self, count: int) -> None:
        self.parent = list(range(count))
        self.colour: dict[int, str] = {}

    def find(self, segment: int) -> int:
        while self.parent[segment] != segment:
            segment = self.parent[segment]
        return segment

    def join(self, one: int, other: int) -> None:
        self.parent[self.find(one)] = self.find(other)

    def fix(self, segment: int, colour: str) -> bool:
        return self.colour.setdefault(self.find(segment), colour) == colour

    def paint(self, neighbours: Sequence[tuple[int, int]], colours: str) -> dict[int, str] | None:
        """A colour per root: fixed ones kept, free ones the first that differ from their neighbours."""
        apart = [(self.find(a), self.find(b)) for a, b in neighbours]
        if any(a == b for a, b in apart):
            return None
        roots = sorted({self.find(segment) for segment in range(len(self.parent))})
        return _paint(roots, dict(self.colour), apart, colours)


def _paint(
    roots: Sequence[int], painted: dict[int, str], apart: Sequence[tuple[int, int]], colours: str
) -> dict[int, str] | None:
    free = next((root for root in roots if root not in painted), None)
    if free is None:
        clash = any(painted[a] == painted[b] for a, b in apart)
        return None if clash else painted
    for colour in colours:
        if all(painted.get(b if a == free else a) != colour for a, b in apart if free in (a, b)):
            found = _paint(roots, {**painted, free: colour}, apart, colours)
            if found is not None:
                return found
    return None
