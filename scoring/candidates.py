"""Every set worth considering that a multiset of tiles can form: the input of the exhaustive search.

Runs and groups are generated with 3 to 5 laid tiles only. That loses nothing: a longer run or group cuts
between laid tiles into pieces of at least 3, each still valid, with the same tiles and a value at least as
high (a piece made only of jokers may read higher). Mirror sets cannot be cut and are generated whole
(`scoring.mirror_candidates`).
Layouts are generated loosely and kept only if `read_tokens` accepts them, so validity has one source.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations, permutations

from scoring.errors import InvalidSet
from scoring.mirror_candidates import mirror_layouts
from scoring.set_reading import SetReading
from scoring.sets import read_tokens
from scoring.tiles import COLOUR_CHANGE, DOUBLE, HIGHEST, JOKER, LOWEST

MIN_LAID, MAX_LAID = 3, 5
PLAIN_JOKERS = (JOKER, DOUBLE, COLOUR_CHANGE)


def valid_layouts(
    available: Counter[str],
    colours: str,
    either_way: bool,
    skip: Callable[[tuple[str, ...]], bool] = lambda layout: False,
) -> Iterator[tuple[tuple[str, ...], SetReading]]:
    """(layout, reading) for every candidate set drawable from `available`, duplicates included.

    Runs are generated rising only: a run written downwards holds the same tiles for the same value.
    Layouts that `skip` (asked before reading) says are not needed are left out."""
    for generator in (_group_layouts, _run_layouts, _joker_layouts, mirror_layouts):
        for layout in generator(available, colours):
            if skip(layout):
                continue
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
