"""Rebuilding what was in force from readings of a feed without history."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.weather.weather_payloads import cyclone, hk, rain, warnsum
from weather.feed import parse_summary
from weather.timeline import UNKNOWN, SummaryReading, code_at, lowered_at, severe_between
from weather.warning_signals import CYCLONE, RAINSTORM

ROOT = Path(__file__).resolve().parents[2]


def at(hhmm: str, payload: str) -> SummaryReading:
    return SummaryReading(hk(hhmm), parse_summary(payload))


def test_the_code_dated_before_the_instant_answers_alone() -> None:
    history = [at("07:20", rain("WRAINA", hk("06:00")))]
    assert code_at(history, RAINSTORM, hk("07:01")) == "WRAINA"
    assert code_at(history, CYCLONE, hk("07:01")) is UNKNOWN


def test_no_entry_at_all_shortly_after_the_instant_means_nothing_was_in_force() -> None:
    history = [at("07:10", rain("WRAINA", hk("06:00")))]
    assert code_at(history, CYCLONE, hk("07:01")) is None  # a No. 3 lowered since would show as CANCEL
    assert code_at([at("07:12", warnsum())], CYCLONE, hk("07:01")) is UNKNOWN


def test_a_change_dated_after_the_instant_leaves_the_earlier_code() -> None:
    history = [at("06:50", rain("WRAINR", hk("05:00"))), at("07:10", rain("WRAINA", hk("07:03")))]
    assert code_at(history, RAINSTORM, hk("07:01")) == "WRAINR"
    assert code_at(history, RAINSTORM, hk("07:04")) == "WRAINA"


def test_the_same_state_on_both_sides_of_a_short_gap_holds_between() -> None:
    history = [at("06:50", warnsum()), at("07:10", warnsum())]
    assert code_at(history, CYCLONE, hk("07:01")) is None


def test_no_reading_after_the_instant_is_unknown() -> None:
    assert code_at([at("06:50", warnsum())], CYCLONE, hk("07:01")) is UNKNOWN


def test_lowered_at_reads_the_replacement_issue_time() -> None:
    history = [at("06:30", cyclone("TC8SW", hk("01:00"))), at("06:50", cyclone("TC3", hk("06:40")))]
    assert lowered_at(history, CYCLONE, hk("06:30")) == hk("06:40")
    assert lowered_at(history[:1], CYCLONE, hk("06:30")) is None


def test_severe_between_counts_a_signal_dated_inside_the_window_and_seen_after_it() -> None:
    history = [at("09:40", rain("WRAINB", hk("08:50")))]
    assert severe_between(history, RAINSTORM, hk("07:01"), hk("09:00")).code == "WRAINB"
    assert severe_between(history, RAINSTORM, hk("07:01"), hk("08:30")) is None


def test_the_plain_python_part_imports_no_django() -> None:
    code = (
        "import sys, weather.decision, weather.feed, weather.hko, weather.timeline, weather.warning_signals; "
        "sys.exit(1 if any(name.split('.')[0] == 'django' for name in sys.modules) else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr or "django was imported"


def cancelled_dated_by_issue_time_only(issued: str) -> str:
    """A CANCEL entry that carries only the original issue time: it does not say when it was cancelled."""
    return warnsum(
        WRAIN={
            "name": "Rainstorm",
            "code": "CANCEL",
            "actionCode": "CANCEL",
            "issueTime": hk(issued).isoformat(),
        }
    )


def test_a_change_time_contradicted_by_an_earlier_reading_is_not_trusted() -> None:
    history = [
        at("06:55", rain("WRAINR", hk("05:00"))),
        at("07:05", cancelled_dated_by_issue_time_only("05:00")),
    ]
    assert code_at(history, RAINSTORM, hk("07:01")) is UNKNOWN
    assert lowered_at(history, RAINSTORM, hk("06:55")) is None


def test_a_change_time_after_the_last_reading_that_showed_the_old_code_is_trusted() -> None:
    history = [
        at("06:55", rain("WRAINR", hk("05:00"))),
        at("07:05", cancelled_dated_by_issue_time_only("06:58")),
    ]
    assert code_at(history, RAINSTORM, hk("07:01")) is None
    assert lowered_at(history, RAINSTORM, hk("06:55")) == hk("06:58")


def test_a_reading_that_lags_a_few_minutes_behind_a_change_does_not_discredit_it() -> None:
    history = [
        at("06:55", rain("WRAINR", hk("05:00"))),
        at("07:00", rain("WRAINR", hk("05:00"))),
        at("07:05", rain("WRAINA", hk("06:58"))),
    ]
    assert code_at(history, RAINSTORM, hk("07:01")) == "WRAINA"
    assert lowered_at(history, RAINSTORM, hk("07:00")) == hk("06:58")
