"""Reading typed fields out of a decoded JSON object, with errors that name the field."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from seating.errors import InputError


def path(field: str | None, key: str) -> str:
    return f"{field}.{key}" if field else key


def require_object(value: Any, field: str | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError("bad-input", "expected a JSON object", field)
    return value


def only_keys(document: dict[str, Any], allowed: Iterable[str], field: str | None) -> None:
    """Unknown keys are refused, so a misspelt key is never silently ignored."""
    allowed = sorted(allowed)
    unknown = sorted(key for key in document if key not in allowed)
    if unknown:
        raise InputError(
            "bad-input",
            f"unknown key {unknown[0]!r}; expected: {', '.join(allowed)}",
            path(field, unknown[0]),
        )


def require_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError("bad-input", "expected a list", field)
    return value


def get_list(document: dict[str, Any], key: str, field: str | None, *, required: bool = True) -> list[Any]:
    if key not in document and not required:
        return []
    return require_list(document.get(key), path(field, key))


def get_whole(document: dict[str, Any], key: str, field: str | None, code: str = "bad-input") -> int | None:
    """A whole number, or None when the key is missing or null."""
    value = document.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(code, f"{key} must be a whole number", path(field, key))
    return value


def string_list(value: Any, field: str) -> tuple[str, ...]:
    items = require_list(value, field)
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise InputError("bad-input", "a player id is a string", f"{field}[{index}]")
    return tuple(items)
