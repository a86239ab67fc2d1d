"""A table's history from the action log, newest first, for the organiser's table page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from referee.actions import action_label
from referee.models import AuditEntry, Table
from referee.selectors.changes import change_lines


@dataclass(frozen=True)
class AuditRow:
    created_at: datetime.datetime
    actor_name: str
    action: str
    game_number: int | None
    changes: dict[str, Any]
    reason: str
    lines: tuple[str, ...] = ()

    @property
    def action_label(self) -> str:
        return action_label(self.action)


def table_history(table: Table) -> list[AuditRow]:
    """One query. Each row carries the lines of what changed, in the active language."""
    ruleset_key = table.round.tournament.ruleset
    entries = (
        AuditEntry.objects.filter(table=table).select_related("actor", "game").order_by("-created_at", "-pk")
    )
    return [
        AuditRow(
            created_at=entry.created_at,
            actor_name=(entry.actor.get_full_name() or entry.actor.username) if entry.actor else "",
            action=entry.action,
            game_number=entry.game.number if entry.game else None,
            changes=entry.changes,
            reason=entry.reason,
            lines=tuple(change_lines(entry.action, entry.changes, ruleset_key)),
        )
        for entry in entries
    ]
