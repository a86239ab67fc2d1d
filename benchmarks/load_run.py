"""One setup of the load bench (`bench_load.py`), in a process of its own (Django is set up once per
database): build the tournament, start the server, time the exports, run the referees and the parents (and,
for the hall, the slow and hostile phones), kill the server in a burst, and check the database. Exit 0 when
every answer is right, 1 when data was lost or doubled, 3 when the database cannot be reached. The run's
figures also go, as JSON, to the file the parent names, for its table across setups."""

from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.core_share import ThreadTimes, core_times, own_cpu_seconds, share_between, thread_times
from benchmarks.hostile_phones import HostilePhones
from benchmarks.load_clients import PARENTS, Referee, Timings, merge, parents_process, percentile
from benchmarks.load_report import NOT_READY, export_went_wrong
from benchmarks.load_server import GunicornServer, HallServer, Server

SIZE = 5000
PASSWORD = "load-bench-password-1"
RUN_SECONDS = 300  # every client stops by this deadline, whatever happens
EXPORT_SECONDS = 120
QUICK = os.environ.get("BENCH_QUICK") == "1"
FAULT_REFEREES = 10 if QUICK else 40
# The slow and hostile phones beside the referees (the hall only): connections that send a header line every
# 2 s, connections that send nothing; the referees come one after another over `STAGGER_SECONDS`, so that
# what their logins and saves show is the hostile phones' doing, not a storm of logins.
SLOW, SILENT = (5, 5) if QUICK else (30, 30)
STAGGER_SECONDS = 5.0 if QUICK else 25.0
QUICK_POLL_SECONDS = 3.0 if QUICK else None  # the page's own 15 s would leave a short run without checks
HOSTILE_TARGET = 1.0  # a login and a save each answered in under a second, p95 and max


def load_average() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def setup_django(url: str) -> None:
    os.environ.update(DATABASE_URL=url, DEBUG="0", SECRET_KEY="load-bench-only", ALLOWED_HOSTS="127.0.0.1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    import django

    django.setup()


def fresh_database(url: str) -> bool:
    """A new, empty database (PostgreSQL: dropped and made again). False when PostgreSQL cannot be reached."""
    if not url.startswith("postgres"):
        return True
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError:
        return False
    return True


def build(open_tables: int):
    """The 5,000-player tournament with `open_tables` tables waiting for all their games, one per referee."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection

    from benchmarks.builders import BulkPlan, build_tournament
    from referee.models import Game, Table

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # hashed names, as DEBUG off serves them
    User = get_user_model()
    organiser = User.objects.create_user("load-organiser", password=PASSWORD)
    plan = BulkPlan(slug="load", players=SIZE, referees=open_tables, open_tables=open_tables, seed=11)
    tournament = build_tournament(plan, organiser=organiser)
    open_ = Table.objects.filter(round__tournament=tournament, signed_off_at__isnull=True)
    Game.objects.filter(table__in=open_).delete()
    User.objects.filter(username__startswith="load-referee").update(password=make_password(PASSWORD))
    tables = list(open_.order_by("number").values_list("pk", "referee__username"))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return tournament, tables


def references(tournament) -> dict[str, float]:
    """Two figures of this machine at this moment, to divide the others by: the public standings' raw SQL
    aggregate (median of 5) and one trivial reportlab page (median of 20)."""
    import io
    import statistics

    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from reportlab.pdfgen.canvas import Canvas

    from referee.standings.selectors.standings import standings

    with CaptureQueriesContext(connection) as captured:
        standings(tournament)
    sql = captured.captured_queries[-1]["sql"]
    times = []
    for _ in range(5):
        started = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute(sql)
            cursor.fetchall()
        times.append(time.perf_counter() - started)
    pages = []
    for _ in range(20):
        started = time.perf_counter()
        canvas = Canvas(io.BytesIO())
        canvas.drawString(72, 720, "TableRef")
        canvas.showPage()
        canvas.save()
        pages.append(time.perf_counter() - started)
    connection.close()
    return {"standings SQL": statistics.median(times), "reportlab page": statistics.median(pages)}


def organiser_client(server: Server, timings: Timings | None = None):
    from benchmarks.load_clients import Referee

    organiser = Referee(server.base_url, "load-organiser", PASSWORD, 0, timings or Timings())
    organiser.login()
    return organiser


def export(organiser, identifier: str, data: dict) -> tuple[str, float]:
    """Ask for an export as the page's button does; wait for it; (its end, seconds until downloadable)."""
    organiser.page = organiser.send("exports page", "GET", "/organise/load/exports/").text
    token = organiser.csrf_token()
    started = time.perf_counter()
    asked = organiser.send(
        "export", "POST", f"/organise/load/exports/{identifier}/", {**data, "csrfmiddlewaretoken": token}
    )
    if asked.status_code != 302 or "/jobs/" not in asked.headers.get("location", ""):
        return f"refused ({asked.status_code})", 0.0
    job = asked.headers["location"]
    while time.perf_counter() - started < EXPORT_SECONDS:
        state = organiser.send("export status", "GET", job + "status.json")
        if state.status_code != 200:
            return f"status {state.status_code}", time.perf_counter() - started
        status = state.json()
        if status["status"] in ("done", "failed"):
            seconds = time.perf_counter() - started
            if status["status"] == "done":
                download = organiser.send("export download", "GET", status["download"])
                return (
                    "done" if download.status_code == 200 else f"download {download.status_code}"
                ), seconds
            return "failed: " + status["message"], seconds
        time.sleep(0.2)
    return NOT_READY, time.perf_counter() - started


def make_server(kind: str, url: str, folder: Path) -> Server:
    """The server of a setup: "hall" (waitress, as `make hall` runs it) or "gunicorn" (the deployment guide's
    stock gunicorn, with `tableref/gunicorn_config.py`'s processes and threads)."""
    if kind == "hall":
        return HallServer(url, folder)
    if kind == "gunicorn":
        from tableref import gunicorn_config

        return GunicornServer(url, folder, workers=gunicorn_config.workers, threads=gunicorn_config.threads)
    raise ValueError(f"unknown server {kind!r}")


def main() -> int:
    options, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
    if not fresh_database(options["url"]):
        return 3
    os.environ["STATIC_ROOT"] = str(folder / "static")
    setup_django(options["url"])
    logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request would drown the tables
    from benchmarks.load_report import check_database, print_run

    runs = options["runs"]
    record: dict = {"setup": options["name"], "runs": []}
    started = time.perf_counter()
    tournament, tables = build(sum(run["referees"] for run in runs) + FAULT_REFEREES)
    print(
        f"   built {SIZE:,} players in {time.perf_counter() - started:.0f} s (load {load_average()})",
        flush=True,
    )
    refs = references(tournament)
    record["references"] = {**refs, "load": load_average()}
    print(
        f"   references (load {load_average()}): standings SQL aggregate "
        f"{refs['standings SQL'] * 1000:.1f} ms, one reportlab page {refs['reportlab page'] * 1000:.2f} ms",
        flush=True,
    )
    server = make_server(options["server"], options["url"], folder)
    server.start()
    if isinstance(server, GunicornServer):
        print(f"   in front of gunicorn: {server.behind}", flush=True)
    right = True
    try:
        exports_right, record["exports"] = time_exports(server, refs)
        right &= exports_right
        offset = 0
        # The round's scoresheets are asked for once, in the biggest run at the referees' pace.
        paced = [number for number, run in enumerate(runs) if run["kind"] == "paced"]
        export_run = max(paced, key=lambda number: runs[number]["referees"]) if paced else -1
        for number, run in enumerate(runs):
            count = run["referees"]
            timings = Timings()
            referees = [
                Referee(server.base_url, username, PASSWORD, pk, timings)
                for pk, username in tables[offset : offset + count]
            ]
            offset += count
            server.reset_log()
            if run["kind"] in ("staggered", "hostile"):
                phones = run["kind"] == "hostile"
                summary = hostile_run(server, referees, timings, run.get("idle_seconds", 60), phones=phones)
                right &= check_database(referees, summary)
                record["runs"].append(summary["record"])
                continue
            typing = tuple(run["typing"]) if run["kind"] == "paced" else None
            summary = burst(server, referees, timings, typing=typing, export_during=number == export_run)
            if typing:
                title = f"{count} referees, {typing[0]:g}-{typing[1]:g} s typing each game, {PARENTS} parents"
            else:
                title = (
                    f"{count} referees saving back to back, {PARENTS} parents (no typing time: a stress "
                    "figure, not a target)"
                )
            summary["memory"] = server.memory_mb()
            rows = server.server_rows()
            print_run(title, timings, rows, summary, typing is not None, refs)
            right &= check_database(referees, summary)
            record["runs"].append(run_record(run, timings, rows, summary))
        fault_referees = [
            Referee(server.base_url, username, PASSWORD, pk, Timings())
            for pk, username in tables[offset : offset + FAULT_REFEREES]
        ]
        fault_right = fault_run(server, fault_referees)
        record["fault"] = "right" if fault_right else "WRONG"
        right &= fault_right
    finally:
        server.stop()
        if options.get("record"):
            Path(options["record"]).write_text(json.dumps(record))
    return 0 if right else 1


def run_record(run: dict, timings: Timings, rows: list, summary: dict) -> dict:
    """A run's main figures (p95, milliseconds), for the table across setups."""
    from benchmarks.load_report import TARGET_KINDS, TARGETS, by_kind, public_at_play

    def p95(values: list[float]) -> float | None:
        return round(percentile(values, 0.95) * 1000, 1) if values else None

    client = {kind: p95(timings.seconds.get(kind, [])) for kind in TARGETS if kind != "public standings"}
    client["public standings"] = p95(public_at_play(timings))
    client["public standings, logins"] = p95(
        [
            value
            for kind in ("standings page, logins", "standings poll, logins")
            for value in timings.seconds[kind]
        ]
    )
    client["login"] = p95(timings.seconds.get("login", []))
    server = by_kind(rows, summary["play from"])
    polls = timings.answers.get("standings poll", {})
    return {
        "kind": run["kind"],
        "referees": run["referees"],
        "load": summary["load"],
        "seconds": round(summary["seconds"]),
        "clients p95": client,
        "server p95": {
            kind: p95([row.seconds for row in server.get(kind, [])])
            for kind in ("table page", "save or sign-off", "standings poll")
        },
        "all logged in after": summary["all logged in after"],
        "checks": [polls.get(200, 0), polls.get(304, 0)],
        "busy": summary["cores"].busy if summary.get("cores") else None,
        "core wait": (
            round(summary["server threads"].waiting / summary["server threads"].running, 2)
            if summary.get("server threads") and summary["server threads"].running
            else None
        ),
        "errors": sum(len(found) for found in timings.errors.values()),
        "export during": [summary["export during"], round(summary["export seconds"])],
        "targets met": {
            kind: client[kind] is not None and client[kind] <= target * 1000
            for kind, target in TARGETS.items()
            if kind in TARGET_KINDS
        },
    }


def time_exports(server: Server, refs: dict[str, float]) -> tuple[bool, dict]:
    """The round's 1,250 scoresheets and the 5,000-player workbook, asked for while the site is quiet."""
    from referee.models import Round

    organiser = organiser_client(server)
    round_pk = Round.objects.get(tournament__slug="load").pk
    right, record = True, {}
    for identifier, data, target in (
        ("scoresheets-pdf", {"round": str(round_pk), "lang": "zh-hant"}, 10.0),
        ("results-xlsx", {"lang": "zh-hant"}, 3.0),
    ):
        end, seconds = export(organiser, identifier, data)
        ratio = seconds / refs["reportlab page"]
        load = load_average()
        print(
            f"   export {identifier}: {end} in {seconds:.1f} s (target {target:.0f} s, "
            f"{'met' if end == 'done' and seconds <= target else 'missed'}; load {load}; "
            f"{ratio:,.0f}x one reportlab page)",
            flush=True,
        )
        record[identifier] = {"end": end, "seconds": round(seconds, 1), "load": load}
        right &= not export_went_wrong(end)
    organiser.close()
    return right, record


def burst(
    server: Server,
    referees: list[Referee],
    timings: Timings,
    *,
    typing: tuple[float, float] | None,
    export_during: bool,
) -> dict:
    """Every referee at once while the parents' phones keep the public standings open: all log in together
    (the morning's storm, timed as such), then, once every one is in, each opens the table, saves three games
    and signs off. The targets for the table page and the save are "once logged in", so the two phases are
    apart.

    `typing` is how long a referee takes to enter a game before pressing Save (seconds, drawn evenly between
    the two, the same draw on every run): at the bell every table's referee starts entering at once, so the
    saves arrive together within those seconds. None sends every request back to back, which no hall of people
    can do: a stress figure, printed without targets."""
    deadline = time.monotonic() + RUN_SECONDS
    start = threading.Barrier(len(referees) + 1)
    play_from: list[int] = []
    play_began: list[float] = []
    threads_at_play: list[ThreadTimes | None] = []

    def play() -> None:
        playing.set()
        play_from.append(len(server.server_rows()))
        play_began.append(time.monotonic())
        threads_at_play.append(thread_times(server.serving_pids()))

    everyone_in = threading.Barrier(len(referees), action=play)
    spawn = multiprocessing.get_context("spawn")
    playing, finished, results = spawn.Event(), spawn.Event(), spawn.Queue()
    parents = spawn.Process(
        target=parents_process,
        args=(server.base_url, "load", PARENTS, playing, finished, RUN_SECONDS, results, QUICK_POLL_SECONDS),
        daemon=True,
    )
    cores_before, own_before = core_times(), own_cpu_seconds()
    parents.start()
    threads = [
        threading.Thread(
            target=_referee_day,
            args=(referee, start, everyone_in, deadline, _typist(typing, index)),
            daemon=True,
        )
        for index, referee in enumerate(referees)
    ]
    for thread in threads:
        thread.start()
    load_before = load_average()
    start.wait()
    began = time.monotonic()
    printing: list[tuple[str, float]] = []
    organiser = None
    if export_during:
        organiser = threading.Thread(
            target=_print_while_they_play, args=(server, timings, playing, deadline, printing), daemon=True
        )
        organiser.start()
    for thread in threads:
        thread.join(max(deadline - time.monotonic(), 1))
    threads_after = thread_times(server.serving_pids())
    # The parents stop with the referees, so that their figures are the play's, however long the export.
    finished.set()
    merge(timings, results.get(timeout=30))
    parents.join(10)
    cores = share_between(cores_before, core_times(), timings.parents_cpu, own_cpu_seconds() - own_before)
    play_seconds = time.monotonic() - play_began[0] if play_began else 0.0
    if organiser is not None:
        organiser.join(EXPORT_SECONDS + 30)
    export_end, export_seconds = printing[0] if printing else ("", 0.0)
    logged_in = [referee.logged_in_at - began for referee in referees if referee.logged_in_at]
    for referee in referees:
        referee.close()
    return {
        "all logged in after": max(logged_in) if len(logged_in) == len(referees) else None,
        "load": f"{load_before} -> {load_average()}",
        "export during": export_end,
        "export seconds": export_seconds,
        "seconds": time.monotonic() - began,
        "play from": play_from[0] if play_from else 0,
        "play seconds": play_seconds,
        "cores": cores,
        "server threads": (
            threads_after.since(threads_at_play[0])
            if threads_after and threads_at_play and threads_at_play[0]
            else None
        ),
    }


def _print_while_they_play(
    server: Server, timings: Timings, playing, deadline: float, printing: list[tuple[str, float]]
) -> None:
    """An organiser asks for the round's scoresheets once the referees play, and waits for them."""
    from django.db import connections

    from referee.models import Round

    playing.wait(max(deadline - time.monotonic(), 0))
    own = Timings()  # the organiser's login is not one of the referees'
    try:
        organiser = organiser_client(server, own)
        round_pk = Round.objects.get(tournament__slug="load").pk
        printing.append(export(organiser, "scoresheets-pdf", {"round": str(round_pk)}))
        organiser.close()
    except Exception as error:  # a wrong answer for the bench, not a crash of the run
        printing.append((f"failed: {type(error).__name__}: {error}", 0.0))
    finally:
        connections.close_all()
    for kind, count in own.resent.items():  # what the run says it resent includes the organiser's
        timings.dropped(f"organiser: {kind}", count)


def _typist(typing: tuple[float, float] | None, index: int):
    """The pauses of one referee: entering a game takes between typing[0] and typing[1] seconds."""
    if typing is None:
        return lambda: None
    draw = random.Random(index)
    return lambda: time.sleep(draw.uniform(*typing))


def _referee_day(
    referee: Referee,
    start: threading.Barrier,
    everyone_in: threading.Barrier,
    deadline: float,
    pause: Callable[[], None],
) -> None:
    start.wait()
    try:
        referee.login()
        referee.open_table("table page, logins")  # the phone follows the login to its table
    except Exception as error:
        everyone_in.abort()  # the others go on rather than wait for a login that failed
        referee.timings.error("referee", f"{referee.username}: {type(error).__name__}: {error}")
        return
    with contextlib.suppress(threading.BrokenBarrierError):
        everyone_in.wait(max(deadline - time.monotonic(), 1))
    try:
        for _ in range(3):
            pause()
            if time.monotonic() > deadline:
                return
            referee.save_game()
        pause()
        referee.sign_off()
    except Exception as error:
        referee.timings.error("referee", f"{referee.username}: {type(error).__name__}: {error}")


def hostile_run(
    server: Server, referees: list[Referee], timings: Timings, idle_seconds: float, *, phones: bool
) -> dict:
    """The slow and hostile phones: `SLOW` connections sending a request's head a header line every 2 s and
    `SILENT` ones that send nothing, opened first and held, while the referees come one after another over
    `STAGGER_SECONDS`, each logging in, saving three games and signing off. Then the connections are watched
    until the silent ones are closed or the server's idle timeout (`idle_seconds`) and a margin have
    passed. Without `phones`, the same referees alone: what the machine gives them at that moment."""
    from benchmarks.load_report import print_hostile

    typing = (0.5, 1.5) if QUICK else (5.0, 15.0)
    hostile = HostilePhones(
        "127.0.0.1", server.port, slow=SLOW if phones else 0, silent=SILENT if phones else 0
    )
    load_before = load_average()
    began = time.monotonic()
    hostile.start()
    deadline = began + RUN_SECONDS
    threads = [
        threading.Thread(
            target=_one_after_another,
            args=(referee, began + STAGGER_SECONDS * index / len(referees), deadline, _typist(typing, index)),
            daemon=True,
        )
        for index, referee in enumerate(referees)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(deadline - time.monotonic(), 1))
    played = time.monotonic() - began
    while hostile.open("silent") and time.monotonic() < min(began + idle_seconds + 15, deadline):
        time.sleep(0.5)
    held_for = hostile.stop()
    for referee in referees:
        referee.close()
    summary = {"load": f"{load_before} -> {load_average()}", "seconds": played, "held for": held_for}
    title = (
        f"{len(referees)} referees one after another over {STAGGER_SECONDS:g} s, "
        f"{typing[0]:g}-{typing[1]:g} s typing each game, "
        + (f"beside {SLOW} slow and {SILENT} silent connections" if phones else "alone (to compare)")
    )
    rows = server.server_rows()
    summary["record"] = print_hostile(title, timings, rows, hostile, summary, idle_seconds, HOSTILE_TARGET)
    summary["record"] |= {"referees": len(referees), "kind": "hostile" if phones else "staggered"}
    return summary


def _one_after_another(referee: Referee, start_at: float, deadline: float, pause: Callable[[], None]) -> None:
    time.sleep(max(start_at - time.monotonic(), 0))
    try:
        referee.login()
        referee.open_table()
        for _ in range(3):
            pause()
            if time.monotonic() > deadline:
                return
            referee.save_game()
        pause()
        referee.sign_off()
    except Exception as error:
        referee.timings.error("referee", f"{referee.username}: {type(error).__name__}: {error}")


def fault_run(server: Server, referees: list[Referee]) -> bool:
    from benchmarks.load_report import check_fault

    for referee in referees:
        referee.login()
        referee.open_table()
    server_back = threading.Event()
    threads = [
        threading.Thread(target=_saves_through_a_crash, args=(referee, server_back), daemon=True)
        for referee in referees
    ]
    for thread in threads:
        thread.start()
    sent = lambda: sum(len(referee.saves) for referee in referees)  # noqa: E731
    while sent() < len(referees) and any(thread.is_alive() for thread in threads):
        time.sleep(0.01)
    killed_after = sent()
    server.kill()
    killed_at = time.monotonic()
    time.sleep(1)
    server.start()
    back_after = time.monotonic() - killed_at
    server_back.set()
    for thread in threads:
        thread.join(RUN_SECONDS)
    print(
        f"   fault run: {len(referees)} referees, server killed (SIGKILL) after {killed_after} saves sent, "
        f"answering again {back_after:.0f} s after the kill",
        flush=True,
    )
    if refused := getattr(server, "refused_for", 0.0):
        print(
            f"   the hall refused to start again for {refused:.0f} s after the kill: its launcher found the "
            f"port in use (the killed server's connections still closing on it) and stopped"
        )
    return check_fault(referees)


def _saves_through_a_crash(referee: Referee, server_back: threading.Event) -> None:
    """Three games; a save that got no answer is sent again with its key once the server is back; then, the
    server back, the last save is sent a second time on purpose; then the sign-off."""
    import httpx

    try:
        while len([save for save in referee.saves if save.acknowledged]) < 3:
            pending = next((save for save in referee.saves if not save.acknowledged), None)
            try:
                if pending is not None:
                    referee.resent += 1
                    referee.save_game(resend=pending)
                else:
                    referee.save_game()
            except httpx.HTTPError:
                server_back.wait(RUN_SECONDS)
                _reopen(referee)
        # A referee whose three saves were all answered before the kill goes on only once the server is back:
        # the page and the sign-off are not what this run tests, and would meet the dead server.
        server_back.wait(RUN_SECONDS)
        last = referee.saves[-1]
        referee.open_table()
        referee.duplicate_acknowledged = referee.save_game(resend=_copy(last)).acknowledged
        referee.sign_off()
    except Exception as error:
        referee.timings.error("referee", f"{referee.username}: {type(error).__name__}: {error}")


def _copy(save):
    from dataclasses import replace

    return replace(save, acknowledged=False)


def _reopen(referee: Referee) -> None:
    import httpx

    for _ in range(100):
        try:
            referee.open_table()
            return
        except httpx.HTTPError:
            time.sleep(0.5)


if __name__ == "__main__":
    sys.exit(main())
