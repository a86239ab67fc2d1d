"""Tiles and cards: parsing, formatting, copy limits and rack values for every ruleset."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    ScoringError,
    TileError,
    all_rulesets,
    check_copies,
    format_tiles,
    get_ruleset,
    parse_tiles,
    plain_text,
    rack_value,
)
from scoring.lexer import COLOUR_NAMES, JOKER_NAMES


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
        ("twist", "J1"),
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


class TestTypedRacks:
    """What a referee types at the table, with or without spaces, commas and Chinese names (issue 15)."""

    @pytest.mark.parametrize(
        "ruleset, typed, tokens",
        [
            ("hk-school", "R3K4", ("R3", "K4")),
            ("hk-school", "R10R11", ("R10", "R11")),
            ("hk-school", "R13", ("R13",)),
            ("hk-school", "K1J", ("K1", "J")),
            ("hk-school", "r3k4j", ("R3", "K4", "J")),
            ("hk-school", "R3，K4", ("R3", "K4")),
            ("hk-school", "R3、K4", ("R3", "K4")),
            ("hk-school", "R3,K4 , J", ("R3", "K4", "J")),
            ("hk-school", "紅3 黑4 百搭", ("R3", "K4", "J")),
            ("hk-school", "紅3黑4", ("R3", "K4")),
            ("hk-school", "藍色12黃1 百搭牌", ("B12", "Y1", "J")),
            ("standard", "红3 蓝4 黄5", ("R3", "B4", "Y5")),
            ("six-player", "橙7 綠8 紫9 绿10", ("Y7", "G8", "P9", "G10")),
            ("twist", "雙人百搭牌 變色百搭 鏡射百搭牌 一般百搭", ("D", "C", "M", "J")),
            ("twist", "双人百搭变色百搭镜射百搭", ("D", "C", "M")),
            ("twist", "百搭D紅3M", ("J", "D", "R3", "M")),
            ("uno", "RSGD", ("RS", "GD")),
            ("uno", "紅S 綠D 藍色7、W4W", ("RS", "GD", "B7", "W4", "W")),
        ],
    )
    def test_every_way_of_typing_reads_as_the_notation(self, ruleset, typed, tokens):
        assert parse_tiles(ruleset, typed) == tokens

    def test_seed_003_calls_yellow_orange(self):
        """Seed 003: 紅3, 藍3, 黑3, 橙3就是群組."""
        assert parse_tiles("six-player", "紅3, 藍3, 黑3, 橙3") == ("R3", "B3", "K3", "Y3")

    @pytest.mark.parametrize(
        "ruleset, typed, token",
        [
            ("hk-school", "R1 3", "3"),
            ("hk-school", "R133", "R133"),
            ("hk-school", "R3X4", "X4"),
            ("hk-school", "紅14", "紅14"),
            ("hk-school", "R3 雙人百搭", "雙人百搭"),
            ("standard", "綠5", "綠5"),
            ("uno", "R10", "R10"),
        ],
    )
    def test_a_refusal_names_the_token_as_typed(self, ruleset, typed, token):
        with pytest.raises(TileError) as caught:
            parse_tiles(ruleset, typed)
        assert caught.value.code == ("bad-card" if ruleset == "uno" else "bad-tile")
        assert caught.value.token == token
        assert repr(token) in caught.value.message

    def test_too_many_copies_names_the_tile(self):
        with pytest.raises(TileError) as caught:
            parse_tiles("hk-school", "R1R1紅1")
        assert (caught.value.code, caught.value.token) == ("too-many-copies", "R1")

    @pytest.mark.parametrize(
        "typed, stored",
        [
            ("紅3黑4，百搭", "R3 K4 J"),
            ("r10r11、k1j", "R10 R11 K1 J"),
            ("\uff52\uff13\u3000\uff2b\uff14", "R3 K4"),
            ("  R3 ,, K4  ", "R3 K4"),
            ("雙人百搭牌鏡射百搭", "D M"),
            ("RSGD", "RS GD"),
            ("", ""),
        ],
    )
    def test_plain_text_stores_the_notation(self, typed, stored):
        assert plain_text(typed) == stored


def _spellings(token: str) -> list[str]:
    """Ways a referee may type one token."""
    names = {
        colour: [name for name, letter in COLOUR_NAMES.items() if letter == colour] for colour in "KRBYGP"
    }
    jokers = {letter: [name for name, value in JOKER_NAMES.items() if value == letter] for letter in "JDCM"}
    ways = [token, token.lower(), "".join(chr(ord(c) + 0xFEE0) for c in token)]
    if token in jokers:
        ways += jokers[token] + [name + "牌" for name in jokers[token]]
    elif token[0] in names and token not in ("W", "W4"):
        ways += [name + suffix + token[1:] for name in names[token[0]] for suffix in ("", "色")]
    return ways


SEPARATOR_CHOICES = ["", " ", ",", "，", "、", "\u3000", " , ", "\t"]


@st.composite
def typed_racks(draw: st.DrawFn) -> tuple[str, tuple[str, ...], str]:
    key = draw(st.sampled_from([r.key for r in all_rulesets()]))
    deck = get_ruleset(key).deck
    pool = [t for t in deck.all_tokens() for _ in range(deck.copies(t))]
    rack = tuple(draw(st.permutations(pool))[: draw(st.integers(0, 14))])
    typed = ""
    for token in rack:
        typed += draw(st.sampled_from(SEPARATOR_CHOICES)) + draw(st.sampled_from(_spellings(token)))
    return key, rack, typed + draw(st.sampled_from(SEPARATOR_CHOICES))


@settings(max_examples=300, deadline=None)
@given(typed_racks())
def test_any_way_of_typing_a_rack_parses_to_its_tokens(case):
    key, rack, typed = case
    assert parse_tiles(key, typed) == rack
    assert parse_tiles(key, plain_text(typed)) == rack
    assert plain_text(typed) == format_tiles(key, rack)


@settings(max_examples=200, deadline=None)
@given(typed_racks())
def test_the_canonical_text_of_any_rack_parses_back(case):
    key, rack, _ = case
    assert parse_tiles(key, format_tiles(key, rack)) == rack
    assert parse_tiles(key, format_tiles(key, rack, sort=True)) == tuple(
        sorted(rack, key=get_ruleset(key).deck.sort_key)
    )


def test_one_token_as_a_form_checks_it_reads_its_chinese_name_too():
    """A form that checks a rack token by token (the deck's `parse_token`) reads `紅3` and `百搭` as well."""
    deck = get_ruleset("hk-school").deck
    assert [deck.parse_token(raw) for raw in ("紅3", "黑13", "百搭牌", " ｊ ")] == ["R3", "K13", "J", "J"]
    for raw in ("R3K4", "紅", ""):
        with pytest.raises(TileError):
            deck.parse_token(raw)
    assert get_ruleset("uno").deck.parse_token("綠S") == "GS"
