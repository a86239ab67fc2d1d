"""Changes to a table's results after it was signed off, for the printed sheet to say so: the players signed
a sheet, and a later paper copy must show what changed since, by whom and why."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from core.models import AuditEntry
from referee.models import Table
from referee.wording.names import user_name

LATE_ACTIONS = ("game.correct", "seat.correct", "incident.remove", "incident.record")


@dataclass(frozen=True)
class LateCorrection:
    action: str
    game_number: int | None
    seat: str
    at: datetime
    who: str
    reason: str


def late_corrections(tables: Sequence[Table]) -> dict[int, list[LateCorrection]]:
    """Each signed-off table's changes made after its sign-off, oldest first (one query for any number of
    tables)."""
    signed = {table.pk: table.signed_off_at for table in tables if table.signed_off_at is not None}
    if not signed:
        return {}
    found: dict[int, list[LateCorrection]] = defaultdict(list)
    entries = (
        AuditEntry.objects.filter(table_id__in=list(signed), action__in=LATE_ACTIONS)
        .select_related("actor")
        .order_by("created_at", "pk")
    )
    for entry in entries:
        table_id = entry.table_id
        assert table_id is not None  # the query asked for these tables' entries only
        if entry.created_at <= signed[table_id]:
            continue
        snapshot = entry.changes.get("after") or entry.changes.get("before") or {}
        number = snapshot.get("number") if entry.action == "game.correct" else snapshot.get("game_number")
        found[table_id].append(
            LateCorrection(
                entry.action,
                number,
                str(snapshot.get("seat", "")),
                entry.created_at,
                user_name(entry.actor),
                entry.reason,
            )
        )
    return dict(found)
