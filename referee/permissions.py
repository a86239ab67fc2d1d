"""Who may do what in a tournament. Services call `require_*`; views call the same `can_*` checks to hide or
refuse. The helpers every app shares (signed in, organiser, refusing) are `core.permissions`.

Organisers do everything in their own tournaments; a referee writes only to tables assigned to them;
the public reads only what an organiser released.
"""

from __future__ import annotations

from typing import TypeGuard

from django.contrib.auth.models import User

from core.models import AuditEntry
from core.permissions import AnyUser, is_organiser, refuse, require, require_organiser, signed_in
from referee.models import Table, Tournament

__all__ = [
    "AnyUser",
    "CREATE_TOURNAMENT_PERMISSION",
    "awaits_confirmation",
    "can_confirm_table",
    "can_correct_signed_off",
    "can_create_tournament",
    "can_enter_results",
    "can_manage_tournament",
    "can_view_public_standings",
    "can_view_table",
    "entered_results",
    "may_confirm",
    "is_organiser",
    "is_table_referee",
    "is_tournament_referee",
    "refuse",
    "require",
    "require_organiser",
    "require_result_entry",
]

CREATE_TOURNAMENT_PERMISSION = "referee.add_tournament"


def can_create_tournament(user: AnyUser) -> bool:
    """Organisers are people given this right by the site's administrator (or already organising)."""
    if not signed_in(user):
        return False
    return user.has_perm(CREATE_TOURNAMENT_PERMISSION) or user.organised_tournaments.exists()


def is_table_referee(user: AnyUser, table: Table) -> TypeGuard[User]:
    """The referee assigned to this table, who must still be one of the tournament's referees."""
    if not signed_in(user) or table.referee_id != user.pk:
        return False
    return table.round.tournament.referees.filter(pk=user.pk).exists()


def can_manage_tournament(user: AnyUser, tournament: Tournament) -> bool:
    return is_organiser(user, tournament)


def can_enter_results(user: AnyUser, table: Table) -> TypeGuard[User]:
    return is_table_referee(user, table) or is_organiser(user, table.round.tournament)


def is_tournament_referee(user: AnyUser, tournament: Tournament) -> TypeGuard[User]:
    if not signed_in(user):
        return False
    return tournament.referees.filter(pk=user.pk).exists()


def can_correct_signed_off(user: AnyUser, table: Table) -> bool:
    """After sign-off only an organiser changes a result (and the service asks for a reason)."""
    return is_organiser(user, table.round.tournament)


def awaits_confirmation(table: Table) -> bool:
    tournament = table.round.tournament
    return tournament.requires_confirmation and table.signed_off_at is not None and table.confirmed_at is None


def can_confirm_table(user: AnyUser, table: Table) -> TypeGuard[User]:
    """A second person: an organiser or another referee of the tournament (the service rules out whoever
    entered or signed off this table's results)."""
    tournament = table.round.tournament
    return is_organiser(user, tournament) or is_tournament_referee(user, tournament)


def entered_results(user: AnyUser, table: Table) -> bool:
    """Whoever saved or corrected a game of this table, or signed it off, entered its results."""
    if not signed_in(user):
        return False
    if table.signed_off_by_id == user.pk:
        return True
    return AuditEntry.objects.filter(
        table=table, actor=user, action__in=["game.create", "game.correct"]
    ).exists()


def may_confirm(user: AnyUser, table: Table) -> bool:
    """Whether to offer this person the confirm button now: the table awaits a check they may give."""
    return awaits_confirmation(table) and can_confirm_table(user, table) and not entered_results(user, table)


def can_view_table(user: AnyUser, table: Table) -> bool:
    """The table's referee and the organisers; another referee while the table awaits their check, and
    whoever confirmed it (a correction may ask them to confirm it again)."""
    if can_enter_results(user, table):
        return True
    if signed_in(user) and table.confirmed_by_id == user.pk:
        return can_confirm_table(user, table)
    return awaits_confirmation(table) and can_confirm_table(user, table)


def can_view_public_standings(tournament: Tournament) -> bool:
    return tournament.standings_released


def require_result_entry(user: AnyUser, table: Table) -> User:
    """Refuse anyone who may not enter this table's results; whoever may is returned, for the services that
    record who acted."""
    if not can_enter_results(user, table):
        refuse()
    return user
