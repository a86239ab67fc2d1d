"""Referee accounts: an organiser creates them on the spot, or adds an existing account."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import ASCIIUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.models import Tournament
from referee.services.checks import clean_text
from referee.services.locks import lock_tournament

USERNAME_FIELD = "username"


def _clean_username(username: str) -> str:
    """ASCII only, as the form's help says: a login name is typed on any phone's keyboard, and 裁判一號 or
    ｒｅｆ１ (full-width) would be hard to type again at the next tournament."""
    cleaned = clean_text(username, field="username", max_length=150, required=True)
    try:
        ASCIIUsernameValidator()(cleaned)
    except ValidationError:
        raise ServiceError(
            _("Use English letters, digits and @ . + - _ only."), field="username", code="bad-username"
        ) from None
    return cleaned


@transaction.atomic
def referee_account_create(
    *, actor: AbstractBaseUser, tournament: Tournament, username: str, display_name: str, password: str
) -> AbstractBaseUser:
    """A new login that can only referee: no staff rights, no right to create tournaments."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    username = _clean_username(username)
    display_name = clean_text(display_name, field="display_name", max_length=150, required=True)
    user_model = get_user_model()
    if user_model.objects.filter(username__iexact=username).exists():
        raise ServiceError(_("This login name is taken."), field="username", code="duplicate")
    user = user_model(username=username, first_name=display_name)
    try:
        validate_password(password or "", user)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages), field="password", code="weak-password") from None
    user.set_password(password)
    user.save()
    tournament.referees.add(user)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="referee.create",
        after={"user": user.pk, "username": username, "display_name": display_name},
    )
    return user


@transaction.atomic
def referee_add(*, actor: AbstractBaseUser, tournament: Tournament, username: str) -> AbstractBaseUser:
    """Add an existing account, for a referee who worked at an earlier tournament of the same organiser.

    Only the referees of the actor's own tournaments are found: the answer must not tell an organiser
    whether some other login name exists on the site."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    user = (
        get_user_model()
        .objects.filter(
            username__iexact=(username or "").strip(),
            is_active=True,
            refereed_tournaments__organisers=actor,
        )
        .distinct()
        .first()
    )
    if user is None:
        raise ServiceError(
            _("None of the referees of your tournaments has this login name."),
            field="username",
            code="unknown-user",
        )
    if tournament.referees.filter(pk=user.pk).exists():
        raise ServiceError(_("This person is already a referee here."), field="username", code="duplicate")
    tournament.referees.add(user)
    audit_record(actor=actor, tournament=tournament, action="referee.add", after={"user": user.pk})
    return user


@transaction.atomic
def referee_remove(*, actor: AbstractBaseUser, tournament: Tournament, referee: AbstractBaseUser) -> None:
    """Refused while the referee still has tables here: assign those tables to someone else first."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    if not tournament.referees.filter(pk=referee.pk).exists():
        raise ServiceError(_("This person is not a referee here."), code="not-a-referee")
    if referee.refereed_tables.filter(round__tournament=tournament).exists():
        raise ServiceError(
            _("This referee still has tables; assign them to someone else first."), code="in-use"
        )
    tournament.referees.remove(referee)
    audit_record(actor=actor, tournament=tournament, action="referee.remove", before={"user": referee.pk})
