"""Logging filters: some refusals are expected at a venue and need one line in the log, not a traceback."""

from __future__ import annotations

import logging


class WithoutTraceback(logging.Filter):
    """Keeps the message, drops the traceback: the message already says all there is to know."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True


class ClientErrorsWithoutTraceback(logging.Filter):
    """For `django.request`: a 4xx answer (a refused form, a missing page) in one line; a 5xx keeps its
    traceback, which is what a real error needs."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
