"""Releasing a round's results when the tournament holds each round's until all its tables are final."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.models import Round
from referee.permissions import AnyUser


@transaction.atomic
def round_results_release(*, actor: AnyUser, round_: Round) -> Round:
    """The round's results go to the public pages and the hall's screen now, tables still open included as
    they become final."""
    organiser = permissions.require_organiser(actor, round_.tournament)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if not round_.tournament.hold_results:
        raise ServiceError(_("This tournament does not hold each round's results."), code="not-held")
    if round_.results_released_at is not None:
        raise ServiceError(_("This round's results have already been released."), code="released")
    round_.results_released_at = timezone.now()
    round_.results_released_by = organiser
    round_.save(update_fields=["results_released_at", "results_released_by"])
    audit_record(
        actor=actor, tournament=round_.tournament, action="round.results_release", after={"round": round_.pk}
    )
    return round_
