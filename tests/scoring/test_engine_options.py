"""Tournament options that change a ruleset: six-player's 104-tile set for small tables (the twist strict rule
is tested with the incidents)."""

from __future__ import annotations

import pytest

from scoring import (
    GameInput,
    PlayerInput,
    RulesetOptions,
    ScoringError,
    TileError,
    get_ruleset,
    max_meld,
    parse_tiles,
    rack_value,
    read_set,
    restore,
    score_game,
)

SMALL = RulesetOptions(small_set=True)


def small() -> object:
    return get_ruleset("six-player", SMALL)


def game(ruleset: object, *racks: str) -> GameInput:
    players = [PlayerInput("A", went_out=True)]
    players += [PlayerInput(chr(66 + i), rack=rack) for i, rack in enumerate(racks)]
    return GameInput(ruleset=ruleset, ending="went-out", players=tuple(players))  # type: ignore[arg-type]


class TestSixPlayerSmallSet:
    """Seed 003: 4位或少於4位玩家: 建議只使用104塊牌(兩組數字1-13, 4種顏色, 和2塊百搭牌)."""

    def test_the_small_set_is_104_number_tiles_in_four_colours_with_two_jokers(self):
        """The seed's "104" counts the number tiles (2 x 13 x 4); with the 2 jokers the set holds 106."""
        rules = get_ruleset("six-player", SMALL)
        numbers = [t for t in rules.deck.all_tokens() if t != "J"]
        assert sum(rules.deck.copies(t) for t in numbers) == 104
        assert (rules.key, rules.deck.size(), rules.colours, rules.deck.copies("J")) == (
            "six-player",
            106,
            "KRBY",
            2,
        )
        assert rules.max_players == 4
        assert rules.options == SMALL

    def test_tiles_of_the_fifth_and_sixth_colours_are_refused(self):
        with pytest.raises(TileError) as caught:
            parse_tiles(small(), "R5 G5")
        assert (caught.value.code, caught.value.token) == ("bad-tile", "G5")
        assert parse_tiles("six-player", "R5 G5") == ("R5", "G5")

    def test_copy_limits_follow_the_small_set(self):
        with pytest.raises(TileError) as caught:
            parse_tiles(small(), "J J J")
        assert caught.value.code == "too-many-copies"
        with pytest.raises(ScoringError) as caught:
            score_game(game(small(), "J J", "J R5"))
        assert caught.value.code == "too-many-copies"

    def test_a_rack_value_above_the_small_set_is_refused(self):
        too_high = GameInput(
            ruleset=small(),  # type: ignore[arg-type]
            ending="went-out",
            players=(PlayerInput("A", went_out=True), PlayerInput("B", rack_value=789)),
        )
        with pytest.raises(ScoringError) as caught:
            score_game(too_high)
        assert caught.value.code == "rack-value-too-high"
        assert "788" in caught.value.message

    def test_tables_of_five_or_six_are_refused(self):
        with pytest.raises(ScoringError) as caught:
            score_game(game(small(), "R1", "R2", "R3", "R4"))
        assert (caught.value.code, caught.value.field) == ("small-set-too-many-players", "players")
        assert len(score_game(game("six-player", "R1", "R2", "R3", "R4")).players) == 5

    def test_groups_hold_at_most_four_tiles(self):
        with pytest.raises(ScoringError) as caught:
            read_set(small(), "K5 R5 B5 Y5 J")
        assert caught.value.code == "group-too-large"
        assert read_set("six-player", "K5 R5 B5 Y5 J").value == 25

    def test_melds_restores_and_rack_values_take_it(self):
        assert max_meld(small(), "R10 R11 R12 J").value == 46
        assert restore(small(), "R1 R2 R3 K7").unplaced == ("K7",)
        assert rack_value(small(), "R3 J") == 33

    def test_a_scored_game_keeps_the_ruleset_key(self):
        result = score_game(game(small(), "R3 J", "K13"))
        assert result.ruleset == "six-player"
        assert [p.score for p in result.players] == [46, -33, -13]

    def test_it_is_six_player_s_alone(self):
        for key in ("hk-school", "standard", "twist", "uno"):
            with pytest.raises(ScoringError) as caught:
                get_ruleset(key, SMALL)
            assert (caught.value.code, caught.value.field) == ("unsupported-option", "options.small_set")
            assert get_ruleset(key, RulesetOptions()) == get_ruleset(key)

    def test_options_must_be_true_or_false(self):
        with pytest.raises(ScoringError) as caught:
            get_ruleset("six-player", RulesetOptions(small_set="yes"))  # type: ignore[arg-type]
        assert caught.value.code == "bad-option"

    def test_each_ruleset_says_which_options_it_offers(self):
        offered = {key: get_ruleset(key).offered_options() for key in ("hk-school", "six-player", "twist")}
        assert offered == {"hk-school": (), "six-player": ("small_set",), "twist": ("strict",)}
