"""The real server for the load bench: gunicorn as `make hall` or the deployment guide runs it, on 127.0.0.1
only, in a process group of its own (so the fault run can kill it whole), with the export worker beside it.

Gunicorn's access log records each request's own time (`%(D)s`, microseconds, from the moment a worker
thread takes it), how long it waited for that thread (`%(w)s`) and the CPU that thread spent on it (`%(c)s`,
both `tableref.hall_worker.HallLogger`), so the bench can print what the server spent, where the rest of what
the clients felt went, and how many cores the requests needed.
"""

from __future__ import annotations

import contextlib
import os
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
# Method, path, status, microseconds spent, the worker process as <pid>, microseconds waited for a thread,
# microseconds of CPU the request's thread spent.
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s %(p)s %(w)s %(c)s"


class ServerRow(NamedTuple):
    """One request as the server's access log has it; times in seconds."""

    method: str
    path: str
    status: int
    seconds: float
    process: str
    waited: float
    cpu: float


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """One gunicorn (and one export worker) on 127.0.0.1:`port`, over `database_url`."""

    database_url: str
    workers: int
    threads: int
    log_dir: Path
    port: int = field(default_factory=free_port)
    processes: list[subprocess.Popen] = field(default_factory=list)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def access_log(self) -> Path:
        return self.log_dir / "access.log"

    def environment(self) -> dict[str, str]:
        return {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "DEBUG": "0",
            "SECRET_KEY": "load-bench-only",
            "ALLOWED_HOSTS": "127.0.0.1",
            "WEB_CONCURRENCY": str(self.workers),
            "WEB_THREADS": str(self.threads),
            "DJANGO_SETTINGS_MODULE": "tableref.settings",
        }

    def start(self) -> None:
        server = [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            "python:tableref.gunicorn_config",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--access-logfile",
            str(self.access_log),
            "--access-logformat",
            ACCESS_FORMAT,
            "--error-logfile",
            str(self.log_dir / "error.log"),
            "tableref.wsgi:application",
        ]
        worker = [sys.executable, "manage.py", "export_worker", "--idle-seconds", "0.2"]
        for command in (server, worker):
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
        self.wait_ready()

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within {seconds:.0f} s (see {self.log_dir})")

    def kill(self) -> None:
        """SIGKILL to every process group: gunicorn's master, its workers, the export worker, at once."""
        for process in self.processes:
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
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes.clear()

    def processes_memory(self) -> dict[int, float]:
        """Gunicorn's serving processes now: pid and resident memory in MB (Linux; none elsewhere). A pid
        not seen before is a process that gunicorn started meanwhile, as a replacement (`max_requests`)."""
        if not self.processes:
            return {}
        master = self.processes[0].pid
        try:
            children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        except OSError:
            return {}
        return {int(pid): memory for pid in children if (memory := resident_mb(int(pid))) is not None}

    def server_rows(self) -> list[ServerRow]:
        """Every request in the access log so far."""
        return read_access_log(self.access_log)

    def reset_log(self) -> None:
        if self.access_log.exists():
            self.access_log.write_text("")


def resident_mb(pid: int) -> float | None:
    """A process's resident memory (VmRSS) in MB; None once it has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    line = next((line for line in status.splitlines() if line.startswith("VmRSS:")), None)
    return int(line.split()[1]) / 1024 if line else None


def read_access_log(path: Path) -> list[ServerRow]:
    """The rows of an access log written in `ACCESS_FORMAT`; a line cut short by a kill is left out."""
    rows: list[ServerRow] = []
    if not path.exists():
        return rows
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 7 and all(parts[index].isdigit() for index in (2, 3, 5, 6)):
            method, address, status, spent, process, waited, cpu = parts
            rows.append(
                ServerRow(
                    method,
                    address,
                    int(status),
                    int(spent) / 1e6,
                    process.strip("<>"),
                    int(waited) / 1e6,
                    int(cpu) / 1e6,
                )
            )
    return rows
