"""Times typed on the command line: ISO 8601, Hong Kong time when no offset is given, in years a tournament
can use."""

from __future__ import annotations

from datetime import date, datetime

from django.core.management.base import CommandError

from core.inputs import FIRST_YEAR, LAST_YEAR, is_date_in_range
from weather.decision import HONG_KONG


def parse_moment(value: str) -> datetime:
    text = value.strip()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as exc:
        raise CommandError(f"{value!r} is not an ISO 8601 time, for example 2025-07-19T07:05+08:00") from exc
    if len(text) <= len("2025-07-19"):
        raise CommandError(f"{value!r} has no time of day, for example 2025-07-19T07:05+08:00")
    require_year_in_range(value, moment)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=HONG_KONG)


def require_year_in_range(value: str, moment: date) -> None:
    """Years a tournament can use: a year at the ends of the calendar overflows once computed with."""
    if not is_date_in_range(moment):
        raise CommandError(f"{value!r} is not between the years {FIRST_YEAR} and {LAST_YEAR}")
