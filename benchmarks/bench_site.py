"""The site at scale: tournaments of 500 and 5,000 players (tables of 4, 3 games each, all entered).

For each size it times, on the server side, one page of the organiser's standings, the referee's table page,
saving one game, and the public standings page (plus the table winners and the school summary), as median and
95th percentile, with the number of database queries. Requests go through Django's whole middleware stack
(sessions, authentication, CSRF, locale) in one process, without a network, with DEBUG off.

The tournaments are bulk-inserted from engine-scored games (`benchmarks/builders.py`), not built through the
web. Every game is saved on a table still open, so each save is a real new game, not a repeat.

Targets (issue 4, 2 cores, at 5,000 players): standings page under 150 ms, saving a game under 100 ms, and the
same query count at 500 and 5,000 players.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.child import child_line

PROJECT = Path(__file__).resolve().parent.parent
SIZES = (500, 5000)
REPEATS = 40
OPEN_TABLES = REPEATS  # one fresh table for each timed save
TARGETS = {"standings page": 150.0, "save one game": 100.0}  # median ms at 5,000 players


def _setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["STATIC_ROOT"] = tempfile.mkdtemp(prefix="bench-site-static-")  # collected in `child`
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()


def _timed(client, method: str, address: str, data: dict | None = None) -> tuple[float, int]:
    started = time.perf_counter()
    response = client.post(address, data) if method == "post" else client.get(address)
    elapsed = time.perf_counter() - started
    if response.status_code not in (200, 302):
        raise RuntimeError(f"{method.upper()} {address} answered {response.status_code}")
    return elapsed, response.status_code


def _queries(client, method: str, address: str, data: dict | None = None) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        _timed(client, method, address, data)
    return len(captured)


def _save_data(number: int, key: str) -> dict:
    return {
        "action": "save-game",
        "game_number": str(number),
        "ending": "went-out",
        "went_out": "A",
        "submission": key,
        "rack_B": "R3 K4 J",
        "rack_value_C": "21",
        "rack_D": "B10 Y1",
        "made_initial_meld_B": "on",
        "made_initial_meld_C": "on",
        "made_initial_meld_D": "on",
    }


def _measure_gets(client, address: str) -> dict:
    for _ in range(3):
        _timed(client, "get", address)
    seconds = [_timed(client, "get", address)[0] for _ in range(REPEATS)]
    return {"seconds": seconds, "queries": _queries(client, "get", address)}


def _settle() -> None:
    """After a bulk load, fold SQLite's write-ahead log into the database, as a running site's would be."""
    from django.db import connection

    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            cursor.execute("ANALYZE")
    elif connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _measure_saves(client, tournament, size: int) -> dict:
    """Game 3 saved on each open table, as its referee: the first untimed (it counts the queries)."""
    from django.urls import reverse

    from referee.models import Table

    open_tables = (
        Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True)
        .select_related("referee")
        .order_by("number")[: OPEN_TABLES + 1]
    )
    seconds, queries = [], 0
    for index, table in enumerate(open_tables):
        client.force_login(table.referee)
        address = reverse("referee:table", args=[table.pk])
        data = _save_data(3, f"bench-{size}-{table.pk}")
        if index == 0:
            queries = _queries(client, "post", address, data)
        else:
            seconds.append(_timed(client, "post", address, data)[0])
    return {"seconds": seconds, "queries": queries}


def measure(size: int) -> dict:
    """Build one tournament of `size` players and time its pages; returns the figures as JSON-safe data."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from benchmarks.builders import BulkPlan, build_tournament
    from referee.models import Table

    started = time.perf_counter()
    organiser = get_user_model().objects.create_user(f"bench-organiser-{size}")
    tournament = build_tournament(
        BulkPlan(slug=f"bench-{size}", players=size, open_tables=OPEN_TABLES + 2, seed=size),
        organiser=organiser,
    )
    built = time.perf_counter() - started
    _settle()
    organiser_client, public_client, referee_client = Client(), Client(), Client()
    organiser_client.force_login(organiser)
    standings = reverse("organiser:standings", args=[tournament.slug])
    results = {
        "standings page": _measure_gets(organiser_client, standings),
        "table winners page": _measure_gets(organiser_client, standings + "?view=tables"),
        "school summary": _measure_gets(organiser_client, standings + "?view=schools"),
        "public standings": _measure_gets(public_client, reverse("public:standings", args=[tournament.slug])),
    }
    # The page a referee holds during play: an open table (two games in), with the entry and incident forms.
    in_play = (
        Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True)
        .select_related("referee")
        .order_by("-number")
        .first()
    )
    referee_client.force_login(in_play.referee)
    results["table page"] = _measure_gets(referee_client, reverse("referee:table", args=[in_play.pk]))
    results["save one game"] = _measure_saves(referee_client, tournament, size)
    return {
        "size": size,
        "tables": Table.objects.filter(round__tournament=tournament).count(),
        "built": built,
        "results": results,
    }


def child(database_url: str) -> None:
    _setup_django(database_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)  # the public pages' cache, as `make setup` makes it
    # Hashed names, as DEBUG off serves them: a fresh checkout's own static folder has no manifest.
    call_command("collectstatic", interactive=False, verbosity=0)
    print(json.dumps([measure(size) for size in SIZES]))


def _run_child(database_url: str) -> list[dict]:
    return json.loads(child_line("benchmarks.bench_site", database_url))


REQUESTS = (
    "standings page",
    "table page",
    "save one game",
    "public standings",
    "table winners page",
    "school summary",
)


def _rows(by_size: dict[int, dict]) -> tuple[list[list[str]], bool]:
    """One row per request and size; the largest size is checked against the targets and the query counts."""
    from .report import summary

    rows, ok = [], True
    largest = max(SIZES)
    for name in REQUESTS:
        counts = {size: by_size[size]["results"][name]["queries"] for size in SIZES}
        for size in SIZES:
            median, p95, _ = summary(by_size[size]["results"][name]["seconds"])
            target = TARGETS.get(name) if size == largest else None
            verdicts = []
            if target is not None:
                verdicts.append("ok" if median < target else "OVER")
                ok = ok and median < target
            if size == largest:
                same = counts[min(SIZES)] == counts[size]
                verdicts.append("same queries" if same else "QUERIES GROW")
                ok = ok and same
            shown_target = f"<{target:.0f} ms" if target else ""
            rows.append(
                [
                    name,
                    f"{size:,}",
                    f"{median:.1f}",
                    f"{p95:.1f}",
                    str(counts[size]),
                    shown_target,
                    " ".join(verdicts),
                ]
            )
    return rows, ok


def run() -> bool:
    from .report import print_table

    started, load = time.perf_counter(), os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        database_url = (
            os.environ.get("BENCH_SITE_DATABASE_URL") or f"sqlite:///{Path(folder) / 'site.sqlite3'}"
        )
        figures = _run_child(database_url)
    engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    print(
        f"{engine}; server time per request through the full middleware stack, DEBUG off, {REPEATS} requests "
        f"each after 3 warm-ups; saves are {REPEATS} new games on different open tables. "
        f"Load average at start: {load:.1f}."
    )
    for entry in figures:
        print(
            f"{entry['size']:,} players: {entry['tables']:,} tables, {entry['tables'] * 3:,} games; "
            f"built in {entry['built']:.1f} s"
        )
    rows, ok = _rows({entry["size"]: entry for entry in figures})
    print_table(["request", "players", "median ms", "p95 ms", "queries", "target", "verdict"], rows)
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return ok


def main(arguments: list[str]) -> int:
    """No arguments: the whole measurement; else the child that measures one database."""
    if not arguments:
        return 0 if run() else 1
    child(arguments[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
