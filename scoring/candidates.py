"""Every set worth considering that a multiset of tiles can form: the input of the exhaustive search.

Runs and groups are generated with 3 to 5 laid tiles only. That loses nothing: a longer run or group cuts
between laid tiles into pieces of at least 3, each still valid, with the same tiles and a value at least as
high (a piece made only of jokers may read higher). Mirror sets cannot be cut and are generated whole.
Layouts are generated loosely and kept only if `read_tokens` accepts them, so validity has one source.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, permutations

from scoring.errors import InvalidSet
from scoring.set_reading import SetReading
from scoring.sets import read_tokens
from scoring.tiles import COLOUR_CHANGE, DOUBLE, HIGHEST, JOKER, LOWEST, MIRROR

MIN_LAID, MAX_LAID = 3, 5
PLAIN_JOKERS = (JOKER, DOUBLE, COLOUR_CHANGE)


def valid_layouts(
    available: Counter[str], colours: str, either_way: bool
) -> Iterator[tuple[tuple[str, ...], SetReading]]:
    """(layout, reading) for every candidate set drawable from `available`, duplicates included.

    Runs are generated rising only: a run written downwards holds the same tiles for the same value."""
    for generator in (_group_layouts, _run_layouts, _joker_layouts, _mirror_layouts):
        for layout in generator(available, colours):
            try:
                yield layout, read_tokens(layout, colours, either_way)
            except InvalidSet:
                continue


def _joker_budgets(available: Counter[str], most: int) -> Iterator[tuple[int, int]]:
    for jokers in range(min(available[JOKER], most) + 1):
        for doubles in range(min(available[DOUBLE], most - jokers) + 1):
            yield jokers, doubles


def _group_layouts(available: Counter[str], colours: str) -> Iterator[tuple[str, ...]]:
    for number in range(LOWEST, HIGHEST + 1):
        present = [f"{colour}{number}" for colour in colours if available[f"{colour}{number}"]]
        for size in range(1, min(len(present), MAX_LAID) + 1):
            for chosen in combinations(present, size):
                for jokers, doubles in _joker_budgets(available, MAX_LAID - size):
                    laid = size + jokers + doubles
                    if laid >= MIN_LAID and size + jokers + 2 * doubles <= len(colours):
                        yield chosen + (JOKER,) * jokers + (DOUBLE,) * doubles


def _run_layouts(available: Counter[str], colours: str) -> Iterator[tuple[str, ...]]:
    for first in range(LOWEST, HIGHEST + 1):
        yield from _extend_run((), first, None, Counter(), available, colours, False)


def _extend_run(
    laid: tuple[str, ...],
    number: int,
    colour: str | None,
    used: Counter[str],
    available: Counter[str],
    colours: str,
    has_number: bool,
) -> Iterator[tuple[str, ...]]:
    """Runs rising from `number`; `colour` is the current segment's, None after a colour change."""
    if len(laid) >= MIN_LAID and has_number:
        yield laid
    if len(laid) == MAX_LAID or number > HIGHEST:
        return
    for tile_colour in [colour] if colour else colours:
        token = f"{tile_colour}{number}"
        if available[token]:
            yield from _extend_run(laid + (token,), number + 1, tile_colour, used, available, colours, True)
    for joker in PLAIN_JOKERS:
        if available[joker] > used[joker]:
            used[joker] += 1
            width = 2 if joker == DOUBLE else 1
            next_colour = None if joker == COLOUR_CHANGE else colour
            yield from _extend_run(
                laid + (joker,), number + width, next_colour, used, available, colours, has_number
            )
            used[joker] -= 1


def _joker_layouts(available: Counter[str], colours: str) -> Iterator[tuple[str, ...]]:
    """Sets made only of jokers, in every order (their best reading depends on the order)."""
    pool = [joker for joker in PLAIN_JOKERS for _ in range(available[joker])]
    seen: set[tuple[str, ...]] = set()
    for size in range(MIN_LAID, min(len(pool), MAX_LAID) + 1):
        for chosen in combinations(pool, size):
            for layout in permutations(chosen):
                if layout not in seen:
                    seen.add(layout)
                    yield layout


def _mirror_layouts(available: Counter[str], colours: str) -> Iterator[tuple[str, ...]]:
    """`S M reverse(S)` for every side S: each number tile paired with its twin or a joker."""
    if not available[MIRROR]:
        return
    budget = available.copy()
    budget[MIRROR] -= 1
    for side, other in _mirror_sides(budget, colours):
        yield tuple(side) + (MIRROR,) + tuple(reversed(other))


def _mirror_sides(budget: Counter[str], colours: str) -> Iterator[tuple[list[str], list[str]]]:
    for first in range(LOWEST, HIGHEST + 1):
        yield from _extend_side([], [], first, None, budget, colours, run=True)
    for number in range(LOWEST, HIGHEST + 1):
        yield from _extend_side([], [], number, None, budget, colours, run=False)


def _pairs(token: str, budget: Counter[str]) -> Iterator[tuple[str, str]]:
    """Ways to lay `token` on both sides: twice, or once with a joker opposite."""
    if budget[token] >= 2:
        yield token, token
    if budget[token] >= 1 and budget[JOKER] >= 1 and token != JOKER:
        yield token, JOKER


def _extend_side(
    side: list[str],
    other: list[str],
    number: int,
    colour: str | None,
    budget: Counter[str],
    colours: str,
    run: bool,
) -> Iterator[tuple[list[str], list[str]]]:
    """Sides rising from `number` (run) or sides of one number in rising colour order (group)."""
    if side:
        yield side, other
    choices: list[tuple[str, int, str | None]] = []
    if run and number <= HIGHEST:
        choices += [(f"{c}{number}", 1, c) for c in ([colour] if colour else colours)]
    elif not run and len(side) < len(colours):
        start = colours.index(colour) + 1 if colour else 0
        choices += [(f"{c}{number}", 0, c) for c in colours[start:]]
    for token, step, next_colour in choices:
        for left, right in _pairs(token, budget):
            yield from _take(side, other, left, right, number + step, next_colour, budget, colours, run)
    if budget[JOKER] >= 2 and (not run or number <= HIGHEST):
        yield from _take(side, other, JOKER, JOKER, number + (1 if run else 0), colour, budget, colours, run)
    if budget[DOUBLE] >= 2 and (not run or number + 1 <= HIGHEST):
        yield from _take(
            side, other, DOUBLE, DOUBLE, number + (2 if run else 0), colour, budget, colours, run
        )


def _take(side, other, left, right, number, colour, budget, colours, run):  # type: ignore[no-untyped-def]
    budget[left] -= 1
    budget[right] -= 1
    if budget[left] >= 0 and budget[right] >= 0:
        yield from _extend_side(side + [left], other + [right], number, colour, budget, colours, run)
    budget[left] += 1
    budget[right] += 1
