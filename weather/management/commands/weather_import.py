"""`manage.py weather_import FILE --at ISO_TIME`: store a saved payload as if read at that time."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from weather.feed import FEEDS, MAX_PAYLOAD_CHARS, FeedError, detect_feed
from weather.models import SnapshotSource
from weather.services import snapshot_store
from weather.timeparse import parse_moment

# A saved feed is a few kilobytes; the feed reader refuses more than this many characters anyway.
MAX_FILE_BYTES = MAX_PAYLOAD_CHARS


def read_payload(path: str) -> str:
    """The file's text, read no further than the cap: a huge file or an endless stream costs no memory."""
    with open(path, "rb") as handle:
        content = handle.read(MAX_FILE_BYTES + 1)
    if len(content) > MAX_FILE_BYTES:
        raise CommandError(f"weather_import: nothing stored: {path} is over {MAX_FILE_BYTES} bytes")
    return content.decode("utf-8-sig")


class Command(BaseCommand):
    help = "Store a saved warnsum or warningInfo payload as a snapshot read at the given time."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a saved payload (JSON)")
        parser.add_argument(
            "--at", required=True, help="when it was read: ISO 8601, Hong Kong time if no offset"
        )
        parser.add_argument("--feed", choices=FEEDS, help="which feed it came from (default: detected)")

    def handle(self, *args: Any, **options: Any) -> None:
        read_at = parse_moment(options["at"])
        try:
            payload = read_payload(options["file"])
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"weather_import: cannot read {options['file']}: {exc}") from exc
        try:
            feed = options["feed"] or detect_feed(payload)
            snapshot = snapshot_store(
                feed=feed, payload=payload, read_at=read_at, source=SnapshotSource.IMPORT
            )
        except FeedError as exc:
            raise CommandError(
                f"weather_import: nothing stored: unreadable payload ({exc.code}): {exc}"
            ) from exc
        self.stdout.write(f"stored {snapshot.feed} snapshot read at {read_at.isoformat(timespec='seconds')}")
