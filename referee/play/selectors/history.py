"""A table's history from the action log, newest first, for the organiser's table page."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from core.models import AuditEntry
from referee.models import Player, Table
from referee.wording.actions import action_label
from referee.wording.changes import change_lines
from referee.wording.names import user_name


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


CONFIRM_ACTIONS = ("table.confirm", "table.confirm_withdrawn")


def _game_number(changes: dict[str, Any]) -> int | None:
    """An incident recorded during play names its game by number (the game was not saved yet)."""
    snapshot = changes.get("after") or changes.get("before") or {}
    number = snapshot.get("game_number")
    return number if isinstance(number, int) else None


def table_history(table: Table) -> list[AuditRow]:
    """One query. Each row carries the lines of what changed, in the active language."""
    ruleset_key = table.round.tournament.ruleset
    entries = list(
        AuditEntry.objects.filter(table=table).select_related("actor", "game").order_by("-created_at", "-pk")
    )
    names = _names(entries)
    return [
        AuditRow(
            created_at=entry.created_at,
            actor_name=user_name(entry.actor),
            action=entry.action,
            game_number=entry.game.number if entry.game else _game_number(entry.changes),
            changes=entry.changes,
            reason=entry.reason,
            lines=tuple(change_lines(entry.action, entry.changes, ruleset_key, names)),
        )
        for entry in entries
    ]


SEAT_ACTIONS = ("seat.assign", "seat.remove", "seat.substitute", "seat.correct", "seat.leave", "seat.return")


def _names(entries: list[AuditEntry]) -> dict[str, dict[int, str]]:
    """Players seated and referees assigned, by key: at most two more queries, whatever the history."""
    player_keys, user_keys = set(), set()
    for entry in entries:
        for side in ("before", "after"):
            snapshot = entry.changes.get(side) or {}
            if entry.action in SEAT_ACTIONS and snapshot.get("player"):
                player_keys.add(snapshot["player"])
            if entry.action == "table.assign_referee" and snapshot.get("referee"):
                user_keys.add(snapshot["referee"])
            if entry.action in CONFIRM_ACTIONS and snapshot.get("confirmed_by"):
                user_keys.add(snapshot["confirmed_by"])
    players = (
        {
            player.pk: f"#{player.number} {player.display_name}"
            for player in Player.objects.filter(pk__in=player_keys)
        }
        if player_keys
        else {}
    )
    users = (
        {user.pk: user_name(user) for user in get_user_model().objects.filter(pk__in=user_keys)}
        if user_keys
        else {}
    )
    return {"players": players, "users": users}
