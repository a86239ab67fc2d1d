"""The load bench reads each server's access log, its processes' memory, and starts the hall again while its
launcher finds the port still taken."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from benchmarks.load_server import (
    GUNICORN_FORMAT,
    HallServer,
    ServerRow,
    Stopped,
    read_gunicorn_log,
    read_hall_log,
    resident_mb,
)


def test_the_hall_s_lines_give_the_request_its_time_and_its_cpu_and_a_line_cut_short_is_left_out(tmp_path):
    log = tmp_path / "access.log"
    log.write_text(
        '2026-11-28 01:47:03,675 127.0.0.1 "GET /healthz HTTP/1.1" 200 34 330.7ms cpu=187.0ms\n'
        '2026-11-28 01:47:04,001 127.0.0.1 "POST /referee/tables/7/ HTTP/1.1" 302 0 20.5ms cpu=9.0ms\n'
        '2026-11-28 01:47:04,002 127.0.0.1 "GET /t/load/standings/fragment/ HTTP/1.1" 304 0 1.2ms cpu=0.9ms\n'
        '2026-11-28 01:47:04,003 127.0.0.1 "GET /t/load/standings/ HTTP/1.1" 200 4'  # killed while writing
    )
    rows = read_hall_log(log)
    assert [(row.method, row.path, row.status, row.at) for row in rows] == [
        ("GET", "/healthz", 200, "2026-11-28 01:47:03,675"),
        ("POST", "/referee/tables/7/", 302, "2026-11-28 01:47:04,001"),
        ("GET", "/t/load/standings/fragment/", 304, "2026-11-28 01:47:04,002"),
    ]
    assert [row.seconds for row in rows] == pytest.approx([0.3307, 0.0205, 0.0012])
    assert [row.cpu for row in rows] == pytest.approx([0.187, 0.009, 0.0009])
    assert read_hall_log(tmp_path / "none.log") == []


def test_a_rotated_hall_log_is_read_oldest_first(tmp_path):
    line = '2026-11-28 01:47:03,675 127.0.0.1 "GET {} HTTP/1.1" 200 34 1.0ms cpu=1.0ms\n'
    (tmp_path / "access.log.2").write_text(line.format("/first/"))
    (tmp_path / "access.log.1").write_text(line.format("/second/"))
    (tmp_path / "access.log").write_text(line.format("/third/"))
    assert [row.path for row in read_hall_log(tmp_path / "access.log")] == ["/first/", "/second/", "/third/"]


def test_the_hall_s_serving_processes_logs_are_read_together_in_the_order_they_were_written(tmp_path):
    """Each serving process writes its own log; the rows' order tells the logins from the play."""
    line = '2026-11-28 01:47:{:02d},000 127.0.0.1 "GET {} HTTP/1.1" 200 34 1.0ms cpu=1.0ms\n'
    (tmp_path / "access.log").write_text(line.format(1, "/first/") + line.format(4, "/fourth/"))
    (tmp_path / "access-2.log.1").write_text(line.format(2, "/second/"))
    (tmp_path / "access-2.log").write_text(line.format(3, "/third/"))
    (tmp_path / "access-3.log").write_text(line.format(5, "/fifth/"))
    hall = HallServer("sqlite://", tmp_path)
    paths = [row.path for row in hall.server_rows()]
    assert paths == ["/first/", "/second/", "/third/", "/fourth/", "/fifth/"]
    hall.reset_log()
    assert hall.server_rows() == []


def test_gunicorn_s_lines_give_the_request_its_own_time_and_a_line_cut_short_is_left_out(tmp_path):
    assert GUNICORN_FORMAT.split() == ["%(m)s", "%(U)s", "%(s)s", "%(D)s"]
    log = tmp_path / "access.log"
    log.write_text(
        "GET /t/load/standings/ 200 1234\n"
        "POST /referee/tables/7/ 302 20500\n"
        "GET /t/load/standings/ 200\n"  # cut short
        "GET /t/load/standings/ 200 <4056>\n"  # not a figure
    )
    assert read_gunicorn_log(log) == [
        ServerRow("GET", "/t/load/standings/", 200, 0.001234),
        ServerRow("POST", "/referee/tables/7/", 302, 0.0205),
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="read from /proc")
def test_a_process_s_resident_memory_is_read_and_a_gone_process_has_none():
    with open("/proc/self/status") as status:
        expected = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024
    assert resident_mb(os.getpid()) == pytest.approx(expected, rel=0.2)
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert resident_mb(child.pid) is None


# Stands in for `python -m tableref.hall`: says its port is in use (and stops) as many times as `refusals`
# says, then serves /healthz until it is stopped.
FAKE_HALL = textwrap.dedent(
    """
    import sys
    from http.server import BaseHTTPRequestHandler, HTTPServer
    from pathlib import Path

    port, count_file, refusals = int(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    count = int(count_file.read_text()) if count_file.exists() else 0
    count_file.write_text(str(count + 1))
    if count < refusals:
        print(f"hall: port {port} is in use (is the hall already running?)", flush=True)
        sys.exit(1)

    class Health(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    HTTPServer(("127.0.0.1", port), Health).serve_forever()
    """
)


class FakeHall(HallServer):
    refusals = 0

    def commands(self) -> list[list[str]]:
        script = self.log_dir / "fake_hall.py"
        script.write_text(FAKE_HALL)
        return [
            [sys.executable, str(script), str(self.port), str(self.log_dir / "starts"), str(self.refusals)]
        ]


def test_the_hall_is_started_again_while_its_port_is_said_to_be_in_use_and_the_wait_is_kept(tmp_path: Path):
    hall = FakeHall("sqlite:///unused", tmp_path)
    hall.refusals = 2
    hall.start()
    try:
        assert (tmp_path / "starts").read_text() == "3"
        assert hall.refused_for >= 2  # a second between two starts
    finally:
        hall.stop()
    assert not hall.processes


def test_a_hall_that_stops_for_another_reason_is_not_started_again(tmp_path: Path):
    class Broken(HallServer):
        def commands(self) -> list[list[str]]:
            return [
                [
                    sys.executable,
                    "-c",
                    "print('hall: the translations could not be compiled'); raise SystemExit(1)",
                ]
            ]

    hall = Broken("sqlite:///unused", tmp_path)
    with pytest.raises(Stopped, match="exit status 1"):
        hall.start()
    assert not hall.processes


def test_the_benchs_nginx_is_set_as_the_deployment_guide_sets_it():
    """The guide's `server` limits and its `location /` block, line for line (the address aside)."""
    from benchmarks.load_server import NGINX_CONFIG, PROJECT

    guide = (PROJECT / "docs" / "deploy.md").read_text(encoding="utf-8")
    block = guide[
        guide.index("    client_max_body_size 3m;") : guide.index("\n}\n```", guide.index("location / {"))
    ]
    wanted = [line.strip() for line in block.splitlines() if line.strip() and "proxy_pass" not in line]
    written = [line.strip() for line in NGINX_CONFIG.replace("{{", "{").replace("}}", "}").splitlines()]
    assert wanted
    assert [line for line in wanted if line not in written] == []
    assert "proxy_pass http://127.0.0.1:{upstream};" in written
