"""`manage.py forget_schedule`: `forget_expired` at start and then once a day, until stopped (the hall)."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from referee.privacy.schedule import ForgetScheduler, forget_with_command


class Command(BaseCommand):
    help = (
        "Forget the children of tournaments past their retention date (forget_expired) now and then once a "
        "day, until stopped (Ctrl+C or SIGTERM). The hall runs it; a server uses cron instead."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="check once, then stop")

    def handle(self, *args: Any, **options: Any) -> None:
        scheduler = ForgetScheduler(check=forget_with_command, now=timezone.now)
        if options["once"]:
            scheduler.run_check()
            return
        self.stdout.write("forgetting: children's data past its retention date is removed once a day")
        self.stdout.flush()
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C in the hall's terminal: a quiet stop
            scheduler.run(stop)
