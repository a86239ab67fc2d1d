"""The report: every figure on a schedule worked by hand, and how a swap by hand changes them."""

from __future__ import annotations

import pytest

from seating import DrawRequest, Player, ReportRequest, SeatingError, TableSize, draw, report

# p0 and p2 are of school A, p1 and p3 of school B, the others of none.
PLAYERS = tuple(Player(f"p{i}", {0: "A", 2: "A", 1: "B", 3: "B"}.get(i)) for i in range(8))
SIZE = TableSize(4, 4)
HISTORY = ((("p0", "p4", "p5", "p6"), ("p1", "p2", "p3", "p7")),)
ROUNDS = (
    (("p0", "p1", "p4", "p5"), ("p2", "p3", "p6", "p7")),
    (("p4", "p0", "p2", "p7"), ("p5", "p1", "p3", "p6")),
)


def test_every_figure_of_a_schedule_worked_by_hand():
    figures = report(ReportRequest(PLAYERS, ROUNDS, SIZE, HISTORY))
    first, second = figures.by_round
    # Round 1 meets p0-p4, p0-p5, p4-p5, p2-p3, p2-p7, p3-p7 again, all from the round before.
    assert (first.new_repeat_pairs, first.consecutive_repeats, first.same_school_pairs) == (6, 6, 0)
    # Round 2 meets p0-p4, p2-p7, p1-p5, p3-p6 again from round 1, p1-p3 and p5-p6 from the history;
    # p0 and p2 (A) and p1 and p3 (B) share tables.
    assert (second.new_repeat_pairs, second.consecutive_repeats, second.same_school_pairs) == (6, 4, 2)
    assert (first.same_school_pairs_min, second.same_school_pairs_min) == (0, 0)
    assert (figures.same_school_pairs, figures.same_school_pairs_min) == (2, 0)
    assert figures.repeat_pairs == 10
    assert figures.max_meetings == 3
    assert figures.consecutive_repeats == 10
    assert figures.repeat_cost == 2 * 3 + 8 * 1 + 10 * 10
    assert (figures.first_seats_min, figures.first_seats_max, figures.first_seats_spread) == (0, 2, 2)
    assert first.tables_by_size == ((4, 2),)
    assert figures.sizes_ok
    assert first.unseated == ()


def test_a_swap_by_hand_shows_in_the_report():
    swapped = (ROUNDS[0], (("p4", "p0", "p3", "p7"), ("p5", "p1", "p2", "p6")))
    figures = report(ReportRequest(PLAYERS, swapped, SIZE, HISTORY))
    # p2 and p3 change places in round 2: no same-school pair; p0-p4, p3-p7, p1-p5, p2-p6 meet again
    # from round 1, p1-p2 and p5-p6 from the history.
    assert figures.same_school_pairs == 0
    assert (figures.by_round[1].new_repeat_pairs, figures.by_round[1].consecutive_repeats) == (6, 4)
    assert (figures.repeat_pairs, figures.max_meetings) == (10, 3)


def test_wrong_sizes_and_missing_players_are_reported_not_refused():
    rounds = ((("p0", "p1", "p2", "p3", "p4"), ("p5", "p6")),)
    figures = report(ReportRequest(PLAYERS, rounds, SIZE))
    assert not figures.sizes_ok
    assert figures.by_round[0].unseated == ("p7",)
    assert figures.by_round[0].tables_by_size == ((5, 1), (2, 1))


def test_a_draw_reports_itself_as_the_report_does():
    drawn = draw(DrawRequest(PLAYERS, SIZE, history=HISTORY, rounds=2, seed=1))
    assert report(ReportRequest(PLAYERS, drawn.rounds, SIZE, HISTORY)) == drawn.report


def test_ids_that_do_not_add_up_are_refused():
    with pytest.raises(SeatingError) as refused:
        report(ReportRequest(PLAYERS, ((("p0", "p0"),),), SIZE))
    assert (refused.value.code, refused.value.field) == ("player-twice-in-round", "rounds[0][0][1]")
