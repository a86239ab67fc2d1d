"""The result of reading a laid set: what kind it is, what it is worth, and what each tile stands for."""

from __future__ import annotations

from dataclasses import dataclass

GROUP, RUN, MIRROR_SET = "group", "run", "mirror"


@dataclass(frozen=True)
class SetReading:
    """`reads` lists the tile each laid tile stands for, in laid order; a double joker stands for two
    tiles, a mirror joker stays `M`. `value` is the set's meld value."""

    kind: str
    value: int
    reads: tuple[str, ...]


@dataclass(frozen=True)
class TileReads:
    """A reading before flattening: one tuple of stood-for tiles per laid tile (a mirror flips them)."""

    kind: str
    value: int
    per_tile: tuple[tuple[str, ...], ...]

    def flattened(self) -> SetReading:
        return SetReading(self.kind, self.value, tuple(tile for part in self.per_tile for tile in part))
