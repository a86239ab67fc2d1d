"""The one error type that services raise, so views can show it next to the right field."""

from __future__ import annotations

from django.utils.functional import Promise


class ServiceError(Exception):
    """A refused write: a translated message, the form field it belongs to (if any), and a stable code.

    `code` lets views and tests tell causes apart without reading the message ("forbidden" becomes a 403).
    """

    def __init__(self, message: str | Promise, *, field: str | None = None, code: str = "invalid") -> None:
        super().__init__(str(message))
        self.message = message
        self.field = field
        self.code = code

    def __str__(self) -> str:
        return str(self.message)
