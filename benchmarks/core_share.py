"""How busy the machine's cores were during a load run, how much of that the bench's own clients took, and
how long the server's threads waited for a core.

The referees' and the parents' clients run on the cores the server runs on, which a hall's phones do not: the
share they took is printed beside the figures, so that a reader can tell the server's answers from the wait
for a core that the clients themselves made. On a machine shared with other work, the server's threads also
wait for a core while others have it: that wait is printed too, so that a slow run can be told from a slow
server. Linux only (`/proc`); elsewhere the lines are left out.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from pathlib import Path

PROC_STAT = Path("/proc/stat")
# /proc/stat's first line: user nice system idle iowait irq softirq steal (guest time is counted in user).
BUSY_FIELDS = (0, 1, 2, 5, 6, 7)
IDLE_FIELDS = (3, 4)


@dataclass(frozen=True)
class CoreTimes:
    """Seconds of core time since boot, summed over every core: busy, and busy or idle."""

    busy: float
    total: float


def core_times() -> CoreTimes | None:
    try:
        fields = [int(value) for value in PROC_STAT.read_text().split("\n", 1)[0].split()[1:9]]
    except (OSError, ValueError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    busy = sum(fields[index] for index in BUSY_FIELDS) / tick
    return CoreTimes(busy=busy, total=busy + sum(fields[index] for index in IDLE_FIELDS) / tick)


def own_cpu_seconds() -> float:
    """CPU seconds this process has spent so far, all its threads together."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


@dataclass(frozen=True)
class CoreShare:
    """Over one run: how busy the cores were, and the CPU seconds each kind of client spent."""

    busy: float  # share of all the cores' time
    core_seconds: float  # the cores' time over the run (seconds x cores)
    parents: float  # CPU seconds of the parents' process
    referees: float  # CPU seconds of the referees' process (the bench itself)

    def line(self) -> str:
        busy_seconds = self.busy * self.core_seconds
        clients = self.parents + self.referees
        return (
            f"   the cores were busy {self.busy:.0%} of the run; the bench's own clients took "
            f"{clients / busy_seconds:.0%} of that busy time (parents {self.parents / busy_seconds:.0%}, "
            f"referees {self.referees / busy_seconds:.0%}), the rest went to the server, the database, the "
            "export worker and anything else running"
        )


def share_between(
    before: CoreTimes | None, after: CoreTimes | None, parents: float, referees: float
) -> CoreShare | None:
    if before is None or after is None or after.total <= before.total:
        return None
    core_seconds = after.total - before.total
    busy = (after.busy - before.busy) / core_seconds
    if busy <= 0:
        return None
    return CoreShare(busy=busy, core_seconds=core_seconds, parents=parents, referees=referees)


@dataclass(frozen=True)
class ThreadTimes:
    """Seconds that some processes' threads spent on a core, and runnable but waiting for one (Linux's
    schedstat): the waiting is what other programs, the bench's own clients and the database took from them,
    as opposed to waiting for a lock, the interpreter or the network, which is not counted here."""

    running: float
    waiting: float

    def since(self, before: ThreadTimes) -> ThreadTimes:
        return ThreadTimes(self.running - before.running, self.waiting - before.waiting)

    def line(self) -> str:
        share = self.waiting / self.running if self.running else 0.0
        return (
            f"   during play the server's threads ran {self.running:.1f} s on a core and waited "
            f"{self.waiting:.1f} s for one while others had the cores ({share:.2f} s for each second run)"
        )


def thread_times(pids: list[int]) -> ThreadTimes | None:
    """The threads of `pids` now, all together; None where /proc has no schedstat (not Linux)."""
    running = waiting = 0
    found = False
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            try:
                fields = task.read_text().split()
            except OSError:
                continue  # a thread that ended meanwhile
            running, waiting, found = running + int(fields[0]), waiting + int(fields[1]), True
    return ThreadTimes(running / 1e9, waiting / 1e9) if found else None
