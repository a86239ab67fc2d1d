"""Reading a laid set back, independently of the solver: is it valid, and what is it worth."""

from __future__ import annotations

HIGHEST = 13


def _split(tok: str) -> tuple[str, int] | None:
    return None if tok == "J" else (tok[0], int(tok[1:]))


def run_value(tokens: tuple[str, ...]) -> int | None:
    """Value of the set read as a run laid left to right, or None if it is not one."""
    if len(tokens) < 3:
        return None
    tiles = [(i, _split(t)) for i, t in enumerate(tokens) if t != "J"]
    if not tiles:
        return sum(range(HIGHEST - len(tokens) + 1, HIGHEST + 1)) if len(tokens) <= HIGHEST else None
    colour = tiles[0][1][0]
    start = tiles[0][1][1] - tiles[0][0]
    if any(c != colour or n != start + i for i, (c, n) in tiles):
        return None
    if start < 1 or start + len(tokens) - 1 > HIGHEST:
        return None
    return sum(range(start, start + len(tokens)))


def group_value(tokens: tuple[str, ...], colour_count: int) -> int | None:
    """Value of the set read as a group, or None if it is not one."""
    if not 3 <= len(tokens) <= colour_count:
        return None
    tiles = [_split(t) for t in tokens if t != "J"]
    numbers = {n for _, n in tiles}
    colours = [c for c, _ in tiles]
    if len(numbers) > 1 or len(set(colours)) != len(colours):
        return None
    return len(tokens) * (numbers.pop() if numbers else HIGHEST)


def set_value(tokens: tuple[str, ...], colour_count: int) -> int | None:
    """The best reading of a laid set, or None if it is no valid set."""
    readings = [v for v in (run_value(tokens), group_value(tokens, colour_count)) if v is not None]
    return max(readings) if readings else None
