"""One exception family for the engine, so callers catch one type and switch on a stable code.

Messages are English and meant for logs and the command line; the site translates by `code`.
"""

from __future__ import annotations


class ScoringError(Exception):
    """Bad input or a result the rules refuse; `code` is stable, `field` names the input at fault."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, field={self.field!r})"

    def at(self, field: str) -> ScoringError:
        """The same error, located at `field` (used when a nested value is checked without its path)."""
        self.field = field if self.field is None else f"{field}.{self.field}"
        return self


class RulesetError(ScoringError):
    """An unknown ruleset, or an operation the ruleset does not have (`meld-value` for UNO)."""


class TileError(ScoringError):
    """A tile or card that is not in the ruleset's set, or more copies than the set holds.

    `token` is the offending token as it was typed (`紅14`, `R1` of `R1R1R1`), for a form to point at it."""

    def __init__(
        self, code: str, message: str, field: str | None = None, *, token: str | None = None
    ) -> None:
        super().__init__(code, message, field)
        self.token = token


class InvalidSet(ScoringError):
    """A set of tiles that the rules do not accept; `code` says why (`run-wraps`, ...)."""


class SearchTooLarge(ScoringError):
    """The exhaustive search would take too long (a large table full of special jokers)."""


class GameError(ScoringError):
    """Facts of one game that contradict each other or the rules."""


class GameOverSet(GameError):
    """The racks of one game together hold more than the set: `measure` is "tiles" (a count) or "value"
    (points, jokers included); `total` is the game's, `limit` the whole set's."""

    def __init__(self, message: str, field: str | None, *, measure: str, total: int, limit: int) -> None:
        super().__init__("game-over-set", message, field)
        self.measure = measure
        self.total = total
        self.limit = limit


class MatchError(ScoringError):
    """Games or options that do not make one match."""


class InputError(ScoringError):
    """A JSON document of the wrong shape: not an object, a missing key, a value of the wrong type."""
