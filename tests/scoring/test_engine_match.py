"""Deciding a match: games won, total, ranks with ties, the deciding rule, fixed length and UNO's target."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import GameInput, MatchOptions, PlayerInput, ScoringError, decide_match, score_game


def went_out(ruleset: str, winner: str, **racks: int):
    players = [
        PlayerInput(seat, went_out=seat == winner, rack_value=racks.get(seat))
        for seat in sorted({winner, *racks})
    ]
    return score_game(GameInput(ruleset, "went-out", tuple(players)))


def exhausted(ruleset: str, **racks: int):
    players = [PlayerInput(seat, rack_value=value) for seat, value in sorted(racks.items())]
    return score_game(GameInput(ruleset, "pool-exhausted", tuple(players)))


def standing(result) -> list[tuple[str, Fraction, Fraction, int]]:
    return [(p.seat, p.games_won, p.total, p.rank) for p in result.players]


def test_school_scoresheet_of_seed_002():
    games = [
        went_out("hk-school", "B", A=7, C=61, D=50),
        went_out("hk-school", "B", A=12, C=2, D=23),
        went_out("hk-school", "C", A=49, B=32, D=17),
    ]
    assert [[p.score for p in g.players] for g in games] == [
        [-7, 118, -61, -50],
        [-12, 37, -2, -23],
        [-49, -32, 98, -17],
    ]
    result = decide_match("hk-school", games, MatchOptions(games_per_table=3))
    assert standing(result) == [("A", 0, -68, 3), ("B", 2, 123, 1), ("C", 1, 35, 2), ("D", 0, -90, 4)]
    assert (result.winner, result.decided_by, result.finished) == ("B", "games-won", True)


def test_standard_rule_book_score_table():
    games = [
        went_out("standard", "A", B=5, C=16, D=3),
        went_out("standard", "C", A=6, B=11, D=5),
        went_out("standard", "D", A=32, B=13, C=2),
        went_out("standard", "C", A=10, B=25, D=6),
    ]
    result = decide_match("standard", games)
    assert [p.total for p in result.players] == [-24, -54, 45, 33]
    assert [p.games_won for p in result.players] == [1, 0, 2, 1]
    assert (result.winner, result.decided_by) == ("C", "games-won")


def test_equal_games_won_go_to_the_higher_total():
    games = [went_out("standard", "A", B=10), went_out("standard", "B", A=3)]
    result = decide_match("standard", games)
    assert (result.winner, result.decided_by) == ("A", "total-score")
    assert [p.rank for p in result.players] == [1, 2]


def test_a_tie_on_both_is_shown_as_a_tie():
    games = [went_out("standard", "A", B=10), went_out("standard", "B", A=10)]
    result = decide_match("standard", games)
    assert (result.winner, result.decided_by, result.finished) == (None, "unresolved", True)
    assert [p.rank for p in result.players] == [1, 1]


def test_ranks_skip_after_a_tie():
    games = [exhausted("standard", A=1, B=1, C=5)]
    assert [p.rank for p in decide_match("standard", games).players] == [1, 1, 3]


def test_shared_win_credit_full_or_split():
    games = [exhausted("hk-school", A=1, B=1, C=10, D=7)]
    full = decide_match("hk-school", games, MatchOptions(shared_win_credit="full"))
    split = decide_match("hk-school", games, MatchOptions(shared_win_credit="split"))
    assert [p.games_won for p in full.players] == [1, 1, 0, 0]
    assert [p.games_won for p in split.players] == [Fraction(1, 2), Fraction(1, 2), 0, 0]


def test_split_credit_can_change_the_winner():
    games = [went_out("hk-school", "A", B=1, C=3), exhausted("hk-school", A=50, B=1, C=1)]
    full = decide_match("hk-school", games, MatchOptions(shared_win_credit="full"))
    assert [p.total for p in full.players] == [-45, Fraction(47, 2), Fraction(43, 2)]
    assert (full.winner, full.decided_by) == ("B", "total-score")
    split = decide_match("hk-school", games, MatchOptions(shared_win_credit="split"))
    assert (split.winner, split.decided_by) == ("A", "games-won")


def test_an_unfinished_match_has_no_winner_yet():
    result = decide_match("hk-school", [went_out("hk-school", "A", B=9)], MatchOptions(games_per_table=3))
    assert (result.winner, result.finished, result.decided_by) == (None, False, "unresolved")
    assert result.players[0].rank == 1


def test_more_games_than_the_match_has_are_refused():
    games = [went_out("hk-school", "A", B=9)] * 2
    with pytest.raises(ScoringError) as caught:
        decide_match("hk-school", games, MatchOptions(games_per_table=1))
    assert caught.value.code == "too-many-games"


def test_no_games_is_an_empty_unfinished_match():
    result = decide_match("standard", [])
    assert (result.players, result.winner, result.finished) == ((), None, False)


@pytest.mark.parametrize(
    "options",
    [MatchOptions(shared_win_credit="half"), MatchOptions(games_per_table=0), MatchOptions(target=-5)],
)
def test_bad_options_are_refused(options):
    with pytest.raises(ScoringError) as caught:
        decide_match("hk-school", [went_out("hk-school", "A", B=9)], options)
    assert caught.value.code == "bad-option"


def test_games_of_another_ruleset_or_other_seats_are_refused():
    with pytest.raises(ScoringError) as caught:
        decide_match("hk-school", [went_out("standard", "A", B=9)])
    assert caught.value.code == "ruleset-mismatch"
    with pytest.raises(ScoringError) as caught:
        decide_match("standard", [went_out("standard", "A", B=9), went_out("standard", "A", C=9)])
    assert caught.value.code == "seat-mismatch"


class TestUnoTarget:
    def test_first_to_the_target_wins_in_game_order(self):
        games = [went_out("uno", "A", B=300), went_out("uno", "B", A=450), went_out("uno", "A", B=250)]
        result = decide_match("uno", games)
        assert (result.winner, result.decided_by, result.finished) == ("A", "target", True)
        assert standing(result) == [("A", 2, 550, 1), ("B", 1, 450, 2)]

    def test_below_the_target_the_match_goes_on(self):
        result = decide_match("uno", [went_out("uno", "A", B=300)])
        assert (result.winner, result.finished, result.decided_by) == (None, False, "unresolved")

    def test_the_target_is_configurable(self):
        assert decide_match("uno", [went_out("uno", "A", B=120)], MatchOptions(target=100)).winner == "A"

    def test_games_after_the_target_are_refused(self):
        with pytest.raises(ScoringError) as caught:
            decide_match("uno", [went_out("uno", "A", B=500), went_out("uno", "B", A=10)])
        assert caught.value.code == "match-over"

    def test_games_per_table_is_ignored_for_uno(self):
        assert decide_match("uno", [went_out("uno", "A", B=500)], MatchOptions(games_per_table=3)).finished

    def test_the_table_winner_reached_the_target_whoever_won_more_hands(self):
        """RULES.md: a table's winner is the player who reached the target; never rank by hands won.

        Within a table the ranks follow the totals: nobody else can be at or above the target, so the winner
        is alone at rank 1. Ranking across tables (tables won, then points) is the site's."""
        small_hands = [went_out("uno", "B", A=10, C=10)] * 4
        games = [*small_hands, went_out("uno", "A", B=300, C=220)]
        result = decide_match("uno", games)
        assert (result.winner, result.decided_by) == ("A", "target")
        assert standing(result) == [("A", 1, 520, 1), ("B", 4, 80, 2), ("C", 0, 0, 3)]


class TestAPlayerWhoLeaves:
    """RULES.md, "A player who leaves during a table": later games are played and scored by those still
    there; the table is decided among all its players on what each recorded."""

    def test_later_games_are_played_by_those_still_there(self):
        games = [
            went_out("hk-school", "A", B=10, C=20, D=30),
            went_out("hk-school", "B", A=5, C=6),
            went_out("hk-school", "C", A=1, B=2),
        ]
        result = decide_match("hk-school", games, MatchOptions(games_per_table=3))
        players = {player.seat: player for player in result.players}
        assert [player.seat for player in result.players] == ["A", "B", "C", "D"]
        assert (players["D"].games_won, players["D"].total, players["D"].rank) == (0, -30, 4)
        assert result.finished

    def test_a_player_who_left_does_not_come_back(self):
        games = [went_out("uno", "A", B=10, C=20), went_out("uno", "A", B=5), went_out("uno", "A", B=5, C=3)]
        with pytest.raises(ScoringError) as caught:
            decide_match("uno", games)
        assert (caught.value.code, caught.value.field) == ("seat-mismatch", "games[2]")

    def test_a_smaller_uno_table_plays_on_to_the_target(self):
        games = [went_out("uno", "A", B=100, C=100), went_out("uno", "B", A=400)]
        result = decide_match("uno", games, MatchOptions(target=400))
        assert (result.winner, [p.total for p in result.players]) == ("B", [200, 400, 0])

    @settings(max_examples=150, deadline=None)
    @given(
        st.lists(st.lists(st.integers(1, 60), min_size=4, max_size=4), min_size=3, max_size=3),
        st.integers(1, 2),
        st.sampled_from("ABCD"),
    )
    def test_the_player_who_left_keeps_what_they_recorded_and_the_table_sums_to_zero(
        self, values, played, leaver
    ):
        games = []
        for number, racks in enumerate(values):
            seats = [seat for seat in "ABCD" if number < played or seat != leaver]
            winner = next(seat for seat in seats if seat != leaver) if number % 2 else seats[0]
            games.append(
                went_out(
                    "hk-school",
                    winner,
                    **{s: v for s, v in zip("ABCD", racks, strict=True) if s in seats and s != winner},
                )
            )
        result = decide_match("hk-school", games, MatchOptions(games_per_table=3))
        by_seat = {player.seat: player for player in result.players}
        assert sum(player.total for player in result.players) == 0
        recorded = sum(game.player(leaver).score for game in games[:played])
        assert by_seat[leaver].total == recorded
