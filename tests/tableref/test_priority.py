"""The export worker gives way to the web server on Linux even when it runs in a session of its own.

Linux shares the cores between sessions ("autogroups") before it looks at any process's nice value, so a
worker started in its own session (a supervisor, the load bench) with only `nice` kept half the cores while a
round's scoresheets were made, and the referees' saves waited: the load bench's saves were 3-6 times slower
while the export ran. These tests start real processes; they need Linux with autogroups and skip elsewhere."""

from __future__ import annotations

import json
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
    "import json, os; from tableref.priority import give_way; give_way(10); "
    "print(json.dumps([os.getpriority(os.PRIO_PROCESS, 0), open('/proc/self/autogroup').read()]))"
)


def run(*, own_session: bool) -> tuple[int, str]:
    """The worker's nice value and its autogroup line, which is empty in the kernel's default group (the
    session that PID 1 started, as in some CI containers)."""
    done = subprocess.run(
        [sys.executable, "-c", REPORT],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=True,
        start_new_session=own_session,
        timeout=60,
    )
    nice, group = json.loads(done.stdout)
    return nice, group


def test_a_worker_in_its_own_session_lowers_its_session_too():
    nice, group = run(own_session=True)
    assert nice == 10
    assert group.split()[-1] == "10"


def test_a_worker_sharing_the_web_servers_session_lowers_only_itself():
    """`make hall` starts the web server and the worker in the organiser's session: lowering that session
    would slow the web server down with it."""
    before = AUTOGROUP.read_text()
    nice, group = run(own_session=False)
    assert nice == min(os.getpriority(os.PRIO_PROCESS, 0) + 10, 19)
    assert group == before
