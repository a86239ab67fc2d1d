"""The load bench's line on the cores: how busy they were, and the share the bench's own clients took."""

from __future__ import annotations

import sys

import pytest

from benchmarks.core_share import CoreTimes, core_times, own_cpu_seconds, share_between


def test_the_share_is_taken_of_the_busy_time_between_two_readings():
    # Two cores for 10 s: 20 core-seconds, 16 of them busy; the clients spent 4 of those.
    share = share_between(CoreTimes(busy=100, total=200), CoreTimes(busy=116, total=220), 3.0, 1.0)
    assert share is not None
    assert share.busy == pytest.approx(0.8)
    line = share.line()
    assert "busy 80% of the run" in line
    assert "clients took 25% of that busy time (parents 19%, referees 6%)" in line


@pytest.mark.parametrize(
    "before, after",
    [
        (None, CoreTimes(busy=1, total=2)),
        (CoreTimes(busy=1, total=2), None),
        (CoreTimes(busy=1, total=2), CoreTimes(busy=1, total=2)),  # no time passed
        (CoreTimes(busy=1, total=2), CoreTimes(busy=1, total=3)),  # nothing busy: no share to speak of
    ],
)
def test_no_line_without_two_readings_apart(before, after):
    assert share_between(before, after, 1.0, 1.0) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_the_readings_grow_with_work():
    before, spent_before = core_times(), own_cpu_seconds()
    total = sum(range(3_000_000))  # some CPU in this process
    after = core_times()
    assert total > 0
    assert before is not None
    assert after is not None
    assert after.busy >= before.busy
    assert after.total >= before.total
    assert own_cpu_seconds() > spent_before
