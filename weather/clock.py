"""The current time, in one place, so that tests can freeze it for the pages and the commands."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
