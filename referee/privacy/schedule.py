"""Forgetting on schedule in the hall: one long-running process checks once at its start and then once a day,
so that nobody has to set up a scheduled task on a school's laptop.

Each check is `manage.py forget_expired` itself, so the hall and a server's cron job do exactly the same. A
process of its own (started by the hall beside the export worker and the weather readings), rather than a
task of the export worker's queue: a check must run whether or not anyone asks for a file, a task that queues
its own next run is lost for good if one run is lost, and the export worker is for files an organiser waits
for. Portable: a thread event's timed wait, no POSIX call.
"""

from __future__ import annotations

import datetime
import io
import logging
import threading
from collections.abc import Callable

from django.core.management import call_command
from django.db import close_old_connections

logger = logging.getLogger("tableref.privacy")
CHECK_EVERY = datetime.timedelta(days=1)
LONGEST_SLEEP = 3600.0  # seconds: a laptop that slept past its check runs it within the hour of waking


def forget_with_command() -> str:
    """One check by `manage.py forget_expired`; what it did (nothing when nothing was due)."""
    output = io.StringIO()
    call_command("forget_expired", stdout=output, verbosity=0)
    return output.getvalue().strip()


class ForgetScheduler:
    """Runs the check when a day has passed since the last one; what it needs is passed in, for tests."""

    def __init__(
        self,
        *,
        check: Callable[[], str],
        now: Callable[[], datetime.datetime],
        every: datetime.timedelta = CHECK_EVERY,
        tidy_connections: Callable[[], None] = close_old_connections,
    ) -> None:
        self.check = check
        self.now = now
        self.every = every
        self.tidy_connections = tidy_connections
        self.last_check: datetime.datetime | None = None

    def tick(self) -> float:
        """Check if one is due; the seconds to wait before the next tick."""
        now = self.now()
        if self.last_check is None or now - self.last_check >= self.every:
            self.run_check()
            self.last_check = now
        remaining = (self.last_check + self.every - self.now()).total_seconds()
        return min(max(remaining, 1.0), LONGEST_SLEEP)

    def run_check(self) -> None:
        self.tidy_connections()
        try:
            for line in self.check().splitlines():
                logger.info("%s", line)
        except Exception:
            logger.exception("forgetting: the check failed; trying again tomorrow")
        finally:
            self.tidy_connections()

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            stop.wait(self.tick())
