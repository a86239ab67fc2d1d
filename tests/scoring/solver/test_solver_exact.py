"""The fast solvers agree with the engine's exhaustive search over all valid sets on small dense positions."""

from __future__ import annotations

import warnings

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_checks import check_arrangement, exhaustive_best

from scoring.meld import max_meld as engine_max_meld
from scoring.meld import restore as engine_restore
from scoring.solver import max_meld, restore


@st.composite
def positions(draw, colours: str, max_jokers: int, max_tiles: int = 11) -> list[str]:
    """A few colours over a few neighbouring numbers, so that runs, groups and jokers compete."""
    used_colours = draw(st.lists(st.sampled_from(colours), min_size=1, max_size=len(colours), unique=True))
    low = draw(st.integers(1, 13))
    high = draw(st.integers(low, min(13, low + 5)))
    slots = [f"{c}{n}" for c in used_colours for n in range(low, high + 1)]
    copies = draw(st.lists(st.integers(0, 2), min_size=len(slots), max_size=len(slots)))
    tiles = [slot for slot, n in zip(slots, copies, strict=True) for _ in range(n)]
    tiles = draw(st.permutations(tiles))[:max_tiles]
    return tiles + ["J"] * draw(st.integers(0, max_jokers))


FOUR = "KRBY"
SIX = "KRBYGP"
exact = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@exact
@given(positions(FOUR, 2))
def test_meld_value_is_the_best_of_all_packings(tiles):
    answer = max_meld(tiles, colours=FOUR)
    check_arrangement(answer, tiles, FOUR, "meld")
    assert answer.value == exhaustive_best(tiles, FOUR, "meld")


@exact
@given(positions(FOUR, 2))
def test_restore_places_the_most_tiles(tiles):
    answer = restore(tiles, colours=FOUR)
    check_arrangement(answer, tiles, FOUR, "restore")
    assert answer.value == exhaustive_best(tiles, FOUR, "restore")


@exact
@given(positions(SIX, 4, max_tiles=10))
def test_six_colours_and_four_jokers_meld(tiles):
    answer = max_meld(tiles, colours=SIX)
    check_arrangement(answer, tiles, SIX, "meld")
    assert answer.value == exhaustive_best(tiles, SIX, "meld")


@exact
@given(positions(SIX, 4, max_tiles=10))
def test_six_colours_and_four_jokers_restore(tiles):
    answer = restore(tiles, colours=SIX)
    check_arrangement(answer, tiles, SIX, "restore")
    assert answer.value == exhaustive_best(tiles, SIX, "restore")


@settings(max_examples=100, deadline=None)
@given(positions(FOUR, 2))
def test_the_engine_accepts_every_answer_without_falling_back(tiles):
    """The engine re-reads each answer and falls back to its own search, with a warning, if one is wrong."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        engine_max_meld("hk-school", tiles)
        engine_restore("hk-school", tiles)
