"""The load bench's tables: the access log's requests by kind and phase, the targets, the parents' answers,
and only the server's figures its access log has."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.load_clients import PARENTS, Timings
from benchmarks.load_report import (
    NOT_READY,
    by_kind,
    export_went_wrong,
    parents_line,
    print_run,
    server_kind,
    verdicts,
)
from benchmarks.load_server import ServerRow

SUMMARY = {"seconds": 60, "load": "1.0 -> 2.0", "play from": 0, "all logged in after": 20.0}
SUMMARY |= {"export during": "", "cores": None}


@pytest.mark.parametrize(
    "method, path, kind",
    [
        ("POST", "/login/", "login"),
        ("GET", "/login/", None),
        ("GET", "/referee/tables/7/", "table page"),
        ("POST", "/referee/tables/7/", "save or sign-off"),
        ("GET", "/t/load/standings/", "standings page"),
        ("GET", "/t/load/standings/fragment/", "standings poll"),
        ("GET", "/t/load/", None),
        ("GET", "/healthz", None),
    ],
)
def test_requests_in_the_access_log_are_told_apart_by_kind(method, path, kind):
    assert server_kind(method, path) == kind


def test_what_came_before_every_referee_was_in_belongs_to_the_logins():
    rows = [
        ServerRow("POST", "/login/", 302, 0.3),
        ServerRow("GET", "/t/load/standings/", 200, 0.001),
        ServerRow("GET", "/t/load/standings/fragment/", 304, 0.001),
        ServerRow("GET", "/referee/tables/7/", 200, 0.02),
        ServerRow("GET", "/t/load/standings/fragment/", 200, 0.002),  # every referee is in from here
        ServerRow("POST", "/referee/tables/7/", 302, 0.02),
    ]
    found = {kind: len(found) for kind, found in by_kind(rows, play_from=4).items()}
    assert found == {
        "login": 1,
        "standings page, logins": 1,
        "standings poll, logins": 1,
        "table page, logins": 1,
        "standings poll": 1,
        "save or sign-off": 1,
    }


def test_the_public_standings_target_takes_page_loads_and_checks_together_during_play():
    timings = Timings()
    timings.seconds["standings page"] = [0.200] * 10  # slow page loads
    timings.seconds["standings poll"] = [0.010] * 90
    timings.seconds["standings poll, logins"] = [5.0] * 100  # the logins' own: not this target's
    timings.seconds["save"] = [0.100] * 20
    found = {verdict.kind: (round(verdict.p95 * 1000), verdict.met) for verdict in verdicts(timings)}
    assert found == {"save": (100, True), "public standings": (200, False)}


def test_the_parents_line_counts_page_loads_new_tables_and_not_modified_during_play():
    timings = Timings()
    timings.seconds["standings page, logins"] = [0.01] * 100
    timings.seconds["standings poll"] = [0.01] * 300
    timings.answers["standings page, logins"] = Counter({200: 100})
    timings.answers["standings poll"] = Counter({200: 120, 304: 180})
    timings.received["standings poll"] = 120 * 40_000
    timings.parents_cpu = 0.2  # over all 400 requests
    line = parents_line(timings, play_seconds=10.0)
    assert line == (
        f"   the {PARENTS} parents during play: 0 page loads and 300 checks (120 new tables, 180 not "
        "modified), 30 a second, 480 kB a second of answers; their own process spent 0.50 ms of CPU a "
        "request on the same cores"
    )
    assert parents_line(Timings(), 10.0) is None


def test_an_export_that_is_only_slow_is_a_figure_not_a_wrong_answer():
    assert not export_went_wrong("")
    assert not export_went_wrong("done")
    assert not export_went_wrong(NOT_READY)


def test_an_export_that_failed_or_was_refused_is_a_wrong_answer():
    assert export_went_wrong("failed: the worker stopped")
    assert export_went_wrong("refused (500)")
    assert export_went_wrong("status 500")
    assert export_went_wrong("download 404")


def test_a_server_that_logs_only_its_own_time_gets_no_cpu_table(capsys):
    """Stock gunicorn's access log has each request's own time only."""
    timings = Timings()
    timings.seconds["save"] = [0.400] * 20
    rows = [ServerRow("POST", "/referee/tables/7/", 302, 0.050)] * 20
    print_run("a run", timings, rows, SUMMARY, True, {"standings SQL": 0.01})
    printed = capsys.readouterr().out
    assert "| save or sign-off         |     20 |     50 |     50 |     50 |" in printed
    assert "CPU of the request's own thread" not in printed
    assert "target save p95 <= 300 ms: 400 ms, missed (load 1.0 -> 2.0)" in printed


def test_the_hall_s_cpu_of_each_request_is_shown_apart_from_the_request_s_own_time(capsys):
    timings = Timings()
    timings.seconds["save"] = [0.400] * 20
    rows = [ServerRow("POST", "/referee/tables/7/", 302, 0.050, cpu=0.012)] * 20
    print_run("a run", timings, rows, SUMMARY, False, {"standings SQL": 0.01})
    printed = capsys.readouterr().out
    spent, cpu = printed.split("as the server spent it")[1].split("CPU of the request's own thread")
    assert "| save or sign-off         |     20 |     50 |     50 |     50 |" in spent
    assert "| save or sign-off         |     20 |     12 |     12 |     12 |" in cpu
    assert "target save" not in printed  # a stress run: no targets


def test_each_run_says_how_many_cores_the_referees_and_the_parents_kept_busy(capsys):
    """Whether the cores can carry the referees at all is their requests' CPU over the play's seconds: the
    same figure tells it on a faster or a slower machine."""
    timings = Timings()
    rows = [ServerRow("GET", "/t/load/standings/fragment/", 304, 0.001, cpu=0.002)] * 3  # during the logins
    rows += [ServerRow("POST", "/referee/tables/7/", 302, 0.050, cpu=0.030)] * 200
    rows += [ServerRow("GET", "/referee/tables/7/", 200, 0.040, cpu=0.020)] * 200
    rows += [ServerRow("GET", "/t/load/standings/fragment/", 304, 0.001, cpu=0.002)] * 4000
    rows += [ServerRow("GET", "/t/load/standings/", 200, 0.001, cpu=0.002)] * 1000
    summary = SUMMARY | {"play from": 3, "play seconds": 10.0}
    print_run("a run", timings, rows, summary, True, {"standings SQL": 0.01}, cores=2)
    printed = capsys.readouterr().out
    assert (
        "during play the server's threads spent 1.00 CPU-second a second on the referees' requests "
        "(50% of the 2 cores) and 1.00 on the parents' (50%)"
    ) in printed


def test_requests_sent_again_after_a_dropped_connection_are_counted_apart_from_errors(capsys):
    """A browser resends a request its kept-alive connection lost unanswered; the bench says how often."""
    timings = Timings()
    timings.dropped("save")
    timings.dropped("save")
    timings.dropped("export status")
    print_run("a run", timings, [], SUMMARY, False, {"standings SQL": 0.01})
    printed = capsys.readouterr().out
    assert "errors: none" in printed
    assert (
        "dropped unanswered with their connection and sent again: {'save': 2, 'export status': 1}" in printed
    )
