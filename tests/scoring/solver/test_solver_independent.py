"""The engine's meld value and restore against an oracle that shares no code with the engine.

The oracle knows the rules only as patterns: a run is one colour over consecutive numbers (3 to 13 of
them), a group one number in 3 or more distinct colours; any place of a pattern may hold a joker, which
then counts the tile of that place. It lists every pattern the tiles can fill and packs them exactly.
The answers' sets are read back by a small reader of its own.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.meld import max_meld, restore

JOKER = "J"


def _patterns(colours: str) -> list[tuple[tuple[str, ...], int]]:
    runs = [
        (tuple(f"{c}{n}" for n in range(first, first + length)), sum(range(first, first + length)))
        for c in colours
        for length in range(3, 14)
        for first in range(1, 15 - length)
    ]
    groups = [
        (tuple(f"{c}{n}" for c in chosen), n * size)
        for n in range(1, 14)
        for size in range(3, len(colours) + 1)
        for chosen in combinations(colours, size)
    ]
    return runs + groups


def _fillings(tiles: Counter[str], jokers: int, colours: str) -> dict[tuple, int]:
    """(real tiles used, jokers used) -> the best value of a pattern filled so, for every pattern."""
    best: dict[tuple, int] = {}
    for places, value in _patterns(colours):
        missing = [p for p in places if not tiles[p]]
        present = [p for p in places if tiles[p]]
        if len(missing) > jokers:
            continue
        for extra in range(min(jokers - len(missing), len(present)) + 1):
            for stand_ins in combinations(range(len(present)), extra):
                real = tuple(sorted(p for i, p in enumerate(present) if i not in stand_ins))
                key = (real, len(missing) + extra)
                best[key] = max(best.get(key, 0), value)
    return best


def oracle(tiles: list[str], colours: str, objective: str) -> int:
    jokers = tiles.count(JOKER)
    counts = Counter(t for t in tiles if t != JOKER)
    sets = [
        (Counter(real), used, value if objective == "meld" else len(real) + used)
        for (real, used), value in _fillings(counts, jokers, colours).items()
    ]

    @cache
    def best(state: tuple[tuple[str, int], ...], jokers_left: int) -> int:
        left = Counter(dict(state))
        lowest = min(left) if left else None
        found = best(tuple(sorted((left - Counter([lowest])).items())), jokers_left) if lowest else 0
        for need, used, weight in sets:
            if used > jokers_left or (lowest and not need[lowest]) or (not lowest and need):
                continue
            if all(left[t] >= n for t, n in need.items()):
                rest = tuple(sorted((left - need).items()))
                found = max(found, weight + best(rest, jokers_left - used))
        return found

    return best(tuple(sorted(counts.items())), jokers)


def read_back(laid: tuple[str, ...], colours: str) -> int | None:
    """The value of a laid set read in place (a joker is the tile of its place), or None if invalid."""
    real = [(i, t[0], int(t[1:])) for i, t in enumerate(laid) if t != JOKER]
    values = []
    if len({n for _, _, n in real}) <= 1 and len({c for _, c, _ in real}) == len(real) <= len(colours):
        if len(laid) <= len(colours):
            values.append(len(laid) * (real[0][2] if real else 13))
    if len({c for _, c, _ in real}) <= 1 and len({n - i for i, _, n in real}) <= 1:
        first = real[0][2] - real[0][0] if real else 14 - len(laid)
        if first >= 1 and first + len(laid) - 1 <= 13:
            values.append(sum(range(first, first + len(laid))))
    return max(values) if len(laid) >= 3 and values else None


@st.composite
def racks(draw, ruleset: str, colours: str, most_jokers: int) -> tuple[str, list[str]]:
    """Both copies over a few colours and neighbouring numbers, so runs, groups and jokers compete."""
    used = draw(st.lists(st.sampled_from(colours), min_size=1, max_size=len(colours), unique=True))
    low = draw(st.integers(1, 13))
    slots = [f"{c}{n}" for c in used for n in range(low, min(13, low + 4) + 1) for _ in range(2)]
    chosen = draw(st.lists(st.sampled_from(range(len(slots))), unique=True, max_size=10))
    return ruleset, [slots[i] for i in chosen] + [JOKER] * draw(st.integers(0, most_jokers))


COLOURS = {"hk-school": "KRBY", "standard": "KRBY", "six-player": "KRBYGP"}
CASES = st.one_of(
    racks("hk-school", "KRBY", 2), racks("standard", "KRBY", 2), racks("six-player", "KRBYGP", 4)
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(CASES)
def test_meld_value_and_restore_equal_the_independent_oracle(case):
    ruleset, tiles = case
    colours = COLOURS[ruleset]
    meld, placed = max_meld(ruleset, tiles), restore(ruleset, tiles)
    for answer, objective in ((meld, "meld"), (placed, "restore")):
        assert Counter(t for s in answer.sets for t in s) + Counter(answer.unplaced) == Counter(tiles)
        values = [read_back(s, colours) for s in answer.sets]
        assert None not in values
        assert answer.value == (sum(values) if objective == "meld" else sum(len(s) for s in answer.sets))
        assert answer.value == oracle(tiles, colours, objective)


def test_the_oracle_knows_the_worked_examples():
    assert oracle(["R10", "R11", "R12", "J"], "KRBY", "meld") == 46
    assert oracle(["J", "J", "J"], "KRBYGP", "meld") == 39
    assert oracle(["R12", "R13", "J", "J"], "KRBY", "meld") == 46
    assert oracle(["R1", "R2", "R3", "K7", "J"], "KRBY", "restore") == 4
    assert read_back(("R12", "R13", "R1"), "KRBY") is None
