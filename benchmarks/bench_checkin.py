"""Check-in at a big event: 2,000 players, round 1 in play and round 2 drawn, not yet begun.

A tap at the door writes the child's state and nothing else; re-seating the drawn round happens once, when
the organiser asks. This times, on the server side, through the whole middleware stack with DEBUG off:

- one tap (the check-in page's script: a POST answered in JSON), in turn, a child of round 2 marked absent
  and then here again, with its query count;
- 20 helpers tapping at once (a thread each, each with its own database connection, as the hall's server
  threads have) while referees save games at round 1's open tables beside them: every request must be
  answered without an error, and the taps' and saves' times are given under that load;
- the organiser's one re-seat of round 2 without the children then marked absent.

Run alone: `python -m benchmarks.bench_checkin` (BENCH_CHECKIN_DATABASE_URL for PostgreSQL). Target: a tap
under 100 ms (median, alone), no error at once. The load average is printed beside each figure.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.child import child_line

PROJECT = Path(__file__).resolve().parent.parent
PLAYERS = 2000
HELPERS = 20
TAPS_EACH = 10
REFEREES = 10
SAVES_EACH = 4
REPEATS = 40
TARGET_TAP_MS = 100.0


def _setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()


def _load() -> float:
    return os.getloadavg()[0]


def _save_data(table_pk: int) -> dict:
    return {
        "action": "save-game",
        "game_number": "3",
        "ending": "went-out",
        "went_out": "A",
        "submission": f"bench-checkin-{table_pk}",
        "rack_B": "R3 K4 J",
        "rack_value_C": "21",
        "rack_D": "B10 Y1",
        "made_initial_meld_B": "on",
        "made_initial_meld_C": "on",
        "made_initial_meld_D": "on",
    }


def _tap(client, address: str, player_pk: int, state: str) -> float:
    started = time.perf_counter()
    response = client.post(
        address,
        {"action": "set", "player": player_pk, "attendance": state},
        headers={"Accept": "application/json"},
    )
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"tap answered {response.status_code}: {response.content[:200]!r}")
    return elapsed


def _build():
    """The tournament: round 1 bulk-built (open tables wait for game 3), round 2 drawn by the engine."""
    import datetime

    from django.contrib.auth import get_user_model

    from benchmarks.builders import BulkPlan, build_tournament
    from referee.draws.services.draws import round_draw_commit, round_draw_preview
    from referee.models import Round

    organiser = get_user_model().objects.create_user("bench-checkin-organiser")
    plan = BulkPlan(slug="bench-checkin", players=PLAYERS, open_tables=REFEREES * SAVES_EACH + 1, seed=7)
    tournament = build_tournament(plan, organiser=organiser)
    second = Round.objects.create(
        tournament=tournament,
        name="第二輪",
        order=2,
        date=datetime.date(2026, 12, 5),
        start_time=datetime.time(11),
    )
    draw = round_draw_preview(actor=organiser, round_=second, table_max=4, table_min=3, seed=11)
    round_draw_commit(actor=organiser, draw=draw)
    return organiser, tournament, second


def _alone(organiser, tournament, second) -> dict:
    """Taps one after another: absent, then here again, children seated in round 2."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from referee.models import Player

    client = Client()
    client.force_login(organiser)
    address = reverse("organiser:checkin", args=[tournament.slug])
    children = list(Player.objects.filter(seats__round=second).order_by("number")[: REPEATS + 4])
    for child in children[:2]:
        _tap(client, address, child.pk, "absent")
        _tap(client, address, child.pk, "present")
    seconds = []
    for child in children[4:]:
        seconds.append(_tap(client, address, child.pk, "absent"))
        seconds.append(_tap(client, address, child.pk, "present"))
    with CaptureQueriesContext(connection) as captured:
        _tap(client, address, children[2].pk, "absent")
    return {"seconds": seconds, "queries": len(captured), "load": _load()}


def _at_once(tournament, second) -> dict:
    """HELPERS threads tapping and REFEREES threads saving game 3 at open tables, all started together."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from referee.models import Player, Table

    User = get_user_model()
    address = reverse("organiser:checkin", args=[tournament.slug])
    helpers = [User.objects.create_user(f"bench-helper-{index}") for index in range(HELPERS)]
    tournament.referees.add(*helpers)  # the tournament's referees may work the door
    children = list(Player.objects.filter(seats__round=second).order_by("-number")[: HELPERS * TAPS_EACH])
    tables = list(
        Table.objects.filter(round__tournament=tournament, round__order=1, signed_off_at__isnull=True)
        .select_related("referee")
        .order_by("number")[: REFEREES * SAVES_EACH]
    )
    taps: list[float] = []
    saves: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(HELPERS + REFEREES)

    def helper(index: int) -> None:
        client = Client()
        client.force_login(helpers[index])
        mine = children[index * TAPS_EACH : (index + 1) * TAPS_EACH]
        start.wait()
        try:
            for child in mine:
                state = "absent" if child.number % 2 else "present"
                elapsed = _tap(client, address, child.pk, state)
                with lock:
                    taps.append(elapsed)
        except Exception as error:  # every error counts: "database is locked", a 500, a refusal
            with lock:
                errors.append(f"tap: {type(error).__name__}: {error}")
        finally:
            connection.close()

    def referee(index: int) -> None:
        mine = tables[index * SAVES_EACH : (index + 1) * SAVES_EACH]
        start.wait()
        try:
            for table in mine:
                client = Client()
                client.force_login(table.referee)
                began = time.perf_counter()
                response = client.post(reverse("referee:table", args=[table.pk]), _save_data(table.pk))
                elapsed = time.perf_counter() - began
                if response.status_code != 302:
                    raise RuntimeError(f"save answered {response.status_code}")
                with lock:
                    saves.append(elapsed)
        except Exception as error:
            with lock:
                errors.append(f"save: {type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=helper, args=(index,)) for index in range(HELPERS)]
    threads += [threading.Thread(target=referee, args=(index,)) for index in range(REFEREES)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "taps": taps,
        "saves": saves,
        "errors": errors,
        "wall": time.perf_counter() - started,
        "load": _load(),
    }


def _reseat(organiser, second) -> dict:
    from referee.play.services.withdrawals import absent_in, round_reseat_absent

    away = len(absent_in(second))
    started = time.perf_counter()
    repair = round_reseat_absent(actor=organiser, round_=second)
    return {
        "seconds": time.perf_counter() - started,
        "away": away,
        "moves": len(repair.moves),
        "load": _load(),
    }


def child(database_url: str) -> None:
    _setup_django(database_url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    started = time.perf_counter()
    organiser, tournament, second = _build()
    built = time.perf_counter() - started
    if database_url.startswith("sqlite"):
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            cursor.execute("ANALYZE")
    figures = {"built": built, "alone": _alone(organiser, tournament, second)}
    figures["at once"] = _at_once(tournament, second)
    figures["reseat"] = _reseat(organiser, second)
    print(json.dumps(figures))


def _run_child(database_url: str) -> dict:
    return json.loads(child_line("benchmarks.bench_checkin", database_url))


def run() -> bool:
    from .report import print_table, summary

    started, load = time.perf_counter(), _load()
    with tempfile.TemporaryDirectory() as folder:
        database_url = (
            os.environ.get("BENCH_CHECKIN_DATABASE_URL") or f"sqlite:///{Path(folder) / 'checkin.sqlite3'}"
        )
        figures = _run_child(database_url)
    engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    alone, together, reseat = figures["alone"], figures["at once"], figures["reseat"]
    print(
        f"{engine}; {PLAYERS:,} players, round 1 in play, round 2 drawn; built in {figures['built']:.1f} s. "
        f"Server time through the full middleware stack, DEBUG off. Load average at start: {load:.1f} "
        f"({os.cpu_count()} CPUs)."
    )
    tap_median, tap_p95, tap_max = summary(alone["seconds"])
    rows = [
        [
            "one tap, alone",
            str(len(alone["seconds"])),
            f"{tap_median:.1f}",
            f"{tap_p95:.1f}",
            f"{tap_max:.1f}",
            str(alone["queries"]),
            "0",
            f"{alone['load']:.1f}",
            f"<{TARGET_TAP_MS:.0f} ms " + ("ok" if tap_median < TARGET_TAP_MS else "OVER"),
        ]
    ]
    errors = together["errors"]
    for name, seconds in (
        (f"taps, {HELPERS} helpers at once", together["taps"]),
        ("saves beside them", together["saves"]),
    ):
        median, p95, most = summary(seconds) if seconds else (0.0, 0.0, 0.0)
        kind = "tap" if name.startswith("taps") else "save"
        failed = sum(1 for error in errors if error.startswith(kind))
        rows.append(
            [
                name,
                str(len(seconds)),
                f"{median:.1f}",
                f"{p95:.1f}",
                f"{most:.1f}",
                "",
                str(failed),
                f"{together['load']:.1f}",
                "no error " + ("ok" if not failed else "ERRORS"),
            ]
        )
    rows.append(
        [
            f"re-seat round 2 ({reseat['away']} away, {reseat['moves']} moves)",
            "1",
            f"{reseat['seconds'] * 1e3:.0f}",
            "",
            "",
            "",
            "0",
            f"{reseat['load']:.1f}",
            "once, when asked",
        ]
    )
    print_table(
        ["measure", "n", "median ms", "p95 ms", "max ms", "queries", "errors", "load", "target"], rows
    )
    for error in errors[:5]:
        print(f"  {error}")
    print(
        f"{HELPERS} helpers x {TAPS_EACH} taps and {REFEREES} referees x {SAVES_EACH} saves: "
        f"{together['wall']:.1f} s wall time"
    )
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return tap_median < TARGET_TAP_MS and not errors


if __name__ == "__main__":
    if len(sys.argv) > 1:
        child(sys.argv[1])
    else:
        sys.exit(0 if run() else 1)
