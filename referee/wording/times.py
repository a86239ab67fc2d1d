"""Dates and times as people read them, in the active language and time zone."""

from __future__ import annotations

import datetime

from django.utils import formats, timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext


def local_datetime(value: datetime.datetime | None) -> str:
    """A moment in the active time zone, as people write it: 2025-03-01 14:05."""
    if value is None:
        return ""
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")


def local_date(value: datetime.date | None) -> str:
    if value is None:
        return ""
    return formats.date_format(value, "DATE_FORMAT")


def now_text() -> str:
    """The generation time printed in footers, with the zone's abbreviation (HKT)."""
    now = timezone.localtime(timezone.now())
    return f"{now:%Y-%m-%d %H:%M} {now.tzname() or ''}".strip()


def day_and_time(moment: datetime.datetime | None) -> str:
    """A moment of this season, the same way round in every reader's head: 5 Dec 06:30, 12月5日 06:30
    (a Hong Kong reader takes 12/5 for the 12th of May)."""
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return date_format(moment, pgettext("format of a day and a time", "j M H:i"))


def moment_text(value: datetime.datetime | None) -> str:
    """A date and a 24-hour time in Hong Kong time: "23 Nov 2026 07:43", "2026年11月23日 07:43". Never
    "7:43 a.m.", whose own full stop doubled the one ending a sentence."""
    if value is None:
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return f"{date_format(local, 'DATE_FORMAT')} {local:%H:%M}"
