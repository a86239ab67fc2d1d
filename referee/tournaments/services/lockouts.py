"""Lifting a lockout from the site: an organiser lets one of their tournament's logins (or a locked address)
try again at once, rather than waiting out the lockout or asking for a command on the server."""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.models import Tournament
from referee.tournaments.selectors.lockouts import lockouts


@transaction.atomic
def lockout_lift(
    *, actor: permissions.AnyUser, tournament: Tournament, login_name: str, address: str
) -> None:
    """Forget the failures of `login_name` from `address` (or of `address` as a whole when `login_name` is
    empty). Only a lockout the organiser's page shows can be lifted."""
    permissions.require_organiser(actor, tournament)
    shown = {(lockout.login_name, lockout.address) for lockout in lockouts(tournament)}
    if (login_name, address) not in shown:
        raise ServiceError(_("This login is not locked, or not one of this tournament's."), code="not-locked")
    if login_name:
        axes_reset(username=login_name, ip=address or None)
    else:
        axes_reset(ip=address)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="lockout.lift",
        before={"login_name": login_name, "address": address},
        public=False,
    )
