"""`manage.py export_worker`: make the files asked for on the export page, until stopped."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import close_old_connections

from referee import exports_worker


def work_once_tidily(worker: str | None = None) -> bool:
    """One turn of the worker between fresh connections: a connection the database dropped while the worker
    waited (a restart, an idle timeout) is replaced rather than failing every job after it."""
    close_old_connections()
    try:
        return exports_worker.work_once(worker)
    finally:
        close_old_connections()


class Command(BaseCommand):
    help = (
        "Make the exports queued on the organisers' export pages (scoresheets, workbooks), one at a time, "
        "until stopped (Ctrl+C or SIGTERM). Run one or more per site; `make hall` starts one."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="make the files waiting now, then stop")
        parser.add_argument("--idle-seconds", type=float, default=1.0, help="how long to wait when idle")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["once"]:
            while work_once_tidily():
                pass
            return
        name = exports_worker.worker_name()
        self.stdout.write(f"exports: worker {name} waiting for files to make")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
        with contextlib.suppress(KeyboardInterrupt):
            while not stop.is_set():
                if not work_once_tidily(name):
                    stop.wait(options["idle_seconds"])
