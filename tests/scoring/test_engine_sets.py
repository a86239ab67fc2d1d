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
    assert reads("hk-school", "J J R5") == ("group", 15, "K5 B5 R5")
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
        ("R7 R6 R5", "run-not-consecutive"),
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
