"""The permission helpers both apps use: who is signed in, who organises a tournament, and one way to refuse.

The rules of each app (who may enter a table's results, say) stay in that app; they are built from these.
"""

from __future__ import annotations

from typing import Any, NoReturn, Protocol, TypeGuard

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext_lazy as _

from core.errors import ServiceError

# `request.user` (the site keeps Django's user model), or nobody.
AnyUser = User | AnonymousUser | None


class Organised(Protocol):
    """A tournament, as far as these checks need one: its organisers (a many-to-many of users)."""

    organisers: Any


def signed_in(user: AnyUser) -> TypeGuard[User]:
    return user is not None and user.is_authenticated and user.is_active


def is_organiser(user: AnyUser, tournament: Organised) -> TypeGuard[User]:
    """An organiser of this tournament, or the site's administrator."""
    if not signed_in(user):
        return False
    return user.is_superuser or tournament.organisers.filter(pk=user.pk).exists()


def refuse() -> NoReturn:
    """Refuse with the one error type, so a forged form post gets a clear message, not a 500."""
    raise ServiceError(_("You are not allowed to do this."), code="forbidden")


def require(allowed: bool) -> None:
    if not allowed:
        refuse()


def require_organiser(user: AnyUser, tournament: Organised) -> User:
    """Refuse anyone but an organiser; the organiser is returned, for the services that record who acted."""
    if not is_organiser(user, tournament):
        refuse()
    return user
