"""Worked positions from the rules: jokers' readings, long runs, no wrap, group sizes, two copies."""

from __future__ import annotations

import pytest
from solver_checks import check_arrangement

from scoring.solver import Arrangement, max_meld, restore

SIX = "KRBYGP"


def test_joker_counts_the_tile_it_stands_for():
    answer = max_meld(["R10", "R11", "R12", "J"])
    assert answer == Arrangement(46, (("R10", "R11", "R12", "J"),), ())


def test_three_jokers_alone_read_as_a_group_of_thirteens():
    assert max_meld(["J", "J", "J"], colours=SIX).value == 39


def test_four_jokers_alone_read_as_a_group_of_four_thirteens():
    answer = max_meld(["J"] * 4, colours=SIX)
    assert answer.value == 52
    assert answer.sets == (("J", "J", "J", "J"),)


def test_joker_at_the_top_of_a_short_run_is_worth_more_than_below():
    answer = max_meld(["R5", "R6", "J"])
    assert answer.value == 18
    check_arrangement(answer, ["R5", "R6", "J"], "KRBY", "meld")


def test_joker_fills_a_gap_inside_a_run():
    answer = max_meld(["B5", "J", "B7"])
    assert answer.sets == (("B5", "J", "B7"),)
    assert answer.value == 18


def test_a_run_may_be_longer_than_five():
    tiles = [f"K{n}" for n in range(1, 14)]
    assert max_meld(tiles).value == 91
    assert restore(tiles).value == 13


def test_runs_never_wrap_from_thirteen_to_one():
    answer = max_meld(["R12", "R13", "R1"])
    assert answer == Arrangement(0, (), ("R1", "R12", "R13"))


def test_a_group_holds_at_most_one_tile_per_colour():
    answer = restore(["K5", "R5", "B5", "Y5", "K5"])
    assert answer.value == 4
    assert answer.unplaced == ("K5",)


def test_six_colours_allow_groups_of_six():
    tiles = ["K9", "R9", "B9", "Y9", "G9", "P9"]
    answer = max_meld(tiles, colours=SIX)
    assert answer.value == 54
    assert len(answer.sets) == 1


def test_two_copies_make_two_runs():
    tiles = ["R5", "R5", "R6", "R6", "R7", "R7"]
    answer = max_meld(tiles)
    assert answer.value == 36
    assert sorted(answer.sets) == [("R5", "R6", "R7")] * 2


def test_thirty_point_meld_from_a_run_of_high_tiles():
    assert max_meld(["Y9", "Y10", "Y11", "K2", "R7"]).value == 30


def test_no_set_leaves_everything_unplaced_in_tile_order():
    answer = max_meld(["Y2", "K10", "J", "K5"])
    assert answer.value == 0
    assert answer.sets == ()
    assert answer.unplaced == ("K5", "K10", "Y2", "J")


def test_restore_counts_jokers_as_placed_tiles():
    answer = restore(["K1", "K2", "J", "J"])
    assert answer.value == 4
    assert answer.unplaced == ()


def test_restore_leaves_out_the_fewest_tiles():
    answer = restore(["R1", "R2", "R3", "K7", "B9", "B9", "Y9", "K9"])
    assert answer.value == 6
    assert answer.unplaced == ("K7", "B9")  # one group of 9s: a second B9 has no partners


def test_lower_case_tokens_are_read():
    assert max_meld(["r10", "r11", "r12"]).sets == (("R10", "R11", "R12"),)


@pytest.mark.parametrize("bad", ["X5", "R14", "R0", "D", "R"])
def test_tokens_outside_the_ruleset_are_refused(bad):
    with pytest.raises(ValueError):
        restore(["R1", bad])


def test_the_whole_box_is_placed():
    box = [f"{c}{n}" for c in "KRBY" for n in range(1, 14) for _ in range(2)] + ["J", "J"]
    answer = restore(box)
    assert answer.value == 106
    assert answer.unplaced == ()
    check_arrangement(answer, box, "KRBY", "restore")


def test_the_whole_six_player_box_is_placed():
    box = [f"{c}{n}" for c in SIX for n in range(1, 14) for _ in range(2)] + ["J"] * 4
    answer = restore(box, colours=SIX)
    assert answer.value == 160
    check_arrangement(answer, box, SIX, "restore")


def test_best_meld_of_the_whole_box_lays_every_tile_at_full_value():
    box = [f"{c}{n}" for c in "KRBY" for n in range(1, 14) for _ in range(2)] + ["J", "J"]
    answer = max_meld(box)
    assert answer.value == 8 * 91 + 2 * 13
    check_arrangement(answer, box, "KRBY", "meld")
