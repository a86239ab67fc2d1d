"""Tiles and cards: parsing, formatting, copy limits and rack values for every ruleset."""

from __future__ import annotations

import pytest

from scoring import ScoringError, TileError, all_rulesets, check_copies, format_tiles, parse_tiles, rack_value


def test_tiles_parse_case_insensitively_to_upper_case():
    assert parse_tiles("hk-school", " r7  k13\tj ") == ("R7", "K13", "J")


def test_tiles_may_come_as_a_list_of_tokens():
    assert parse_tiles("standard", ["b1", "Y12"]) == ("B1", "Y12")


@pytest.mark.parametrize(
    "ruleset, token",
    [
        ("hk-school", "R14"),
        ("hk-school", "R0"),
        ("hk-school", "R07"),
        ("hk-school", "G5"),
        ("hk-school", "D"),
        ("standard", "M"),
        ("six-player", "C"),
        ("twist", "P3"),
        ("twist", "JJ"),
        ("uno", "K5"),
        ("uno", "R10"),
        ("uno", "W5"),
    ],
)
def test_a_token_outside_the_ruleset_is_a_bad_tile(ruleset, token):
    with pytest.raises(TileError) as caught:
        parse_tiles(ruleset, token)
    assert caught.value.code == ("bad-card" if ruleset == "uno" else "bad-tile")


@pytest.mark.parametrize(
    "ruleset, token", [("hk-school", "R\u0661"), ("hk-school", "R\u0967"), ("uno", "R\u0663")]
)
def test_digits_of_other_scripts_are_not_numbers_of_a_tile(ruleset, token):
    with pytest.raises(TileError) as caught:
        parse_tiles(ruleset, token)
    assert caught.value.code == ("bad-card" if ruleset == "uno" else "bad-tile")


def test_full_width_input_from_a_chinese_keyboard_reads_as_the_plain_tile():
    assert parse_tiles("hk-school", "\uff32\uff17 \uff4b\uff11\uff13\u3000\uff2a") == ("R7", "K13", "J")
    assert parse_tiles("uno", "\uff37\uff14 \uff52\uff53") == ("W4", "RS")


def test_a_tile_typed_two_ways_counts_as_one_kind_of_tile():
    with pytest.raises(TileError) as caught:
        parse_tiles("hk-school", "R1 R1 \uff32\uff11")
    assert caught.value.code == "too-many-copies"


def test_six_player_knows_green_and_purple_and_four_jokers():
    assert parse_tiles("six-player", "G13 P1 J J J J") == ("G13", "P1", "J", "J", "J", "J")


def test_twist_knows_its_special_jokers():
    assert parse_tiles("twist", "d c m J") == ("D", "C", "M", "J")


@pytest.mark.parametrize(
    "ruleset, rack",
    [
        ("hk-school", "R5 R5 R5"),
        ("hk-school", "J J J"),
        ("six-player", "J J J J J"),
        ("twist", "M M M"),
        ("uno", "R0 R0"),
    ],
)
def test_more_copies_than_the_set_holds_are_refused(ruleset, rack):
    with pytest.raises(TileError) as caught:
        parse_tiles(ruleset, rack)
    assert caught.value.code == "too-many-copies"


def test_copies_are_counted_across_several_racks():
    check_copies("hk-school", ["R5", "R5"])
    with pytest.raises(TileError):
        check_copies("hk-school", ["R5", "R5", "R5"])


@pytest.mark.parametrize(
    "key, size", [("hk-school", 106), ("standard", 106), ("six-player", 160), ("twist", 112), ("uno", 108)]
)
def test_each_ruleset_knows_its_full_set(key, size):
    ruleset = next(r for r in all_rulesets() if r.key == key)
    assert ruleset.deck.size() == size


def test_the_full_set_parses_back_within_its_copy_limits():
    for ruleset in all_rulesets():
        deck = [t for t in ruleset.deck.all_tokens() for _ in range(ruleset.deck.copies(t))]
        assert len(parse_tiles(ruleset, deck)) == ruleset.deck.size()


def test_rummikub_rack_value_counts_every_joker_kind_at_30():
    assert rack_value("hk-school", "R3 R4 K13 J") == 50
    assert rack_value("twist", "D C M J R1") == 121


def test_uno_card_points_follow_seed_001():
    assert rack_value("uno", "R7 G0 BS YR RD W W4") == 7 + 0 + 20 + 20 + 20 + 50 + 50


def test_format_sorts_by_colour_then_number_with_jokers_last():
    assert format_tiles("twist", ["M", "Y1", "J", "K13", "K2", "D"], sort=True) == "K2 K13 Y1 J D M"


def test_a_non_string_rack_is_a_clear_error():
    with pytest.raises(ScoringError) as caught:
        parse_tiles("hk-school", [1, 2])  # type: ignore[list-item]
    assert caught.value.code == "bad-input"
