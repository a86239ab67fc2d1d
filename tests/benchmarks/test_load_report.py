"""The load bench's line on its readers: a closed loop's pace, and what the readers' own process costs."""

from __future__ import annotations

from benchmarks.load_clients import READERS, Timings
from benchmarks.load_report import NOT_READY, export_went_wrong, readers_by_process, readers_line


def test_the_readers_line_gives_their_pace_and_their_own_cpu_per_reload():
    timings = Timings()
    timings.seconds["public standings, logins"] = [0.010] * 100
    timings.seconds["public standings"] = [0.040] * 300
    timings.readers_cpu = 0.8  # over all 400 reloads
    line = readers_line(timings)
    assert f"the {READERS} readers: 300 reloads during play, mean wait 40 ms" in line
    assert f"so {READERS / 0.040:,.0f} a second" in line
    assert "spent 2.00 ms of CPU a reload" in line


def test_the_reloads_during_play_are_shared_out_by_server_process():
    rows = [
        ("GET", "/t/load/standings/", 200, 0.001, "11"),  # during the logins: not counted
        ("GET", "/t/load/standings/", 200, 0.001, "11"),
        ("GET", "/t/load/standings/", 200, 0.001, "11"),
        ("GET", "/t/load/standings/", 200, 0.001, "11"),
        ("GET", "/t/load/standings/", 200, 0.001, "22"),
        ("POST", "/referee/tables/7/", 302, 0.020, "22"),  # a referee's save: not a reload
        ("GET", "/t/load/", 200, 0.001, "22"),  # another public page: not the standings
    ]
    line = readers_by_process(rows, play_from=1)
    assert line == "   the reloads during play by server process: 75% / 25%"


def test_no_line_without_reloads_during_play():
    assert readers_by_process([("GET", "/t/load/standings/", 200, 0.001, "11")], play_from=1) is None


def test_an_export_that_is_only_slow_is_a_figure_not_a_wrong_answer():
    """On a busy machine the export worker gives way to the web server, so the round's scoresheets asked for
    during play may not be ready before the bench stops waiting: slow, not wrong."""
    assert not export_went_wrong("")
    assert not export_went_wrong("done")
    assert not export_went_wrong(NOT_READY)


def test_an_export_that_failed_or_was_refused_is_a_wrong_answer():
    assert export_went_wrong("failed: the worker stopped")
    assert export_went_wrong("refused (500)")
    assert export_went_wrong("status 500")
    assert export_went_wrong("download 404")
