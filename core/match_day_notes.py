"""Lines about a tournament's match days that one app gives and another prints, without importing each other.

The weather app registers, when it starts, a function that words each upcoming match day's decision; the
school notices (`referee`) print whatever lines are registered. With no provider, there are no lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Provider = Callable[[Any], list[str]]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    if provider not in _providers:
        _providers.append(provider)


def match_day_lines(tournament: Any) -> list[str]:
    """Every registered provider's lines for `tournament`, in the active language."""
    return [line for provider in _providers for line in provider(tournament)]
