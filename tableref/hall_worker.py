"""Gunicorn's threaded worker, with the people at work served before the public pages' readers.

On match day the same few cores serve the referees' saves and the parents who reload the standings without
pause. In gunicorn's own thread pool every request waits its turn in one line, so a referee's Save waited
behind a dozen reloads, then shared the interpreter with three more while it ran: four times its own time.
Here each request is looked at before it is queued (its first bytes, read without taking them off the socket):
a public page (`GET /t/...`) goes to threads of its own, `WEB_PUBLIC_THREADS` of them (one unless told), and
starts only while no other request of its process is waiting or running; the process's `WEB_THREADS` threads
serve everything else, so one of them is always free for a referee or an organiser.

Waiting for the running requests too matters: a reload that ran beside a referee's request took turns with it
on the process's one interpreter, so the request took twice as long and the next ones queued behind it. In
the load bench (200 referees on SQLite, alternating runs) the referees' requests waited 5-114 ms for a thread
(p50) and then took 93-135 ms; with the reloads kept to the moments between them, 0.1-0.2 ms and 52-60 ms, and
the parents got more reloads a second, not fewer (600-720 against 90-530). One public thread is enough for the
same reason: a second one took the interpreter from the referees' requests (their server time, p50, 48 ms
against 40) while the parents' reloads came no faster. A public page that has waited a second (`PATIENCE`)
goes first all the same, beside running work if need be: the morning's logins kept work waiting for half a
minute, and the parents' reloads with it. The public pages are cached (`referee.views.public_page`), so a
thread answers hundreds a second between the referees' requests.

On Linux the public threads also run `WEB_PUBLIC_NICE` steps of nice below the rest (10 unless told): the
other process's referees then get a core before this process's reloads do. Keeping reloads to the moments
between a process's own requests could not do that, since each process has its own interpreter; with both
processes' threads at one priority, the reloads of the process without work took cores from the referees'
requests in the other. In short load runs of 200 referees on SQLite (four with it, three without), the
referees' requests took 48-63 ms (p50) against 74-142, and their clients' p95 (table page / save) was
232-495 / 322-642 ms against 498-1,308 / 600-1,305, while the parents got 419-585 reloads a second against
449-584. On PostgreSQL, whose own work runs in its own processes, four runs showed nothing either way: at 200
referees the two cores were full.

Only the order changes: every request is still answered, and a request whose first bytes have not arrived
yet, or that comes over TLS (when gunicorn itself holds the certificate), simply counts as not public.

What the order costs shows in the access log (`HallLogger`): gunicorn times a request from the moment a
thread takes it, so a request that waited half a second for a thread looked fast there while the phone
waited. The atom `%(w)s` is that wait, in microseconds. The atom `%(c)s` is the CPU time the request's own
thread spent on it (microseconds): its own time less that is the wait for the interpreter, a core or the
database, and the CPU times of a minute's requests, added up, say how many cores that minute's work needs.
"""

from __future__ import annotations

import os
import select
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from gunicorn.glogging import Logger

from tableref.environment import env_int
from tableref.gathering_worker import GatheringThreadWorker

# The public pages' addresses (`referee.urls`: public_patterns), as a request's first bytes show them.
PUBLIC_READ = b"GET /t/"


def is_public_read(first_bytes: bytes) -> bool:
    return first_bytes.startswith(PUBLIC_READ)


def peek(sock: socket.socket, size: int = len(PUBLIC_READ)) -> bytes:
    """The first bytes waiting on the socket, left there for the request's parser; none if none came yet."""
    try:
        return sock.recv(size, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except OSError:
        return b""


# How long a public read waits behind work at most, in seconds, before it goes first (on its own thread,
# beside running work): long enough to let a crowd of saves pass, short enough that a parent never sees a
# page hang.
PATIENCE = 1.0
# How many steps of nice the public threads run below the rest (Linux), unless `WEB_PUBLIC_NICE` says.
PUBLIC_NICE = 10

Task = tuple[Future, Callable[..., Any], tuple[Any, ...]]


class PriorityPool(Executor):
    """`threads` threads that take work in order, and `public_limit` threads of their own for public reads,
    which start only while no work waits or runs, `public_nice` steps of nice below the rest (Linux). A
    public read that has waited `patience` seconds goes before work, and beside work that runs."""

    def __init__(
        self, threads: int, public_limit: int, patience: float = PATIENCE, public_nice: int = 0
    ) -> None:
        self.public_limit = max(1, public_limit)
        self.patience = patience
        self.public_nice = public_nice
        self._work: deque[Task] = deque()
        self._public: deque[tuple[float, Task]] = deque()  # each with the moment it came
        self._work_running = 0
        self._closed = False
        # One lock, and a condition for each kind of thread, so that a reload wakes no thread for work and a
        # save no public thread: with one condition told of everything, each of a thousand reloads a second
        # woke all four threads for work, for nothing (a third of gunicorn's part of a reload).
        self._lock = threading.Lock()
        self._work_waiting = threading.Condition(self._lock)
        self._public_waiting = threading.Condition(self._lock)
        self._threads = [
            threading.Thread(target=self._serve, args=(False,), name=f"hall-{number}", daemon=True)
            for number in range(max(1, threads))
        ] + [
            threading.Thread(target=self._serve, args=(True,), name=f"hall-public-{number}", daemon=True)
            for number in range(self.public_limit)
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        return self.submit_as(False, lambda: fn(*args, **kwargs))

    def submit_as(self, public: bool, fn: Callable[..., Any], *args: Any) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is shut down")
            task = (future, fn, args)
            if public:
                self._public.append((time.monotonic(), task))
                self._public_waiting.notify()
            else:
                self._work.append(task)
                self._work_waiting.notify()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            if cancel_futures:
                for future, *_ in [*self._work, *(task for _came, task in self._public)]:
                    future.cancel()
                self._work.clear()
                self._public.clear()
            self._work_waiting.notify_all()
            self._public_waiting.notify_all()
        if wait:
            for thread in self._threads:
                thread.join()

    def _next(self, public: bool) -> Task | None:
        waiting = self._public_waiting if public else self._work_waiting
        with self._lock:
            while True:
                if public and self._public:
                    if (not self._work and not self._work_running) or self._public_waited_long():
                        return self._public.popleft()[1]
                elif not public and self._work:
                    self._work_running += 1
                    return self._work.popleft()
                if self._closed and not (self._public if public else self._work):
                    return None
                # A public read held back by work is looked at again when its patience runs out.
                waiting.wait(self._patience_left() if public and self._public else None)

    def _public_waited_long(self) -> bool:
        return self._patience_left() <= 0

    def _patience_left(self) -> float:
        came, _task = self._public[0]
        return self.patience - (time.monotonic() - came)

    def _serve(self, public: bool) -> None:
        if public:
            lower_this_thread(self.public_nice)
        while (item := self._next(public)) is not None:
            future, fn, args = item
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(fn(*args))
                    except BaseException as error:  # the future carries it to gunicorn
                        future.set_exception(error)
            finally:
                if not public:
                    self._work_done()

    def _work_done(self) -> None:
        """The public reads held back by work may start once none waits or runs."""
        with self._lock:
            self._work_running -= 1
            if not self._work_running and not self._work:
                self._public_waiting.notify_all()


def lower_this_thread(steps: int) -> None:
    """The calling thread runs `steps` of nice lower than it did, up to the lowest (19). Linux only: there a
    thread has a nice value of its own; elsewhere the call would lower the whole process, or another one."""
    if steps <= 0 or not sys.platform.startswith("linux"):
        return
    thread = threading.get_native_id()
    current = os.getpriority(os.PRIO_PROCESS, thread)
    os.setpriority(os.PRIO_PROCESS, thread, min(current + steps, 19))


# The wait of the request that this thread is handling, and the thread's CPU clock when it took the request,
# for the access log written on the same thread.
_handling = threading.local()


def waited_for_thread() -> float | None:
    """Seconds the request being handled on this thread waited for a thread; None outside `HallWorker`."""
    return getattr(_handling, "waited", None)


def cpu_spent_by_thread() -> float | None:
    """CPU seconds this thread has spent on the request it is handling; None outside `HallWorker`. With
    SQLite the database's work is in it (the library runs on the thread); PostgreSQL's is in its own
    processes."""
    started = getattr(_handling, "cpu_started", None)
    return None if started is None else time.thread_time() - started


class HallWorker(GatheringThreadWorker):
    """`worker_class` in `tableref.gunicorn_config`."""

    def get_thread_pool(self) -> PriorityPool:
        threads = self.cfg.threads
        return PriorityPool(
            threads,
            env_int("WEB_PUBLIC_THREADS", 1, minimum=1),
            public_nice=env_int("WEB_PUBLIC_NICE", PUBLIC_NICE, minimum=0),
        )

    def handle(self, conn: Any) -> Any:
        _handling.waited = time.monotonic() - getattr(conn, "queued_at", time.monotonic())
        _handling.cpu_started = time.thread_time()
        try:
            return super().handle(conn)
        finally:
            _handling.waited = _handling.cpu_started = None

    def set_accept_enabled(self, enabled: bool) -> None:
        """Gunicorn's, and a process that stops with a socket of its own (`reuse_port`) closes it at once,
        once it has taken what waits there: until then the kernel kept giving it new connections, which
        waited through the stop (seconds, while kept-alive connections linger) and were reset at the end."""
        super().set_accept_enabled(enabled)
        if not enabled and not self.alive and self.cfg.reuse_port:
            for listener in self.sockets:
                while listener.sock is not None and waiting_at(listener):
                    self.accept(listener)
                listener.close()

    def dispatch(self, conn: Any) -> None:
        conn.queued_at = time.monotonic()
        first_bytes = getattr(conn, "gathered", None) or peek(conn.sock)
        public = not self.cfg.is_ssl and is_public_read(first_bytes)
        future = self.tpool.submit_as(public, self.handle, conn)
        future.add_done_callback(lambda done: self.method_queue.defer(self.finish_request, conn, done))


def waiting_at(listener: Any) -> bool:
    """Whether a connection waits in the listening socket's queue, without waiting for one."""
    poller = select.poll()
    poller.register(listener, select.POLLIN)
    return bool(poller.poll(0))


class HallLogger(Logger):
    """`logger_class` in `tableref.gunicorn_config`: gunicorn's logger with two more access-log atoms, in
    microseconds ("-" under another worker): `w`, the request's wait for a thread, and `c`, the CPU time its
    thread spent on it."""

    def atoms(self, resp: Any, req: Any, environ: dict, request_time: Any) -> dict:
        atoms = super().atoms(resp, req, environ, request_time)
        atoms["w"] = _microseconds(waited_for_thread())
        atoms["c"] = _microseconds(cpu_spent_by_thread())
        return atoms


def _microseconds(seconds: float | None) -> str:
    return "-" if seconds is None else str(round(seconds * 1_000_000))
