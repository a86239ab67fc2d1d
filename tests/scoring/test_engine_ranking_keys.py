"""The standings keys across rounds: head-to-head between exactly two, the organisers' recorded order, the
rules' default order per ruleset, and a final table deciding the places it plays for."""

from __future__ import annotations

from operator import itemgetter

from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import (
    GAMES_WON,
    ORGANISERS_DECISION,
    TABLES_WON,
    TOTAL_SCORE,
    HeadToHead,
    Higher,
    Placed,
    Recorded,
    default_standings_order,
    place_finals,
    rank,
)

# (name, games won, total)
ROWS = [("ann", 2, 10), ("bo", 2, 10), ("cy", 1, 5)]
MET = {("ann", "bo"): (0, 1), ("bo", "ann"): (1, 0)}  # they met once; Bo finished ahead


def record(first, second):
    return MET.get((first[0], second[0]), (0, 0))


def names(placed):
    return [(entry.row[0], entry.rank, entry.tied) for entry in placed]


def test_head_to_head_breaks_a_tie_of_exactly_two():
    order = [Higher("won", itemgetter(1)), Higher("total", itemgetter(2)), HeadToHead("h2h", record)]
    assert names(rank(ROWS, order)) == [("bo", 1, False), ("ann", 2, False), ("cy", 3, False)]


def test_head_to_head_leaves_three_tied_and_an_even_record_tied():
    three = [("ann", 1, 0), ("bo", 1, 0), ("cy", 1, 0)]
    order = [Higher("won", itemgetter(1)), HeadToHead("h2h", record)]
    assert [entry.rank for entry in rank(three, order)] == [1, 1, 1]
    never_met = [("cy", 1, 0), ("dee", 1, 0)]
    assert [entry.rank for entry in rank(never_met, order)] == [1, 1]


def test_the_recorded_order_breaks_what_is_left_and_the_unrecorded_stay_tied_after():
    rows = [("ann", 1), ("bo", 1), ("cy", 1), ("dee", 0)]
    positions = {"cy": 1, "ann": 2}
    order = [Higher("won", itemgetter(1)), Recorded("decision", lambda row: positions.get(row[0]))]
    assert names(rank(rows, order)) == [
        ("cy", 1, False),
        ("ann", 2, False),
        ("bo", 3, False),
        ("dee", 4, False),
    ]
    nobody = [Higher("won", itemgetter(1)), Recorded("decision", lambda row: None)]
    assert [entry.rank for entry in rank(rows, nobody)] == [1, 1, 1, 4]


def test_uno_ranks_by_tables_won_then_points():
    assert default_standings_order("uno") == (TABLES_WON, TOTAL_SCORE, ORGANISERS_DECISION)
    assert default_standings_order("hk-school") == (GAMES_WON, TOTAL_SCORE, ORGANISERS_DECISION)


def test_uno_hand_worked_a_table_winner_ranks_above_the_winner_of_many_small_hands():
    """At one table X won 3 small hands for +9; Y won one hand for +600, reached the target and the table."""
    # (name, hands won, tables won, points)
    x, y = ("X", 3, 0, 9), ("Y", 1, 1, 600)
    by_tables = [Higher(TABLES_WON, itemgetter(2)), Higher(TOTAL_SCORE, itemgetter(3))]
    assert [entry.row[0] for entry in rank([x, y], by_tables)] == ["Y", "X"]
    by_hands = [Higher(GAMES_WON, itemgetter(1)), Higher(TOTAL_SCORE, itemgetter(3))]
    assert [entry.row[0] for entry in rank([x, y], by_hands)] == ["X", "Y"]  # the wrong order, for contrast


def test_a_final_table_decides_the_places_it_plays_for():
    """Standings a, b, c, d, e (d and e tied); the final seats c, a, b and finishes b, c, a."""
    placed = [
        Placed("a", 1, False),
        Placed("b", 2, False),
        Placed("c", 3, False),
        Placed("d", 4, True),
        Placed("e", 4, True),
    ]
    final = [("c", 2), ("a", 3), ("b", 1)]
    result = place_finals(placed, [final], key=lambda row: row)
    assert [(entry.row, entry.rank, entry.tied) for entry in result] == [
        ("b", 1, False),
        ("c", 2, False),
        ("a", 3, False),
        ("d", 4, True),
        ("e", 4, True),
    ]


def test_two_final_tables_play_for_consecutive_places_and_a_shared_place_stays_shared():
    placed = [Placed(name, index + 1, False) for index, name in enumerate("abcdefg")]
    finals = [[("a", 1), ("b", 1)], [("c", 2), ("d", 1)]]
    result = place_finals(placed, finals, key=lambda row: row)
    assert [(entry.row, entry.rank, entry.tied) for entry in result] == [
        ("a", 1, True),
        ("b", 1, True),
        ("d", 3, False),
        ("c", 4, False),
        ("e", 5, False),
        ("f", 6, False),
        ("g", 7, False),
    ]


@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=12),
    st.data(),
)
def test_place_finals_keeps_everyone_once_and_ranks_in_order(values, data):
    """Whatever the standings and the finals: every row once, finalists first in table order, ranks never
    fall, a shared rank only among equals."""
    rows = list(range(len(values)))
    placed = rank(rows, [Higher("value", values.__getitem__)])
    finalists = data.draw(st.lists(st.sampled_from(rows), unique=True, max_size=len(rows)))
    split = data.draw(st.integers(0, len(finalists)))
    tables = [finalists[:split], finalists[split:]]
    finals = []
    for table in tables:
        if table:  # a table's places are competition ranks of what its players scored there
            scored = {player: data.draw(st.integers(0, 2)) for player in table}
            ranked = rank(table, [Higher("score", scored.__getitem__)])
            finals.append([(entry.row, entry.rank) for entry in ranked])
    result = place_finals(placed, finals, key=lambda row: row)
    assert sorted(entry.row for entry in result) == rows
    assert [entry.row for entry in result[: len(finalists)]] == [
        player for table in finals for player, _ in table
    ]
    ranks = [entry.rank for entry in result]
    assert ranks == sorted(ranks)
    assert all(1 <= rank_ <= position + 1 for position, rank_ in enumerate(ranks))


@given(st.lists(st.one_of(st.none(), st.integers(1, 5)), min_size=1, max_size=10))
def test_recorded_order_puts_lower_positions_first_and_the_unrecorded_last(positions):
    """Also as the first key of an order (a ranking used to fail when no column key came first)."""
    rows = list(range(len(positions)))
    result = rank(rows, [Recorded("decision", positions.__getitem__)])
    seen = [positions[entry.row] for entry in result]
    known = [p for p in seen if p is not None]
    assert known == sorted(known)
    assert seen[len(known) :] == [None] * (len(seen) - len(known))
