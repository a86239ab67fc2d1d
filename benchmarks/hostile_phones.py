"""Phones that hold a connection to the server without ever finishing a request, for the hall's run of slow
and hostile phones: some send a request's head one header line every few seconds and never end it, some open
a connection and send nothing. Each connection is watched: whether and when the server closed it, and what
it said first if it said anything.

A server that reads whole requests before a thread sees them holds such a connection as a socket and no
thread; one that closes idle connections after a timeout closes the silent ones. Nothing is sent anywhere but
the server's own address.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

SAID_BYTES = 200  # of what the server sends, the start is enough to tell an answer from a close


@dataclass
class Held:
    """One connection held open: `slow` sends a header line every so often, `silent` sends nothing."""

    kind: str
    sock: socket.socket
    opened: float
    closed_after: float | None = None  # seconds after opening when the server closed it
    said: bytes = b""
    lines_sent: int = 0


@dataclass
class HostilePhones:
    """`slow` connections that trickle a request head to `path` (one header line every `line_every` seconds)
    and `silent` connections that send nothing, to `host`:`port`, watched from a thread of their own."""

    host: str
    port: int
    slow: int
    silent: int
    line_every: float = 2.0
    path: str = "/login/"
    held: list[Held] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _watcher: threading.Thread | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> None:
        selector = selectors.DefaultSelector()
        for kind, count in (("slow", self.slow), ("silent", self.silent)):
            for _ in range(count):
                sock = socket.create_connection((self.host, self.port), timeout=10)
                sock.setblocking(False)
                held = Held(kind, sock, time.monotonic())
                self.held.append(held)
                selector.register(sock, selectors.EVENT_READ, held)
        for held in self.held:
            if held.kind == "slow":
                self._send(held, f"GET {self.path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n")
        self._watcher = threading.Thread(target=self._watch, args=(selector,), daemon=True)
        self._watcher.start()

    def _watch(self, selector: selectors.BaseSelector) -> None:
        next_line = time.monotonic() + self.line_every
        while not self._stop.is_set():
            for key, _events in selector.select(timeout=max(min(next_line - time.monotonic(), 0.2), 0)):
                held: Held = key.data
                try:
                    data = held.sock.recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    held.said = (held.said + data)[:SAID_BYTES]
                else:
                    self._closed(held)
                    selector.unregister(held.sock)
            if time.monotonic() >= next_line:
                next_line += self.line_every
                for held in self.held:
                    if held.kind == "slow" and held.closed_after is None:
                        self._send(held, f"X-Still-Coming-{held.lines_sent}: {'x' * 16}\r\n")
        selector.close()

    def _send(self, held: Held, line: str) -> None:
        try:
            held.sock.send(line.encode("ascii"))
            held.lines_sent += 1
        except BlockingIOError:
            pass  # the server is not reading: a phone would wait too
        except OSError:
            self._closed(held)

    def _closed(self, held: Held) -> None:
        with self._lock:
            if held.closed_after is None:
                held.closed_after = time.monotonic() - held.opened

    def open(self, kind: str) -> int:
        with self._lock:
            return sum(1 for held in self.held if held.kind == kind and held.closed_after is None)

    def stop(self) -> float:
        """Stop sending and close every connection; returns how long they were held, in seconds."""
        self._stop.set()
        if self._watcher is not None:
            self._watcher.join(5)
        ended = time.monotonic()
        for held in self.held:
            with contextlib.suppress(OSError):
                held.sock.close()
        return ended - min((held.opened for held in self.held), default=ended)

    def lines(self, held_for: float) -> list[str]:
        """What became of each kind of connection, for the run's report."""
        return [line for kind in ("silent", "slow") if (line := self._line(kind, held_for))]

    def _line(self, kind: str, held_for: float) -> str | None:
        mine = [held for held in self.held if held.kind == kind]
        if not mine:
            return None
        what = (
            "that opened and sent nothing"
            if kind == "silent"
            else f"sending a header line every {self.line_every:g} s"
        )
        closed = sorted(held.closed_after for held in mine if held.closed_after is not None)
        line = f"{len(mine)} connections {what}: "
        if closed:
            line += f"{len(closed)} closed by the server after {closed[0]:.0f}-{closed[-1]:.0f} s"
            said = sorted({_first_line(held.said) for held in mine if held.closed_after is not None})
            line += f" ({', '.join(said)})"
        else:
            line += "none closed by the server"
        still = len(mine) - len(closed)
        if still:
            line += f"; {still} still open when the bench closed them after {held_for:.0f} s"
        if kind == "slow":
            lines = [held.lines_sent for held in mine]
            line += f"; {min(lines)}-{max(lines)} lines sent on each"
        return line


def _first_line(said: bytes) -> str:
    if not said:
        return "without a word"
    return "answering " + said.split(b"\r\n", 1)[0].decode("latin-1", "replace")[:60]
