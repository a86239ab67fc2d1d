"""Exports at scale: every scoresheet of a 1,250-table round, and the results workbook of 5,000 players.

Each export runs in its own process against a SQLite database filled beforehand, so its peak memory
(max RSS) is the export's alone plus Django's start-up, and nothing else. The tournament is bulk-inserted
(services would take minutes), but every number in it comes from the rules engine, as through the site.

Targets (issue 5, 2 cores): the 1,250 scoresheets in under 20 s, the workbook in under 5 s, each under 250 MB.
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.child import SITE_OFF_DEBUG, child_line

PROJECT = Path(__file__).resolve().parent.parent
PLAYERS = 5000
SEATS = 4
GAMES = 3
SCHOOLS = 40
TOURNAMENTS = {"bench": 1, "bench-3-rounds": 3}  # slug: rounds of 1,250 tables
SEED = 20250301
REPEATS = 2
CASES = [  # (label, tournament, exporter, round order or None, target seconds or None, target MB)
    ("1,250 scoresheets (one round)", "bench", "scoresheets-pdf", 1, 20.0, 250.0),
    ("1,250 blank scoresheets, QR", "bench", "blank-scoresheets-pdf", 1, None, 250.0),
    ("workbook, 5,000 players", "bench", "results-xlsx", None, 5.0, 250.0),
    ("workbook, 3 rounds (3x rows)", "bench-3-rounds", "results-xlsx", None, None, 250.0),
    ("standings, 5,000 players", "bench", "standings-pdf", None, None, 250.0),
]
SURNAMES = "陳李張黃何林吳劉蔡鄭楊梁謝郭曾許鄧馮蕭羅葉朱潘歐陽司徒麥"
GIVEN = "俊傑詠琳家豪嘉儀子晴浩然曉彤卓軒思穎樂怡柏軒志明美玲偉強慧敏嘉欣皓文凱琪"


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tableref.settings")
    sys.path.insert(0, str(PROJECT))
    import django

    django.setup()


def _name(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(2))


def _game(rng: random.Random, letters: str):
    """A random game, scored by the engine: who went out (or the pool ran out) and what the others held."""
    import scoring

    if rng.random() < 0.15:
        players = tuple(scoring.PlayerInput(letter, rack_value=rng.randint(1, 60)) for letter in letters)
        ending = "pool-exhausted"
    else:
        winner = rng.choice(letters)
        players = tuple(
            scoring.PlayerInput(letter, went_out=True)
            if letter == winner
            else scoring.PlayerInput(
                letter,
                rack_value=rng.randint(1, 90),
                made_initial_meld=rng.random() > 0.05,
                could_meld=rng.random() < 0.3,
            )
            for letter in letters
        )
        ending = "went-out"
    return ending, players, scoring.score_game(scoring.GameInput("hk-school", ending, players))


def _people(tournament, rng: random.Random, prefix: str) -> tuple[list, list]:
    from django.contrib.auth import get_user_model

    from referee.models import Player, School

    schools = School.objects.bulk_create(
        School(
            tournament=tournament, code=f"S{index:02d}", name_zh=f"第{index}小學", name_en=f"School {index}"
        )
        for index in range(1, SCHOOLS + 1)
    )
    players = Player.objects.bulk_create(
        (
            Player(
                tournament=tournament,
                school=schools[index % SCHOOLS],
                name_zh=_name(rng),
                name_en=f"Player {index}",
                class_name=f"{4 + index % 3}{'ABCD'[index % 4]}",
                number=index,
            )
            for index in range(1, PLAYERS + 1)
        ),
        batch_size=1000,
    )
    referees = get_user_model().objects.bulk_create(
        get_user_model()(username=f"{prefix}-referee{index}", first_name=_name(rng)) for index in range(1, 51)
    )
    tournament.referees.add(*referees)
    return players, referees


def _round(tournament, order: int, players: list, referees: list, rng: random.Random) -> None:
    import datetime

    from django.utils import timezone

    from referee.models import Game, HandResult, Incident, Round, Seat, Table
    from referee.results.hands import hand_numbers, hand_result

    round_ = Round.objects.create(
        tournament=tournament,
        name=f"第{order}輪",
        order=order,
        date=datetime.date(2026, 12, order),
        start_time=datetime.time(9, 30),
    )
    shuffled = rng.sample(players, len(players))
    now = timezone.now()
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n, referee=referees[n % len(referees)], signed_off_at=now)
        for n in range(1, PLAYERS // SEATS + 1)
    )
    seats = Seat.objects.bulk_create(
        (
            Seat(table=table, round=round_, letter="ABCD"[i], player=shuffled[t * SEATS + i])
            for t, table in enumerate(tables)
            for i in range(SEATS)
        ),
        batch_size=2000,
    )
    played = [(table, number, _game(rng, "ABCD")) for table in tables for number in range(1, GAMES + 1)]
    games = Game.objects.bulk_create(
        (Game(table=table, number=number, ending=ending) for table, number, (ending, _, _) in played),
        batch_size=2000,
    )
    hands, incidents = [], []
    for index, (game, (_table, _number, (_ending, facts, result))) in enumerate(
        zip(games, played, strict=True)
    ):
        table_seats = seats[(index // GAMES) * SEATS : (index // GAMES + 1) * SEATS]
        numbers = hand_numbers(result, shared_win_credit=tournament.shared_win_credit)
        for seat, fact in zip(table_seats, facts, strict=True):
            hands.append(hand_result(game, seat, fact, numbers[fact.seat]))
        if rng.random() < 0.05:
            incidents.append(
                Incident(
                    table_id=game.table_id,
                    game_number=game.number,
                    game=game,
                    seat=table_seats[0],
                    kind="overtime",
                    tiles_drawn=3,
                )
            )
    HandResult.objects.bulk_create(hands, batch_size=2000)
    Incident.objects.bulk_create(incidents, batch_size=2000)


def populate(database: Path) -> None:
    """Two tournaments of 5,000 players in 40 schools: one round of 1,250 tables of 4, and three rounds."""
    _setup_django(database)
    from django.core.management import call_command
    from django.db import transaction

    from referee.models import Tournament

    call_command("migrate", verbosity=0)
    rng = random.Random(SEED)
    for slug, rounds in TOURNAMENTS.items():
        with transaction.atomic():
            tournament = Tournament.objects.create(
                name="Rummikub 小學邀請賽（壓力測試）", slug=slug, ruleset="hk-school", games_per_table=GAMES
            )
            players, referees = _people(tournament, rng, prefix=slug)
            for order in range(1, rounds + 1):
                _round(tournament, order, players, referees, rng)


def export_once(database: Path, slug: str, exporter_name: str, round_order: int | None, output: Path) -> dict:
    """One export in this process: its wall and CPU time, and the process's peak memory before and after."""
    _setup_django(database)
    from referee.exports.exporters import ExportRequest, get_exporter
    from referee.exports.exporters.fonts import cjk_font
    from referee.models import Tournament

    cjk_font()
    tournament = Tournament.objects.get(slug=slug)
    round_ = tournament.rounds.get(order=round_order) if round_order else None
    request = ExportRequest(
        tournament=tournament,
        round_=round_,
        entry_url=lambda table: f"https://tableref.example/referee/tables/{table.pk}/",
    )
    exporter = get_exporter(exporter_name)(request)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started, cpu_started = time.perf_counter(), time.process_time()
    with output.open("wb") as stream:
        exporter.write(stream)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "seconds": seconds,
        "cpu": cpu,
        "peak_mb": peak,
        "start_mb": before,
        "bytes": output.stat().st_size,
    }


def _child(*arguments: str) -> str:
    return child_line("benchmarks.bench_exports", *arguments, environment=SITE_OFF_DEBUG)


def _best_of(runs: list[dict]) -> dict:
    """The fastest run's times (the least disturbed by other work on the machine), the largest peak."""
    best = min(runs, key=lambda run: run["seconds"])
    return {**best, "cpu": min(run["cpu"] for run in runs), "peak_mb": max(run["peak_mb"] for run in runs)}


def _verdict(result: dict, seconds_target: float | None, mb_target: float) -> str:
    fast = seconds_target is None or result["seconds"] < seconds_target
    small = result["peak_mb"] < mb_target
    return "ok" if fast and small else "OVER"


def run() -> bool:
    from .report import print_table

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        started = time.perf_counter()
        _child("populate", str(database))
        print(
            f"Tournaments of {PLAYERS:,} players: one round of {PLAYERS // SEATS:,} tables of {SEATS}, "
            f"{GAMES} games each ({PLAYERS * GAMES:,} hands), and the same over 3 rounds; built in "
            f"{time.perf_counter() - started:.0f} s. Load average at start: {os.getloadavg()[0]:.1f}."
        )
        rows, all_ok = [], True
        for label, slug, exporter, round_order, seconds_target, mb_target in CASES:
            output = Path(folder) / f"{slug}-{exporter}.out"
            arguments = ("export", str(database), slug, exporter, str(round_order or 0), str(output))
            result = _best_of([json.loads(_child(*arguments)) for _ in range(REPEATS)])
            verdict = _verdict(result, seconds_target, mb_target)
            all_ok = all_ok and verdict == "ok"
            target = (
                f"<{seconds_target:.0f} s, <{mb_target:.0f} MB" if seconds_target else f"<{mb_target:.0f} MB"
            )
            rows.append(
                [
                    label,
                    exporter,
                    f"{result['seconds']:.1f}",
                    f"{result['cpu']:.1f}",
                    f"{result['peak_mb']:.0f}",
                    f"{result['peak_mb'] - result['start_mb']:.0f}",
                    f"{result['bytes'] / 2**20:.1f}",
                    target,
                    verdict,
                ]
            )
    print("seconds: wall time of the export alone; cpu: its CPU time (wall exceeds it on a busy machine);")
    print(
        "peak: the exporting process's max RSS (Django and the font included); growth: peak minus the max RSS"
    )
    print(f"just before the export started. SQLite, one process per export, best of {REPEATS} runs.")
    print_table(
        ["case", "exporter", "seconds", "cpu", "peak MB", "growth MB", "file MB", "target", "verdict"], rows
    )
    return all_ok


def main(arguments: list[str]) -> int:
    """No arguments: the whole measurement; else the child that fills the database or makes one export."""
    if not arguments:
        return 0 if run() else 1
    if arguments[0] == "populate":
        populate(Path(arguments[1]))
        return 0
    _, database, slug, exporter, round_order, output = arguments
    result = export_once(Path(database), slug, exporter, int(round_order) or None, Path(output))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
