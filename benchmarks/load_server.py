"""The real servers for the load bench, on 127.0.0.1 only, each in a process group of its own (so that the
fault run can kill it whole), with the task worker that makes the exports beside it:

- `HallServer`: `python -m tableref.hall`, as `make hall` runs it (waitress, one process; it starts the task
  worker itself, each background process in a process group of its own). Its access log
  (`tableref.access_log`) gives each request's own time and the CPU its thread spent.
- `GunicornServer`: the deployment guide's server, stock gunicorn with its `gthread` worker class, set by
  command-line options only, and the guide's two task workers beside it. Its access log gives each
  request's own time (`%(D)s`).

Each reads its access log into `ServerRow`s, so that the bench can set what the server spent beside what the
clients felt.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import httpx

PROJECT = Path(__file__).resolve().parent.parent
READY_SECONDS = 180  # the hall prepares the site (catalogues, static files, migrations) before it serves
STOP_SECONDS = 30
PORT_IN_USE = "is in use"  # what the hall's launcher says when it finds its port taken
PORT_WAIT_SECONDS = 120
# Stock gunicorn: method, path, status, microseconds spent.
GUNICORN_FORMAT = "%(m)s %(U)s %(s)s %(D)s"
# The hall's access log (the logging time stamp, then `tableref.access_log.access_line`):
# 2026-01-01 09:00:00,000 127.0.0.1 "GET /healthz HTTP/1.1" 200 34 <ms>ms cpu=<ms>ms
HALL_LINE = re.compile(
    r"^(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) .*"
    r'"(?P<method>\S+) (?P<path>.*) \S+" (?P<status>\d{3}) \d+ (?P<ms>[\d.]+)ms cpu=(?P<cpu>[\d.]+)ms$'
)
ROTATED = 3  # the hall's access log is rotated (a RotatingFileHandler keeping three old files)
# docs/deploy.md's section 4 for the bench: its `server` block's limits and `location /`, over plain HTTP on
# 127.0.0.1, with every file nginx writes in the run's own folder.
NGINX_CONFIG = """
{user}daemon off;
worker_processes auto;
pid {folder}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 3m;
        client_header_timeout 10s;
        client_body_timeout 10s;
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


class ServerRow(NamedTuple):
    """One request as the server's access log has it; times in seconds. `cpu` (the CPU the request's thread
    spent) is None when the server does not log it (gunicorn); `at`, when it was logged, orders the rows of
    the hall's several access logs."""

    method: str
    path: str
    status: int
    seconds: float
    cpu: float | None = None
    at: str = ""


class Stopped(RuntimeError):
    """The server ended before it answered."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """One server (and its export worker) on 127.0.0.1:`port`, over `database_url`, its logs in `log_dir`."""

    database_url: str
    log_dir: Path
    port: int = field(default_factory=free_port)
    processes: list[subprocess.Popen] = field(default_factory=list)

    name = "a server"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def access_log(self) -> Path:
        return self.log_dir / "access.log"

    def environment(self) -> dict[str, str]:
        environment = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "DEBUG": "0",
            "SECRET_KEY": "load-bench-only",
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": str(self.log_dir / "static"),
            "DJANGO_SETTINGS_MODULE": "tableref.settings",
        }
        environment.pop("GUNICORN_CMD_ARGS", None)  # only the options the bench gives
        return environment

    def commands(self) -> list[list[str]]:
        raise NotImplementedError

    def start(self) -> None:
        self.launch()
        self.wait_ready()

    def launch(self) -> None:
        for command in self.commands():
            with open(self.log_dir / "stdout.log", "a") as output:
                self.processes.append(
                    subprocess.Popen(
                        command,
                        cwd=PROJECT,
                        env=self.environment(),
                        stdout=output,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )

    def wait_ready(self, seconds: float = READY_SECONDS) -> None:
        """Until /healthz answers 200; `Stopped` when one of the processes ended meanwhile."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for process in self.processes:
                if process.poll() is not None:
                    raise Stopped(
                        f"{self.name} stopped with exit status {process.returncode} (see {self.log_dir})"
                    )
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} did not answer within {seconds:.0f} s (see {self.log_dir})")

    def kill(self) -> None:
        """SIGKILL to the server with all its processes (the hall's background processes, in process groups
        of their own, included) and the task worker, at once."""
        import psutil

        for process in self.processes:
            with contextlib.suppress(psutil.Error):
                for child in psutil.Process(process.pid).children(recursive=True):
                    with contextlib.suppress(psutil.Error):
                        child.kill()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        self.processes.clear()

    def stop(self) -> None:
        for process in self.processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes.clear()

    def serving_pids(self) -> list[int]:
        """The processes that answer requests (for their memory)."""
        return [self.processes[0].pid] if self.processes else []

    def memory_mb(self) -> float | None:
        """The serving processes' resident memory together, in MB (Linux; None elsewhere)."""
        sizes = [resident_mb(pid) for pid in self.serving_pids()]
        found = [size for size in sizes if size is not None]
        return sum(found) if found else None

    def server_rows(self) -> list[ServerRow]:
        """Every request in the access log since the last `reset_log`."""
        raise NotImplementedError

    def reset_log(self) -> None:
        for number in range(1, ROTATED + 1):
            Path(f"{self.access_log}.{number}").unlink(missing_ok=True)
        if self.access_log.exists():
            self.access_log.write_text("")


class HallServer(Server):
    """`python -m tableref.hall`: waitress in the launcher's own process and in its other serving processes
    (one access log each), the export worker beside them."""

    name = "the hall (waitress)"

    def environment(self) -> dict[str, str]:
        return {
            **super().environment(),
            "HALL_STATE_DIR": str(self.log_dir / "hall"),
            "ACCESS_LOG_FILE": str(self.access_log),
        }

    refused_for: float = 0.0  # how long the last start was refused because the port seemed taken

    def start(self) -> None:
        """Start the hall; while it says its port is in use (connections of the server just stopped still
        closing on it), start it again each second, up to `PORT_WAIT_SECONDS`, and keep how long that took."""
        began = time.monotonic()
        self.refused_for = 0.0
        while True:
            self.launch()
            try:
                self.wait_ready()
                return
            except Stopped:
                refused = PORT_IN_USE in self.output()[-2000:]
                self.kill()
                if not refused or time.monotonic() - began > PORT_WAIT_SECONDS:
                    raise
            time.sleep(1)
            self.refused_for = time.monotonic() - began

    def output(self) -> str:
        path = self.log_dir / "stdout.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def commands(self) -> list[list[str]]:
        return [
            [
                sys.executable,
                "-m",
                "tableref.hall",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--no-weather",
            ]
        ]

    def stop(self) -> None:
        """SIGTERM to the launcher alone, as a service manager stops it: it stops its export worker itself.
        What is left of its process group after it has gone (or after `STOP_SECONDS`) is killed."""
        for process in self.processes:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=STOP_SECONDS)
        self.kill()

    def access_logs(self) -> list[Path]:
        """The launcher's access log and its other serving processes' (`access-2.log`, ...)."""
        log = self.access_log
        return [log, *sorted(log.parent.glob(f"{log.stem}-*{log.suffix}"))]

    def server_rows(self) -> list[ServerRow]:
        """Every serving process's rows, in the order they were logged."""
        return sorted(
            (row for log in self.access_logs() for row in read_hall_log(log)), key=lambda row: row.at
        )

    def reset_log(self) -> None:
        for log in self.access_logs():
            for number in range(1, ROTATED + 1):
                Path(f"{log}.{number}").unlink(missing_ok=True)
            if log.exists():
                log.write_text("")

    def serving_pids(self) -> list[int]:
        """The launcher and its serving processes (its children started by multiprocessing's spawn)."""
        import psutil

        if not self.processes:
            return []
        launcher = self.processes[0].pid
        found = [launcher]
        with contextlib.suppress(psutil.Error):
            for child in psutil.Process(launcher).children():
                with contextlib.suppress(psutil.Error):
                    if any("spawn_main" in part for part in child.cmdline()):
                        found.append(child.pid)
        return found


@dataclass
class GunicornServer(Server):
    """Stock gunicorn as the deployment guide runs it (`tableref/gunicorn_config.py`: `gthread`, one
    connection a thread, timeouts), `workers` processes x `threads` threads; the bench sets the address and
    the access log. With nginx on this machine, the phones reach it through nginx set as the guide's section 4
    sets it (HTTP on 127.0.0.1, no certificate); without, directly (`behind`)."""

    workers: int = 2
    threads: int = 4
    gunicorn_port: int = field(default_factory=free_port)
    nginx: str | None = field(default_factory=lambda: shutil.which("nginx"))

    name = "gunicorn (gthread)"

    @property
    def behind(self) -> str:
        return "nginx" if self.nginx else "nothing (nginx not found)"

    def nginx_command(self, nginx: str) -> list[str]:
        """nginx in the foreground with the guide's `location /` block, every file of its own in `log_dir`."""
        folder = self.log_dir / "nginx"
        folder.mkdir(exist_ok=True)
        config = folder / "nginx.conf"
        config.write_text(
            NGINX_CONFIG.format(
                # run as root (a container), nginx's workers would be `nobody`, who cannot write in `folder`
                user="user root;\n" if os.geteuid() == 0 else "",
                folder=folder,
                port=self.port,
                upstream=self.gunicorn_port,
            ),
            encoding="utf-8",
        )
        return [
            nginx,
            "-p",
            str(folder),
            "-c",
            str(config),
            "-e",
            str(folder / "error.log"),
        ]

    def commands(self) -> list[list[str]]:
        port = self.gunicorn_port if self.nginx else self.port
        front = [self.nginx_command(self.nginx)] if self.nginx else []
        server = [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            "python:tableref.gunicorn_config",
            "--workers",
            str(self.workers),
            "--threads",
            str(self.threads),
            "--worker-connections",  # as the configuration ties them, whatever shape the bench is given
            str(self.threads),
            "--bind",
            f"127.0.0.1:{port}",
            "--access-logfile",
            str(self.access_log),
            "--access-logformat",
            GUNICORN_FORMAT,
            "--error-logfile",
            str(self.log_dir / "error.log"),
            "tableref.wsgi:application",
        ]
        return [
            server,
            [sys.executable, "manage.py", "db_worker", "--no-startup-delay"],
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--backend",
                "public",
                "--no-startup-delay",
                "--interval",
                "0.5",
            ],
            *front,
        ]

    def serving_pids(self) -> list[int]:
        """Gunicorn's worker processes: the children of its master (Linux; none elsewhere)."""
        if not self.processes:
            return []
        master = self.processes[0].pid
        try:
            return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
        except OSError:
            return []

    def server_rows(self) -> list[ServerRow]:
        return read_gunicorn_log(self.access_log)


def resident_mb(pid: int) -> float | None:
    """A process's resident memory (VmRSS) in MB; None once it has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    line = next((line for line in status.splitlines() if line.startswith("VmRSS:")), None)
    return int(line.split()[1]) / 1024 if line else None


def _log_lines(path: Path) -> list[str]:
    """The access log's lines, the rotated files first (oldest first)."""
    files = [Path(f"{path}.{number}") for number in range(ROTATED, 0, -1)] + [path]
    return [line for file in files if file.exists() for line in file.read_text().splitlines()]


def read_hall_log(path: Path) -> list[ServerRow]:
    """The rows of the hall's access log; a line cut short by a kill is left out."""
    rows: list[ServerRow] = []
    for line in _log_lines(path):
        if found := HALL_LINE.search(line):
            rows.append(
                ServerRow(
                    found["method"],
                    found["path"],
                    int(found["status"]),
                    float(found["ms"]) / 1000,
                    cpu=float(found["cpu"]) / 1000,
                    at=found["at"],
                )
            )
    return rows


def read_gunicorn_log(path: Path) -> list[ServerRow]:
    """The rows of an access log written in `GUNICORN_FORMAT`; a line cut short is left out."""
    rows: list[ServerRow] = []
    for line in _log_lines(path):
        parts = line.split()
        if len(parts) == 4 and parts[2].isdigit() and parts[3].isdigit():
            method, address, status, spent = parts
            rows.append(ServerRow(method, address, int(status), int(spent) / 1e6))
    return rows
