"""The hall under load, through the real server, on 127.0.0.1 only.

The hall as it is: 200 referees log in together, then at the bell each takes 5 to 15 seconds to enter a game,
saves three games and signs off through the real forms, while 400 parents' phones keep the public standings of
a 5,000-player tournament open, in a process of their own (as their phones are): each loads the page once,
then every 15 seconds asks for the table's fragment with its ETag, as the page's script does, and gets a new
table (200) or Not Modified (304). The same with every referee's request back to back: a stress figure that
no hall of people can make, printed without targets. For the hall only, slow and hostile phones: connections
that send a header line every 2 seconds and connections that send nothing, beside 50 referees who come one
after another, after the same 50 referees alone (on a busy machine, what tells the phones' doing from the
machine's; `BENCH_HOSTILE=0` leaves both out). Then a fault
run: the server (its whole process group, the export worker with it) is killed with SIGKILL in the middle of
a burst of saves, started again, and every phone resends what was not acknowledged with the same submission
key.

Setups (`BENCH_SERVERS`, comma-separated, in that order; default "hall,gunicorn"): "hall", the hall on SQLite
as `make hall` runs it (`python -m tableref.hall`: waitress); "gunicorn", the deployment guide's server on
PostgreSQL (stock gunicorn, `gthread`, with `tableref/gunicorn_config.py`'s processes and threads; its own
database, `public_load_bench`). Each prints, per kind of request, p50/p95/p99 as the clients felt them and as
the server spent them (its access log), the morning's logins apart from the play, the errors, the load
average, and two references measured in the same run (the standings' raw SQL aggregate; a trivial reportlab
page) so that the figures can be compared on another machine; at the end, one table of the main figures across
the setups. `BENCH_PARENTS` changes the number of parents (0: none, to see what they cost the referees).

Verdicts: every acknowledged game is stored exactly once, none is half-written, a resent key never doubles a
game, no export fails; `run()` returns False only for those. Slow figures are printed against the targets but
never fail the bench: the machine may be busy. `BENCH_QUICK=1` runs a short version.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
QUICK = os.environ.get("BENCH_QUICK") == "1"
# A referee takes 5 to 15 seconds to enter a game's racks on the tile pad (most take longer): at the bell
# every referee starts at once, so a round's saves arrive within those seconds.
TYPING = (0.5, 1.5) if QUICK else (5.0, 15.0)
REFEREES = 10 if QUICK else 200
HOSTILE_REFEREES = 10 if QUICK else 50
QUICK_IDLE_SECONDS = 10  # the quick run waits for the silent connections to be closed after this


def hall_shape() -> str:
    """The hall's serving processes x threads, as it will read them (`tableref.hall.server`)."""
    from tableref.hall.server import THREADS, serving_processes

    return f"{serving_processes()} x {os.environ.get('HALL_THREADS') or THREADS}"


def gunicorn_shape() -> str:
    """The deployment guide's gunicorn processes x threads (`tableref/gunicorn_config.py`)."""
    from tableref import gunicorn_config

    return f"{gunicorn_config.workers} x {gunicorn_config.threads}"


POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/public_load_bench")
HALL_RUNS = (
    {"kind": "paced", "referees": REFEREES, "typing": TYPING},
    {"kind": "stress", "referees": REFEREES},
)
# The slow and hostile phones beside 50 referees, after the same 50 referees alone (to compare on a busy
# machine); BENCH_HOSTILE=0 leaves both out.
HOSTILE_RUNS = () if os.environ.get("BENCH_HOSTILE") == "0" else ({"kind": "staggered"}, {"kind": "hostile"})
SETUPS = {
    # server: (title, database, runs)
    "hall": (f"the hall, SQLite (waitress, {hall_shape()})", "sqlite", (*HALL_RUNS, *HOSTILE_RUNS)),
    "gunicorn": (
        f"PostgreSQL, deployment guide ({'nginx, ' if shutil.which('nginx') else ''}gunicorn gthread, "
        f"{gunicorn_shape()})",
        "postgres",
        HALL_RUNS,
    ),
}


def idle_seconds() -> int:
    """The hall's idle timeout as the server will read it."""
    from tableref.hall.server import IDLE_SECONDS

    return int(os.environ.get("HALL_IDLE_SECONDS") or IDLE_SECONDS)


def chosen() -> list[str]:
    names = [
        name.strip() for name in os.environ.get("BENCH_SERVERS", "hall,gunicorn").split(",") if name.strip()
    ]
    unknown = [name for name in names if name not in SETUPS]
    if unknown:
        raise SystemExit(f"BENCH_SERVERS: unknown {unknown}; choose among {list(SETUPS)}")
    return names


def run() -> bool:
    ok = True
    records = []
    environment = {**os.environ}
    if QUICK:
        environment.setdefault("HALL_IDLE_SECONDS", str(QUICK_IDLE_SECONDS))
    for number, server in enumerate(chosen(), start=1):
        title, database, runs = SETUPS[server]
        print(f"-- {number}. {title} --", flush=True)
        with tempfile.TemporaryDirectory(prefix="tableref-load-") as folder:
            url = f"sqlite:///{folder}/load.sqlite3" if database == "sqlite" else POSTGRES_URL
            runs = tuple(
                {
                    **run,
                    "referees": HOSTILE_REFEREES,
                    "idle_seconds": int(environment.get("HALL_IDLE_SECONDS") or idle_seconds()),
                }
                if run["kind"] in ("staggered", "hostile")
                else run
                for run in runs
            )
            record = Path(folder) / "record.json"
            arguments = json.dumps(
                {
                    "name": f"{number}. {title}",
                    "server": server,
                    "url": url,
                    "runs": runs,
                    "record": str(record),
                }
            )
            child = subprocess.run(
                [sys.executable, "-m", "benchmarks.load_run", arguments, folder],
                cwd=PROJECT,
                env=environment,
                timeout=1800,
            )
            if record.exists():
                records.append(json.loads(record.read_text()))
        if child.returncode == 3:
            print("   skipped: the database could not be reached", flush=True)
        elif child.returncode != 0:
            ok = False
    if records:
        from benchmarks.load_summary import print_summary

        print_summary(records)
    return ok


if __name__ == "__main__":
    sys.exit(0 if run() else 1)
