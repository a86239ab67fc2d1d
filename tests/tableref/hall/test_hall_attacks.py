"""One phone on the hall's Wi-Fi cannot stop the hall: every shape of the security audit's attacks, replayed
against the real hall on 127.0.0.1, while another phone logs in and saves a game in under a second.

Each attack is bounded (a few dozen connections, a few seconds) and cleans up after itself; one hall serves
them all, with a tournament whose referees each have an open table.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from tests.tableref.hall.hall_process import Hall, Phone, running_hall

# A login and a save beside an attack may take at most this much longer than the same phone's login and save
# just before it: the attacks once held them for as long as they lasted. (A login's password check alone can
# take most of a second on a busy 2-core machine, so the bound is on the difference.)
FAST = 1.0
IDLE_SECONDS = 3  # the hall's idle timeout in these tests (60 unless set)


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    with running_hall(
        tmp_path_factory.mktemp("hall"), prepared=64, HALL_IDLE_SECONDS=str(IDLE_SECONDS)
    ) as running:
        yield running


@pytest.fixture(scope="module")
def tables(hall: Hall) -> Iterator[list[tuple[int, str]]]:
    yield hall.open_tables()


@pytest.fixture
def phone(hall: Hall, tables: list[tuple[int, str]]) -> Iterator[Phone]:
    """A referee with a table of their own (each test takes the next), timed once before the attack."""
    table, login_name = tables.pop(0)
    phone = Phone(hall, table, login_name)
    phone.before = (phone.log_in(), phone.save())
    phone.referee.client.cookies.clear()
    yield phone
    phone.close()


def answered_quickly(phone: Phone) -> None:
    login_before, save_before = phone.before
    assert phone.log_in() < login_before + FAST
    assert phone.save() < save_before + FAST


def connections(hall: Hall, count: int, first_bytes: bytes = b"") -> list[socket.socket]:
    opened = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", hall.port), timeout=10)
        if first_bytes:
            connection.sendall(first_bytes)
        opened.append(connection)
    return opened


@contextmanager
def trickling(sockets: list[socket.socket], every: float, piece: Callable[[int], bytes]) -> Iterator[None]:
    """Each socket sends `piece(n)` every `every` seconds until the block ends."""
    stop = threading.Event()

    def send() -> None:
        number = 0
        while not stop.wait(every):
            number += 1
            for connection in sockets:
                with suppress(OSError):
                    connection.sendall(piece(number))

    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    try:
        yield
    finally:
        stop.set()
        sender.join(5)
        for connection in sockets:
            connection.close()


def close_all(sockets: list[socket.socket]) -> None:
    for connection in sockets:
        connection.close()


def head(path: str, *lines: str) -> bytes:
    return ("\r\n".join([f"POST {path} HTTP/1.1", "Host: 127.0.0.1", *lines]) + "\r\n\r\n").encode()


def test_connections_that_send_one_byte_and_wait_hold_no_thread(hall: Hall, phone: Phone) -> None:
    """Ten connections that each sent one lower-case byte stopped every login and save for as long as they
    stayed open: a byte that cannot begin a method was handed to a thread unread."""
    waiting = connections(hall, 10, b"g")
    try:
        time.sleep(0.3)
        answered_quickly(phone)
    finally:
        close_all(waiting)


@pytest.mark.parametrize(
    "beginning",
    [
        pytest.param(head("/login/", "Content-Length: 1000", "Expect: 100-continue"), id="expect-continue"),
        pytest.param(head("/login/", "Content-Length: 00000000000000001000"), id="leading-zeros"),
        pytest.param(head("/login/", "Transfer-Encoding: chunked"), id="chunked"),
    ],
)
def test_bodies_trickled_a_byte_a_second_hold_no_thread(hall: Hall, phone: Phone, beginning: bytes) -> None:
    chunked = b"chunked" in beginning
    slow = connections(hall, 16, beginning)
    with trickling(slow, 1.0, lambda number: b"1\r\na\r\n" if chunked else b"a"):
        time.sleep(0.5)
        answered_quickly(phone)


def test_public_pages_answer_beside_trickled_chunked_gets(hall: Hall) -> None:
    started = time.perf_counter()
    assert hall.get("/t/hall/standings/")[0] == 200
    before = time.perf_counter() - started
    slow = connections(
        hall, 6, b"GET /t/hall/standings/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    with trickling(slow, 1.0, lambda number: b"1\r\na\r\n"):
        time.sleep(0.5)
        started = time.perf_counter()
        status, _headers, _body = hall.get("/t/hall/standings/")
        assert status == 200
        assert time.perf_counter() - started < before + FAST


def answer_to(connection: socket.socket, seconds: float = 5) -> bytes:
    connection.settimeout(seconds)
    try:
        return connection.recv(65536)
    except TimeoutError:
        return b""


@pytest.mark.parametrize(
    "length",
    ["3145729", "000000000000000000000000003145729", "00000000000000001000000000000"],
)
def test_a_body_over_the_limit_is_refused_before_it_is_sent_however_its_length_is_written(
    hall: Hall, tmp_path: Path, length: str
) -> None:
    """A Content-Length with leading zeros slipped past the 3 MB limit, and an anonymous POST to the login
    page wrote a 45.9 MB temporary file: the laptop's disk could be filled. Now the head alone is refused."""
    connection = connections(hall, 1, head("/login/", f"Content-Length: {length}"))[0]
    with connection:
        assert answer_to(connection).startswith(b"HTTP/1.1 413 ")
    assert not list((hall.state_dir.parent / "tmp").iterdir())


def files_open_in(hall: Hall, folder: Path) -> list[str]:
    """The hall's open files inside `folder` (a temporary file is unlinked at once, so only its open
    descriptor shows it)."""
    descriptors = Path(f"/proc/{hall.process.pid}/fd")
    if not descriptors.exists():
        pytest.skip("needs /proc to see the hall's open files")
    found = []
    for descriptor in descriptors.iterdir():
        try:
            target = os.readlink(descriptor)
        except OSError:
            continue
        if target.startswith(str(folder)):
            found.append(target)
    return found


def test_a_chunked_body_over_the_limit_is_refused_and_nothing_is_written_to_disk(hall: Hall) -> None:
    """A body is held in memory while it arrives, up to the limit, and refused past it: a temporary file
    would let a few such bodies fill the laptop's disk."""
    temporary = hall.state_dir.parent / "tmp"
    connection = connections(hall, 1, head("/login/", "Transfer-Encoding: chunked"))[0]
    piece = b"%x\r\n%s\r\n" % (64 * 1024, b"a" * 64 * 1024)
    with connection:
        for _ in range(40):  # 2.5 MB: within the limit, still arriving
            connection.sendall(piece)
        time.sleep(0.5)
        assert files_open_in(hall, temporary) == []
        answer = b""
        for _ in range(20):  # past 3 MB
            try:
                connection.sendall(piece)
            except OSError:
                break
            if answer := answer_to(connection, 0.01):
                break
        answer = answer or answer_to(connection)
        assert answer.startswith(b"HTTP/1.1 413 ")
    assert not list(temporary.iterdir())


def test_connections_told_to_close_that_keep_sending_freeze_nothing(hall: Hall, phone: Phone) -> None:
    """One to eight connections a second that received a "close" and kept sending froze gunicorn's main
    loop for 2-10 s (its graceful close lingered there)."""
    stop = threading.Event()

    def pester() -> None:
        while not stop.is_set():
            for _ in range(8):
                try:
                    connection = socket.create_connection(("127.0.0.1", hall.port), timeout=5)
                    connection.sendall(
                        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    )
                    connection.sendall(b"x" * 65536)
                    threading.Timer(2.0, connection.close).start()
                except OSError:
                    pass
            stop.wait(1.0)

    pesterer = threading.Thread(target=pester, daemon=True)
    pesterer.start()
    try:
        time.sleep(1.5)
        answered_quickly(phone)
    finally:
        stop.set()
        pesterer.join(5)


def test_thousands_of_idle_connections_from_one_phone_leave_room_for_others(hall: Hall, phone: Phone) -> None:
    idle = []
    try:
        for _ in range(2400):
            idle.append(socket.create_connection(("127.0.0.1", hall.port), timeout=10))
        time.sleep(0.5)
        answered_quickly(phone)
    finally:
        close_all(idle)


def test_headers_sent_slowly_hold_no_thread_and_silent_connections_are_closed(
    hall: Hall, phone: Phone
) -> None:
    """Thirty connections sending a header line every two seconds and thirty sending nothing, beside a
    referee: the referee is answered at once, and the silent ones are closed after the idle timeout."""
    slow = connections(hall, 30, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    silent = connections(hall, 30)
    try:
        with trickling(slow, 2.0, lambda number: b"X-Slow-%d: 1\r\n" % number):
            time.sleep(0.5)
            answered_quickly(phone)
            closed_after = []
            started = time.monotonic()
            for connection in silent:
                connection.settimeout(IDLE_SECONDS + 5 - (time.monotonic() - started))
                assert connection.recv(1) == b""  # the server closed it
                closed_after.append(time.monotonic() - started)
            assert max(closed_after) < IDLE_SECONDS + 5
    finally:
        close_all(silent)
