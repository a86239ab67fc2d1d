"""One web server process a core, each kept to its own core (Linux), as uWSGI's `cpu-affinity` does.

A process runs its Python on one core at a time, since its threads share one interpreter lock: more
processes than cores gain nothing, fewer leave cores idle. So gunicorn runs one process a usable core unless
`WEB_CONCURRENCY` says (`processes_for_the_cores`).

Left free, the scheduler moves a process's threads between the cores, and each hand-over of the interpreter
lock then crosses from one core to another. In one process of four threads serving the referee's table page,
a page cost 42-48 ms of CPU against 33 ms with one thread, and the process answered 17-19 pages a second
against 27; kept to one core, the same four threads cost 28-42 ms a page and answered 20-28 a second
(alternating runs on a 2-core machine). In the load bench's short runs of 200 referees, the referees' figures
stayed the same within the noise and the parents' reloads came up to twice as often. The database, the export
worker and everything else still run on any core.

Gunicorn's parent chooses each process's core before starting it (`core_for_a_new_process`), so that a
process that replaces another takes the core its predecessor left; the new process keeps to it (`pin_to`).
Processes are left free where the cores are not alike (`cores_alike`). Measured on 2-core machines only.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path


def usable_cores() -> list[int]:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return sorted(os.sched_getaffinity(0))
    return list(range(os.cpu_count() or 1))


# At most this many processes unless WEB_CONCURRENCY says: each holds a PostgreSQL connection a thread, and
# two machines of 8 processes of 5 threads stay within PostgreSQL's 100.
MOST_PROCESSES = 8


def processes_for_the_cores() -> int:
    """How many web server processes to run by default: one a usable core, since each process's Python runs
    on one core at a time (at least 1, at most `MOST_PROCESSES`)."""
    return max(1, min(len(usable_cores()), MOST_PROCESSES))


# What Linux says of each core's kind: its top frequency, or (on ARM) its relative capacity.
CORE_KIND_FILES = ("cpufreq/cpuinfo_max_freq", "cpu_capacity")
CPU_FOLDER = Path("/sys/devices/system/cpu")


def cores_alike(cores: list[int], folder: Path = CPU_FOLDER) -> bool:
    """Whether the cores are of one kind. A laptop with performance and efficiency cores has two: a process
    kept to an efficiency core would stay slow all day while the kernel shares connections out evenly, so
    such processes are left free. Cores that say nothing of their kind (a virtual machine's) count as
    alike."""
    for name in CORE_KIND_FILES:
        kinds: set[str] = set()
        for core in cores:
            try:
                kinds.add((folder / f"cpu{core}" / name).read_text().strip())
            except OSError:
                continue
        if len(kinds) > 1:
            return False
    return True


def core_for_a_new_process(taken: Iterable[int | None]) -> int | None:
    """The core a process about to start will keep to, given those its running siblings keep to; None where
    processes are left free (one usable core, or cores of two kinds)."""
    cores = usable_cores()
    return choose_core(cores, taken) if cores_alike(cores) else None


def choose_core(cores: list[int], taken: Iterable[int | None]) -> int | None:
    """The usable core that the fewest running processes keep to, the lowest first; None with one core,
    where there is nothing to choose."""
    if len(cores) < 2:
        return None
    used = Counter(core for core in taken if core is not None)
    return min(cores, key=lambda core: (used[core], core))


def pin_to(core: int | None) -> bool:
    """Keep this process, and the threads it starts, on `core`; False where that cannot be done."""
    if core is None or not hasattr(os, "sched_setaffinity"):
        return False
    try:
        os.sched_setaffinity(0, {core})
    except OSError:
        return False
    return True
