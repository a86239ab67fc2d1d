"""One exception family for the seating draw, so callers catch one type and switch on a stable code.

Messages are English and meant for logs and the command line; the site translates by `code`.
"""

from __future__ import annotations


class SeatingError(Exception):
    """Bad input, or a request the rules cannot meet; `code` is stable, `field` names the input at fault."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, field={self.field!r})"


class InputError(SeatingError):
    """A document or request of the wrong shape: a missing key, a value of the wrong type or range."""


class PlayerError(SeatingError):
    """Player ids that do not add up: a duplicate, an unknown id, a player seated twice in one round."""


class SizeError(SeatingError):
    """Table sizes that are not sizes (min above max), or a player count no tables of those sizes can seat."""
