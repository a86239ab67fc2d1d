"""The fast solvers agree with an exhaustive search over every valid set, on small dense positions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.solver import max_meld, restore
from solver_checks import check_arrangement
from solver_reference import reference_solve


@st.composite
def positions(draw, colours: str, max_jokers: int, max_tiles: int = 11) -> list[str]:
    """A few colours over a few neighbouring numbers, so that runs, groups and jokers compete."""
    used_colours = draw(st.lists(st.sampled_from(colours), min_size=1, max_size=len(colours), unique=True))
    low = draw(st.integers(1, 13))
    high = draw(st.integers(low, min(13, low + 5)))
    slots = [f"{c}{n}" for c in used_colours for n in range(low, high + 1)]
    copies = draw(st.lists(st.integers(0, 2), min_size=len(slots), max_size=len(slots)))
    tiles = [slot for slot, n in zip(slots, copies) for _ in range(n)]
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
    assert answer.value == reference_solve(tiles, FOUR, "meld")


@exact
@given(positions(FOUR, 2))
def test_restore_places_the_most_tiles(tiles):
    answer = restore(tiles, colours=FOUR)
    check_arrangement(answer, tiles, FOUR, "restore")
    assert answer.value == reference_solve(tiles, FOUR, "restore")


@exact
@given(positions(SIX, 4, max_tiles=10))
def test_six_colours_and_four_jokers_meld(tiles):
    answer = max_meld(tiles, colours=SIX)
    check_arrangement(answer, tiles, SIX, "meld")
    assert answer.value == reference_solve(tiles, SIX, "meld")


@exact
@given(positions(SIX, 4, max_tiles=10))
def test_six_colours_and_four_jokers_restore(tiles):
    answer = restore(tiles, colours=SIX)
    check_arrangement(answer, tiles, SIX, "restore")
    assert answer.value == reference_solve(tiles, SIX, "restore")
