"""Reading the Observatory's payloads: what counts as in force, and what is refused."""

from __future__ import annotations

import json

import pytest

from tests.weather.weather_payloads import entry, hk, warning_info, warnsum
from weather.feed import (
    STATEMENT_FEED,
    SUMMARY_FEED,
    FeedError,
    detect_feed,
    parse,
    parse_statements,
    parse_summary,
)


def test_empty_object_and_empty_list_both_mean_nothing_in_force() -> None:
    assert parse_summary("{}").entries == ()
    assert parse_summary("[]").entries == ()


def test_entries_are_read_with_their_times_and_offsets() -> None:
    payload = warnsum(
        WRAIN=entry("WRAIN", "WRAINR", hk("06:10")),
        WTS=entry("WTS", "WTS", hk("05:00"), expireTime="2025-07-19T09:00:00+08:00"),
    )
    summary = parse_summary(payload)
    rain = summary.entry("WRAIN")
    assert rain is not None
    assert rain.code == "WRAINR"
    assert rain.in_force
    assert rain.issued_at == hk("06:10")
    assert summary.entry("WTS").expires_at == hk("09:00")
    assert summary.entry("WTCSGNL") is None


def test_fractional_seconds_are_accepted() -> None:
    payload = json.dumps(
        {
            "WRAIN": {
                "name": "x",
                "code": "WRAINA",
                "actionCode": "ISSUE",
                "issueTime": "2025-07-19T06:40:12.345+08:00",
            }
        }
    )
    assert parse_summary(payload).entry("WRAIN").issued_at == hk("06:40", seconds=12).replace(
        microsecond=345000
    )


@pytest.mark.parametrize("how", ["action", "code"])
def test_a_cancel_entry_is_not_in_force_and_dates_its_cancellation(how: str) -> None:
    raw = entry("WTCSGNL", "CANCEL" if how == "code" else "TC8NE", hk("05:00"), action="CANCEL")
    raw["updateTime"] = hk("06:55").isoformat()
    cancelled = parse_summary(warnsum(WTCSGNL=raw)).entry("WTCSGNL")
    assert not cancelled.in_force
    assert cancelled.cancelled_at == hk("06:55")


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("<html>503 Service Unavailable</html>", "not-json"),
        ("", "not-json"),
        ('"WRAINR"', "bad-shape"),
        ('[{"code": "WRAINR"}]', "bad-shape"),
        ('{"WRAIN": "WRAINR"}', "bad-entry"),
        ('{"WRAIN": {"actionCode": "ISSUE"}}', "bad-entry"),
        ('{"WRAIN": {"code": "WRAINR", "actionCode": "HOIST"}}', "bad-entry"),
        ('{"WRAIN": {"code": "WRAINP", "actionCode": "ISSUE"}}', "unknown-code"),
        ('{"WRAIN": {"code": "WRAINR", "actionCode": "ISSUE", "issueTime": "06:10"}}', "bad-time"),
        (
            '{"WRAIN": {"code": "WRAINR", "actionCode": "ISSUE", "issueTime": "2025-07-19T06:10:00"}}',
            "bad-time",
        ),
        ('{"details": []}', "wrong-feed"),
    ],
)
def test_unreadable_summaries_raise_a_coded_error(payload: str, code: str) -> None:
    with pytest.raises(FeedError) as caught:
        parse_summary(payload)
    assert caught.value.code == code
    assert str(caught.value)


def test_invalid_utf8_is_refused() -> None:
    with pytest.raises(FeedError) as caught:
        parse_summary(b"\xff\xfe{")
    assert caught.value.code == "not-utf8"


def test_other_warning_types_are_kept_but_their_codes_are_not_checked() -> None:
    summary = parse_summary(warnsum(WHOT=entry("WHOT", "WHOT", hk("06:00"))))
    assert summary.entry("WHOT").code == "WHOT"


def test_pre8_announcement_is_found_in_warning_info() -> None:
    statements = parse_statements(warning_info(pre8_at=hk("05:30")))
    assert statements.pre8_in_force
    assert statements.pre8_updated_at == hk("05:30")


@pytest.mark.parametrize(
    "payload", ["{}", "[]", '{"details": []}', '{"details": [{"warningStatementCode": "WRAIN"}]}']
)
def test_warning_info_without_pre8(payload: str) -> None:
    assert not parse_statements(payload).pre8_in_force


@pytest.mark.parametrize("payload", ['{"details": {}}', '{"details": [{"contents": []}]}', "nope"])
def test_unreadable_warning_info_raises(payload: str) -> None:
    with pytest.raises(FeedError):
        parse_statements(payload)


def test_detect_feed_and_dispatch() -> None:
    assert detect_feed(warning_info(pre8_at=hk("05:30"))) == STATEMENT_FEED
    assert detect_feed("{}") == SUMMARY_FEED
    assert parse(STATEMENT_FEED, "{}").pre8_in_force is False
    with pytest.raises(FeedError):
        parse("rhrread", "{}")
