"""`manage.py weather_fetch`: read the Observatory's live warnings once and store them (cron)."""

from __future__ import annotations

from argparse import ArgumentTypeError
from functools import partial
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from weather.feed import FeedError
from weather.hko import TIMEOUT_SECONDS, Fetcher, FetchError, http_fetch
from weather.services import weather_fetch


class Command(BaseCommand):
    help = "Read the Observatory's warning summary and Pre-No. 8 statement once and store them as snapshots."

    def __init__(self, *args: Any, fetcher: Fetcher | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fetcher = fetcher

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--timeout",
            type=_seconds,
            default=TIMEOUT_SECONDS,
            help=f"seconds to wait for each feed (default {TIMEOUT_SECONDS:g})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        fetcher = self.fetcher or partial(http_fetch, timeout=options["timeout"])
        try:
            snapshots = weather_fetch(fetcher=fetcher)
        except FetchError as exc:
            raise CommandError(f"weather_fetch: nothing stored: {exc}") from exc
        except FeedError as exc:
            raise CommandError(
                f"weather_fetch: nothing stored: unreadable payload ({exc.code}): {exc}"
            ) from exc
        read_at = timezone.localtime(snapshots[0].read_at)
        self.stdout.write(
            f"stored {len(snapshots)} snapshots read at {read_at.isoformat(timespec='seconds')}"
        )


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 120:
        raise ArgumentTypeError(f"{value!r} is not a timeout in seconds (more than 0, at most 120)")
    return seconds
