"""The hostile phones hold their connections as they should (one trickling a request's head, one silent) and
tell when the server closed each."""

from __future__ import annotations

import selectors
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from benchmarks.hostile_phones import HostilePhones

IDLE = 0.6


@pytest.fixture
def idle_closing_server() -> Iterator[tuple[int, dict[socket.socket, bytearray]]]:
    """Closes a connection that has sent nothing for `IDLE` seconds, as a server's idle timeout does; keeps
    what each connection sent."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    received: dict[socket.socket, bytearray] = {}
    last: dict[socket.socket, float] = {}
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            for key, _ in selector.select(timeout=0.05):
                if key.fileobj is listener:
                    connection, _ = listener.accept()
                    connection.setblocking(False)
                    selector.register(connection, selectors.EVENT_READ)
                    received[connection], last[connection] = bytearray(), time.monotonic()
                else:
                    connection = key.fileobj  # type: ignore[assignment]
                    data = connection.recv(4096)
                    received[connection] += data
                    last[connection] = time.monotonic()
            for connection, at in list(last.items()):
                if time.monotonic() - at > IDLE:
                    selector.unregister(connection)
                    connection.close()
                    del last[connection]

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1], received
    stop.set()
    thread.join(2)
    for connection in last:
        connection.close()
    listener.close()


def test_the_silent_are_closed_by_the_idle_timeout_and_the_slow_are_kept_open_by_their_lines(
    idle_closing_server,
):
    port, received = idle_closing_server
    phones = HostilePhones("127.0.0.1", port, slow=2, silent=3, line_every=0.2, path="/login/")
    phones.start()
    deadline = time.monotonic() + 5
    while phones.open("silent") and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(IDLE + 0.3)  # the slow ones go on past the idle timeout
    assert phones.open("silent") == 0
    assert phones.open("slow") == 2
    held_for = phones.stop()
    silent, slow = phones.lines(held_for)
    assert silent.startswith("3 connections that opened and sent nothing: 3 closed by the server after 1-1 s")
    assert "(without a word)" in silent
    assert slow.startswith(
        "2 connections sending a header line every 0.2 s: none closed by the server; 2 still open"
    )
    time.sleep(0.2)  # the server reads what was sent last
    heads = [bytes(data) for data in received.values() if data]
    assert len(heads) == 2
    for head in heads:
        assert head.startswith(b"GET /login/ HTTP/1.1\r\nHost: 127.0.0.1:")
        assert head.count(b"\r\nX-Still-Coming-") >= 3
        assert b"\r\n\r\n" not in head  # never finished
