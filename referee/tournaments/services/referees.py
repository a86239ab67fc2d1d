"""Referee accounts: an organiser creates them on the spot, or adds an existing account."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.models import AuditEntry
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import Tournament

USERNAME_FIELD = "username"

# A referee account made for a tournament logs in as `<short name>@<tournament's short name>` (amy@hk-2025):
# the organiser types only the short name, and a clash can only be with a login name of their own tournament.
# A tournament's short name is fixed when it is made and holds no `@`, and a short name holds none either, so
# the part after the `@` always names the one tournament whose organisers made the account.
LOGIN_SEPARATOR = "@"
SHORT_NAME_MAX_LENGTH = 30
SHORT_NAME = re.compile(r"[a-z0-9._-]+")


def referee_login_name(*, tournament: Tournament, short_name: str) -> str:
    """The login name a referee types: `amy` in the tournament `hk-2025` logs in as `amy@hk-2025`."""
    return f"{short_name}{LOGIN_SEPARATOR}{tournament.slug}"


def clean_short_name(*, tournament: Tournament, username: str, field: str = "username") -> str:
    """The short name an organiser typed, lower case (the login form does not mind the case, and a phone's
    keyboard need not change case for it). The full login name of this tournament (copied from a card or
    a workbook) is taken as its short name; any other `@` is refused: a login name elsewhere on the site is
    never this form's business."""
    cleaned = clean_text(username, field=field, max_length=150, required=True).lower()
    suffix = f"{LOGIN_SEPARATOR}{tournament.slug}"
    if cleaned.endswith(suffix):
        cleaned = cleaned.removesuffix(suffix)
    if not SHORT_NAME.fullmatch(cleaned) or len(cleaned) > SHORT_NAME_MAX_LENGTH:
        raise ServiceError(
            _(
                "Type a short name of at most %(limit)s English letters, digits, dots, hyphens or "
                "underscores, for example amy: the referee logs in as amy@%(tournament)s."
            )
            % {"limit": SHORT_NAME_MAX_LENGTH, "tournament": tournament.slug},
            field=field,
            code="bad-username",
        )
    return cleaned


def login_name_taken(*, tournament: Tournament, short_name: str) -> User | None:
    """The account already holding this tournament's login name for `short_name`, whatever its case: only
    ever a name of this tournament's own form, never a look-up of a name elsewhere on the site."""
    return (
        get_user_model()
        .objects.filter(username__iexact=referee_login_name(tournament=tournament, short_name=short_name))
        .first()
    )


@transaction.atomic
def referee_account_create(
    *, actor: permissions.AnyUser, tournament: Tournament, username: str, display_name: str, password: str
) -> User:
    """A new login that can only referee: no staff rights, no right to create tournaments.

    `username` is the short name; the account's login name is `referee_login_name` of it."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    short_name = clean_short_name(tournament=tournament, username=username)
    display_name = clean_text(display_name, field="display_name", max_length=150, required=True)
    if login_name_taken(tournament=tournament, short_name=short_name) is not None:
        raise ServiceError(
            _(
                "This login name is taken by a referee of this tournament, now or earlier: choose another "
                "short name, or add that referee again below."
            ),
            field="username",
            code="duplicate",
        )
    login_name = referee_login_name(tournament=tournament, short_name=short_name)
    user = get_user_model()(username=login_name, first_name=display_name)
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
        after={"user": user.pk, "username": login_name, "display_name": display_name},
    )
    return user


def _removed_referees(actor: User) -> set[int]:
    """Accounts once removed from the actor's tournaments: still their own referees to add again (a short
    name removed by mistake would otherwise be lost to its tournament)."""
    entries = AuditEntry.objects.filter(tournament__organisers=actor, action="referee.remove")
    return {
        entry["before"]["user"]
        for entry in entries.values_list("changes", flat=True)
        if isinstance(entry, dict) and isinstance(entry.get("before"), dict)
        if isinstance(entry["before"].get("user"), int)
    }


@transaction.atomic
def referee_add(*, actor: permissions.AnyUser, tournament: Tournament, username: str) -> User:
    """Add an existing account, for a referee who worked at an earlier tournament of the same organiser.

    Only the referees of the actor's own tournaments (now, or removed from one of them) are found: the answer
    must not tell an organiser whether some other login name exists on the site."""
    organiser = permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    user = (
        get_user_model()
        .objects.filter(
            Q(refereed_tournaments__organisers=organiser) | Q(pk__in=_removed_referees(organiser)),
            username__iexact=(username or "").strip(),
            is_active=True,
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
def referee_remove(*, actor: permissions.AnyUser, tournament: Tournament, referee: User) -> None:
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
