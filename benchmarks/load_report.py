"""The load bench's tables and verdicts: times by kind of request (clients and server), and what the database
holds after each run."""

from __future__ import annotations

import os
from collections import Counter

from benchmarks.load_clients import READERS, Referee, Timings, percentile
from benchmarks.load_server import ServerRow

SERVER_KINDS = {
    ("POST", "/login/"): "login",
    ("GET", "/referee/tables/"): "table page",
    ("POST", "/referee/tables/"): "save or sign-off",
    ("GET", "/t/"): "public standings",
}


# The morning's logins first (with the readers meanwhile), then the play, once every referee is in.
LOGIN_KINDS = ("login", "table page, logins", "public standings, logins")
CLIENT_KINDS = (*LOGIN_KINDS, "table page", "save", "sign-off", "public standings")
SERVER_ROWS = (*LOGIN_KINDS, "table page", "save or sign-off", "public standings")
REFEREES_AT_PLAY = ("table page", "save or sign-off")


def _server_kind(method: str, path: str) -> str | None:
    for (kind_method, prefix), kind in SERVER_KINDS.items():
        if method == kind_method and (path == prefix or (prefix.endswith("/") and path.startswith(prefix))):
            if prefix == "/t/" and not path.endswith("/standings/"):
                return None
            return kind
    return None


def _row(kind: str, values: list[float]) -> str:
    if not values:
        return f"   | {kind:<24} | {0:>6} |      - |      - |      - |"
    figures = [percentile(values, share) * 1000 for share in (0.5, 0.95, 0.99)]
    return (
        f"   | {kind:<24} | {len(values):>6} | " + " | ".join(f"{figure:>6.0f}" for figure in figures) + " |"
    )


def print_run(
    title: str,
    timings: Timings,
    server_rows: list[ServerRow],
    summary: dict,
    targets: dict[str, float],
    references: dict[str, float],
    cores: int | None = None,
) -> None:
    print(f"   {title}: {summary['seconds']:.0f} s, load average {summary['load']}", flush=True)
    print("   | as the clients felt it       |  count | p50 ms | p95 ms | p99 ms |")
    for kind in CLIENT_KINDS:
        print(_row(kind, timings.seconds.get(kind, [])))
    spent: dict[str, list[float]] = {}
    waited: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for number, row in enumerate(server_rows):
        kind = _server_kind(row.method, row.path)
        if kind in ("public standings", "table page") and number < summary["play from"]:
            kind = f"{kind}, logins"
        if kind:
            spent.setdefault(kind, []).append(row.seconds)
            waited.setdefault(kind, []).append(row.waited)
            cpu.setdefault(kind, []).append(row.cpu)
    print("   | as the server spent it       |")
    for kind in SERVER_ROWS:
        print(_row(kind, spent.get(kind, [])))
    # Before the server's own time starts: the request waited for one of the process's threads.
    print("   | waiting for a thread before |")
    for kind in SERVER_ROWS:
        print(_row(kind, waited.get(kind, [])))
    # Of its own time, what the request's thread spent on a core; the rest, waiting (interpreter, core, lock).
    print("   | CPU of the request's own thread |")
    for kind in SERVER_ROWS:
        print(_row(kind, cpu.get(kind, [])))
    if summary.get("play seconds"):
        print(demand_line(cpu, summary["play seconds"], cores or os.cpu_count()))
    for kind, target in targets.items():
        if not timings.seconds.get(kind):
            continue  # no such requests in this run (BENCH_READERS=0: no parents)
        p95 = percentile(timings.seconds[kind], 0.95)
        verdict = "met" if p95 <= target else "missed"
        print(f"   target {kind} p95 <= {target * 1000:.0f} ms: {p95 * 1000:.0f} ms, {verdict}")
    standings = timings.seconds.get("public standings", [])
    if standings:
        ratio = percentile(standings, 0.5) / references["standings SQL"]
        print(f"   public standings p50 = {ratio:.2f}x the raw SQL aggregate measured in this run")
        print(readers_line(timings))
    if summary.get("cores"):
        print(summary["cores"].line())
    logged_in = summary["all logged in after"]
    print(
        "   all referees logged in after "
        + (f"{logged_in:.0f} s (target 120 s)" if logged_in is not None else "never: some could not log in")
    )
    if summary["export during"]:
        # The export worker gives way to the web server (`tableref.priority`): this is how long an organiser
        # waits for a round's scoresheets while the hall plays, readers included.
        print(
            f"   the round's scoresheets asked for during the run: {summary['export during']} "
            f"after {summary['export seconds']:.0f} s"
        )
    errors = {kind: len(found) for kind, found in timings.errors.items()}
    print(f"   errors: {errors or 'none'}", flush=True)
    for kind, found in timings.errors.items():
        for line in found[:3]:
            print(f"     {kind}: {line}")
    if timings.resent:
        # A gunicorn process replaced (max_requests) drops the kept-alive connections it holds; a browser
        # sends such a request again on a new connection, and so do the bench's referees.
        print(f"   requests dropped unanswered with their connection and sent again: {dict(timings.resent)}")


def memory_line(before: dict[int, float], after: dict[int, float]) -> str | None:
    """The serving processes' memory after a run, and how many gunicorn started during it (replacements)."""
    if not after:
        return None
    sizes = ", ".join(f"{after[pid]:.0f}" for pid in sorted(after))
    grown = [after[pid] - before[pid] for pid in after if pid in before]
    line = f"   gunicorn's serving processes after the run: {sizes} MB"
    if grown:
        line += f" ({min(grown):+.0f} to {max(grown):+.0f} MB over the run)"
    return line + f"; started during it: {len(set(after) - set(before))}"


def demand_line(cpu: dict[str, list[float]], seconds: float, cores: int | None) -> str:
    """How many cores the play kept busy in the server's threads, the referees' requests and the parents'
    reloads apart: the CPU of every request during play (`cpu`, by kind) over the play's seconds. Above the
    cores there are, requests must queue whatever their order; a faster machine lowers it, more referees
    raise it."""
    referees = sum(sum(cpu.get(kind, [])) for kind in REFEREES_AT_PLAY)
    parents = sum(cpu.get("public standings", []))
    count = cores or 1
    return (
        f"   during play the server's threads spent {referees / seconds:.2f} CPU-second a second on the "
        f"referees' requests ({referees / seconds / count:.0%} of the {count} cores) and "
        f"{parents / seconds:.2f} on the parents' reloads ({parents / seconds / count:.0%})"
    )


def readers_line(timings: Timings) -> str:
    """What a closed loop of readers can be: each reloads as soon as its page comes, so their mean wait is the
    number of readers over the reloads answered a second (Little's law), whatever the server does; and their
    own process spends CPU on every reload, on the cores the server runs on."""
    during_play = timings.seconds["public standings"]
    reloads = sum(len(values) for kind, values in timings.seconds.items() if kind.startswith("public"))
    mean = sum(during_play) / len(during_play)
    return (
        f"   the {READERS} readers: {len(during_play):,} reloads during play, mean wait "
        f"{mean * 1000:.0f} ms, so {READERS / mean:,.0f} a second; their own process spent "
        f"{timings.readers_cpu / reloads * 1000:.2f} ms of CPU a reload on the same cores"
    )


def readers_by_process(rows: list[ServerRow], play_from: int) -> str | None:
    """How the reloads during play were shared between the server's processes. Each process gives the
    public pages one thread, and a reader's kept-alive connection stays with the process that took it, so a
    run whose readers mostly went to one process has half the threads for them."""
    counts = Counter(
        row.process
        for number, row in enumerate(rows)
        if number >= play_from and _server_kind(row.method, row.path) == "public standings"
    )
    total = sum(counts.values())
    if not total:
        return None
    shares = " / ".join(f"{count / total:.0%}" for _process, count in counts.most_common())
    return f"   the reloads during play by server process: {shares}"


def _stored(table_pks: list[int]) -> dict[int, list[tuple[int, int]]]:
    """(game number, hands) of every game at these tables."""
    from django.db.models import Count

    from referee.models import Game

    stored: dict[int, list[tuple[int, int]]] = {pk: [] for pk in table_pks}
    for table_id, number, hands in (
        Game.objects.filter(table_id__in=table_pks)
        .annotate(hand_count=Count("hands"))
        .values_list("table_id", "number", "hand_count")
    ):
        stored[table_id].append((number, hands))
    return stored


def _check(referees: list[Referee]) -> list[str]:
    """Every acknowledged save stored exactly once with all its hands; nothing half-written anywhere."""
    from django.db import connection

    from referee.models import Table

    wrong = []
    stored = _stored([referee.table_pk for referee in referees])
    signed = set(
        Table.objects.filter(pk__in=[r.table_pk for r in referees], signed_off_at__isnull=False).values_list(
            "pk", flat=True
        )
    )
    for referee in referees:
        games = stored[referee.table_pk]
        numbers = [number for number, _hands in games]
        if len(numbers) != len(set(numbers)):
            wrong.append(f"table {referee.table_pk}: a game stored twice {sorted(numbers)}")
        for number, hands in games:
            if hands != 4:
                wrong.append(f"table {referee.table_pk}: game {number} half-written ({hands} hands)")
        for save in referee.saves:
            if save.acknowledged and numbers.count(save.number) != 1:
                times = numbers.count(save.number)
                wrong.append(
                    f"table {referee.table_pk}: acknowledged game {save.number} stored {times} times"
                )
        if referee.signed_off and referee.table_pk not in signed:
            wrong.append(f"table {referee.table_pk}: acknowledged sign-off not stored")
    connection.close()
    return wrong


# How an export that was still being made when the bench stopped waiting ends (`load_run.export`).
NOT_READY = "not ready in time"


def export_went_wrong(end: str) -> bool:
    """Whether an export's end is a wrong answer: it failed, was refused or could not be downloaded. One that
    was not ready in time is a slow figure: on a busy machine the export worker gives way to the web server
    (`tableref.priority`), and `make bench` fails only for wrong answers, not for a busy machine."""
    return end not in ("", "done", NOT_READY)


def check_database(referees: list[Referee], summary: dict) -> bool:
    wrong = _check(referees)
    acknowledged = sum(save.acknowledged for referee in referees for save in referee.saves)
    failed_export = export_went_wrong(summary["export during"])
    print(
        f"   database: {acknowledged} acknowledged games, "
        + ("every one stored exactly once, none half-written" if not wrong else f"WRONG: {wrong[:5]}")
    )
    if failed_export:
        print(f"   WRONG: the export asked for during the run ended: {summary['export during']}")
    return not wrong and not failed_export


def check_fault(referees: list[Referee]) -> bool:
    wrong = _check(referees)
    resent = sum(referee.resent for referee in referees)
    doubled = [r.table_pk for r in referees if r.duplicate_acknowledged is False]
    unfinished = [r.table_pk for r in referees if len([s for s in r.saves if s.acknowledged]) < 3]
    print(
        f"   after the restart: {resent} unacknowledged saves resent with their keys, "
        f"every last save resent once more on purpose"
    )
    if doubled:
        wrong.append(f"a resent key was not acknowledged at tables {doubled[:5]}")
    if unfinished:
        wrong.append(f"tables {unfinished[:5]} could not finish their games after the restart")
    print(
        "   database: "
        + (
            "every acknowledged game stored exactly once, none half-written, no resend doubled a game"
            if not wrong
            else f"WRONG: {wrong[:5]}"
        ),
        flush=True,
    )
    for referee in referees:
        for kind, found in referee.timings.errors.items():
            for line in found[:2]:
                print(f"     {kind}: {line}")
    return not wrong
