"""Reading a set with a mirror joker `M`: it reads `S M reverse(S)` (RULES.md, twist).

Our decisions where RULES.md leaves the mirror open (tested in tests/scoring/test_set_mirror.py):
- one mirror joker per set; a second `M` is rejected (`several-mirrors`);
- the colour-change joker `C` never stands in a mirror set: a side must be a one-colour run fragment or a
  group fragment, and `C` fits neither (`colour-change-in-mirror`);
- a double joker `D` may stand in a mirror set; it is mirrored by a `D`, which stands for the same two
  tiles in mirrored order;
- symmetry is checked tile by tile on the laid tiles, where a regular joker `J` mirrors any number tile;
- the side `S` may rise towards the mirror or away from it (a run can rise on only one side).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress

from scoring.errors import InvalidSet
from scoring.set_groups import read_group
from scoring.set_reading import MIRROR_SET, TileReads
from scoring.set_runs import read_run
from scoring.tiles import COLOUR_CHANGE, JOKER, MIRROR, split_tile


def _mirrored_tile(left: str, right: str) -> str:
    """The tile one position of `S` holds, from the two laid tiles that mirror each other."""
    if left == right:
        return left
    if left == JOKER and split_tile(right):
        return right
    if right == JOKER and split_tile(left):
        return left
    raise InvalidSet("mirror-not-symmetric", f"{left} and {right} do not mirror each other")


def _side_readings(side: Sequence[str], colours: str) -> list[TileReads]:
    readings = []
    attempts: tuple[Callable[[], TileReads], ...] = (
        lambda: read_run(side, colours, fragment=True),
        lambda: _descending(side, colours),
        lambda: read_group(side, colours, fragment=True),
    )
    for attempt in attempts:
        with suppress(InvalidSet):
            readings.append(attempt())
    return readings


def _descending(side: Sequence[str], colours: str) -> TileReads:
    rising = read_run(list(reversed(side)), colours, fragment=True)
    per_tile = tuple(tuple(reversed(part)) for part in reversed(rising.per_tile))
    return TileReads(rising.kind, rising.value, per_tile)


def read_mirror(tokens: Sequence[str], colours: str) -> TileReads:
    """The mirror set's reading; its value is twice the side's, the mirror itself counts 0."""
    if tokens.count(MIRROR) > 1:
        raise InvalidSet("several-mirrors", "a set holds at most one mirror joker")
    if COLOUR_CHANGE in tokens:
        raise InvalidSet("colour-change-in-mirror", "a colour-change joker cannot be used in a mirror set")
    centre = list(tokens).index(MIRROR)
    left, right = list(tokens[:centre]), list(tokens[centre + 1 :])
    if len(left) != len(right) or not left:
        raise InvalidSet(
            "mirror-not-centred", "a mirror joker stands in the middle, with tiles on both sides"
        )
    side = [_mirrored_tile(a, b) for a, b in zip(left, reversed(right), strict=True)]
    readings = _side_readings(side, colours)
    if not readings:
        raise InvalidSet("mirror-side-invalid", "each side of a mirror set must read as a run or a group")
    best = max(readings, key=lambda reading: reading.value)
    mirrored = tuple(tuple(reversed(part)) for part in reversed(best.per_tile))
    return TileReads(MIRROR_SET, 2 * best.value, best.per_tile + ((MIRROR,),) + mirrored)
