"""Changing how long a tournament keeps its children's data: shorter at will, longer than the default only
with a stated reason, which the audit keeps."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import Tournament
from referee.models.privacy import DEFAULT_RETENTION_DAYS
from referee.privacy.retention import LONGEST_RETENTION_DAYS, Retention, retention_of, settings_of

REASON_LENGTH = 500


@transaction.atomic
def retention_set(*, actor: AnyUser, tournament: Tournament, days: int | None, reason: str) -> Retention:
    """Shorten the period at will, or lengthen it past the default with a stated reason (in the audit)."""
    permissions.require_organiser(actor, tournament)
    locked = lock_tournament(tournament)
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= LONGEST_RETENTION_DAYS:
        raise ServiceError(
            _("Enter a number of days from 1 to %(most)d.") % {"most": LONGEST_RETENTION_DAYS},
            field="retention_days",
            code="bad-days",
        )
    reason = clean_text(reason, field="retention_reason", max_length=REASON_LENGTH, multiline=True)
    if days > DEFAULT_RETENTION_DAYS and not reason:
        raise ServiceError(
            _("Say why the children's data must be kept longer than %(days)d days.")
            % {"days": DEFAULT_RETENTION_DAYS},
            field="retention_reason",
            code="reason-required",
        )
    if days <= DEFAULT_RETENTION_DAYS:
        reason = ""
    kept = settings_of(locked)
    before = {"retention_days": kept.retention_days, "retention_reason": kept.retention_reason}
    kept.retention_days, kept.retention_reason = days, reason
    kept.save()
    after = {"retention_days": days, "retention_reason": reason}
    if after != before:
        audit_record(
            actor=actor,
            tournament=locked,
            action="privacy.retention",
            before=before,
            after=after,
            reason=reason,
        )
    return retention_of(locked)
