"""Exports in the real hall: asked for on the export page, made by the task library's worker that the hall
runs beside the site, downloaded; and the worker killed mid-export or kept waiting by a database lock,
while the site answers throughout."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import time
from collections.abc import Iterator

import httpx
import pytest

from benchmarks.load_clients import forms_of
from tests.tableref.hall.hall_process import Hall, running_hall

STALLED_SECONDS = 5


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    folder = tmp_path_factory.mktemp("hall")
    with running_hall(folder, prepared=800, EXPORT_STALLED_SECONDS=str(STALLED_SECONDS)) as running:
        yield running


def ask_for(organiser: httpx.Client, identifier: str) -> str:
    """Press the export's button on the export page; the job's status address."""
    page = organiser.get("/organise/hall/exports/").text
    token = next(
        form["fields"]["csrfmiddlewaretoken"]
        for form in forms_of(page)
        if "csrfmiddlewaretoken" in form["fields"]
    )
    data = {"csrfmiddlewaretoken": token, "lang": "en"}
    if identifier == "scoresheets-pdf":
        data["round"] = re.findall(r'<option value="(\d+)"', page)[0]
    answer = organiser.post(f"/organise/hall/exports/{identifier}/", data=data)
    assert answer.status_code == 302, answer.text[:500]
    assert "/jobs/" in answer.headers["location"], answer.headers["location"]
    return answer.headers["location"] + "status.json"


def wait_for(organiser: httpx.Client, status_url: str, wanted: set[str], seconds: float = 120) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = organiser.get(status_url).json()
        if state["status"] in wanted:
            return state
        time.sleep(0.2)
    pytest.fail(f"the export was not {wanted} within {seconds} s: {state}")


def test_an_export_is_made_by_the_halls_worker_and_downloaded(hall: Hall) -> None:
    organiser = hall.organiser()
    state = wait_for(organiser, ask_for(organiser, "results-xlsx"), {"done", "failed"})
    assert state["status"] == "done", state
    download = organiser.get(state["download"])
    assert download.status_code == 200
    assert download.content[:2] == b"PK"  # a workbook


def test_a_worker_killed_mid_export_is_started_again_and_the_file_asked_again_is_made(hall: Hall) -> None:
    organiser = hall.organiser()
    assert hall.get("/t/hall/standings/")[0] == 200  # kept in the cache from now on
    status_url = ask_for(organiser, "scoresheets-pdf")
    wait_for(organiser, status_url, {"running"})
    with sqlite3.connect(hall.database, timeout=30) as holder:
        holder.execute("BEGIN IMMEDIATE")  # the worker's next progress write waits here
        assert hall.get("/healthz")[0] == 200
        assert hall.get("/t/hall/standings/")[0] == 200
        (worker,) = hall.export_worker()
        os.kill(worker, signal.SIGKILL)
        holder.rollback()
    state = wait_for(organiser, status_url, {"failed"}, seconds=STALLED_SECONDS + 30)
    assert state["message"].startswith("The export stopped before its file was ready")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and hall.export_worker() in ([], [worker]):
        time.sleep(0.2)
    again = ask_for(organiser, "scoresheets-pdf")
    assert again != status_url
    assert wait_for(organiser, again, {"done", "failed"})["status"] == "done"
    assert "the export worker stopped" in hall.printed()


def test_a_write_lock_held_through_an_export_delays_it_and_stops_nothing(hall: Hall) -> None:
    organiser = hall.organiser()
    with sqlite3.connect(hall.database, timeout=30) as holder:
        status_url = ask_for(organiser, "results-xlsx")
        holder.execute("BEGIN IMMEDIATE")
        started = time.monotonic()
        while time.monotonic() - started < 8:  # the worker cannot claim or finish meanwhile
            assert hall.get("/healthz")[0] == 200
            time.sleep(1)
        holder.rollback()
    assert wait_for(organiser, status_url, {"done", "failed"})["status"] == "done"
    assert hall.process.poll() is None
