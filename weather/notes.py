"""The weather decision of each upcoming match day, in a line for the school notices
(`core.match_day_notes`): "6 December 2026, 09:00: goes ahead. (the reason)"."""

from __future__ import annotations

from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from weather import clock
from weather.models import StatusChoice
from weather.selectors import upcoming_statuses


def weather_lines(tournament: Any) -> list[str]:
    if not getattr(tournament, "weather_rule", False):
        return []
    return [
        _("Weather, %(day)s %(time)s: %(status)s. %(reason)s")
        % {
            "day": date_format(row.match_day.day, "DATE_FORMAT"),
            "time": row.match_day.session_start.strftime("%H:%M"),
            "status": StatusChoice(row.decision.status.value).label,
            "reason": row.reason,
        }
        for row in upcoming_statuses(tournament, clock.now())
    ]
