"""How long the search may run, in partners tried and steps, never in seconds: the same on any machine.

Patience (steps without a new best before a restart from the best) grows with the seats being drawn, so a
small draw whose repeats cannot all be avoided stops within a fraction of a second, and a large one keeps
looking for some seconds.
"""

from __future__ import annotations

from seating.search import Limits

PARTNERS_PER_DRAW = 8_000_000  # partners tried in all, over every attempt: about ten seconds at most
PATIENCE = (30, 200)  # steps without a new best before a restart: the least and the most
STALE_RESTARTS = 8  # restarts in a row without a new best before giving up
STANDINGS_STALE_RESTARTS = 3  # by standings there is always some distance to win back: stop sooner


def limits_for(players: int, rounds: int, standings: bool) -> Limits:
    """The search limits of a draw of `rounds` new rounds of `players` players."""
    low, high = PATIENCE
    patience = max(low, min(high, players * rounds // 2))
    if standings:
        return Limits(PARTNERS_PER_DRAW, patience=min(patience, 100), stale_restarts=STANDINGS_STALE_RESTARTS)
    return Limits(PARTNERS_PER_DRAW, patience=patience, stale_restarts=STALE_RESTARTS)
