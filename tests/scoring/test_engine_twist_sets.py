"""Twist special jokers as RULES.md reads them, and our decisions on the cases it leaves open."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidSet, get_ruleset, max_meld, rack_value, read_set


def reads(tiles: str) -> tuple[str, int, str]:
    reading = read_set("twist", tiles)
    return reading.kind, reading.value, " ".join(reading.reads)


def refusal(tiles: str) -> str:
    with pytest.raises(InvalidSet) as caught:
        read_set("twist", tiles)
    return caught.value.code


class TestDoubleJoker:
    def test_seed_run_example_counts_both_tiles(self):
        # Seed 000: yellow 2, double joker, yellow 5; the double joker stands for Y3 and Y4 (3 + 4 = 7).
        assert reads("Y2 D Y5") == ("run", 14, "Y2 Y3 Y4 Y5")

    def test_seed_group_example_takes_two_missing_colours(self):
        assert reads("B3 R3 D") == ("group", 12, "B3 R3 K3 Y3")

    def test_it_may_stand_first_last_or_inside(self):
        assert reads("D R3 R4")[2] == "R1 R2 R3 R4"
        assert reads("R3 R4 D")[2] == "R3 R4 R5 R6"

    def test_it_never_stands_below_1_or_above_13(self):
        assert refusal("D R2 R3") == "run-out-of-range"
        assert refusal("R11 R12 D") == "run-out-of-range"

    def test_a_set_needs_three_laid_tiles_even_with_a_double_joker(self):
        assert refusal("R5 D") == "too-few-tiles"

    def test_a_group_cannot_exceed_four_colours_through_it(self):
        assert refusal("R3 B3 Y3 D") == "group-too-large"


class TestColourChangeJoker:
    def test_it_changes_the_colour_of_a_run(self):
        assert reads("R5 R6 C B8 B9") == ("run", 35, "R5 R6 R7 B8 B9")

    def test_the_two_sides_must_differ(self):
        assert refusal("R5 C R7") == "colour-change-same-colour"

    def test_each_segment_has_one_colour(self):
        assert refusal("R5 B6 C K8") == "segment-mixed-colours"

    def test_it_is_for_runs_only(self):
        assert refusal("R5 B5 C") == "colour-change-in-group"

    def test_decision_it_may_end_a_run_as_the_tile_of_another_colour(self):
        assert reads("R5 R6 C") == ("run", 18, "R5 R6 K7")
        assert reads("C R5 R6") == ("run", 15, "K4 R5 R6")

    def test_decision_several_in_one_run_each_change_colour(self):
        assert reads("R3 C B5 C K7") == ("run", 25, "R3 R4 B5 B6 K7")
        assert refusal("R3 C R5 C K7") == "colour-change-same-colour"

    def test_decision_two_side_by_side_leave_a_segment_of_any_colour(self):
        assert reads("R5 C C R8")[1] == 26

    def test_it_still_follows_the_numbers(self):
        assert refusal("R12 R13 C") == "run-out-of-range"


class TestMirrorJoker:
    def test_a_run_fragment_mirrors_and_the_mirror_is_worth_0(self):
        assert reads("R3 R4 M R4 R3") == ("mirror", 14, "R3 R4 M R4 R3")

    def test_a_group_fragment_mirrors(self):
        assert reads("R5 B5 M B5 R5") == ("mirror", 20, "R5 B5 M B5 R5")

    def test_it_lays_two_identical_tiles(self):
        assert reads("R5 M R5") == ("mirror", 10, "R5 M R5")

    def test_a_regular_joker_mirrors_a_number_tile(self):
        assert reads("J M R5") == ("mirror", 10, "R5 M R5")
        assert reads("R3 J M R4 R3") == ("mirror", 14, "R3 R4 M R4 R3")

    def test_decision_the_side_may_rise_away_from_the_mirror(self):
        assert reads("R4 R3 M R3 R4") == ("mirror", 14, "R4 R3 M R3 R4")

    def test_sides_that_differ_are_refused(self):
        assert refusal("R3 R4 M R5 R3") == "mirror-not-symmetric"
        assert refusal("R3 R4 M R4") == "mirror-not-centred"
        assert refusal("M R4 R4") == "mirror-not-centred"

    def test_a_side_must_be_a_run_or_group_fragment(self):
        assert refusal("R3 B4 M B4 R3") == "mirror-side-invalid"

    def test_decision_only_one_mirror_per_set(self):
        """RULES.md reads a mirror set as `S M reverse(S)`: one axis, so one mirror joker."""
        assert refusal("R5 M J M R5") == "several-mirrors"
        assert refusal("J M M J R5") == "several-mirrors"

    def test_any_joker_standing_for_the_tiles_it_faces_is_symmetric(self):
        """Seed 000: 如果鏡射百搭牌的一邊是數字牌，另一邊是代表該數字的百搭牌也算左右對稱."""
        assert reads("R3 D M R5 R4 R3") == ("mirror", 24, "R3 R4 R5 M R5 R4 R3")
        assert reads("R3 D M R5 J R3") == ("mirror", 24, "R3 R4 R5 M R5 R4 R3")
        assert reads("B3 D M K3 R3 B3") == ("mirror", 18, "B3 R3 K3 M K3 R3 B3")

    def test_sides_of_colour_change_run_fragments_mirror(self):
        """Seed 000: 一個牌組可以使用多於一個特殊百搭牌或一般百搭牌 (RULES.md: R5 C B7 M B7 C R5 is valid)."""
        assert reads("R5 C B7 M B7 C R5") == ("mirror", 36, "R5 R6 B7 M B7 R6 R5")

    def test_a_double_joker_mirrors_a_double_joker(self):
        assert reads("R3 D M D R3") == ("mirror", 24, "R3 R4 R5 M R5 R4 R3")

    def test_decision_sides_must_cover_as_many_places(self):
        """A double joker stands for two tiles, so it counts two places when the sides are compared."""
        assert refusal("R3 D M J R3") == "mirror-not-centred"
        assert refusal("R3 R4 M D R3") == "mirror-not-centred"
        assert reads("R3 R4 R5 M D R3")[2] == "R3 R4 R5 M R5 R4 R3"

    def test_decision_a_colour_change_joker_at_the_end_of_a_side_is_another_colour(self):
        """As at either end of a run (decision 1): `R5 C M C R5` reads R5 K6 M K6 R5."""
        assert reads("R5 C M C R5") == ("mirror", 22, "R5 K6 M K6 R5")
        assert reads("C R5 M R5 C") == ("mirror", 22, "K6 R5 M R5 K6")

    def test_decision_a_colour_change_joker_may_face_a_tile_of_either_colour_beside_it(self):
        """`R5 C B7 B8` mirrors `R5 R6 C B8`: each C stands for the tile it faces, red before, blue after."""
        assert reads("R5 C B7 B8 M B8 C R6 R5") == ("mirror", 52, "R5 R6 B7 B8 M B8 B7 R6 R5")

    def test_decision_a_side_that_changes_colour_needs_its_own_colour_change_joker(self):
        assert refusal("R5 C B7 M B7 R6 R5") == "mirror-side-invalid"
        assert refusal("R5 C B7 M B7 C K5") == "mirror-not-symmetric"

    def test_sides_that_read_alone_but_not_as_one_side_are_refused(self):
        assert refusal("J R6 M J B5") == "mirror-not-symmetric"
        assert refusal("R3 J M R5 J") == "mirror-not-symmetric"

    def test_the_mirror_is_worth_0_in_a_set(self):
        """Seed 000: 鏡射百搭牌的數值是零（鏡射=0）."""
        assert reads("K13 M K13")[1] == 26

    def test_jokers_only_take_the_best_side(self):
        assert reads("J M J") == ("mirror", 26, "K13 M K13")
        assert reads("J D M D J") == ("mirror", 78, "K13 R13 B13 M B13 R13 K13")


def test_a_set_may_hold_several_special_and_regular_jokers():
    assert reads("R5 J C B8 D") == ("run", 5 + 6 + 7 + 8 + 9 + 10, "R5 R6 R7 B8 B9 B10")


class TestMirrorJokerValue:
    """RULES.md: the mirror joker is worth 0 in a set and in the initial meld, 30 on a rack at the end."""

    def test_it_counts_0_in_the_initial_meld(self):
        """Seed 000: 特殊百搭牌也可以用來破冰...（除了鏡射百搭牌，它的數值是零，只是一塊鏡子）."""
        assert max_meld("twist", "R5 M R5").value == 10
        assert max_meld("twist", "K13 M K13 R2").value == 26

    def test_it_costs_30_on_a_rack_at_the_end(self):
        """Seed 000: 如果遊戲者的牌架上還有百搭牌（任何百搭牌，包括鏡射百搭牌），每一塊百搭牌要扣30分."""
        assert rack_value("twist", "M") == 30
        assert rack_value("twist", "M R5") == 35


MIRROR_PARTS = ["R3", "R4", "R5", "B4", "B5", "K4", "J", "D", "C"]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(MIRROR_PARTS), min_size=1, max_size=4),
    st.lists(st.sampled_from(MIRROR_PARTS), min_size=1, max_size=4),
)
def test_a_mirror_set_and_its_mirror_image_read_alike(left, right):
    """Swapping the sides (the set read right to left) changes nothing: the same S stands on both sides."""
    tokens = left + ["M"] + right
    if any(tokens.count(t) > get_ruleset("twist").deck.copies(t) for t in tokens):
        return
    outcomes = []
    for laid in (tokens, list(reversed(tokens))):
        try:
            reading = read_set("twist", laid)
            outcomes.append((reading.kind, reading.value))
        except InvalidSet as refused:
            outcomes.append(("refused", refused.code))
    assert outcomes[0] == outcomes[1]
