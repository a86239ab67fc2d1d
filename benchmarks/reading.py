"""Reading a laid set back, independently of the solver, to check every answer the benchmark gets."""

from __future__ import annotations

from collections import Counter

HIGHEST = 13
JOKER = "J"


def _run_value(tokens: tuple[str, ...]) -> int | None:
    real = [(i, t[0], int(t[1:])) for i, t in enumerate(tokens) if t != JOKER]
    if not real:
        return sum(range(HIGHEST - len(tokens) + 1, HIGHEST + 1)) if len(tokens) <= HIGHEST else None
    colour, start = real[0][1], real[0][2] - real[0][0]
    if any(c != colour or n != start + i for i, c, n in real):
        return None
    if start < 1 or start + len(tokens) - 1 > HIGHEST:
        return None
    return sum(range(start, start + len(tokens)))


def _group_value(tokens: tuple[str, ...], colour_count: int) -> int | None:
    if len(tokens) > colour_count:
        return None
    real = [(t[0], int(t[1:])) for t in tokens if t != JOKER]
    numbers = {n for _, n in real}
    if len(numbers) > 1 or len({c for c, _ in real}) != len(real):
        return None
    return len(tokens) * (numbers.pop() if numbers else HIGHEST)


def set_value(tokens: tuple[str, ...], colour_count: int) -> int | None:
    """The best reading of a laid set, or None if it is not a valid set."""
    if len(tokens) < 3:
        return None
    readings = [v for v in (_run_value(tokens), _group_value(tokens, colour_count)) if v is not None]
    return max(readings) if readings else None


def check(answer, tiles: list[str], colours: str, objective: str) -> str | None:
    """Why the answer is wrong, or None if its sets are valid, drawn from the tiles and worth its value."""
    laid = [t for s in answer.sets for t in s]
    if Counter(laid) + Counter(answer.unplaced) != Counter(tiles):
        return "sets and unplaced tiles are not the input"
    values = [set_value(tuple(s), len(colours)) for s in answer.sets]
    if None in values:
        return f"invalid set {answer.sets[values.index(None)]}"
    total = sum(values) if objective == "meld" else len(laid)
    if total != answer.value:
        return f"sets are worth {total}, answer says {answer.value}"
    return None
