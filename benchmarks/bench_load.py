"""The venue under load, through the real server, on 127.0.0.1 only: N referees (50, 100, 200) log in
together, then play: each takes 5 to 15 seconds to enter a game (all starting at the bell, as after a round's
time limit), saves three games and signs off through the real forms, while 20 parents reload the public
standings of a 5,000-player tournament as fast as they can, in a process of their own (as their phones are),
through a light HTTP client (`page_reader`) that takes the server's cores as little as a phone would.
The same 200 referees once more with no typing time at all, every request back to back: a stress figure that
no hall of people can make, printed without targets. Then a fault run: the server (gunicorn's whole process
group and the export worker) is killed with SIGKILL in the middle of a burst of saves, started again, and
every phone resends what was not acknowledged with the same submission key.

Two setups: hall mode on SQLite (gunicorn gthread, 2 processes x 4 threads, as `make hall` runs on 2 cores)
and the deployment guide's on PostgreSQL (its own database, `public_load_bench`). Each prints, per kind of
request, p50/p95/p99 as the clients felt them (queueing included) and as the server spent them (gunicorn's
access log), the morning's logins apart from the play, the errors, the load average, and two references
measured in the same run (the standings' raw SQL aggregate; a trivial reportlab page) so that the figures can
be compared on another machine. `BENCH_READERS` changes the number of parents (0: none, to see what they cost
the referees).

Verdicts: every acknowledged game is stored exactly once, none is half-written, a resent key never doubles a
game, no export fails; `run()` returns False only for those. Slow figures are printed against the targets
(issue 11) but never fail the bench: the machine may be busy. `BENCH_QUICK=1` runs a short version.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
QUICK = os.environ.get("BENCH_QUICK") == "1"
# A referee takes 5 to 15 seconds to enter a game's racks on the tile pad (most take longer): at the bell
# every referee starts at once, so a round's saves arrive within those seconds. None: back to back (stress).
TYPING = (5.0, 15.0)
QUICK_TYPING = (0.5, 1.5)
SETUPS = {
    # name: (database, gunicorn processes, threads per process, referee runs: (referees, typing seconds))
    "SQLite, hall mode": (
        "sqlite",
        2,
        4,
        ((10, QUICK_TYPING), (10, None))
        if QUICK
        else ((50, TYPING), (100, TYPING), (200, TYPING), (200, None)),
    ),
    "PostgreSQL, deployment guide": (
        "postgres",
        2,
        4,
        ((10, QUICK_TYPING),) if QUICK else ((200, TYPING), (200, None)),
    ),
}
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/public_load_bench")


def run() -> bool:
    ok = True
    for name, (database, workers, threads, runs) in SETUPS.items():
        print(f"-- {name}: gunicorn {workers} processes x {threads} threads --", flush=True)
        with tempfile.TemporaryDirectory(prefix="tableref-load-") as folder:
            url = f"sqlite:///{folder}/load.sqlite3" if database == "sqlite" else POSTGRES_URL
            arguments = json.dumps({"url": url, "workers": workers, "threads": threads, "runs": list(runs)})
            child = subprocess.run(
                [sys.executable, "-m", "benchmarks.load_run", arguments, folder], cwd=PROJECT, timeout=1200
            )
        if child.returncode == 3:
            print("   skipped: the database could not be reached", flush=True)
        elif child.returncode != 0:
            ok = False
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
