"""A WSGI application for the gunicorn configuration's test: `/slow` holds its thread for `SLOW_SECONDS`,
any other address answers at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

SLOW_SECONDS = 5.0


def application(environ: dict, start_response: Callable) -> Iterable[bytes]:
    if environ["PATH_INFO"] == "/slow":
        time.sleep(SLOW_SECONDS)
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]
