"""`make hall` for real: gunicorn on every interface, DEBUG off, the machine's address accepted, a clean stop.

Every request goes to 127.0.0.1; "reachable from the hall" is checked as the listening socket (0.0.0.0:PORT,
which `ss` shows) and a request that names the machine's network address in its Host header, as a phone does.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tableref.cores import cores_alike
from tableref.hall.addresses import machine_addresses
from tests.tableref.settings_probe import ROOT, clean_environment
from tests.tools import require_tool

START_SECONDS = 120


@dataclass
class Hall:
    process: subprocess.Popen
    port: int
    state_dir: Path
    output: Path

    def get(self, path: str, host: str) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path, headers={"Host": host})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            connection.close()

    def printed(self) -> str:
        return self.output.read_text(encoding="utf-8", errors="replace")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(hall: Hall) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if hall.process.poll() is not None:
            pytest.fail(f"make hall stopped (exit {hall.process.returncode}):\n{hall.printed()}")
        try:
            if hall.get("/healthz", f"127.0.0.1:{hall.port}")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.5)
    pytest.fail(f"make hall did not answer within {START_SECONDS} s:\n{hall.printed()}")


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    with running_hall(tmp_path, processes=1) as running:
        yield running


@contextmanager
def running_hall(tmp_path: Path, processes: int) -> Iterator[Hall]:
    port = free_port()
    environment = clean_environment(
        PORT=str(port),
        DATABASE_URL=f"sqlite:///{tmp_path / 'hall.sqlite3'}",
        HALL_STATE_DIR=str(tmp_path / "state"),
        STATIC_ROOT=str(tmp_path / "static"),
        HALL_WIFI="SchoolHall",
        WEB_CONCURRENCY=str(processes),
        WEB_THREADS="2",
        ACCESS_LOG="1",
        WEB_PIN_CORES="1",  # the defaults, whatever the test's own environment says
        GUNICORN_LOG_LEVEL="info",
        DEBUG="1",  # as the Makefile exports it: hall mode turns it off
    )
    output = tmp_path / "hall-output.txt"
    with output.open("w") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "tableref.hall", "--no-weather"],
            cwd=ROOT,
            env=environment,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    running = Hall(process, port, tmp_path / "state", output)
    try:
        wait_until_answering(running)
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def listening_sockets(port: int) -> list[str]:
    ss = require_tool("ss", package="iproute2", purpose="it shows which address the server listens on")
    lines = subprocess.run([ss, "-ltnH"], capture_output=True, text=True, check=True).stdout.splitlines()
    return [line.split()[3] for line in lines if line.split()[3].endswith(f":{port}")]


def network_address() -> str:
    found = machine_addresses()
    if not found:
        message = "this machine has no network address besides loopback"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found[0].address


def test_the_hall_listens_on_every_interface_and_answers_its_own_address(hall: Hall) -> None:
    assert listening_sockets(hall.port) == [f"0.0.0.0:{hall.port}"]
    address = network_address()
    status, headers, body = hall.get("/", f"{address}:{hall.port}")
    assert status == 200
    assert "Content-Security-Policy" in headers
    assert re.search(r'href="/static/css/site\.[0-9a-f]{12}\.css"', body), "hashed static names"
    assert hall.get("/", "elsewhere.example")[0] == 400


def test_the_hall_runs_with_debug_off_and_prints_its_address(hall: Hall) -> None:
    address = network_address()
    status, _, body = hall.get("/no/such/page/", f"{address}:{hall.port}")
    assert status == 404
    assert "URLconf" not in body
    assert "Traceback" not in body
    printed = hall.printed()
    assert f"http://{address}:{hall.port}/" in printed
    assert "█" in printed  # the QR code
    assert (hall.state_dir / "noticeboard.pdf").read_bytes().startswith(b"%PDF")
    key = hall.state_dir / "secret-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_the_noticeboard_shows_the_hall_address(hall: Hall) -> None:
    address = network_address()
    _, _, body = hall.get("/hall/", f"127.0.0.1:{hall.port}")
    assert f"http://{address}:{hall.port}/" in body
    assert "SchoolHall" in body


def test_the_access_log_says_how_long_each_request_waited_for_a_thread(hall: Hall) -> None:
    """Its last three figures: microseconds the request took, microseconds it waited for a thread first, and
    microseconds of CPU its thread spent on it."""
    assert hall.get("/healthz", f"127.0.0.1:{hall.port}")[0] == 200
    logged = re.compile(r'"GET /healthz HTTP/1\.1" 200 \d+ "-" "[^"]*" (\d+) (\d+) (\d+)$', re.MULTILINE)
    deadline = time.monotonic() + 10
    while not logged.search(hall.printed()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert logged.search(hall.printed()), hall.printed()[-2000:]


@pytest.fixture(scope="module")
def two_processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    with running_hall(tmp_path_factory.mktemp("hall"), processes=2) as running:
        yield running


def test_each_process_listens_on_a_socket_of_its_own_and_connections_are_shared_out(
    two_processes: Hall,
) -> None:
    """On one shared socket the quickest process took every new connection, and a parent's kept-alive
    connection stays where it landed: in load runs every parent ended up in one of the two processes."""
    hall = two_processes
    assert listening_sockets(hall.port) == [f"0.0.0.0:{hall.port}"] * 2
    connections = [http.client.HTTPConnection("127.0.0.1", hall.port, timeout=10) for _ in range(40)]
    try:
        for connection in connections:
            connection.request("GET", "/healthz", headers={"Host": f"127.0.0.1:{hall.port}"})
            connection.getresponse().read()
        holders = Counter(serving_processes(hall.port))
    finally:
        for connection in connections:
            connection.close()
    assert sum(holders.values()) == 40
    assert len(holders) == 2, holders
    assert min(holders.values()) >= 5, holders  # all but certain with the kernel's even sharing


def test_each_process_keeps_to_a_core_of_its_own(two_processes: Hall) -> None:
    """Threads that share one interpreter lock cost a third more CPU when the scheduler moves them between
    cores (`tableref.cores`); the database and everything else still run anywhere."""
    usable = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(usable) < 2 or not cores_alike(usable):
        pytest.skip("one core, or cores of two kinds: the processes are left free")
    workers = sorted(set(re.findall(r"Worker (\d+) keeps to core (\d+)", two_processes.printed())))
    assert len(workers) == 2, two_processes.printed()[-2000:]
    assert {core for _pid, core in workers} == {str(usable[0]), str(usable[1])}
    for pid, core in workers:
        threads = list(Path(f"/proc/{pid}/task").iterdir())
        assert len(threads) > 2  # the request threads, not only the process's first one
        for thread in threads:
            status = (thread / "status").read_text()
            assert re.search(rf"^Cpus_allowed_list:\s*{core}$", status, re.MULTILINE), status


def serving_processes(port: int) -> list[str]:
    """The process holding each of the server's ends of the established connections to `port`."""
    ss = require_tool("ss", package="iproute2", purpose="it shows which process holds each connection")
    lines = subprocess.run(
        [ss, "-tnpH", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return [match.group(1) for line in lines if (match := re.search(r"pid=(\d+)", line))]


def test_the_hall_stops_cleanly_and_frees_its_port(hall: Hall) -> None:
    hall.process.send_signal(signal.SIGTERM)
    assert hall.process.wait(timeout=40) == 0
    assert listening_sockets(hall.port) == []
    assert "hall: stopping" in hall.printed()


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        finished = subprocess.run(
            [sys.executable, "-m", "tableref.hall", "--no-weather", "--port", str(port)],
            cwd=ROOT,
            env=clean_environment(HALL_STATE_DIR=str(tmp_path / "state")),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert finished.returncode == 1
    assert f"port {port} is in use" in finished.stderr
    assert "PORT=8080 make hall" in finished.stderr


def test_connections_that_send_nothing_hold_no_thread(hall: Hall) -> None:
    """A phone that connects and sends nothing (or a visitor who opens a hundred such connections) held a
    thread for five seconds each, one after another: with two threads, six of them kept every page waiting for
    fifteen seconds. They now wait beside the worker's other idle connections, and a request is answered."""
    silent = [socket.create_connection(("127.0.0.1", hall.port)) for _ in range(6)]
    try:
        time.sleep(0.5)  # every one accepted
        connection = http.client.HTTPConnection("127.0.0.1", hall.port, timeout=4)  # less than one 5 s wait
        try:
            connection.request("GET", "/healthz", headers={"Host": f"127.0.0.1:{hall.port}"})
            assert connection.getresponse().status == 200
        finally:
            connection.close()
    finally:
        for connection in silent:
            connection.close()


def begin_requests(port: int, beginnings: list[bytes]) -> list[socket.socket]:
    """Connections that have each sent the start of a request and then wait, as a slow sender does."""
    connections = []
    for beginning in beginnings:
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(beginning)
        connections.append(connection)
    return connections


def answer_on(connection: socket.socket, timeout: float = 10) -> bytes:
    """What the server sends back, up to its closing the connection."""
    connection.settimeout(timeout)
    answer = b""
    while chunk := connection.recv(65536):
        answer += chunk
    return answer


def test_requests_that_arrive_slowly_hold_no_thread(hall: Hall) -> None:
    """A request whose head or body came slowly (a phone on a poor signal, or someone sending a header every
    few seconds on purpose) held a thread while it arrived: with two threads and one for public pages, two
    of them stopped every referee's page and one every parent's. They now arrive beside the idle connections,
    a thread takes each once it is all here, and it is answered as if it had come at once."""
    host = f"Host: 127.0.0.1:{hall.port}\r\n".encode()
    form = b"name=slow"
    slow = begin_requests(
        hall.port,
        [
            b"GET /healthz HTTP/1.1\r\n",  # a head cut short
            b"GET /healthz HTTP/1.1\r\n" + host,
            b"GET /t/nowhere/ HTTP/1.1\r\n",  # a parent's page, cut short
            b"POST /login/ HTTP/1.1\r\n" + host + b"Content-Length: %d\r\n\r\nna" % len(form),
        ],
    )
    try:
        time.sleep(0.5)  # every one taken up by the server
        connection = http.client.HTTPConnection("127.0.0.1", hall.port, timeout=4)  # less than a second wait
        try:
            started = time.monotonic()
            connection.request("GET", "/healthz", headers={"Host": f"127.0.0.1:{hall.port}"})
            first = connection.getresponse()
            first.read()
            assert first.status == 200
            connection.request("GET", "/t/nowhere/", headers={"Host": f"127.0.0.1:{hall.port}"})
            assert connection.getresponse().status == 404
            assert time.monotonic() - started < 0.9  # a public read waits up to a second behind work
        finally:
            connection.close()
        close = b"Connection: close\r\n\r\n"
        endings = [host + close, close, host + close, form[2:]]
        for connection, ending in zip(slow, endings, strict=True):
            connection.sendall(ending)
        answers = [answer_on(connection) for connection in slow[:3]]
        assert answers[0].startswith(b"HTTP/1.1 200 ")
        assert answers[1].startswith(b"HTTP/1.1 200 ")
        assert answers[2].startswith(b"HTTP/1.1 404 ")
        slow[3].settimeout(10)
        assert slow[3].recv(65536).startswith(b"HTTP/1.1 403 ")  # the whole form came: no CSRF cookie
    finally:
        for connection in slow:
            connection.close()


def test_a_request_not_all_sent_within_its_time_is_closed(hall: Hall) -> None:
    """A head still unfinished ten seconds after it began is answered 408 and closed: it would otherwise keep
    one of the process's connections, and its bytes, for as long as its sender liked."""
    connection = begin_requests(hall.port, [b"GET /healthz HTTP/1.1\r\n"])[0]
    try:
        started = time.monotonic()
        for _ in range(6):  # a header every two seconds keeps it going, but not beyond its time
            time.sleep(2)
            try:
                connection.sendall(b"X-Slow: 1\r\n")
            except OSError:
                break
        answer = answer_on(connection, timeout=15)
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert 9 < time.monotonic() - started < 14
    finally:
        connection.close()


def test_a_head_longer_than_any_browser_sends_is_refused(hall: Hall) -> None:
    connection = begin_requests(hall.port, [b"GET /healthz HTTP/1.1\r\n" + b"X-Long: " + b"a" * 70_000])[0]
    try:
        assert answer_on(connection).startswith(b"HTTP/1.1 431 ")
    finally:
        connection.close()


def test_requests_sent_together_are_all_answered_though_the_sender_has_finished_sending(hall: Hall) -> None:
    """A client may send its requests one behind the other and then close its side (as `printf | nc` does):
    the second request, already read with the first, is answered, not dropped at the end of the bytes."""
    host = f"Host: 127.0.0.1:{hall.port}\r\n".encode()
    connection = socket.create_connection(("127.0.0.1", hall.port))
    try:
        connection.sendall(
            b"GET /healthz HTTP/1.1\r\n" + host + b"\r\n"
            b"GET /healthz HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n"
        )
        connection.shutdown(socket.SHUT_WR)
        assert answer_on(connection).count(b"HTTP/1.1 200 ") == 2
    finally:
        connection.close()
