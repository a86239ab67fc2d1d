"""Reading a set with a mirror joker `M`: it reads `S M reverse(S)` (RULES.md, twist).

Each side is laid as the tiles of S, a joker of any kind standing for the tiles it faces (seed 000), so `R3 D
M R5 R4 R3` is valid; the sides are compared place by place (a double joker covers two places). Our decisions
where RULES.md is silent: one mirror per set, each side reads on its own as a run or group fragment
(colour-change jokers included), one S must be read by both sides, and S may rise towards the mirror or away
from it. Each decision, with its error code, is in docs/engine.md and tests/scoring/test_engine_twist_sets.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from scoring.errors import InvalidSet
from scoring.mirror_places import Places, read_places
from scoring.set_groups import read_group
from scoring.set_reading import MIRROR_SET, TileReads
from scoring.set_runs import read_run, read_run_downwards
from scoring.tiles import DOUBLE, MIRROR, split_tile


def _width(side: Sequence[str]) -> int:
    return sum(2 if token == DOUBLE else 1 for token in side)


def _places(side: Sequence[str]) -> list[str]:
    """The laid tokens standing at each place of the side, a double joker at both of its places."""
    return [token for token in side for _ in range(2 if token == DOUBLE else 1)]


def _check_facing(outer: Sequence[str], inner: Sequence[str]) -> None:
    """Two number tiles facing each other must be the same tile (a joker faces anything)."""
    for left, right in zip(outer, inner, strict=True):
        if split_tile(left) and split_tile(right) and left != right:
            raise InvalidSet("mirror-not-symmetric", f"{left} and {right} do not mirror each other")


def _reads_alone(side: Sequence[str], colours: str) -> bool:
    for reader in (read_run, read_run_downwards, read_group):
        with suppress(InvalidSet):
            reader(side, colours, fragment=True)
            return True
    return False


def read_mirror(tokens: Sequence[str], colours: str) -> TileReads:
    """The mirror set's reading; its value is twice the side's, the mirror itself counts 0."""
    if tokens.count(MIRROR) > 1:
        raise InvalidSet("several-mirrors", "a set holds at most one mirror joker")
    centre = list(tokens).index(MIRROR)
    left, right = list(tokens[:centre]), list(tokens[centre + 1 :])
    if not left or not right or _width(left) != _width(right):
        raise InvalidSet(
            "mirror-not-centred",
            "a mirror joker stands in the middle, as many tiles on each side (a double joker stands for two)",
        )
    outer, inner = _places(left), list(reversed(_places(right)))
    _check_facing(outer, inner)
    side = read_places(Places(tuple(outer), tuple(inner)), colours)
    if side is None:
        # One S for both sides implies each side reads alone; only a refusal needs to know which failed.
        if not (_reads_alone(left, colours) and _reads_alone(right, colours)):
            raise InvalidSet("mirror-side-invalid", "each side of a mirror set must read as a run or a group")
        raise InvalidSet("mirror-not-symmetric", "the two sides of a mirror cannot stand for the same tiles")
    return TileReads(MIRROR_SET, 2 * side.value, _per_tile(left, right, side.tiles))


def _per_tile(
    left: Sequence[str], right: Sequence[str], tiles: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """What each laid tile stands for, in laid order: the left side reads S, the right side S backwards."""
    per_tile: list[tuple[str, ...]] = []
    place = 0
    for token in left:
        width = 2 if token == DOUBLE else 1
        per_tile.append(tiles[place : place + width])
        place += width
    per_tile.append((MIRROR,))
    place = len(tiles)
    for token in right:
        width = 2 if token == DOUBLE else 1
        per_tile.append(tuple(tiles[place - 1 - k] for k in range(width)))
        place -= width
    return tuple(per_tile)
