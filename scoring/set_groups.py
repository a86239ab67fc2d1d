"""Reading laid tiles as a group: one number, every colour different; jokers take missing colours."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import InvalidSet
from scoring.set_reading import GROUP, TileReads
from scoring.tiles import COLOUR_CHANGE, DOUBLE, HIGHEST, split_tile


def read_group(tokens: Sequence[str], colours: str, *, fragment: bool = False) -> TileReads:
    """A group, or with `fragment` one side of a mirror set (then a single tile is enough).

    A double joker stands for two missing colours; a group with no number tile is read as 13s, its best.
    """
    if COLOUR_CHANGE in tokens:
        raise InvalidSet("colour-change-in-group", "a colour-change joker can only be used in a run")
    tiles = [split_tile(token) for token in tokens]
    numbers = {tile[1] for tile in tiles if tile}
    if len(numbers) > 1:
        raise InvalidSet("group-mixed-numbers", "all tiles of a group show one number")
    used = [tile[0] for tile in tiles if tile]
    if len(set(used)) < len(used):
        raise InvalidSet("group-repeated-colour", "two tiles of the same colour in a group")
    size = sum(2 if token == DOUBLE else 1 for token in tokens)
    if size > len(colours):
        raise InvalidSet("group-too-large", f"a group holds at most {len(colours)} tiles, one per colour")
    if not fragment and size < 3:
        raise InvalidSet("too-few-tiles", "a set needs at least 3 tiles")
    number = numbers.pop() if numbers else HIGHEST
    missing = iter([colour for colour in colours if colour not in used])
    per_tile: list[tuple[str, ...]] = []
    for token, tile in zip(tokens, tiles, strict=True):
        if tile:
            per_tile.append((token,))
        else:
            width = 2 if token == DOUBLE else 1
            per_tile.append(tuple(f"{next(missing)}{number}" for _ in range(width)))
    return TileReads(GROUP, number * size, tuple(per_tile))
