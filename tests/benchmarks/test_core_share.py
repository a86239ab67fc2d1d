"""The load bench's line on the cores: how busy they were, and the share the bench's own clients took."""

from __future__ import annotations

import sys

import pytest

from benchmarks.core_share import (
    CoreTimes,
    ThreadTimes,
    core_times,
    own_cpu_seconds,
    share_between,
    thread_times,
)


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


def test_the_wait_for_a_core_is_told_for_each_second_run():
    during = ThreadTimes(running=30.0, waiting=12.0).since(ThreadTimes(running=10.0, waiting=2.0))
    assert during == ThreadTimes(running=20.0, waiting=10.0)
    assert (
        "ran 20.0 s on a core and waited 10.0 s for one while others had the cores (0.50 s" in during.line()
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/<pid>/task/*/schedstat is Linux's")
def test_a_process_s_threads_are_counted_together_and_a_gone_process_not_at_all():
    import os
    import subprocess
    import threading

    worked, release = threading.Event(), threading.Event()

    def work() -> None:
        sum(range(3_000_000))
        worked.set()
        release.wait(10)  # still there when the threads are read

    before = thread_times([os.getpid()])
    worker = threading.Thread(target=work)
    worker.start()
    worked.wait(10)
    after = thread_times([os.getpid()])
    release.set()
    worker.join()
    assert before is not None
    assert after is not None
    assert after.running - before.running > 0.01  # the worker's own time is in it
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert thread_times([child.pid]) is None
