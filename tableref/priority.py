"""Background work that gives way to the web server, on every way it may be started.

`nice` alone is not enough on Linux: the scheduler first shares the cores between sessions ("autogroups"),
and only then between the processes of one session by their nice values. A worker started in a session of its
own (by a supervisor, or by the load bench) therefore kept half of the cores however nice it was, and while a
round's scoresheets were made the referees' saves took 3-6 times as long. Such a worker lowers its session's
share as well. One that shares its session with the web server (`make hall`) lowers only itself, since its
session's share is the web server's too.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

AUTOGROUP = Path("/proc/self/autogroup")


def give_way(amount: int) -> None:
    """Run `amount` steps of nice below the web server (Linux, macOS, other Unix; nothing on Windows)."""
    if amount <= 0 or not hasattr(os, "nice"):
        return
    os.nice(amount)
    if os.getsid(0) == os.getpid() and AUTOGROUP.exists():
        # Raising a session's nice needs no privilege; a kernel that refuses it leaves the process nice alone.
        with contextlib.suppress(OSError):
            AUTOGROUP.write_text(f"{amount}\n")
