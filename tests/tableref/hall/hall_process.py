"""The real hall for the tests: `python -m tableref.hall` in a process of its own, on 127.0.0.1 only.

A hall may start over a database prepared first (`prepare_tables`): a tournament whose referees each have an
open table, so that a test can log in and save a game as a phone does (`Phone`).
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from benchmarks.load_clients import Referee, Timings
from tests.tableref.settings_probe import ROOT, clean_environment

START_SECONDS = 120
PASSWORD = "hall-test-password-1"
PREPARE = f"""
import sys
PLAYERS = int(sys.argv[1])
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from benchmarks.builders import BulkPlan, build_tournament
call_command("migrate", verbosity=0)
call_command("createcachetable", verbosity=0)
User = get_user_model()
organiser = User.objects.create_user("hall-organiser", password={PASSWORD!r})
from referee.models import Game
tournament = build_tournament(
    BulkPlan(slug="hall", players=PLAYERS, referees=16, open_tables=16, seed=3), organiser=organiser
)
Game.objects.filter(table__round__tournament=tournament, table__signed_off_at__isnull=True).delete()
User.objects.filter(username__startswith="hall-referee").update(password=make_password({PASSWORD!r}))
"""


@dataclass
class Hall:
    process: subprocess.Popen
    port: int
    state_dir: Path
    database: Path
    output: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, host: str | None = None, timeout: float = 10) -> tuple[int, dict[str, str], str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{self.port}"})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            connection.close()

    def printed(self) -> str:
        return self.output.read_text(encoding="utf-8", errors="replace")

    def access_log(self) -> str:
        """Every serving process's access log (`access.log`, `access-2.log`, ...), one after another."""
        paths = [self.state_dir / "access.log", *sorted(self.state_dir.glob("access-*.log"))]
        return "".join(path.read_text(encoding="utf-8") for path in paths if path.exists())

    def serving_processes(self) -> list[int]:
        """The pids of the hall's other serving processes (multiprocessing's spawn), while they run."""
        return self.background("--multiprocessing-fork")

    def open_tables(self) -> list[tuple[int, str]]:
        """(table, referee's login name) of every table still waiting for a game, from the hall's database."""
        with sqlite3.connect(self.database) as database:
            rows = database.execute(
                "SELECT t.id, u.username FROM referee_table t JOIN auth_user u ON u.id = t.referee_id "
                "WHERE t.signed_off_at IS NULL ORDER BY t.number"
            ).fetchall()
        return [(table, username) for table, username in rows]

    def organiser(self) -> httpx.Client:
        """The tournament's organiser, logged in."""
        from benchmarks.load_clients import forms_of

        client = httpx.Client(base_url=self.base_url, timeout=30, headers={"Accept-Language": "en"})
        form = next(form for form in forms_of(client.get("/login/").text) if "password" in form["fields"])
        answer = client.post(
            "/login/", data={**form["fields"], "username": "hall-organiser", "password": PASSWORD}
        )
        assert answer.status_code == 302, answer.status_code
        return client

    def export_worker(self) -> list[int]:
        """The pid of the task worker that makes the exports (not the public pages' one), while it runs."""
        return [pid for pid in self.background("db_worker") if "public" not in self.command_line(pid)]

    @staticmethod
    def command_line(pid: int) -> list[str]:
        import contextlib

        import psutil

        with contextlib.suppress(psutil.Error):
            return list(psutil.Process(pid).cmdline())
        return []

    def background(self, command: str) -> list[int]:
        """The pids of the hall's background processes running `manage.py <command>`."""
        import contextlib

        import psutil

        found = []
        for child in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):  # one just killed is a zombie until the hall sees it
                if child.status() != psutil.STATUS_ZOMBIE and command in child.cmdline():
                    found.append(child.pid)
        return found

    def interrupt(self) -> None:
        """Ctrl+C in the hall's terminal: SIGINT to its whole process group, as the terminal sends it."""
        os.killpg(self.process.pid, signal.SIGINT)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare_tables(database: Path, players: int = 64) -> None:
    environment = clean_environment(
        DATABASE_URL=f"sqlite:///{database}", DJANGO_SETTINGS_MODULE="tableref.settings", DEBUG="1"
    )
    subprocess.run(
        [sys.executable, "-c", PREPARE, str(players)], cwd=ROOT, env=environment, check=True, timeout=300
    )


def wait_until_answering(hall: Hall) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if hall.process.poll() is not None:
            pytest.fail(f"the hall stopped (exit {hall.process.returncode}):\n{hall.printed()}")
        try:
            if hall.get("/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"the hall did not answer within {START_SECONDS} s:\n{hall.printed()}")


@contextmanager
def running_hall(
    folder: Path, *, prepared: int = 0, python: list[str] | None = None, **env: str
) -> Iterator[Hall]:
    """A hall over a database in `folder` (with a tournament of `prepared` players and 16 open tables),
    stopped as Ctrl+C stops it, or killed if that fails."""
    database = folder / "hall.sqlite3"
    if prepared:
        prepare_tables(database, prepared)
    port = free_port()
    environment = clean_environment(
        DATABASE_URL=f"sqlite:///{database}",
        HALL_STATE_DIR=str(folder / "state"),
        STATIC_ROOT=str(folder / "static"),
        HALL_WIFI="SchoolHall",
        TMPDIR=str(folder / "tmp"),
        DEBUG="1",  # as the Makefile exports it: the hall turns it off
        **{"HALL_PROCESSES": "2", **env},  # two serving processes on any machine, as on a 2-core laptop
    )
    (folder / "tmp").mkdir(exist_ok=True)
    output = folder / "hall-output.txt"
    command = [*(python or [sys.executable]), "-m", "tableref.hall", "--no-weather", "--host", "127.0.0.1"]
    with output.open("w") as sink:
        process = subprocess.Popen(
            [*command, "--port", str(port)],
            cwd=ROOT,
            env=environment,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    hall = Hall(process, port, folder / "state", database, output)
    try:
        wait_until_answering(hall)
        yield hall
    finally:
        if process.poll() is None:
            hall.interrupt()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                kill_whole_hall(process)


def kill_whole_hall(process: subprocess.Popen) -> None:
    """SIGKILL to the hall and its background processes (each in a process group of its own)."""
    import contextlib

    import psutil

    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                child.kill()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


class Phone:
    """A referee's phone: logs in and saves a game through the real forms, each answer timed."""

    def __init__(self, hall: Hall, table: int, login_name: str) -> None:
        self.referee = Referee(hall.base_url, login_name, PASSWORD, table, Timings())
        self.referee.client.timeout = httpx.Timeout(10.0)
        self.before: tuple[float, float] = (0.0, 0.0)  # login and save seconds before an attack

    def log_in(self) -> float:
        started = time.perf_counter()
        self.referee.login()
        return time.perf_counter() - started

    def save(self) -> float:
        """Open the table and save its next game; the seconds the save's POST took."""
        self.referee.open_table()
        save = self.referee.save_game()
        assert save.acknowledged, "the save was not acknowledged"
        return self.referee.timings.seconds["save"][-1]

    def close(self) -> None:
        self.referee.close()
