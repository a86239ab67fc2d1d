"""How long the search may run, in partners tried and steps, never in seconds: the same on any machine."""

from __future__ import annotations

from seating.search import Limits

PARTNERS_PER_DRAW = 4_000_000  # partners tried in all: some seconds of pure Python
PATIENCE = 200  # steps without a new best before going back to the best and shaking it
STALE_RESTARTS = 12  # restarts in a row without a new best before giving up

LIMITS = Limits(partners_budget=PARTNERS_PER_DRAW, patience=PATIENCE, stale_restarts=STALE_RESTARTS)

# By standings there is always some distance from home to win back, so the search ends by patience:
# shorter, as the steps only fine-tune what the standings already order.
STANDINGS_LIMITS = Limits(partners_budget=PARTNERS_PER_DRAW, patience=100, stale_restarts=3)
