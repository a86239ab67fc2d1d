"""`manage.py weather_fetch`: read the Observatory's live warnings once and store them (cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from weather.feed import FeedError
from weather.hko import Fetcher, FetchError, http_fetch
from weather.services import weather_fetch


class Command(BaseCommand):
    help = "Read the Observatory's warning summary and Pre-No. 8 statement once and store them as snapshots."

    def __init__(self, *args: Any, fetcher: Fetcher | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fetcher = fetcher or http_fetch

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            snapshots = weather_fetch(fetcher=self.fetcher)
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
