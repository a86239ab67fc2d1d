"""Children's data at scale: a 5,000-player tournament (1,250 tables played, its audit log) on SQLite.

What an organiser waits for at a page: one school's data given out as a workbook, and one child's data removed
on request (the database rebuilt after it, `VACUUM`); and what the daily check does once: every child of the
tournament forgotten. Each case in a process of its own, on a database file filled beforehand; the CPU time
beside the wall time (the machine is shared: see the load).

Targets (issue 35): a school's workbook and one child's erasure under 5 s each, a whole tournament under 60 s.
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.child import SITE_OFF_DEBUG, child_line

PROJECT = Path(__file__).resolve().parent.parent
PLAYERS = 5000
CASES = [  # (label, case, target seconds)
    ("one school's workbook (125 children)", "access", 5.0),
    ("one child's erasure", "erase", 5.0),
    ("every child forgotten (5,000)", "forget", 60.0),
]


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()


def populate(database: Path) -> None:
    _setup_django(database)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from benchmarks.builders import BulkPlan, build_tournament

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    organiser = get_user_model().objects.create_user("organiser", is_superuser=True)
    build_tournament(BulkPlan(slug="bench", players=PLAYERS), organiser=organiser)


def measure(database: Path, case: str) -> dict[str, float]:
    _setup_django(database)
    from django.contrib.auth import get_user_model

    from core.models import AuditEntry
    from referee.models import Player, School, Tournament
    from referee.privacy.access import access_export
    from referee.privacy.forgetting import player_erase, tournament_forget

    tournament = Tournament.objects.get(slug="bench")
    organiser = get_user_model().objects.get(username="organiser")
    school = School.objects.filter(tournament=tournament).order_by("code").first()
    child = Player.objects.filter(tournament=tournament).order_by("number").first()
    rows = AuditEntry.objects.filter(tournament=tournament).count()
    started, cpu_started = time.perf_counter(), time.process_time()
    if case == "access":
        access_export(
            actor=organiser, tournament=tournament, file_format="xlsx", language="zh-hant", school=school
        )
    elif case == "erase":
        player_erase(actor=organiser, player=child, reason="benchmark")
    else:
        tournament_forget(actor=None, tournament=tournament, on=datetime.date(2027, 6, 1))
    return {
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu_started,
        "audit": rows,
        "mb": database.stat().st_size / 2**20,
        "load": os.getloadavg()[0],
    }


def _child(*arguments: str) -> str:
    return child_line("benchmarks.bench_forgetting", *arguments, environment=SITE_OFF_DEBUG)


def run() -> bool:
    from .report import print_table

    rows, all_ok = [], True
    with tempfile.TemporaryDirectory() as folder:
        filled = Path(folder) / "filled.sqlite3"
        _child("populate", str(filled))
        for label, case, target in CASES:
            database = Path(folder) / f"{case}.sqlite3"
            shutil.copy(filled, database)
            result = json.loads(_child("measure", str(database), case))
            ok = result["cpu"] < target
            all_ok &= ok
            rows.append(
                [
                    label,
                    f"{result['seconds']:.2f}",
                    f"{result['cpu']:.2f}",
                    f"{result['audit']:,}",
                    f"{result['mb']:.0f}",
                    f"{result['load']:.1f}",
                    f"<{target:.0f} s",
                    "ok" if ok else "SLOW",
                ]
            )
    print_table(["case", "seconds", "cpu", "audit rows", "db MB", "load", "target", "verdict"], rows)
    return all_ok


if __name__ == "__main__":
    if sys.argv[1:2] == ["populate"]:
        populate(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["measure"]:
        print(json.dumps(measure(Path(sys.argv[2]), sys.argv[3])))
    else:
        sys.exit(0 if run() else 1)
