"""Reading the Observatory's open-data warning feeds (`warnsum` and `warningInfo`).

A payload that cannot be read raises `FeedError` with a stable code, so that nothing half-understood is stored
and the decision never rests on a guess about the feed's shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from weather.warning_signals import CANCEL, CATEGORIES, PRE8_STATEMENT, is_known_code

SUMMARY_FEED = "warnsum"
STATEMENT_FEED = "warningInfo"
FEEDS = (SUMMARY_FEED, STATEMENT_FEED)
ACTIONS = frozenset({"ISSUE", "REISSUE", "EXTEND", "UPDATE", CANCEL})
MAX_PAYLOAD_CHARS = 1_000_000


class FeedError(ValueError):
    """A payload TableRef cannot read; `code` is stable, the message is for the log and the console."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class WarningEntry:
    """One entry of the warning summary, as the Observatory wrote it."""

    warning_type: str
    code: str
    action: str
    name: str = ""
    issued_at: datetime | None = None
    updated_at: datetime | None = None
    expires_at: datetime | None = None

    @property
    def in_force(self) -> bool:
        return self.action != CANCEL and self.code != CANCEL

    @property
    def cancelled_at(self) -> datetime | None:
        """When a cancelled entry was cancelled: its update time, else its issue time."""
        return self.updated_at or self.issued_at


@dataclass(frozen=True)
class WarningSummary:
    """What the `warnsum` feed said at one moment."""

    entries: tuple[WarningEntry, ...] = ()

    def entry(self, warning_type: str) -> WarningEntry | None:
        for entry in self.entries:
            if entry.warning_type == warning_type:
                return entry
        return None


@dataclass(frozen=True)
class WarningStatements:
    """What the `warningInfo` feed said at one moment: only the Pre-No. 8 announcement matters here."""

    pre8_in_force: bool = False
    pre8_updated_at: datetime | None = None


def parse_time(value: object, field: str) -> datetime | None:
    """ISO 8601 with an offset, fractional seconds allowed; a time without an offset is refused."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise FeedError("bad-time", f"{field} is not a text time: {value!r}")
    try:
        parsed = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise FeedError("bad-time", f"{field} is not an ISO 8601 time: {value!r}") from exc
    if parsed.tzinfo is None:
        raise FeedError("bad-time", f"{field} has no time zone offset: {value!r}")
    return parsed


def load_json(payload: str | bytes) -> object:
    if isinstance(payload, bytes):
        try:
            payload = payload.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise FeedError("not-utf8", "the payload is not UTF-8 text") from exc
    if len(payload) > MAX_PAYLOAD_CHARS:
        raise FeedError("too-large", f"the payload is over {MAX_PAYLOAD_CHARS} characters")
    try:
        return json.loads(payload)
    except json.JSONDecodeError as exc:
        raise FeedError("not-json", f"the payload is not JSON: {exc.msg} at line {exc.lineno}") from exc
    except RecursionError as exc:
        raise FeedError("too-deep", "the payload is nested too deeply to be a warning feed") from exc
    except ValueError as exc:  # an integer past Python's digit limit
        raise FeedError("bad-number", f"the payload holds a number too long to read: {exc}") from exc


def _as_object(document: object, feed: str) -> dict[str, Any]:
    """Nothing in force is `{}`; some clients see `[]`, which means the same."""
    if document == []:
        return {}
    if not isinstance(document, dict):
        raise FeedError("bad-shape", f"the {feed} payload is not a JSON object")
    return document


def _parse_entry(warning_type: str, raw: object) -> WarningEntry:
    if not isinstance(raw, dict):
        raise FeedError("bad-entry", f"entry {warning_type} is not an object")
    code, action = raw.get("code"), raw.get("actionCode")
    if not isinstance(code, str) or not code:
        raise FeedError("bad-entry", f"entry {warning_type} has no code")
    if action not in ACTIONS:
        raise FeedError("bad-entry", f"entry {warning_type} has an unknown actionCode {action!r}")
    if warning_type in CATEGORIES and not is_known_code(warning_type, code):
        raise FeedError("unknown-code", f"entry {warning_type} has an unknown code {code!r}")
    name = raw.get("name")
    return WarningEntry(
        warning_type=warning_type,
        code=code,
        action=action,
        name=name if isinstance(name, str) else "",
        issued_at=parse_time(raw.get("issueTime"), f"{warning_type}.issueTime"),
        updated_at=parse_time(raw.get("updateTime"), f"{warning_type}.updateTime"),
        expires_at=parse_time(raw.get("expireTime"), f"{warning_type}.expireTime"),
    )


def parse_summary(payload: str | bytes) -> WarningSummary:
    """Read a `warnsum` payload: an object keyed by warning type."""
    document = _as_object(load_json(payload), SUMMARY_FEED)
    if "details" in document:
        raise FeedError("wrong-feed", "this is a warningInfo payload, not warnsum")
    entries = tuple(_parse_entry(str(key), raw) for key, raw in document.items())
    return WarningSummary(entries=entries)


def parse_statements(payload: str | bytes) -> WarningStatements:
    """Read a `warningInfo` payload: `{"details": [...]}`, or `{}` when nothing is in force."""
    document = _as_object(load_json(payload), STATEMENT_FEED)
    details = document.get("details", [])
    if details is None:
        details = []
    if not isinstance(details, list):
        raise FeedError("bad-shape", "warningInfo details is not a list")
    for item in details:
        if not isinstance(item, dict) or not isinstance(item.get("warningStatementCode"), str):
            raise FeedError("bad-entry", "a warningInfo detail has no warningStatementCode")
        if item["warningStatementCode"] == PRE8_STATEMENT:
            updated_at = parse_time(item.get("updateTime"), "WTCPRE8.updateTime")
            return WarningStatements(pre8_in_force=True, pre8_updated_at=updated_at)
    return WarningStatements()


def detect_feed(payload: str | bytes) -> str:
    """Which feed a saved payload came from: warningInfo has `details`, warnsum never does."""
    document = load_json(payload)
    if isinstance(document, dict) and "details" in document:
        return STATEMENT_FEED
    return SUMMARY_FEED


def parse(feed: str, payload: str | bytes) -> WarningSummary | WarningStatements:
    if feed == SUMMARY_FEED:
        return parse_summary(payload)
    if feed == STATEMENT_FEED:
        return parse_statements(payload)
    raise FeedError("unknown-feed", f"unknown feed {feed!r}")
