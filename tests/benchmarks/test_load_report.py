"""The load bench's line on its readers: a closed loop's pace, and what the readers' own process costs."""

from __future__ import annotations

from benchmarks.load_clients import READERS, Timings
from benchmarks.load_report import (
    NOT_READY,
    export_went_wrong,
    memory_line,
    print_run,
    readers_by_process,
    readers_line,
)
from benchmarks.load_server import ServerRow


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
        ServerRow("GET", "/t/load/standings/", 200, 0.001, "11", 0, 0.001),  # during the logins: not counted
        ServerRow("GET", "/t/load/standings/", 200, 0.001, "11", 0, 0.001),
        ServerRow("GET", "/t/load/standings/", 200, 0.001, "11", 0, 0.001),
        ServerRow("GET", "/t/load/standings/", 200, 0.001, "11", 0, 0.001),
        ServerRow("GET", "/t/load/standings/", 200, 0.001, "22", 0, 0.001),
        ServerRow("POST", "/referee/tables/7/", 302, 0.020, "22", 0, 0.001),  # a referee's save: not a reload
        ServerRow("GET", "/t/load/", 200, 0.001, "22", 0, 0.001),  # another public page: not the standings
    ]
    line = readers_by_process(rows, play_from=1)
    assert line == "   the reloads during play by server process: 75% / 25%"


def test_no_line_without_reloads_during_play():
    assert (
        readers_by_process([ServerRow("GET", "/t/load/standings/", 200, 0.001, "11", 0, 0.001)], play_from=1)
        is None
    )


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


def test_each_run_shows_how_long_requests_waited_for_a_thread_apart_from_their_own_time(capsys):
    """The access log's time starts when a thread takes the request; the phone waited for that thread too."""
    timings = Timings()
    timings.seconds["save"] = [0.400] * 20
    rows = [ServerRow("POST", "/referee/tables/7/", 302, 0.050, "22", 0.350, 0.012)] * 20
    summary = {"seconds": 60, "load": "1.0 -> 2.0", "play from": 0, "all logged in after": 20.0}
    summary |= {"export during": "", "cores": None}
    print_run("a run", timings, rows, summary, {}, {"standings SQL": 0.01})
    printed = capsys.readouterr().out
    spent, waited = printed.split("as the server spent it")[1].split("waiting for a thread")
    waited, cpu = waited.split("CPU of the request's own thread")
    assert "| save or sign-off         |     20 |     50 |     50 |     50 |" in spent
    assert "| save or sign-off         |     20 |    350 |    350 |    350 |" in waited
    assert "| save or sign-off         |     20 |     12 |     12 |     12 |" in cpu


def test_each_run_says_how_many_cores_the_referees_and_the_parents_kept_busy(capsys):
    """Whether the cores can carry the referees at all is their requests' CPU over the play's seconds: the
    same figure tells it on a faster or a slower machine."""
    timings = Timings()
    rows = [ServerRow("GET", "/t/load/standings/", 200, 0.001, "22", 0, 0.002)] * 3  # during the logins
    rows += [ServerRow("POST", "/referee/tables/7/", 302, 0.050, "22", 0.1, 0.030)] * 200
    rows += [ServerRow("GET", "/referee/tables/7/", 200, 0.040, "22", 0.1, 0.020)] * 200
    rows += [ServerRow("GET", "/t/load/standings/", 200, 0.001, "22", 0, 0.002)] * 5000
    summary = {"seconds": 60, "load": "1.0 -> 2.0", "play from": 3, "play seconds": 10.0}
    summary |= {"all logged in after": 20.0, "export during": "", "cores": None}
    print_run("a run", timings, rows, summary, {}, {"standings SQL": 0.01}, cores=2)
    printed = capsys.readouterr().out
    assert (
        "during play the server's threads spent 1.00 CPU-second a second on the referees' requests "
        "(50% of the 2 cores) and 1.00 on the parents' reloads (50%)"
    ) in printed


def test_requests_sent_again_after_a_dropped_connection_are_counted_apart_from_errors(capsys):
    """A browser resends a request its kept-alive connection lost unanswered; the bench says how often."""
    timings = Timings()
    timings.dropped("save")
    timings.dropped("save")
    timings.dropped("export status")
    summary = {"seconds": 60, "load": "1.0 -> 2.0", "play from": 0, "all logged in after": 20.0}
    summary |= {"export during": "", "cores": None}
    print_run("a run", timings, [], summary, {}, {"standings SQL": 0.01})
    printed = capsys.readouterr().out
    assert "errors: none" in printed
    assert (
        "dropped unanswered with their connection and sent again: {'save': 2, 'export status': 1}" in printed
    )


def test_the_serving_processes_memory_and_replacements_are_shown_after_each_run():
    before = {101: 90.0, 102: 92.0}
    after = {101: 95.4, 103: 80.0}  # 102 was replaced by 103 during the run
    assert memory_line(before, after) == (
        "   gunicorn's serving processes after the run: 95, 80 MB (+5 to +5 MB over the run); "
        "started during it: 1"
    )
    assert memory_line(before, {}) is None
