"""One colour's moves at one number, and when one state of open runs is at least as good as another."""

from __future__ import annotations

from scoring.solver.moves import colour_moves, dominates


def test_longer_runs_dominate_shorter_ones():
    assert dominates((3,), (1,))
    assert dominates((2, 3), (1, 3))
    assert not dominates((1,), (2,))


def test_extra_runs_dominate_only_when_they_may_stop():
    assert dominates((3, 3), (3,))
    assert dominates((1, 3), (1,))
    assert not dominates((1, 1), (1,))
    assert not dominates((), (1,))


def test_a_short_run_must_go_on():
    assert colour_moves((2,), 0, 0, False) == ()
    assert [m.actions for m in colour_moves((2,), 0, 1, False)] == [("J",)]


def test_a_run_of_three_may_stop():
    states = {m.state for m in colour_moves((3,), 0, 0, False)}
    assert states == {()}


def test_leaving_a_tile_out_is_kept_only_when_nothing_better_exists():
    moves = colour_moves((3,), 1, 0, False)
    # continuing the run lays the tile and keeps a run of 3 open: better than stopping and leaving it out
    assert all(m.in_runs + m.to_groups > 0 for m in moves)


def test_jokers_start_runs_only_when_allowed():
    assert all(m.new_joker == 0 for m in colour_moves((), 0, 2, False))
    assert any(m.new_joker == 1 for m in colour_moves((), 0, 2, True))
