"""Gunicorn settings for a server behind nginx: `gunicorn -c python:tableref.gunicorn_config tableref.wsgi`.

Stock gunicorn with its documented threaded worker (`gthread`). Gunicorn hands a connection to a thread as
soon as it arrives, so it expects a proxy that buffers slow clients in front of it: nginx, as
docs/deploy.md sets it up. The hall runs waitress instead (`tableref/hall/server.py`). Every value can be
overridden on gunicorn's command line or with GUNICORN_CMD_ARGS; set the threads with WEB_THREADS, so that
`worker_connections` follows them.
"""

from __future__ import annotations

import os

from tableref.environment import env_bool, env_int

worker_class = "gthread"
# Four processes per core, two threads each: a process computes one request at a time, and one waiting on the
# database leaves its core to another; a second thread lets a short request pass a long one. The shapes that
# were measured against each other are in docs/performance.md ("Processes, not threads").
PROCESSES_PER_CORE = 4
MOST_WORKERS = 16  # x threads x machines stays under PostgreSQL's 100 connections
workers = env_int("WEB_CONCURRENCY", min(PROCESSES_PER_CORE * (os.cpu_count() or 1), MOST_WORKERS), minimum=1)
threads = env_int("WEB_THREADS", 2, minimum=1)
# A process takes no more connections than it has threads: a process whose threads are all busy stops
# accepting, and the next connection waits in the kernel's queue for a free process instead of behind a
# request in a busy one. Hence no keep-alive: a kept connection would hold a place while it sits idle.
worker_connections = threads
bind = [f"127.0.0.1:{env_int('PORT', 8000, minimum=1)}"]  # only nginx, on the same machine, reaches it
timeout = 60  # a scoresheet PDF of a whole round takes seconds; longer than this is a stuck worker
graceful_timeout = 20
keepalive = 0  # nginx, as docs/deploy.md sets it, opens a connection for each request anyway
max_requests = env_int("WEB_MAX_REQUESTS", 0, minimum=0)
max_requests_jitter = max_requests // 10
accesslog = "-" if env_bool("ACCESS_LOG") else None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
proc_name = "tableref"
control_socket_disable = True
