"""SQLite for a server of several processes and threads: writers queue for their turn, not in a busy wait.

With `BEGIN IMMEDIATE` every transaction takes SQLite's one write lock at its start. A writer that finds it
taken is left to SQLite's busy handler, which sleeps and tries again, sleeping longer each time (1, 2, 5,
10 ... up to 100 ms). Under the hall's burst of saves that makes the lock sit free while the waiters sleep,
and a save that has waited longest polls least often: the load bench saw saves spend most of their time in
`BEGIN`. Here a writer first waits for its turn on an ordinary lock, shared by every thread of the process,
then on an operating-system lock on a file beside the database, shared by every process; both wake the next
writer the moment the last one commits. SQLite's own lock still keeps the data safe: this queue only decides
who asks for it next, so anything that bypasses the queue (another program, the `sqlite3` shell) is still
correct, only slower.

Where the operating system has no `fcntl` (Windows), or the database is in memory (tests), the queue is left
out and SQLite's busy handler does the waiting, as before.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from django.db import OperationalError
from django.db.backends.sqlite3 import base

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

_queues: dict[str, WriterQueue] = {}
_queues_lock = threading.Lock()
# A process forked from one that had written (gunicorn with preloading) must not share its lock file's open
# description: an flock belongs to the description, so both processes would hold it at once.
os.register_at_fork(after_in_child=_queues.clear)


class WriterQueue:
    """One per database file and process: a thread lock, then an exclusive lock on `<database>.writers`."""

    def __init__(self, database: str) -> None:
        self.thread_lock = threading.Lock()
        self.path = f"{database}.writers"
        self.descriptor: int | None = None

    def take(self, timeout: float) -> None:
        """Wait for this writer's turn, at most `timeout` seconds within this process."""
        if not self.thread_lock.acquire(timeout=timeout):
            raise OperationalError("database is locked")
        try:
            if self.descriptor is None:
                self.descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self.descriptor, fcntl.LOCK_EX)  # the other processes' writers commit in milliseconds
        except BaseException:
            self.thread_lock.release()
            raise

    def let_go(self) -> None:
        try:
            fcntl.flock(self.descriptor, fcntl.LOCK_UN)
        finally:
            self.thread_lock.release()


def writer_queue(database: str) -> WriterQueue:
    key = str(Path(database).resolve())
    with _queues_lock:
        if key not in _queues:
            _queues[key] = WriterQueue(key)
        return _queues[key]


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's SQLite backend, with the writers' queue around every transaction it starts."""

    _in_queue: WriterQueue | None = None

    def _writer_queue(self) -> WriterQueue | None:
        if fcntl is None or self.is_in_memory_db():
            return None
        return writer_queue(str(self.settings_dict["NAME"]))

    def _start_transaction_under_autocommit(self) -> None:
        queue = self._writer_queue()
        if queue is not None and self._in_queue is None:
            queue.take(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
            self._in_queue = queue
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_queue()
            raise

    def _leave_queue(self) -> None:
        if self._in_queue is not None:
            queue, self._in_queue = self._in_queue, None
            queue.let_go()

    def _commit(self) -> None:
        try:
            super()._commit()
        finally:
            self._leave_queue()

    def _rollback(self) -> None:
        try:
            super()._rollback()
        finally:
            self._leave_queue()

    def _close(self) -> None:
        try:
            super()._close()
        finally:
            self._leave_queue()
