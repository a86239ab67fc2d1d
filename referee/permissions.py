"""Who may do what. Services call `require_*`; views call the same `can_*` checks to hide or refuse.

Organisers do everything in their own tournaments; a referee writes only to tables assigned to them;
the public reads only what an organiser released.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext_lazy as _

from referee.errors import ServiceError
from referee.models import Table, Tournament

AnyUser = AbstractBaseUser | AnonymousUser | None

CREATE_TOURNAMENT_PERMISSION = "referee.add_tournament"


def _signed_in(user: AnyUser) -> bool:
    return user is not None and user.is_authenticated and user.is_active


def can_create_tournament(user: AnyUser) -> bool:
    """Organisers are people given this right by the site's administrator (or already organising)."""
    if not _signed_in(user):
        return False
    return user.has_perm(CREATE_TOURNAMENT_PERMISSION) or user.organised_tournaments.exists()


def is_organiser(user: AnyUser, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    return user.is_superuser or tournament.organisers.filter(pk=user.pk).exists()


def is_table_referee(user: AnyUser, table: Table) -> bool:
    """The referee assigned to this table, who must still be one of the tournament's referees."""
    if not _signed_in(user) or table.referee_id != user.pk:
        return False
    return table.round.tournament.referees.filter(pk=user.pk).exists()


def can_manage_tournament(user: AnyUser, tournament: Tournament) -> bool:
    return is_organiser(user, tournament)


def can_enter_results(user: AnyUser, table: Table) -> bool:
    return is_table_referee(user, table) or is_organiser(user, table.round.tournament)


def is_tournament_referee(user: AnyUser, tournament: Tournament) -> bool:
    if not _signed_in(user):
        return False
    return tournament.referees.filter(pk=user.pk).exists()


def can_correct_signed_off(user: AnyUser, table: Table) -> bool:
    """After sign-off only an organiser changes a result (and the service asks for a reason)."""
    return is_organiser(user, table.round.tournament)


def awaits_confirmation(table: Table) -> bool:
    tournament = table.round.tournament
    return tournament.requires_confirmation and table.signed_off_at is not None and table.confirmed_at is None


def can_confirm_table(user: AnyUser, table: Table) -> bool:
    """A second person: an organiser or another referee of the tournament (the service rules out whoever
    entered or signed off this table's results)."""
    tournament = table.round.tournament
    return is_organiser(user, tournament) or is_tournament_referee(user, tournament)


def can_view_table(user: AnyUser, table: Table) -> bool:
    """The table's referee and the organisers; another referee only while the table awaits their check."""
    if can_enter_results(user, table):
        return True
    return awaits_confirmation(table) and can_confirm_table(user, table)


def can_view_public_standings(tournament: Tournament) -> bool:
    return tournament.standings_released


def require(allowed: bool) -> None:
    """Refuse with the one error type, so a forged form post gets a clear message, not a 500."""
    if not allowed:
        raise ServiceError(_("You are not allowed to do this."), code="forbidden")


def require_organiser(user: AnyUser, tournament: Tournament) -> None:
    require(is_organiser(user, tournament))


def require_result_entry(user: AnyUser, table: Table) -> None:
    require(can_enter_results(user, table))
