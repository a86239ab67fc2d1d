"""`manage.py weather_schedule`: read the Observatory every few minutes on match mornings, until stopped."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from weather import clock
from weather import schedule as scheduling


class Command(BaseCommand):
    help = (
        "Run `weather_fetch` every WEATHER_FETCH_EVERY_MINUTES inside WEATHER_FETCH_HOURS on every date "
        "with rounds, until stopped (Ctrl+C or SIGTERM). One such process per site."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="read now if a reading is due, then stop")

    def handle(self, *args: Any, **options: Any) -> None:
        schedule = scheduling.schedule_from_settings()
        scheduler = scheduling.WeatherScheduler(
            schedule=schedule,
            match_days=scheduling.all_match_days,
            fetch=scheduling.fetch_with_command,
            now=clock.now,
        )
        if options["once"]:
            scheduler.tick()
            return
        self.stdout.write(
            f"weather: reading the Observatory every {schedule.every.seconds // 60} minutes, "
            f"{schedule.window_start:%H:%M}-{schedule.window_end:%H:%M} Hong Kong time on match days"
        )
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C in the hall's terminal: a quiet stop
            scheduler.run(stop)
