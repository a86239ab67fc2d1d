"""How many processes and threads serve the hall, and the one socket they share.

Measured in docs/performance.md ("Processes, not threads"): a Python process computes one request at a
time, so the hall serves from two processes per core, up to four, of four threads each.
"""

from __future__ import annotations

import socket

import pytest

from tableref.hall import server
from tableref.hall.serving import numbered_log


@pytest.mark.parametrize(("cores", "processes"), [(1, 2), (2, 4), (8, 4), (None, 2)])
def test_the_hall_runs_two_processes_per_core_up_to_four(monkeypatch, cores, processes):
    monkeypatch.delenv("HALL_PROCESSES", raising=False)
    monkeypatch.setattr(server.os, "cpu_count", lambda: cores)
    assert server.serving_processes() == processes


def test_hall_processes_sets_the_number(monkeypatch):
    monkeypatch.setenv("HALL_PROCESSES", "3")
    assert server.serving_processes() == 3


def test_waitress_serves_the_launchers_socket_with_four_threads(monkeypatch):
    monkeypatch.delenv("HALL_THREADS", raising=False)
    listener = server.listening_socket("127.0.0.1", 0)
    with listener:
        options = server.server_options(listener, max_body_bytes=1000)
        assert options["sockets"] == [listener]
        assert options["threads"] == 4
        assert "host" not in options
        assert "port" not in options  # waitress refuses both beside sockets
        assert not listener.get_inheritable()  # the background processes never hold the hall's port


def test_a_port_in_use_is_refused_when_the_hall_binds_it():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            server.listening_socket("127.0.0.1", taken.getsockname()[1])


def test_each_serving_process_writes_an_access_log_of_its_own():
    assert numbered_log("/hall/access.log", 1) == "/hall/access.log"
    assert numbered_log("/hall/access.log", 3) == "/hall/access-3.log"
    assert numbered_log("", 2) == ""  # no log asked for: none
