"""Reading typed fields out of a decoded JSON object, with errors that name the field."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.errors import InputError


def require_object(value: Any, field: str | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError("bad-input", "expected a JSON object", field)
    return value


def only_keys(document: dict[str, Any], allowed: Iterable[str], field: str | None) -> None:
    """Unknown keys are refused, so a misspelt key is never silently ignored."""
    unknown = sorted(set(document) - set(allowed))
    if unknown:
        where = f"{field}.{unknown[0]}" if field else unknown[0]
        raise InputError(
            "bad-input", f"unknown key {unknown[0]!r}; expected: {', '.join(sorted(allowed))}", where
        )


def _path(field: str | None, key: str) -> str:
    return f"{field}.{key}" if field else key


def get_string(document: dict[str, Any], key: str, field: str | None, *, required: bool = True) -> str | None:
    value = document.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise InputError("bad-input", f"{key} must be a string", _path(field, key))
    return value


def get_bool(document: dict[str, Any], key: str, field: str | None, default: bool | None) -> bool | None:
    value = document.get(key, default)
    if value is not None and not isinstance(value, bool):
        raise InputError("bad-input", f"{key} must be true or false", _path(field, key))
    return value


def get_int(document: dict[str, Any], key: str, field: str | None) -> int | None:
    value = document.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InputError("bad-input", f"{key} must be a whole number", _path(field, key))
    return value


def get_tiles(
    document: dict[str, Any], key: str, field: str | None, *, required: bool
) -> str | list[str] | None:
    """Tiles as the notation's text, or a list of tokens."""
    value = document.get(key)
    if value is None and not required:
        return None
    if isinstance(value, str) or (isinstance(value, list) and all(isinstance(item, str) for item in value)):
        return value
    raise InputError("bad-input", f"{key} must be a string of tiles such as 'R7 K13 J'", _path(field, key))


def get_list(document: dict[str, Any], key: str, field: str | None) -> list[Any]:
    value = document.get(key)
    if not isinstance(value, list):
        raise InputError("bad-input", f"{key} must be a list", _path(field, key))
    return value
