"""In-game penalties: how many tiles or cards an incident makes the player draw."""

from __future__ import annotations

from scoring.errors import ScoringError
from scoring.rulesets import Ruleset, get_ruleset


def incident_draw(ruleset: str | Ruleset, incident_code: str, tiles_left_over: int | None = None) -> int:
    """Tiles or cards the player draws; `tiles_left_over` counts only where the incident needs it."""
    rules = get_ruleset(ruleset)
    kind = rules.incident(incident_code)
    if kind is None:
        known = ", ".join(k.code for k in rules.incidents)
        raise ScoringError(
            "unknown-incident", f"{rules.key} has no incident {incident_code!r}; known: {known}", "incident"
        )
    if not kind.needs_tiles_left_over:
        return kind.base_draw
    if tiles_left_over is None:
        raise ScoringError("missing-tiles-left-over", "give the number of tiles left over", "tiles_left_over")
    if (
        isinstance(tiles_left_over, bool)
        or not isinstance(tiles_left_over, int)
        or not 0 <= tiles_left_over <= rules.deck.size()
    ):
        raise ScoringError(
            "bad-tiles-left-over",
            "tiles_left_over must be a whole number from 0 to the size of the set",
            "tiles_left_over",
        )
    return kind.base_draw + tiles_left_over
