"""Builders for Observatory payloads, shaped like the live feeds, for tests that never touch the network."""

from __future__ import annotations

import json
from datetime import date, datetime, time

from weather.decision import HONG_KONG

NAMES = {
    "WRAIN": "Rainstorm Warning Signal",
    "WTCSGNL": "Tropical Cyclone Warning Signal",
    "WTS": "Thunderstorm Warning",
}
MATCH_DAY = date(2025, 7, 19)


def hk(hhmm: str, day: date = MATCH_DAY, seconds: int = 0) -> datetime:
    hours, minutes = (int(part) for part in hhmm.split(":"))
    return datetime.combine(day, time(hours, minutes, seconds), HONG_KONG)


def stamp(moment: datetime) -> str:
    return moment.isoformat()


def entry(warning_type: str, code: str, issued: datetime | None, action: str = "ISSUE", **extra: str) -> dict:
    body: dict[str, str] = {"name": NAMES.get(warning_type, warning_type), "code": code, "actionCode": action}
    if issued is not None:
        body["issueTime"] = stamp(issued)
        body["updateTime"] = stamp(issued)
    body.update(extra)
    return body


def warnsum(**entries: dict) -> str:
    """warnsum(WRAIN=entry(...), WTCSGNL=entry(...)); no arguments is the empty feed `{}`."""
    return json.dumps(entries)


def rain(code: str, issued: datetime, action: str = "ISSUE") -> str:
    return warnsum(WRAIN=entry("WRAIN", code, issued, action))


def cyclone(code: str, issued: datetime, action: str = "ISSUE") -> str:
    return warnsum(WTCSGNL=entry("WTCSGNL", code, issued, action))


def warning_info(pre8_at: datetime | None = None) -> str:
    if pre8_at is None:
        return "{}"
    detail = {
        "contents": ["The Pre-No. 8 Special Announcement is issued."],
        "warningStatementCode": "WTCPRE8",
        "updateTime": stamp(pre8_at),
    }
    return json.dumps({"details": [detail]})
