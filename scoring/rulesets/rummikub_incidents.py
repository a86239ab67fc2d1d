"""Incident kinds shared by several Rummikub rulesets (RULES.md, in-game penalties)."""

from __future__ import annotations

from scoring.rulesets.base import IncidentKind

OVERTIME_DRAW_ONE = IncidentKind("overtime", "Turn over one minute, nothing played", base_draw=1)
INCOMPLETE_MOVE = IncidentKind("incomplete-move", "Incomplete move: table restored", base_draw=3)
