"""`manage.py weather_status DATE [--session HH:MM] [--at ISO_TIME]`: one JSON object, the day's decision."""

from __future__ import annotations

import json
from datetime import date, datetime, time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone, translation

from referee.models import Tournament
from weather import clock
from weather.selectors import day_status, tournaments_playing_on
from weather.timeparse import parse_moment, require_year_in_range


class Command(BaseCommand):
    help = "Print the weather decision for a match day as known at a time (default: now), as one JSON object."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("date", help="the match day, YYYY-MM-DD")
        parser.add_argument(
            "--session", help="session start HH:MM (default: the day's first round, else 09:00)"
        )
        parser.add_argument("--at", help="as known at this time: ISO 8601, Hong Kong time if no offset")
        parser.add_argument("--tournament", help="tournament slug (needed only if several play that day)")
        parser.add_argument(
            "--lang", choices=[code for code, _ in settings.LANGUAGES], help="language of reason"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        day = _parse_date(options["date"])
        session = _parse_session(options["session"]) if options["session"] else None
        as_of = parse_moment(options["at"]) if options["at"] else clock.now()
        tournament = _tournament(options["tournament"], day)
        with translation.override(options["lang"] or settings.LANGUAGE_CODE):
            row = day_status(tournament, day, as_of, session)
            result = {
                "status": str(row.decision.status),
                "reason_code": str(row.decision.reason),
                "reason": row.reason,
                "decided_at": timezone.localtime(row.decision.decided_at).isoformat(timespec="seconds"),
            }
        self.stdout.write(json.dumps(result, ensure_ascii=False))


def _parse_date(value: str) -> date:
    try:
        day = date.fromisoformat(value)
    except ValueError as exc:
        raise CommandError(f"weather_status: {value!r} is not a date (YYYY-MM-DD)") from exc
    require_year_in_range(value, day)
    return day


def _parse_session(value: str) -> time:
    try:
        return datetime.strptime(value, "%H:%M").time()
    except ValueError as exc:
        raise CommandError(f"weather_status: {value!r} is not a session start (HH:MM)") from exc


def _tournament(slug: str | None, day: date) -> Tournament | None:
    """The named tournament, or the only one playing that day, or none (readings alone decide)."""
    if slug:
        found = Tournament.objects.filter(slug=slug).first()
        if found is None:
            raise CommandError(f"weather_status: no tournament {slug!r}")
        return found
    playing = tournaments_playing_on(day)
    if len(playing) > 1:
        slugs = ", ".join(t.slug for t in playing)
        raise CommandError(
            f"weather_status: several tournaments play on {day}: choose one with --tournament ({slugs})"
        )
    return playing[0] if playing else None
