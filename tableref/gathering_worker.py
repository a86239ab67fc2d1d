"""Gunicorn's threaded worker, with each request gathered in the main loop before a thread takes it.

Gunicorn expects a buffering proxy in front (nginx), and gives a connection to a thread as soon as it has
bytes to read; the thread then reads the request as it comes. In the hall the phones reach gunicorn
directly, so a request sent slowly (a poor signal, or a header every few seconds on purpose) held a thread
for as long as it took: a process has a few threads, and in a security review 8-16 slow senders stopped
the hall, 2-4 slow reloads of a public page the parents'. Here the main loop reads each request's bytes as
they come, beside the idle kept-alive connections (`tableref.arrival` says when a request is all here), and
only then hands the connection to a thread, with the bytes put back for gunicorn's parser: the thread
reads from memory and answers at once. A request not all here by its deadline is answered 408 and closed;
a new connection that sends nothing is closed after `NEW_CONNECTION_SECONDS`.

Requests over TLS (when gunicorn holds the certificate) or HTTP/2 without it, and a stopping worker's new
connections, go to a thread as gunicorn sends them. The bytes held for requests still arriving are capped at
`GATHERED_LIMIT` a process; a request that would pass it is handed over as it stands.

What it costs: the main loop reads each request's bytes where a thread used to. In runs of 20 parents alone
against one process, alternating with the code before (load 1.2-1.6), that was 8-12 us more of the main
thread's time a reload (of 460-490 us in all), and 2-4% fewer reloads a second.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import time
from functools import partial
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from tableref.arrival import RequestArrival, Verdict

# How long a new connection may stay silent before it is closed (a browser closes its own unused ones sooner).
NEW_CONNECTION_SECONDS = 10.0
# The most bytes a process holds for requests still arriving: a few people files' worth.
GATHERED_LIMIT = 32 * 1024 * 1024
# The largest body gathered when the site's setting cannot be read (the worker without Django).
DEFAULT_BODY_LIMIT = 3 * 1024 * 1024

READ_SIZE = 16 * 1024
# How often the requests still arriving are looked at for their deadlines (seconds).
LOOK_EVERY_SECONDS = 0.25

TIMED_OUT = b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
TOO_LARGE = b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"


def site_body_limit() -> int:
    """The largest body the site takes (`MAX_REQUEST_BYTES`): a larger one is refused unread, so it need not
    be gathered."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    try:
        return int(settings.MAX_REQUEST_BYTES)
    except (ImproperlyConfigured, AttributeError):  # Django not set up, or the setting missing
        return DEFAULT_BODY_LIMIT


class GatheringThreadWorker(ThreadWorker):
    """Gunicorn's gthread worker; `dispatch` is where a whole request goes to the thread pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.arriving: dict[Any, RequestArrival] = {}  # connection -> its request so far, in arrival order
        self.gathered_bytes = 0
        self._body_limit: int | None = None
        self._next_look = 0.0  # when to look for requests past their deadline next

    # Gunicorn calls this for every connection with something to read: new, kept alive, or pipelined.
    def enqueue_req(self, conn: Any) -> None:
        if not self.gathers() or not self.alive:
            self.dispatch(conn)
            return
        arrival = RequestArrival(self.body_limit(), started=time.monotonic())
        self.arriving[conn] = arrival
        if conn.initialized and conn.parser.unreader.buf.getvalue():
            # kept alive, and the parser read the start of the next request with the last one's end
            self._keep(conn, conn.parser.unreader.take_buffered())
        else:
            conn.timeout = arrival.started + min(self.cfg.keepalive, NEW_CONNECTION_SECONDS)
        self._gather(conn)

    def gathers(self) -> bool:
        """Whether requests are read here: not over TLS, nor where a connection may speak HTTP/2 from its
        first byte (gunicorn reads its greeting itself)."""
        return not self.cfg.is_ssl and self.cfg.http2_cleartext in ("off", "upgrade", None)

    def body_limit(self) -> int:
        if self._body_limit is None:
            self._body_limit = site_body_limit()
        return self._body_limit

    def dispatch(self, conn: Any) -> None:
        """Gunicorn's own submission: a thread handles the connection."""
        future = self.tpool.submit(self.handle, conn)
        future.add_done_callback(lambda done: self.method_queue.defer(self.finish_request, conn, done))

    def handle(self, conn: Any) -> Any:
        gathered = getattr(conn, "gathered", None)
        if gathered is not None:
            conn.gathered = None
            conn.init()
            conn.parser.unreader.unread(gathered)
        return super().handle(conn)

    def _gather(self, conn: Any) -> None:
        """Reads what has come, and hands the request over, refuses it, or waits for more."""
        arrival = self.arriving[conn]
        # A request read ahead with the last one may be whole already, its sender finished with sending.
        while arrival.verdict is Verdict.MORE and self.gathered_bytes <= GATHERED_LIMIT:
            try:
                chunk = conn.sock.recv(READ_SIZE, socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self._close(conn)
                return
            if not chunk:  # the client went away before its request was all here
                self._close(conn)
                return
            if not arrival.data:
                arrival.started = time.monotonic()  # its time runs from its first bytes
            self._keep(conn, chunk)
        if arrival.verdict is Verdict.TOO_LARGE:
            self._close(conn, answer=TOO_LARGE)
        elif arrival.verdict is Verdict.READY or self.gathered_bytes > GATHERED_LIMIT:
            self._hand_over(conn)
        else:
            if arrival.data:
                conn.timeout = arrival.deadline()
            self._watch(conn)

    def _keep(self, conn: Any, chunk: bytes) -> None:
        if chunk:
            self.arriving[conn].add(chunk)
            self.gathered_bytes += len(chunk)

    def _watch(self, conn: Any) -> None:
        if not getattr(conn, "watched", False):
            conn.watched = True
            conn.sock.setblocking(False)
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))

    def _on_readable(self, conn: Any, _sock: Any) -> None:
        if conn in self.arriving:
            self._gather(conn)

    def _forget(self, conn: Any) -> RequestArrival | None:
        arrival = self.arriving.pop(conn, None)
        if arrival is not None:
            self.gathered_bytes -= len(arrival.data)
        if getattr(conn, "watched", False):
            conn.watched = False
            with contextlib.suppress(KeyError, ValueError, OSError):
                self.poller.unregister(conn.sock)
        return arrival

    def _hand_over(self, conn: Any) -> None:
        arrival = self._forget(conn)
        if arrival is not None and arrival.data:
            conn.gathered = bytes(arrival.data)
            conn.data_ready = True  # gunicorn's thread would otherwise wait for bytes already read
        self.dispatch(conn)

    def _close(self, conn: Any, answer: bytes = b"") -> None:
        self._forget(conn)
        if answer:
            with contextlib.suppress(OSError):
                conn.sock.send(answer, socket.MSG_DONTWAIT)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Gunicorn's, and the connections whose request is not all here by its deadline are closed: with a
        408 when part of it came, silently when nothing did."""
        super().murder_pending()
        now = time.monotonic()
        if now < self._next_look:
            return  # the main loop comes here after every event, hundreds of times a second under load
        self._next_look = now + LOOK_EVERY_SECONDS
        late = [conn for conn in self.arriving if conn.timeout <= now]
        for conn in late:
            self._close(conn, answer=TIMED_OUT if self.arriving[conn].data else b"")

    def _cap_keepalive(self, deadline: float) -> None:
        """Gunicorn's, when the worker stops; a new connection that has sent nothing waits no longer than a
        kept-alive one."""
        super()._cap_keepalive(deadline)
        for conn, arrival in self.arriving.items():
            if not arrival.data:
                conn.timeout = min(conn.timeout, deadline)
