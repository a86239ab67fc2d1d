"""A table's time: the extra minutes an organiser gives it, and the tournament's rule once its time is up.

The rule ("finish the game in play; no new game starts") is applied by storing the table's last game
(`Table.last_game`): the game in play when its time ended, counted from the games saved before that moment
(a table between games is taken to have started the next). From then on the table plays no later game and is
decided on the games played. It is settled when the organiser ends the round's time, or, when the time just
runs out, the next time the table saves a game or signs off; each settling is in the audit.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_table
from referee.models import Round, RoundClock, Table
from referee.models.tournament import TimeUpRule
from referee.permissions import AnyUser
from referee.results.round_time import table_time_ends, time_is_up
from referee.results.table_rules import games_required

EXTRA_MINUTES_MAX = 120


def _last_game_due(table: Table, clock: RoundClock | None, now: datetime) -> int | None:
    """The game this table finishes last under the rule, or None when the rule cuts nothing short."""
    tournament = table.round.tournament
    if tournament.time_up_rule != TimeUpRule.FINISH_GAME or table.signed_off_at is not None:
        return None
    if table.last_game is not None or not time_is_up(clock, table.extra_minutes, now):
        return None
    required = games_required(tournament, table.seats.count())
    if required is None:  # play to a target (UNO): the match has no fixed length to cut
        return None
    ends = table_time_ends(clock, table.extra_minutes)
    in_play = table.games.filter(created_at__lte=ends).count() + 1
    return in_play if in_play < required else None


def table_time_settle(table: Table, now: datetime | None = None) -> int | None:
    """Store the table's last game if its time is up and the rule cuts its match short; the caller holds the
    table's lock (`lock_table`). Returns the last game stored, if any."""
    clock = RoundClock.objects.filter(round_id=table.round_id).first()
    last = _last_game_due(table, clock, now or timezone.now())
    if last is None:
        return None
    table.last_game = last
    table.save(update_fields=["last_game"])
    audit_record(
        actor=None,
        tournament=table.round.tournament,
        table=table,
        action="table.time_up",
        after={"last_game": last, "ends_at": table_time_ends(clock, table.extra_minutes)},
    )
    return last


def round_tables_settle(*, round_: Round, clock: RoundClock, now: datetime) -> dict[str, int]:
    """Every table of the round whose time is up, settled at once (the organiser ended the time): table
    number to last game, for the audit entry of the end."""
    found: dict[str, int] = {}
    for pk in round_.tables.filter(signed_off_at__isnull=True).values_list("pk", flat=True):
        table = lock_table(pk)
        last = _last_game_due(table, clock, now)
        if last is not None:
            table.last_game = last
            table.save(update_fields=["last_game"])
            found[str(table.number)] = last
    return found


@transaction.atomic
def table_time_extend(*, actor: AnyUser, table: Table, minutes: int, reason: str) -> Table:
    """Set a table's extra time (0 takes it away), with the reason the hall's screen and the table's console
    show. Time given back to a table whose time was up lifts its last game, to be settled again."""
    permissions.require_organiser(actor, table.round.tournament)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= EXTRA_MINUTES_MAX:
        raise ServiceError(
            _("Give between 0 and %(most)d minutes.") % {"most": EXTRA_MINUTES_MAX},
            field="minutes",
            code="bad-minutes",
        )
    reason = clean_text(reason, field="reason", max_length=200, required=minutes > 0)
    table = lock_table(table.pk)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off."), code="signed-off")
    before = {"extra_minutes": table.extra_minutes, "extra_reason": table.extra_reason}
    table.extra_minutes, table.extra_reason = minutes, reason if minutes else ""
    clock = RoundClock.objects.filter(round_id=table.round_id).first()
    if table.last_game is not None and not time_is_up(clock, minutes, timezone.now()):
        before["last_game"] = table.last_game
        table.last_game = None
    table.save(update_fields=["extra_minutes", "extra_reason", "last_game"])
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        action="table.extra_time",
        before=before,
        after={"extra_minutes": minutes, "extra_reason": table.extra_reason},
        reason=table.extra_reason,
    )
    return table
