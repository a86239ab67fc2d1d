"""The hall's gunicorn worker: people at work before the public pages' readers, and never all threads on
public pages. The real server runs this worker in tests/tableref/hall/test_hall_server.py."""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from datetime import timedelta
from importlib import import_module

import pytest
from django.urls import reverse
from gunicorn.workers.gthread import ThreadWorker

from tableref import gunicorn_config
from tableref.hall_worker import (
    HallLogger,
    HallWorker,
    PriorityPool,
    cpu_spent_by_thread,
    is_public_read,
    peek,
    waited_for_thread,
)

WAIT = 10


def test_gunicorn_runs_the_hall_worker():
    module, name = gunicorn_config.worker_class.rsplit(".", 1)
    assert getattr(import_module(module), name) is HallWorker


@pytest.mark.parametrize(
    ("first_bytes", "public"),
    [
        (b"GET /t/cup/standings/ HTTP/1.1\r\n", True),
        (b"GET /t/cup/standings/fragment/?page=2 HTTP/1.1\r\n", True),
        (b"POST /t/cup/find/ HTTP/1.1\r\n", False),
        (b"GET /referee/tables/12/ HTTP/1.1\r\n", False),
        (b"POST /referee/tables/12/ HTTP/1.1\r\n", False),
        (b"GET /tables/ HTTP/1.1\r\n", False),
        (b"GET /t", False),  # not all there yet: served as work, never held back
        (b"", False),
    ],
)
def test_only_a_public_pages_read_waits(first_bytes: bytes, public: bool):
    assert is_public_read(first_bytes) is public


def test_the_public_pages_are_where_the_worker_looks_for_them():
    assert is_public_read(b"GET " + reverse("public:standings", args=["cup"]).encode())
    assert is_public_read(b"GET " + reverse("public:tournament", args=["cup"]).encode())
    assert not is_public_read(b"GET " + reverse("referee:table", args=[1]).encode())
    assert not is_public_read(b"GET " + reverse("organiser:standings", args=["cup"]).encode())


def test_looking_leaves_the_request_for_its_parser():
    server, client = socket.socketpair()
    with server, client:
        assert peek(server) == b""  # nothing came yet
        request = b"GET /t/cup/standings/ HTTP/1.1\r\nHost: hall\r\n\r\n"
        client.sendall(request)
        assert peek(server) == b"GET /t/"
        assert server.recv(1024) == request


class Recorder:
    """Tasks that note when they start, and wait for a gate before they finish."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.running = 0
        self.most_running = 0
        self.lock = threading.Lock()
        self.gate = threading.Event()

    def task(self, name: str):
        def run() -> str:
            with self.lock:
                self.started.append(name)
                self.running += 1
                self.most_running = max(self.most_running, self.running)
            assert self.gate.wait(WAIT)
            with self.lock:
                self.running -= 1
            return name

        return run


def wait_until(condition) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_waiting_work_goes_before_waiting_public_reads():
    pool = PriorityPool(threads=1, public_limit=1)
    recorder = Recorder()
    try:
        first = pool.submit_as(False, recorder.task("busy"))
        wait_until(lambda: recorder.started == ["busy"])
        futures = [
            pool.submit_as(True, recorder.task("parent 1")),
            pool.submit_as(False, recorder.task("save 1")),
            pool.submit_as(True, recorder.task("parent 2")),
            pool.submit(recorder.task("save 2")),
        ]
        recorder.gate.set()
        assert [future.result(WAIT) for future in futures] == ["parent 1", "save 1", "parent 2", "save 2"]
        assert first.result(WAIT) == "busy"
        assert recorder.started == ["busy", "save 1", "save 2", "parent 1", "parent 2"]
    finally:
        recorder.gate.set()
        pool.shutdown()


def test_a_public_read_waits_while_work_runs_though_a_thread_is_free():
    """A reload beside a referee's request takes turns with it on the process's one interpreter."""
    pool = PriorityPool(threads=2, public_limit=1)
    recorder = Recorder()
    try:
        save = pool.submit_as(False, recorder.task("save"))
        wait_until(lambda: recorder.started == ["save"])
        parent = pool.submit_as(True, lambda: "parent")
        time.sleep(0.1)
        assert not parent.done()  # the second thread is free, and stays so
        recorder.gate.set()
        assert (save.result(WAIT), parent.result(WAIT)) == ("save", "parent")
    finally:
        recorder.gate.set()
        pool.shutdown()


def test_a_public_read_that_waited_its_patience_runs_beside_work():
    pool = PriorityPool(threads=2, public_limit=1, patience=0.05)
    recorder = Recorder()
    try:
        save = pool.submit_as(False, recorder.task("save"))
        wait_until(lambda: recorder.started == ["save"])
        parent = pool.submit_as(True, recorder.task("parent"))
        wait_until(lambda: "parent" in recorder.started)
        assert recorder.running == 2
        recorder.gate.set()
        assert (save.result(WAIT), parent.result(WAIT)) == ("save", "parent")
    finally:
        recorder.gate.set()
        pool.shutdown()


def test_a_public_read_that_waited_its_patience_goes_before_waiting_work():
    """The morning's logins keep work waiting for half a minute: a parent's reload waited all of it."""
    pool = PriorityPool(threads=1, public_limit=1, patience=0.05)
    recorder = Recorder()
    try:
        first = pool.submit_as(False, recorder.task("login 1"))
        wait_until(lambda: recorder.started == ["login 1"])
        parent = pool.submit_as(True, recorder.task("parent"))
        time.sleep(0.1)
        logins = [pool.submit_as(False, recorder.task(f"login {number}")) for number in (2, 3)]
        recorder.gate.set()
        assert [future.result(WAIT) for future in (first, parent, *logins)]
        assert recorder.started == ["login 1", "parent", "login 2", "login 3"]
    finally:
        recorder.gate.set()
        pool.shutdown()


def test_public_reads_never_take_every_thread():
    pool = PriorityPool(threads=4, public_limit=2)
    recorder = Recorder()
    try:
        reads = [pool.submit_as(True, recorder.task(f"parent {number}")) for number in range(6)]
        wait_until(lambda: len(recorder.started) == 2)
        save = pool.submit_as(False, recorder.task("save"))
        wait_until(lambda: "save" in recorder.started)  # a free thread took it at once
        assert recorder.running == 3
        recorder.gate.set()
        assert save.result(WAIT) == "save"
        assert sorted(future.result(WAIT) for future in reads) == [f"parent {number}" for number in range(6)]
        assert recorder.most_running <= 3
    finally:
        recorder.gate.set()
        pool.shutdown()


def test_work_starts_at_once_while_a_public_read_runs():
    """The public reads have threads of their own: even one that went first after its patience leaves every
    thread for work free."""
    pool = PriorityPool(threads=1, public_limit=1)
    recorder = Recorder()
    try:
        parent = pool.submit_as(True, recorder.task("parent"))
        wait_until(lambda: recorder.started == ["parent"])
        save = pool.submit_as(False, recorder.task("save"))
        wait_until(lambda: "save" in recorder.started)
        assert recorder.running == 2
        recorder.gate.set()
        assert (parent.result(WAIT), save.result(WAIT)) == ("parent", "save")
    finally:
        recorder.gate.set()
        pool.shutdown()


def nice_of(thread: threading.Thread) -> int:
    assert thread.native_id is not None
    return os.getpriority(os.PRIO_PROCESS, thread.native_id)


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a thread has a nice value of its own on Linux"
)
def test_the_public_threads_run_below_the_threads_for_work():
    """Each process has its own interpreter: a reload in the process without work took a core from a
    referee's request in the other, until the reloads' threads ran below it."""
    before = {thread.ident for thread in threading.enumerate()}
    pool = PriorityPool(threads=2, public_limit=1, public_nice=10)
    try:
        assert pool.submit_as(True, lambda: "parent").result(WAIT) == "parent"
        assert pool.submit_as(False, lambda: "save").result(WAIT) == "save"
        started = [thread for thread in threading.enumerate() if thread.ident not in before]
        public = [thread for thread in started if thread.name.startswith("hall-public-")]
        work = [thread for thread in started if not thread.name.startswith("hall-public-")]
        base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        assert [nice_of(thread) for thread in public] == [min(base + 10, 19)]
        assert [nice_of(thread) for thread in work] == [base, base]
    finally:
        pool.shutdown()


def woken(thread: threading.Thread) -> int:
    """How many times the kernel has put the thread back to work after it slept (Linux)."""
    with open(f"/proc/self/task/{thread.native_id}/status") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    raise AssertionError("no voluntary_ctxt_switches line")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads each thread's switches in /proc")
def test_public_reads_leave_the_threads_for_work_asleep():
    """Every parent's reload woke all the threads for work, which found nothing to do and slept again: a
    third of what gunicorn spent on a reload went on that (0.26 ms a request against 0.18 with gunicorn's
    own pool, on a 43 KB answer)."""
    before = {thread.ident for thread in threading.enumerate()}
    pool = PriorityPool(threads=4, public_limit=1)
    try:
        assert pool.submit_as(False, lambda: "save").result(WAIT) == "save"
        time.sleep(0.1)
        work = [
            thread
            for thread in threading.enumerate()
            if thread.ident not in before and not thread.name.startswith("hall-public-")
        ]
        asleep = [woken(thread) for thread in work]
        for number in range(200):
            assert pool.submit_as(True, lambda number=number: number).result(WAIT) == number
        assert sum(woken(thread) for thread in work) - sum(asleep) <= 4
    finally:
        pool.shutdown()


def test_a_failing_task_fails_its_future_not_the_pool():
    pool = PriorityPool(threads=1, public_limit=1)
    try:
        failed = pool.submit_as(True, lambda: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            failed.result(WAIT)
        assert pool.submit_as(True, lambda: "still serving").result(WAIT) == "still serving"
    finally:
        pool.shutdown()


def test_a_shut_pool_finishes_what_waits_and_takes_nothing_new():
    pool = PriorityPool(threads=2, public_limit=1)
    recorder = Recorder()
    waiting = [pool.submit_as(True, recorder.task(f"parent {number}")) for number in range(3)]
    recorder.gate.set()
    pool.shutdown(wait=True)
    assert [future.result(0) for future in waiting] == ["parent 0", "parent 1", "parent 2"]
    with pytest.raises(RuntimeError):
        pool.submit(lambda: None)


def _pool_of(threads: int) -> PriorityPool:
    worker = HallWorker.__new__(HallWorker)  # only its settings matter here
    worker.cfg = type("Settings", (), {"threads": threads})()
    return worker.get_thread_pool()


def test_the_public_threads_run_ten_steps_of_nice_below_unless_told(monkeypatch):
    monkeypatch.delenv("WEB_PUBLIC_NICE", raising=False)
    pool = _pool_of(2)
    try:
        assert pool.public_nice == 10
    finally:
        pool.shutdown()
    monkeypatch.setenv("WEB_PUBLIC_NICE", "0")
    pool = _pool_of(2)
    try:
        assert pool.public_nice == 0
    finally:
        pool.shutdown()


def test_one_thread_of_a_process_serves_public_pages_unless_told(monkeypatch):
    """Each process's threads share one interpreter: a second thread on public pages added little for the
    parents and took the interpreter from a referee's Save while it ran."""
    monkeypatch.delenv("WEB_PUBLIC_THREADS", raising=False)
    pool = _pool_of(4)
    try:
        assert pool.public_limit == 1
    finally:
        pool.shutdown()
    monkeypatch.setenv("WEB_PUBLIC_THREADS", "3")
    pool = _pool_of(4)
    try:
        assert pool.public_limit == 3
    finally:
        pool.shutdown()


class Answer:
    """What gunicorn's logger reads of a response, a request and its environment."""

    status = "200 OK"
    headers: list[tuple[str, str]] = []
    sent = 10
    environ = {"REQUEST_METHOD": "GET", "RAW_URI": "/healthz", "SERVER_PROTOCOL": "HTTP/1.1"}


def test_gunicorn_logs_how_long_each_request_waited_for_a_thread():
    module, name = gunicorn_config.logger_class.rsplit(".", 1)
    assert getattr(import_module(module), name) is HallLogger
    assert gunicorn_config.access_log_format.endswith("%(D)s %(w)s %(c)s")


def test_the_wait_is_from_queueing_to_a_thread_taking_the_request(monkeypatch):
    """Gunicorn's own time (`%(D)s`) starts when a thread takes the request; the wait before it is `%(w)s`."""
    seen: list[float | None] = []
    monkeypatch.setattr(ThreadWorker, "handle", lambda _worker, _conn: seen.append(waited_for_thread()))
    worker = HallWorker.__new__(HallWorker)  # only `handle` is used
    connection = type("Connection", (), {})()
    connection.queued_at = time.monotonic() - 0.25
    worker.handle(connection)
    assert seen[0] is not None
    assert 0.25 <= seen[0] < 0.25 + WAIT
    assert waited_for_thread() is None  # this thread handles nothing now


def test_the_access_log_atom_is_the_wait_in_microseconds(monkeypatch):
    from gunicorn.config import Config

    logger = HallLogger(Config())
    monkeypatch.setattr("tableref.hall_worker.waited_for_thread", lambda: 0.0123)
    atoms = logger.atoms(Answer(), Answer(), Answer.environ, timedelta(microseconds=4500))
    assert (atoms["D"], atoms["w"]) == (4500, "12300")
    monkeypatch.setattr("tableref.hall_worker.waited_for_thread", lambda: None)
    assert logger.atoms(Answer(), Answer(), Answer.environ, timedelta(microseconds=4500))["w"] == "-"


def test_the_cpu_atom_counts_the_thread_s_work_not_its_sleep(monkeypatch):
    """`%(c)s` is what the request cost the process's cores: a request that waits (for the interpreter, a
    lock or the database) spends time but not CPU, so its own time cannot say how many cores are needed."""
    seen: list[tuple[float | None, float | None]] = []

    def handle(_worker, _conn):
        time.sleep(0.05)
        slept = cpu_spent_by_thread()
        deadline = time.thread_time() + 0.03
        while time.thread_time() < deadline:
            pass
        seen.append((slept, cpu_spent_by_thread()))

    monkeypatch.setattr(ThreadWorker, "handle", handle)
    worker = HallWorker.__new__(HallWorker)
    worker.handle(type("Connection", (), {})())
    slept, worked = seen[0]
    assert slept is not None
    assert slept < 0.02
    assert worked is not None
    assert 0.03 <= worked < 0.03 + WAIT
    assert cpu_spent_by_thread() is None  # this thread handles nothing now


def test_the_access_log_atom_is_the_cpu_in_microseconds(monkeypatch):
    from gunicorn.config import Config

    logger = HallLogger(Config())
    monkeypatch.setattr("tableref.hall_worker.cpu_spent_by_thread", lambda: 0.0042)
    assert logger.atoms(Answer(), Answer(), Answer.environ, timedelta(microseconds=4500))["c"] == "4200"
    monkeypatch.setattr("tableref.hall_worker.cpu_spent_by_thread", lambda: None)
    assert logger.atoms(Answer(), Answer(), Answer.environ, timedelta(microseconds=4500))["c"] == "-"
