"""The SQLite writers' queue: a writer waits its turn without SQLite's busy handler, and always lets go."""

from __future__ import annotations

import fcntl
import os
import threading
import time

import pytest
from django.db import OperationalError, connections, transaction
from django.db.utils import ConnectionHandler

from tableref.sqlite_backend import base
from tableref.sqlite_backend.base import writer_queue

ALIASES = ("queue_a", "queue_b")


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """Two databases aliases for one SQLite file with a table, as the site's settings make them; each thread
    that uses an alias gets its own connection, as each worker thread does."""
    path = tmp_path / "queue.sqlite3"
    for alias in ALIASES:
        options = {"transaction_mode": "IMMEDIATE", "timeout": 5, "init_command": "PRAGMA journal_mode=WAL;"}
        given = {"default": {"ENGINE": "tableref.sqlite_backend", "NAME": str(path), "OPTIONS": options}}
        connections.settings[alias] = ConnectionHandler(given).settings["default"]
    with django_db_blocker.unblock():
        with connections[ALIASES[0]].cursor() as cursor:
            cursor.execute("CREATE TABLE saves (who TEXT)")
        yield path
        for alias in ALIASES:
            connections[alias].close()
            del connections[alias]
            del connections.settings[alias]


def write(alias: str, who: str) -> None:
    """One writer's transaction, in the calling thread, on its own connection, closed afterwards."""
    try:
        with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
            cursor.execute("INSERT INTO saves VALUES (%s)", [who])
    finally:
        connections[alias].close()


def saved(path) -> list[str]:
    with connections[ALIASES[0]].cursor() as cursor:
        cursor.execute("SELECT who FROM saves ORDER BY rowid")
        return [row[0] for row in cursor.fetchall()]


def in_thread(target, *args) -> threading.Thread:
    """`target` in a thread of its own; connections belong to their thread, so each makes its own."""
    thread = threading.Thread(target=target, args=args)
    thread.start()
    return thread


def test_a_second_writer_waits_for_the_first_to_commit(database):
    order: list[str] = []
    first_in = threading.Event()

    def first() -> None:
        try:
            with transaction.atomic(using=ALIASES[0]), connections[ALIASES[0]].cursor() as cursor:
                cursor.execute("INSERT INTO saves VALUES ('first')")
                first_in.set()
                time.sleep(0.3)
                order.append("first commits")
        finally:
            connections[ALIASES[0]].close()

    def second() -> None:
        first_in.wait()
        write(ALIASES[1], "second")
        order.append("second done")

    threads = [in_thread(first), in_thread(second)]
    for thread in threads:
        thread.join(10)
    assert order == ["first commits", "second done"]
    assert saved(database) == ["first", "second"]


def test_another_process_holding_the_file_lock_holds_the_writers_back(database):
    """The lock file is what the gunicorn processes share; another open of it stands for another process."""
    other = os.open(f"{database}.writers", os.O_RDWR | os.O_CREAT)
    fcntl.flock(other, fcntl.LOCK_EX)
    done = threading.Event()

    def writer() -> None:
        write(ALIASES[1], "waited")
        done.set()

    thread = in_thread(writer)
    assert not done.wait(0.3)
    fcntl.flock(other, fcntl.LOCK_UN)
    os.close(other)
    assert done.wait(5)
    thread.join(5)


def test_a_rolled_back_transaction_lets_go_of_the_queue(database):
    with pytest.raises(ZeroDivisionError), transaction.atomic(using=ALIASES[0]):
        connections[ALIASES[0]].cursor().execute("INSERT INTO saves VALUES ('lost')")
        1 / 0  # noqa: B018
    queue = writer_queue(str(database))
    assert queue.thread_lock.acquire(blocking=False)
    queue.thread_lock.release()
    write(ALIASES[0], "next")
    assert saved(database) == ["next"]


def test_a_writer_that_waits_too_long_is_told_the_database_is_locked(database):
    connections.settings[ALIASES[1]]["OPTIONS"]["timeout"] = 0.2
    queue = writer_queue(str(database))
    queue.thread_lock.acquire()  # another thread of this process is writing
    try:
        failed: list[Exception] = []

        def writer() -> None:
            try:
                write(ALIASES[1], "late")
            except OperationalError as error:
                failed.append(error)

        in_thread(writer).join(5)
    finally:
        queue.thread_lock.release()
    assert len(failed) == 1
    assert "locked" in str(failed[0])


def test_a_forked_process_makes_its_own_queue(database):
    """An flock belongs to the open file, so a child must open the lock file again rather than share it."""
    write(ALIASES[0], "parent")
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's answer comes through the pipe
        os.write(writer, b"1" if str(database.resolve()) not in base._queues else b"0")
        os._exit(0)
    os.waitpid(child, 0)
    assert os.read(reader, 1) == b"1"
