"""A player's attendance changed and audited: one place for the check-in desk, substitutes, late arrivals."""

from __future__ import annotations

from core.audit import audit_record
from core.permissions import AnyUser
from referee.models import Player, Tournament


def attendance_change(
    actor: AnyUser, tournament: Tournament, player: Player, attendance: str, *, public: bool = True
) -> None:
    """Store `attendance` for the (locked) player and audit what it was; the caller's instance follows. A part
    of the services that call it, which check who may: not a service of its own (its actor is positional).
    `public=False` (a tap at the door): no public page shows attendance, so their version stays."""
    before = player.attendance
    Player.objects.filter(pk=player.pk).update(attendance=attendance)
    player.attendance = attendance
    audit_record(
        actor=actor,
        tournament=tournament,
        action="player.attendance",
        before={"player": player.pk, "number": player.number, "attendance": before},
        after={"player": player.pk, "number": player.number, "attendance": attendance},
        public=public,
    )
