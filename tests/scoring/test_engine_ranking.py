"""Competition ranking over an ordered list of tie-breaks: the one ranking of the engine and the site."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import Higher, first_difference, rank

GAMES_WON = Higher("games-won", lambda row: row[1])
TOTAL = Higher("total-score", lambda row: row[2])


def ranks(rows, order=(GAMES_WON, TOTAL)) -> list[tuple[str, int, bool]]:
    return [(placed.row[0], placed.rank, placed.tied) for placed in rank(rows, order)]


def test_equal_rows_share_a_rank_and_the_next_rank_skips():
    rows = [("A", 2, 30), ("B", 1, 5), ("C", 1, 5), ("D", 0, -40)]
    assert ranks(rows) == [("A", 1, False), ("B", 2, True), ("C", 2, True), ("D", 4, False)]


def test_the_second_key_splits_only_what_the_first_left_tied():
    rows = [("A", 1, -10), ("B", 2, -50), ("C", 1, 20)]
    assert ranks(rows) == [("B", 1, False), ("C", 2, False), ("A", 3, False)]


def test_rows_no_key_tells_apart_keep_the_order_given():
    rows = [("Z", 1, 0), ("A", 1, 0)]
    assert [name for name, _, _ in ranks(rows)] == ["Z", "A"]


def test_nothing_to_rank():
    assert rank([], (GAMES_WON,)) == []


@dataclass(frozen=True)
class Decided:
    """A tie-break that sees the whole tied group: the organisers' recorded winner of a tie."""

    winner: str
    name: str = "decided"

    def split(self, tied: Sequence[tuple]) -> list[list[tuple]]:
        chosen = [row for row in tied if row[0] == self.winner]
        rest = [row for row in tied if row[0] != self.winner]
        return [chosen, rest] if chosen and rest else [list(tied)]


def test_a_tie_break_over_a_group_extends_the_order():
    rows = [("A", 1, 5), ("B", 1, 5), ("C", 1, 5), ("D", 0, -15)]
    assert ranks(rows, (GAMES_WON, TOTAL, Decided("B"))) == [
        ("B", 1, False),
        ("A", 2, True),
        ("C", 2, True),
        ("D", 4, False),
    ]


def test_the_first_difference_names_the_key_that_separates_two_rows():
    assert first_difference((GAMES_WON, TOTAL), ("A", 2, 0), ("B", 1, 9)) == "games-won"
    assert first_difference((GAMES_WON, TOTAL), ("A", 1, 9), ("B", 1, 0)) == "total-score"
    assert first_difference((GAMES_WON, TOTAL), ("A", 1, 9), ("B", 1, 9)) is None


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(-5, 5)), max_size=12))
def test_a_rank_is_one_plus_the_rows_strictly_ahead(keys):
    rows = [(str(index), won, total) for index, (won, total) in enumerate(keys)]
    for placed in rank(rows, (GAMES_WON, TOTAL)):
        mine = placed.row[1:]
        assert placed.rank == 1 + sum(1 for other in rows if other[1:] > mine)
        assert placed.tied == (sum(1 for other in rows if other[1:] == mine) > 1)
