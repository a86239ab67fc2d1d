"""Reading settings from the environment: one spelling of "on", and a clear error for a bad number.

Settings are plain variables so that the same code runs on a laptop in a school hall and on a cloud server;
a typo in a number should stop the start with its name, not become a default nobody chose.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in TRUE_WORDS


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isascii() or not value.isdigit() or int(value) < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}, not {value!r}.")
    return int(value)


def env_list(name: str, default: str = "") -> list[str]:
    """A comma-separated list, blanks dropped."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]
