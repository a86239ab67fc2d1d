"""Closing a table: the referee signs it off when the match is over; an organiser may then confirm it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_table
from referee.models import Table
from referee.permissions import AnyUser
from referee.play.services.table_time import table_time_settle
from referee.results.engine import decide_table
from referee.results.outcome import table_match, table_outcome


def _match_summary(table: Table) -> dict[str, Any]:
    match = decide_table(table)
    return {
        "finished": match.finished,
        "winner": match.winner,
        "decided_by": match.decided_by,
        "players": [
            {
                "seat": player.seat,
                "games_won": str(player.games_won),
                "total": str(player.total),
                "rank": player.rank,
            }
            for player in match.players
        ],
    }


@transaction.atomic
def table_sign_off(*, actor: AnyUser, table: Table) -> Table:
    """Only a finished match can be signed off; afterwards its results change only through the organiser."""
    table = lock_table(table.pk)
    signer = permissions.require_result_entry(actor, table)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has already been signed off."), code="signed-off")
    table_time_settle(table)
    summary = _match_summary(table)
    if not summary["finished"]:
        raise ServiceError(_("This table has not played all its games yet."), code="not-finished")
    table.signed_off_at = timezone.now()
    table.signed_off_by = signer
    table.save(update_fields=["signed_off_at", "signed_off_by"])
    audit_record(
        actor=actor, tournament=table.round.tournament, table=table, action="table.sign_off", after=summary
    )
    return table


@transaction.atomic
def table_confirm(*, actor: AnyUser, table: Table) -> Table:
    """The second person's check, for tournaments that ask for it: never the one who entered the results."""
    table = lock_table(table.pk)
    if not permissions.can_confirm_table(actor, table):
        permissions.refuse()
    if not table.round.tournament.requires_confirmation:
        raise ServiceError(
            _("This tournament does not ask for a second person's confirmation."), code="not-asked"
        )
    if table.signed_off_at is None:
        raise ServiceError(_("The referee has not signed this table off yet."), code="not-signed-off")
    if table.confirmed_at is not None:
        raise ServiceError(_("This table has already been confirmed."), code="confirmed")
    if permissions.entered_results(actor, table):
        raise ServiceError(
            _("Results are confirmed by a second person, not by whoever entered or signed them off."),
            code="same-person",
        )
    table.confirmed_at = timezone.now()
    table.confirmed_by = actor
    table.save(update_fields=["confirmed_at", "confirmed_by"])
    role = "organiser" if permissions.is_organiser(actor, table.round.tournament) else "referee"
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        action="table.confirm",
        after={"confirmed_by": actor.pk, "as": role},
    )
    return table


def withdraw_confirmation(table: Table, actor: AnyUser) -> None:
    """A confirmed table whose results change is no longer confirmed: the second person checks it again. The
    history keeps the first confirmation and says why it was withdrawn. The caller holds the table's lock."""
    if table.confirmed_at is None:
        return
    before = {"confirmed_by": table.confirmed_by_id, "confirmed_at": table.confirmed_at}
    table.confirmed_at, table.confirmed_by = None, None
    table.save(update_fields=["confirmed_at", "confirmed_by"])
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        action="table.confirm_withdrawn",
        before=before,
    )


@transaction.atomic
def table_tie_break_record(*, actor: AnyUser, table: Table, seat: str, how: str) -> Table:
    """A tie the rules leave open (games won and total score equal) is broken by the organisers, for example
    by lot; TableRef records whom it favoured and how, and names that player the table's winner."""
    permissions.require_organiser(actor, table.round.tournament)
    table = lock_table(table.pk)
    how = clean_text(how, field="how", max_length=200, required=True)
    outcome = table_outcome(table_match(table, table.seats.count()))
    if not outcome.finished or not outcome.tied:
        raise ServiceError(_("This table has no tie to break."), field="seat", code="no-tie")
    seat = (seat or "").strip().upper()
    if seat not in outcome.tied:
        raise ServiceError(_("Choose one of the tied players."), field="seat", code="not-tied")
    before = {"tie_winner": table.tie_winner, "tie_break": table.tie_break}
    table.tie_winner, table.tie_break = seat, how
    table.save(update_fields=["tie_winner", "tie_break"])
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        action="table.tie_break",
        before=before,
        after={"tie_winner": seat, "tie_break": how},
    )
    return table
