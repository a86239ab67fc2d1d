"""`python -m tableref.hall` for real: set up on first start, DEBUG off, the machine's address accepted,
owner-only files, a calm stop, one log line for a visitor's mistake.

Every request goes to 127.0.0.1, where the tests' halls listen; that the hall listens on every interface by
default is checked on its arguments, and "reachable from the hall" as a request naming the machine's network
address in its Host header, as a phone does.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from benchmarks.load_clients import forms_of
from tableref.hall.addresses import machine_addresses
from tableref.hall.launcher import arguments
from tests.tableref.hall.hall_process import Hall, running_hall
from tests.tableref.settings_probe import ROOT, clean_environment


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    with running_hall(tmp_path) as running:
        yield running


def network_address() -> str:
    found = machine_addresses()
    if not found:
        message = "this machine has no network address besides loopback"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found[0].address


def test_by_default_the_hall_listens_on_every_interface_for_the_phones() -> None:
    assert arguments([]).host == "0.0.0.0"
    assert arguments(["--host", "127.0.0.1"]).host == "127.0.0.1"


def test_the_hall_answers_its_own_network_address_with_debug_off(hall: Hall) -> None:
    address = network_address()
    status, headers, body = hall.get("/", f"{address}:{hall.port}")
    assert status == 200
    assert "Content-Security-Policy" in headers
    assert re.search(r'href="/static/css/site\.[0-9a-f]{12}\.css"', body), "hashed static names"
    assert hall.get("/", "elsewhere.example")[0] == 400
    status, _, body = hall.get("/no/such/page/", f"{address}:{hall.port}")
    assert status == 404
    assert "URLconf" not in body
    assert "Traceback" not in body


def test_the_hall_prints_its_address_its_qr_code_and_an_unlock_code(hall: Hall) -> None:
    address = network_address()
    printed = hall.printed()
    assert f"http://{address}:{hall.port}/" in printed
    assert "█" in printed  # the QR code
    assert re.search(r"one-time code 一次性代碼: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", printed)
    assert (hall.state_dir / "noticeboard.pdf").read_bytes().startswith(b"%PDF")


def test_the_noticeboard_shows_the_hall_address(hall: Hall) -> None:
    address = network_address()
    _, _, body = hall.get("/hall/")
    assert f"http://{address}:{hall.port}/" in body
    assert "SchoolHall" in body


def test_the_database_the_key_and_the_state_folder_are_the_owners_alone(hall: Hall) -> None:
    for path in (hall.database, hall.state_dir / "secret-key"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(hall.state_dir.stat().st_mode) == 0o700


def test_an_existing_database_readable_by_others_is_closed_to_them(tmp_path: Path) -> None:
    database = tmp_path / "hall.sqlite3"
    database.touch(mode=0o644)
    os.chmod(database, 0o644)
    with running_hall(tmp_path):
        assert stat.S_IMODE(database.stat().st_mode) == 0o600


def test_each_request_is_one_line_of_the_access_log(hall: Hall) -> None:
    assert hall.get("/healthz")[0] == 200
    assert hall.get("/organise/nowhere/")[0] == 302
    line = re.compile(r'127\.0\.0\.1 "GET /healthz HTTP/1\.1" 200 \d+ [\d.]+ms cpu=[\d.]+ms$', re.MULTILINE)
    deadline = time.monotonic() + 5
    while not line.search(hall.access_log()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert line.search(hall.access_log()), hall.access_log()
    assert '"GET /organise/nowhere/ HTTP/1.1" 302 ' in hall.access_log()


def test_a_refused_request_is_one_line_in_the_terminal_never_a_traceback(hall: Hall) -> None:
    """An ordinary 403 (a form posted without its CSRF cookie) or 404 printed a whole traceback each."""
    connection = socket.create_connection(("127.0.0.1", hall.port), timeout=10)
    with connection:
        connection.sendall(
            b"POST /login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9\r\n"
            b"Connection: close\r\n\r\nname=slow"
        )
        assert connection.recv(100).startswith(b"HTTP/1.1 403 ")
    assert hall.get("/no/such/page/")[0] == 404
    time.sleep(0.5)
    assert "Traceback" not in hall.printed()
    assert '"POST /login/ HTTP/1.1" 403 ' in hall.access_log()


def stop_seconds(hall: Hall) -> float:
    started = time.monotonic()
    hall.interrupt()
    assert hall.process.wait(timeout=15) == 0
    return time.monotonic() - started


def test_ctrl_c_stops_the_hall_within_five_seconds_with_one_goodbye(hall: Hall) -> None:
    assert stop_seconds(hall) < 5
    printed = hall.printed()
    assert printed.rstrip().endswith("hall: stopped. Goodbye. 已停止，再見。"), printed[-500:]
    assert "Traceback" not in printed
    assert "KeyboardInterrupt" not in printed
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", hall.port))  # the port is free again


def test_a_second_ctrl_c_stops_it_at_once(hall: Hall) -> None:
    """The first Ctrl+C lets a request in progress finish for a few seconds; the second does not wait. The
    request here is a wrong password, whose count waits for SQLite's write lock, which the test holds."""
    phone = httpx.Client(base_url=hall.base_url, timeout=30)
    form = next(form for form in forms_of(phone.get("/login/").text) if "password" in form["fields"])
    wrong = {**form["fields"], "username": "someone", "password": "wrong-password"}
    with sqlite3.connect(hall.database, timeout=30) as holder:
        holder.execute("BEGIN IMMEDIATE")
        sending = threading.Thread(target=_post, args=(phone, wrong))
        sending.start()
        time.sleep(1)  # a thread of the hall now waits for the lock
        hall.interrupt()
        time.sleep(1)
        assert hall.process.poll() is None, "the first Ctrl+C waits for the request in progress"
        started = time.monotonic()
        hall.interrupt()
        assert hall.process.wait(timeout=10) == 0
        assert time.monotonic() - started < 2
        holder.rollback()
    sending.join(30)
    phone.close()
    assert "hall: stopping at once" in hall.printed()


def _post(phone: httpx.Client, data: dict[str, str]) -> None:
    with contextlib.suppress(httpx.HTTPError):
        phone.post("/login/", data=data)


def test_a_service_managers_sigterm_stops_it_as_ctrl_c_does(hall: Hall) -> None:
    hall.process.send_signal(signal.SIGTERM)
    assert hall.process.wait(timeout=15) == 0
    assert "hall: stopped." in hall.printed()


def test_the_export_worker_is_started_again_if_it_stops(hall: Hall) -> None:
    first = hall.export_worker()
    assert len(first) == 1, first
    os.kill(first[0], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and hall.export_worker() in ([], first):
        time.sleep(0.2)
    again = hall.export_worker()
    assert len(again) == 1
    assert again != first
    assert hall.get("/healthz")[0] == 200
    assert "the export worker stopped" in hall.printed()


def listening_ports(pid: int) -> list[int]:
    import psutil

    return [
        found.laddr.port
        for found in psutil.Process(pid).net_connections("tcp")
        if found.status == psutil.CONN_LISTEN
    ]


def test_a_second_process_serves_the_same_port(hall: Hall) -> None:
    """One process per core (two here): both listen on the hall's one socket, and the second answers alone
    while the launcher's process is held still."""
    others = hall.serving_processes()
    assert len(others) == 1, others
    assert listening_ports(hall.process.pid) == [hall.port]
    deadline = time.monotonic() + 30  # the second process may still be starting on a busy machine
    while listening_ports(others[0]) != [hall.port] and time.monotonic() < deadline:
        time.sleep(0.2)
    assert listening_ports(others[0]) == [hall.port]
    os.kill(hall.process.pid, signal.SIGSTOP)
    try:
        assert hall.get("/healthz", timeout=10)[0] == 200
    finally:
        os.kill(hall.process.pid, signal.SIGCONT)


def test_a_serving_process_that_stops_is_started_again(hall: Hall) -> None:
    first = hall.serving_processes()
    os.kill(first[0], signal.SIGKILL)
    assert hall.get("/healthz")[0] == 200  # the launcher's process answers meanwhile
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and hall.serving_processes() in ([], first):
        time.sleep(0.2)
    again = hall.serving_processes()
    assert len(again) == 1, again
    assert again != first
    assert "serving process 2 stopped" in hall.printed()
    os.kill(hall.process.pid, signal.SIGSTOP)
    try:
        assert hall.get("/healthz", timeout=20)[0] == 200  # the new one serves
    finally:
        os.kill(hall.process.pid, signal.SIGCONT)


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        finished = subprocess.run(
            [
                sys.executable,
                "-m",
                "tableref.hall",
                "--no-weather",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            env=clean_environment(HALL_STATE_DIR=str(tmp_path / "state")),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert finished.returncode == 1
    assert f"port {port} is in use" in finished.stderr
    assert "--port 8080" in finished.stderr
