"""Logging filters: some refusals are expected at a venue and need one line in the log, not a traceback."""

from __future__ import annotations

import logging


class WithoutTraceback(logging.Filter):
    """Keeps the message, drops the traceback: the message already says all there is to know."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True
