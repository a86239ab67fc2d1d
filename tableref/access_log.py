"""One line per request in the `tableref.access` log, for a server that writes none of its own (waitress).

A WSGI middleware: the line is written when the answer has been handed back to the server, with the
request's own time and the CPU its thread spent on it, so that a slow request and a busy machine can be told
apart. The query string is left out: it may carry a child's number.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

logger = logging.getLogger("tableref.access")

StartResponse = Callable[..., Any]
WSGIApplication = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def access_line(environ: dict[str, Any], status: str, sent: int, seconds: float, cpu: float) -> str:
    """`127.0.0.1 "GET /path HTTP/1.1" 200 5120 12.3ms cpu=4.1ms`."""
    request = f"{environ.get('REQUEST_METHOD', '-')} {environ.get('PATH_INFO', '')} "
    request += environ.get("SERVER_PROTOCOL", "-")
    code = status.split(" ", 1)[0] if status else "-"
    return (
        f'{environ.get("REMOTE_ADDR", "-")} "{request}" {code} {sent} '
        f"{seconds * 1000:.1f}ms cpu={cpu * 1000:.1f}ms"
    )


class AccessLog:
    """Wraps a WSGI application; every request is logged once, whatever the application answers."""

    def __init__(self, application: WSGIApplication) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started, cpu_started = time.perf_counter(), time.thread_time()
        status = [""]

        def recording(response_status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            status[0] = response_status
            return start_response(response_status, headers, *exc_info)

        answer = self.application(environ, recording)
        return _Logged(answer, lambda sent: self._log(environ, status[0], sent, started, cpu_started))

    @staticmethod
    def _log(environ: dict[str, Any], status: str, sent: int, started: float, cpu_started: float) -> None:
        seconds, cpu = time.perf_counter() - started, time.thread_time() - cpu_started
        logger.info(access_line(environ, status, sent, seconds, cpu))


class _Logged:
    """The application's answer, counted as the server sends it; the line is written when it closes."""

    def __init__(self, answer: Iterable[bytes], done: Callable[[int], None]) -> None:
        self.answer, self.done, self.sent = answer, done, 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.answer:
            self.sent += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.answer, "close", None)
            if close is not None:
                close()
        finally:
            self.done(self.sent)
