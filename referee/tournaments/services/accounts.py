"""Referees' passwords, set by an organiser: a reset, and the one-time passwords of the printed login cards.

A one-time password is returned to be shown (or printed) once; only its hash is stored, and the audit log
says that a reset happened, never the password. The referee chooses their own at the next login
(`core.accounts`). An organiser may reset only logins that nothing else depends on: a referee of their own
tournaments, not an organiser, administrator or someone refereeing for another organiser, whose account a
reset would hand to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core.accounts import password_set_by_someone_else
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.locks import lock_tournament
from referee.models import Tournament
from referee.tournaments.selectors.accounts import awaiting_own_password


def _require_resettable(actor: User, tournament: Tournament, referee: User) -> None:
    if not tournament.referees.filter(pk=referee.pk).exists():
        raise ServiceError(_("This person is not a referee here."), code="not-a-referee")
    elsewhere = referee.refereed_tournaments.exclude(organisers=actor).exists()
    if (
        referee.is_staff
        or referee.is_superuser
        or referee.organised_tournaments.exists()
        or referee.has_perm(permissions.CREATE_TOURNAMENT_PERMISSION)
        or elsewhere
    ):
        raise ServiceError(
            _(
                "This login is also used outside your tournaments, so only the site's administrator can "
                "reset its password."
            ),
            code="not-resettable",
        )


def _unlock(referee: User) -> None:
    """A new password also lifts a lockout for too many wrong ones: the referee can log in at once. Throttling
    counts a login name in small letters (`core/logins.py`)."""
    axes_reset(username=referee.get_username().lower())


@transaction.atomic
def referee_password_reset(*, actor: permissions.AnyUser, tournament: Tournament, referee: User) -> str:
    """A new one-time password for one referee, returned to be shown once."""
    organiser = permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    referee = get_user_model().objects.select_for_update().get(pk=referee.pk)
    _require_resettable(organiser, tournament, referee)
    password = password_set_by_someone_else(referee)
    _unlock(referee)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="referee.password_reset",
        after={"user": referee.pk, "username": referee.get_username()},
        public=False,
    )
    return password


@dataclass(frozen=True)
class CardLogin:
    """One referee's login for a printed card: `password` is empty when they already chose their own, or
    when an organiser may not reset this login (`resettable` False)."""

    referee: User
    password: str
    resettable: bool = True


@transaction.atomic
def referee_cards_passwords_reset(*, actor: permissions.AnyUser, tournament: Tournament) -> list[CardLogin]:
    """Printing the login cards: every referee of the tournament who has not yet chosen their own password
    gets a fresh one-time password (the old one stops working); the others keep theirs. Logins that an
    organiser may not reset are printed without a password."""
    organiser = permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    referees = list(tournament.referees.select_for_update().order_by("first_name", "username"))
    awaiting = set(tournament.referees.filter(awaiting_own_password()).values_list("pk", flat=True))
    logins: list[CardLogin] = []
    reset_pks: list[int] = []
    for referee in referees:
        password, resettable = "", True
        if referee.pk in awaiting:
            try:
                _require_resettable(organiser, tournament, referee)
            except ServiceError:
                resettable = False
            else:
                password = password_set_by_someone_else(referee)
                _unlock(referee)
                reset_pks.append(referee.pk)
        logins.append(CardLogin(referee=referee, password=password, resettable=resettable))
    audit_record(
        actor=actor,
        tournament=tournament,
        action="referee.cards_printed",
        after={"users_reset": reset_pks, "cards": len(logins)},
        public=False,
    )
    return logins
