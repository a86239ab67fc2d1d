"""The hall's web server: waitress, configured through its documented options only.

Waitress reads every request whole (head and body) in its one I/O thread before a worker thread sees it, so a
phone on a poor signal, or someone sending slowly on purpose, holds a socket and never a thread; it is pure
Python and runs alike on Windows, macOS and Linux. A body declared or sent larger than `MAX_REQUEST_BYTES`
is refused with 413 before any of it is stored; a connection that sends nothing for `HALL_IDLE_SECONDS` is
closed. The launcher binds one listening socket and each serving process runs waitress on it (its
documented `sockets` option): a Python process computes one request at a time, so requests are spread
over several processes with few threads each rather than one process with many.
"""

from __future__ import annotations

import os
import select
import socket
import sys
from typing import Any

from tableref.environment import env_int

HEAD_BYTES = 64 * 1024  # far above any browser's request head, far below waitress's 256 KB default
THREADS = 4  # in each serving process: a request waiting for the database or a password hash lets another run
PROCESSES_PER_CORE = 2  # a process waiting on the database or a password hash leaves its core to another
MOST_PROCESSES = 4  # each holds a whole copy of the site in memory
IDLE_SECONDS = 60  # a referee types a game for a minute or so between two requests on one connection
WINDOWS_CONNECTIONS = 500  # Python's select() on Windows watches at most 512 sockets
MOST_CONNECTIONS = 4000
OTHER_FILES = 96  # the database's files for each thread, static files being sent, the logs


def connection_limit() -> int:
    """As many connections as the operating system lets one loop watch, keeping room for the database, the
    static files and the logs: poll() elsewhere has no fixed bound but the process's open-file limit (256 on
    macOS unless raised, 1024 on many Linux desktops; `ulimit -n` raises it for more phones)."""
    if not hasattr(select, "poll") or sys.platform == "win32":
        return WINDOWS_CONNECTIONS
    open_files = os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024
    return max(64, min(MOST_CONNECTIONS, open_files - OTHER_FILES))


def serving_processes() -> int:
    """How many processes serve the site: HALL_PROCESSES, or two per core up to `MOST_PROCESSES`."""
    default = min(PROCESSES_PER_CORE * (os.cpu_count() or 1), MOST_PROCESSES)
    return env_int("HALL_PROCESSES", default, minimum=1)


def listening_socket(host: str, port: int) -> socket.socket:
    """The hall's socket, bound as waitress binds its own (on POSIX, connections of a hall that just stopped,
    still closing, do not hold the port; on Windows the same option would let two servers share it).
    OSError when the port is taken."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name != "nt":
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
    except OSError:
        listener.close()
        raise
    listener.set_inheritable(False)
    return listener


def server_options(listener: socket.socket, max_body_bytes: int) -> dict[str, Any]:
    """Keyword arguments for `waitress.create_server` on the bound socket `listener`; HALL_THREADS,
    HALL_IDLE_SECONDS and HALL_CONNECTIONS override the defaults."""
    return {
        "sockets": [listener],
        "threads": env_int("HALL_THREADS", THREADS, minimum=1),
        "connection_limit": env_int("HALL_CONNECTIONS", connection_limit(), minimum=16),
        "channel_timeout": env_int("HALL_IDLE_SECONDS", IDLE_SECONDS, minimum=1),
        "cleanup_interval": 2,
        "asyncore_use_poll": hasattr(select, "poll"),
        # waitress refuses a body of this many bytes or more: the site's own limit is the largest it takes.
        # Bodies are held in memory up to that limit, never in a temporary file: a visitor cannot fill the
        # laptop's disk (then SQLite could save nothing), and memory is bounded by the connection limit.
        "max_request_body_size": max_body_bytes + 1,
        "inbuf_overflow": max_body_bytes + 1,
        "max_request_header_size": HEAD_BYTES,
        "ident": "TableRef",
        "expose_tracebacks": False,
        "log_socket_errors": False,  # a phone leaving the Wi-Fi mid-answer is not worth a line
    }


def serve(listener: socket.socket) -> None:
    """Serve the site on `listener` until Ctrl+C (or SIGTERM, which the launcher turns into Ctrl+C).
    Waitress then lets the requests in progress finish for up to five seconds and returns."""
    from django.conf import settings
    from waitress import create_server

    from tableref.access_log import AccessLog
    from tableref.wsgi import application

    server = create_server(AccessLog(application), **server_options(listener, settings.MAX_REQUEST_BYTES))
    server.run()
