"""The export worker gives way to the web server on Linux even when it runs in a session of its own.

Linux shares the cores between sessions ("autogroups") before it looks at any process's nice value, so a
worker started in its own session (a supervisor, the load bench) with only `nice` kept half the cores while a
round's scoresheets were made, and the referees' saves waited: the load bench's saves were 3-6 times slower
while the export ran. These tests start real processes; they need Linux with autogroups and skip elsewhere."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

AUTOGROUP = Path("/proc/self/autogroup")
PROJECT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not AUTOGROUP.exists(), reason="no autogroups here (not Linux, or a kernel without them)"
)

REPORT = (
    "import os; from tableref.priority import give_way; give_way(10); "
    "print(os.getpriority(os.PRIO_PROCESS, 0), open('/proc/self/autogroup').read().split()[-1])"
)


def run(*, own_session: bool) -> tuple[int, int]:
    done = subprocess.run(
        [sys.executable, "-c", REPORT],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=True,
        start_new_session=own_session,
        timeout=60,
    )
    nice, group_nice = done.stdout.split()
    return int(nice), int(group_nice)


def test_a_worker_in_its_own_session_lowers_its_session_too():
    assert run(own_session=True) == (10, 10)


def test_a_worker_sharing_the_web_servers_session_lowers_only_itself():
    """`make hall` starts the web server and the worker in the organiser's session: lowering that session
    would slow the web server down with it."""
    before = int(AUTOGROUP.read_text().split()[-1])
    nice, group_nice = run(own_session=False)
    assert nice == min(os.getpriority(os.PRIO_PROCESS, 0) + 10, 19)
    assert group_nice == before
