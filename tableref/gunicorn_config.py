"""Gunicorn settings for TableRef: `gunicorn -c python:tableref.gunicorn_config tableref.wsgi`.

Threads in a few processes (gthread): a request is mostly waiting on the database or the network, so
WEB_THREADS threads per process (4 unless set) keep the phones answered while one of them waits, and
WEB_CONCURRENCY processes use the machine's cores: one a core unless set (at most 8), each kept to its own
core on Linux (`tableref.cores`; WEB_PIN_CORES=0 leaves them free). The worker is gunicorn's threaded one
with one change (`tableref.hall_worker`): the public pages' readers have WEB_PUBLIC_THREADS threads of their
own (one unless told), WEB_PUBLIC_NICE steps of nice lower on Linux, and wait while a referee's or an
organiser's request waits or runs in their process. With SQLite (the hall) writes are taken one at a time
anyway (WAL mode, immediate transactions, a 20-second wait); reads run side by side. Gunicorn listens on
127.0.0.1 unless told otherwise (`--bind`, as `make hall` does for the hall's Wi-Fi): behind a reverse proxy,
nothing else should reach it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from tableref.cores import core_for_a_new_process, pin_to, processes_for_the_cores
from tableref.environment import env_bool, env_int

worker_class = "tableref.hall_worker.HallWorker"
# On Linux each process listens on a socket of its own (SO_REUSEPORT), and the kernel shares new connections
# out evenly between them. On one shared socket the process quickest to take a connection took it, and a
# phone's kept-alive connection stays where it landed: in some load runs every parent's connection landed in
# one process, whose one public thread then served them all (77-241 reloads a second, against 400-570 when
# shared). A process that stops takes what waits in its own socket and closes it at once (`HallWorker`), so
# the next connections go to the others; elsewhere (macOS) the flag does not share connections out, so it
# stays off.
reuse_port = sys.platform.startswith("linux")
workers = env_int("WEB_CONCURRENCY", processes_for_the_cores(), minimum=1)
threads = env_int("WEB_THREADS", 4, minimum=1)
bind = [f"127.0.0.1:{env_int('PORT', 8000, minimum=1)}"]
timeout = 60  # a scoresheet PDF of a whole round takes seconds; longer than this is a stuck worker
graceful_timeout = 20
# Phones on Wi-Fi reuse their connection between a page and the next: a referee types a game for a minute or
# so, and a connection closed meanwhile can meet the next Save on its way (the phone then sees a reset).
keepalive = 75
# A process serves all day unless WEB_MAX_REQUESTS says after how many requests gunicorn replaces it (a guard
# against a slow leak). None was found: in the load bench a process, once warm, grew 0-4 MB over each run of
# 70,000-100,000 requests. A replacement loads Django again (a second of CPU) and closes its kept-alive
# connections; in one load run it came at the bell of 200 referees, whose saves' p95 was 330 ms (158 ms in
# the same run without replacements).
max_requests = env_int("WEB_MAX_REQUESTS", 0, minimum=0)
max_requests_jitter = max_requests // 10  # processes started together are not replaced together
accesslog = "-" if env_bool("ACCESS_LOG") else None
# Gunicorn's own format, then three figures in microseconds: the request's own time, how long it waited for
# a thread before that, and the CPU its thread spent on it (`tableref.hall_worker.HallLogger`). The wait
# growing means more cores are needed; the CPU figures, added up over a minute, say how many.
logger_class = "tableref.hall_worker.HallLogger"
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(D)s %(w)s %(c)s'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "tableref"
# Gunicorn's control socket lives in the user's home folder, shared by every gunicorn of that user; TableRef
# does not use it, and two servers on one laptop would contend for it.
control_socket_disable = True

# Each process keeps to a core of its own (`tableref.cores`), unless WEB_PIN_CORES=0.
pin_cores = env_bool("WEB_PIN_CORES", True)


def pre_fork(server: Any, worker: Any) -> None:
    """In gunicorn's parent, before a process starts: the core it will keep to."""
    taken = [getattr(other, "core", None) for other in server.WORKERS.values()]
    worker.core = core_for_a_new_process(taken) if pin_cores else None


def post_fork(server: Any, worker: Any) -> None:
    """In the new process: keep to the core chosen for it."""
    core = getattr(worker, "core", None)
    if pin_to(core):
        server.log.info("Worker %s keeps to core %s", os.getpid(), core)
    elif core is not None:
        server.log.warning("Worker %s could not keep to core %s; it runs on any core", os.getpid(), core)
