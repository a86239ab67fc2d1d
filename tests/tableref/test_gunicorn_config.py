"""The deployment guide's gunicorn (`tableref/gunicorn_config.py`): its shape, and that a request never waits
in a busy process while another process is free."""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.tableref.gunicorn_sleeper import SLOW_SECONDS

PROJECT = Path(__file__).resolve().parents[2]


def test_gunicorn_runs_four_processes_per_core_of_two_threads(monkeypatch):
    from tableref import gunicorn_config

    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("WEB_THREADS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    try:
        config = importlib.reload(gunicorn_config)
        assert (config.worker_class, config.workers, config.threads) == ("gthread", 8, 2)
        monkeypatch.setattr(os, "cpu_count", lambda: 32)
        assert importlib.reload(gunicorn_config).workers == 16  # connections stay under PostgreSQL's 100
    finally:
        monkeypatch.undo()
        importlib.reload(gunicorn_config)


def test_a_process_takes_no_more_connections_than_it_has_threads(monkeypatch):
    from tableref import gunicorn_config

    monkeypatch.setenv("WEB_THREADS", "3")
    try:
        config = importlib.reload(gunicorn_config)
        assert config.worker_connections == 3
        assert config.keepalive == 0  # nginx opens a connection per request; a kept one would hold a place
    finally:
        monkeypatch.undo()
        importlib.reload(gunicorn_config)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"gunicorn stopped with status {server.returncode}")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    pytest.fail(f"gunicorn did not answer within {seconds} s")


@pytest.mark.slow
def test_a_busy_process_leaves_new_connections_to_a_free_one(tmp_path):
    """Two processes of one thread, with the guide's configuration: while one process's thread is held by a
    slow request, every new connection is taken by the other. Gunicorn's default (1,000 connections a
    process) lets the busy process accept about half of them, each then waiting for the slow one to end."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "gunicorn.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "--config",
                "python:tableref.gunicorn_config",
                "--bind",
                f"127.0.0.1:{port}",
                "--pythonpath",
                str(Path(__file__).parent),
                "gunicorn_sleeper:application",
            ],
            cwd=PROJECT,
            env={**os.environ, "WEB_CONCURRENCY": "2", "WEB_THREADS": "1"},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_answering(f"{base}/fast", server)
        slow = threading.Thread(target=httpx.get, args=(f"{base}/slow",), kwargs={"timeout": 30})
        slow.start()
        time.sleep(0.5)  # the slow request has been taken, and its process has stopped accepting
        waits = []
        for _ in range(8):
            started = time.monotonic()
            with httpx.Client(timeout=30) as phone:  # a connection of its own, as nginx opens for each
                assert phone.get(f"{base}/fast").status_code == 200
            waits.append(time.monotonic() - started)
        slow.join()
        assert max(waits) < SLOW_SECONDS / 2, f"one waited behind the slow one: {waits}\n{log.read_text()}"
    finally:
        server.terminate()
        server.wait(timeout=30)
