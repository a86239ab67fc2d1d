"""Closing a table: the referee signs it off when the match is over; an organiser may then confirm it."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee import permissions
from referee.engine import decide_table
from referee.errors import ServiceError
from referee.models import Table
from referee.services.audit import audit_record


def _match_summary(table: Table) -> dict:
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
def table_sign_off(*, actor: AbstractBaseUser, table: Table) -> Table:
    """Only a finished match can be signed off; afterwards its results change only through the organiser."""
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    permissions.require_result_entry(actor, table)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has already been signed off."), code="signed-off")
    summary = _match_summary(table)
    if not summary["finished"]:
        raise ServiceError(_("This table has not played all its games yet."), code="not-finished")
    table.signed_off_at = timezone.now()
    table.signed_off_by = actor
    table.save(update_fields=["signed_off_at", "signed_off_by"])
    audit_record(
        actor=actor, tournament=table.round.tournament, table=table, action="table.sign_off", after=summary
    )
    return table


@transaction.atomic
def table_confirm(*, actor: AbstractBaseUser, table: Table) -> Table:
    """The organiser's second look, for tournaments that ask for it."""
    permissions.require_organiser(actor, table.round.tournament)
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    if table.signed_off_at is None:
        raise ServiceError(_("The referee has not signed this table off yet."), code="not-signed-off")
    if table.confirmed_at is not None:
        raise ServiceError(_("This table has already been confirmed."), code="confirmed")
    table.confirmed_at = timezone.now()
    table.confirmed_by = actor
    table.save(update_fields=["confirmed_at", "confirmed_by"])
    audit_record(actor=actor, tournament=table.round.tournament, table=table, action="table.confirm")
    return table
