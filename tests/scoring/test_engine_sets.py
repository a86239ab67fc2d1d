"""Set validation for groups, runs and regular jokers, with the reason a set is refused."""

from __future__ import annotations

import pytest

from scoring import InvalidSet, TileError, read_set


def reads(ruleset: str, tiles: str) -> tuple[str, int, str]:
    reading = read_set(ruleset, tiles)
    return reading.kind, reading.value, " ".join(reading.reads)


def refusal(ruleset: str, tiles: str) -> str:
    with pytest.raises(InvalidSet) as caught:
        read_set(ruleset, tiles)
    return caught.value.code


@pytest.mark.parametrize(
    "tiles, expected",
    [
        ("K7 R7 B7 Y7", ("group", 28, "K7 R7 B7 Y7")),
        ("B3 B4 B5 B6", ("run", 18, "B3 B4 B5 B6")),
        ("R5 R6 J", ("run", 18, "R5 R6 R7")),
        ("J R6 R7", ("run", 18, "R5 R6 R7")),
        ("R10 R11 R12 J", ("run", 46, "R10 R11 R12 R13")),
        ("R1 J R3", ("run", 6, "R1 R2 R3")),
        ("R4 J K4", ("group", 12, "R4 B4 K4")),
        ("r1 r2 r3", ("run", 6, "R1 R2 R3")),
        (
            "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13",
            ("run", 91, "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"),
        ),
    ],
)
def test_valid_sets_read_as_expected(tiles, expected):
    assert reads("hk-school", tiles) == expected


def test_a_set_of_jokers_only_takes_its_best_reading():
    assert reads("six-player", "J J J") == ("group", 39, "K13 R13 B13")
    assert reads("six-player", "J J J J") == ("group", 52, "K13 R13 B13 Y13")


def test_two_readings_report_the_higher_value():
    assert reads("hk-school", "R5 J J") == ("run", 18, "R5 R6 R7")
    assert reads("twist", "J J R5") == ("group", 15, "K5 B5 R5")
    assert reads("hk-school", "R12 J J") == ("group", 36, "R12 K12 B12")


def test_equal_readings_prefer_the_run():
    assert reads("hk-school", "J R5 J")[0] == "run"


def test_six_player_groups_hold_up_to_six_colours():
    assert reads("six-player", "K5 R5 B5 Y5 G5 P5") == ("group", 30, "K5 R5 B5 Y5 G5 P5")
    assert refusal("six-player", "K5 R5 B5 Y5 G5 P5 J") == "group-too-large"


@pytest.mark.parametrize(
    "tiles, code",
    [
        ("R12 R13 R1", "run-wraps"),
        ("R13 R1 R2", "run-wraps"),
        ("R13 J R2", "run-wraps"),
        ("R5 B5 R5", "group-repeated-colour"),
        ("R5 R5 J", "group-repeated-colour"),
        ("K7 R7 B7 Y7 J", "group-too-large"),
        ("R5 R7 R8", "run-not-consecutive"),
        ("R5 R6 B7", "run-mixed-colours"),
        ("R5 B6 K7", "run-mixed-colours"),
        ("R5 B7 K9", "not-a-set"),
        ("R5 B5 K6", "not-a-set"),
        ("J R1 R2", "run-out-of-range"),
        ("R11 R12 R13 J", "run-out-of-range"),
        ("R5 R6", "too-few-tiles"),
        ("J", "too-few-tiles"),
        ("", "too-few-tiles"),
    ],
)
def test_refused_sets_say_why(tiles, code):
    assert refusal("hk-school", tiles) == code


def test_refusals_carry_readable_messages():
    with pytest.raises(InvalidSet) as caught:
        read_set("standard", "R12 R13 R1")
    assert caught.value.message == "1 cannot follow 13"
    with pytest.raises(InvalidSet) as caught:
        read_set("standard", "R5 B5 R5")
    assert caught.value.message == "two tiles of the same colour in a group"


def test_a_run_in_mixed_colours_is_refused_as_a_run():
    assert refusal("hk-school", "R5 R6 B7 R8") == "run-mixed-colours"


def test_a_bad_tile_in_a_set_is_a_tile_error_not_a_refusal():
    with pytest.raises(TileError):
        read_set("hk-school", "R5 R6 D")
    with pytest.raises(TileError):
        read_set("hk-school", "R5 R5 R5")


class TestRunDirection:
    """RULES.md: outside `twist` a run may be written in either direction; `twist` lays runs ascending."""

    @pytest.mark.parametrize("ruleset", ["hk-school", "standard", "six-player"])
    def test_a_run_written_downwards_is_the_same_run(self, ruleset):
        """Seed 004: 顺组 由三只或更多的同色且数字连续的牌组成 (consecutive numbers, no direction given)."""
        assert reads(ruleset, "R7 R6 R5") == ("run", 18, "R7 R6 R5")

    def test_a_joker_stands_for_the_number_its_place_gives_in_that_direction(self):
        assert reads("hk-school", "J R6 R5") == ("run", 18, "R7 R6 R5")
        assert reads("hk-school", "R7 J R5") == ("run", 18, "R7 R6 R5")
        assert reads("standard", "K13 K12 K11 J") == ("run", 46, "K13 K12 K11 K10")

    def test_reads_keep_the_laid_order(self):
        """Decision: `reads` lists what each laid tile stands for, in the order laid (not sorted)."""
        assert reads("hk-school", "R9 R8 J R6")[2] == "R9 R8 R7 R6"

    def test_downwards_runs_still_never_wrap(self):
        """Seed 003: 數字1永遠都是最小的數字, 後面不能接數字13."""
        assert refusal("hk-school", "R1 R13 R12") == "run-wraps"
        assert refusal("hk-school", "R2 R1 J") == "run-out-of-range"
        assert refusal("hk-school", "R7 R5 R6") == "run-not-consecutive"
        assert refusal("hk-school", "R7 R6 B5") == "run-mixed-colours"

    def test_twist_requires_runs_laid_ascending(self):
        """Seed 000: 數字牌必須由小至大並從左至右順序擺放."""
        assert refusal("twist", "R7 R6 R5") == "run-not-consecutive"
        assert refusal("twist", "R7 J R5") == "run-not-consecutive"

    def test_the_refusal_says_which_way_runs_may_go(self):
        with pytest.raises(InvalidSet) as either:
            read_set("hk-school", "R7 R5 R6")
        with pytest.raises(InvalidSet) as ascending:
            read_set("twist", "R7 R5 R6")
        assert "rise or fall" in either.value.message
        assert ascending.value.message == "the numbers of a run rise by one from left to right"

    def test_a_downward_reading_of_higher_value_is_reported(self):
        """`J J R5` reads best as R7 R6 R5 (18) where runs may fall, as a group of 5s (15) in twist."""
        assert reads("hk-school", "J J R5") == ("run", 18, "R7 R6 R5")
        assert reads("twist", "J J R5") == ("group", 15, "K5 B5 R5")
