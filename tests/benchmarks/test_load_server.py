"""The load bench reads gunicorn's access log as `ACCESS_FORMAT` writes it, and its processes' memory."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from benchmarks.load_server import ACCESS_FORMAT, ServerRow, read_access_log, resident_mb


def test_rows_carry_the_worker_process_the_wait_and_the_cpu_and_a_line_cut_short_is_left_out(tmp_path):
    assert ACCESS_FORMAT.split() == ["%(m)s", "%(U)s", "%(s)s", "%(D)s", "%(p)s", "%(w)s", "%(c)s"]
    log = tmp_path / "access.log"
    log.write_text(
        "GET /t/load/standings/ 200 1234 <4056> 310 1100\n"
        "POST /referee/tables/7/ 302 20500 <4061> 250000 9000\n"
        "GET /t/load/standings/ 200 98 <4056> 12"  # the server was killed while writing this line
    )
    assert read_access_log(log) == [
        ServerRow("GET", "/t/load/standings/", 200, 0.001234, "4056", 0.00031, 0.0011),
        ServerRow("POST", "/referee/tables/7/", 302, 0.0205, "4061", 0.25, 0.009),
    ]
    assert read_access_log(tmp_path / "none.log") == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="read from /proc")
def test_a_process_s_resident_memory_is_read_and_a_gone_process_has_none():
    with open("/proc/self/status") as status:
        expected = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
    assert resident_mb(os.getpid()) == pytest.approx(expected, rel=0.2)
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert resident_mb(child.pid) is None
