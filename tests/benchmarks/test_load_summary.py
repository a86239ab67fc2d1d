"""The load bench's last table sets each setup's main figures side by side, starred where they meet the
targets, with the references and load average beside them."""

from __future__ import annotations

from benchmarks.load_summary import export_lines, summary_rows

PACED = {
    "kind": "paced",
    "referees": 200,
    "load": "1.2 -> 6.3",
    "seconds": 95,
    "clients p95": {
        "save": 150.0,
        "table page": 240.0,
        "public standings": 30.0,
        "public standings, logins": 2400.0,
        "login": 9000.0,
    },
    "server p95": {"table page": 60.0, "save or sign-off": 50.0, "standings poll": 2.0},
    "all logged in after": 31.2,
    "checks": [1200, 3400],
    "busy": 0.87,
    "core wait": 0.4,
    "errors": 0,
    "export during": ["done", 40],
    "targets met": {"save": True, "table page": False, "public standings": True},
}
HOSTILE = {
    "kind": "hostile",
    "referees": 50,
    "load": "2.0 -> 2.5",
    "seconds": 80,
    "login": {"p95": 420, "max": 1300, "met": False},
    "save": {"p95": 90, "max": 200, "met": True},
    "connections": [],
}
RECORD = {
    "setup": "1. the hall",
    "references": {"standings SQL": 0.0152, "reportlab page": 0.00031, "load": "0.9"},
    "exports": {"scoresheets-pdf": {"end": "done", "seconds": 6.2, "load": "1.0"}},
    "runs": [PACED, HOSTILE],
    "fault": "right",
}


def test_each_run_is_a_row_with_its_figures_starred_where_they_meet_the_targets():
    paced, hostile = summary_rows([RECORD])
    assert paced == [
        "1. the hall",
        "paced, 200",
        "1.2 -> 6.3",
        "240",
        "150*",
        "30* (2,400)",
        "31 s",
        "1,200/3,400",
        "60/50/2",
        "87%",
        "0.40",
        "15.2/0.31 ms (0.9)",
    ]
    assert hostile[:3] == ["1. the hall", "hostile, 50", "2.0 -> 2.5"]
    assert hostile[4] == "90/200*"
    assert hostile[6] == "login 420/1,300"


def test_a_stress_run_is_never_starred():
    stress = {**PACED, "kind": "stress"}
    (row,) = summary_rows([{**RECORD, "runs": [stress]}])
    assert "*" not in "".join(row)


def test_the_exports_and_the_fault_run_are_one_line_a_setup():
    assert export_lines([RECORD]) == [
        "1. the hall: scoresheets-pdf done in 6.2 s (load 1.0); scoresheets during play done after 40 s; "
        "fault run: right"
    ]
