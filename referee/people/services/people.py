"""Registering schools and players."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record, audited_update, model_fields
from core.errors import ServiceError
from referee import permissions
from referee.checks import class_name as normal_class_name
from referee.checks import clean_text, require_positive, school_code, school_number
from referee.locks import lock_tournament
from referee.models import Player, School, Seat, Tournament

SCHOOL_FIELDS = ["name_zh", "name_en", "code"]
PLAYER_FIELDS = ["name_zh", "name_en", "class_name", "number", "school_number", "school_id"]


def _clean_school(
    tournament: Tournament, *, name_zh: str, name_en: str, code: str, exclude_pk: int | None
) -> dict[str, str]:
    values = {
        "name_zh": clean_text(name_zh, field="name_zh", max_length=120),
        "name_en": clean_text(name_en, field="name_en", max_length=120),
        "code": school_code(clean_text(code, field="code", max_length=12, required=True)),
    }
    if not values["name_zh"] and not values["name_en"]:
        raise ServiceError(
            _("Give the school's name in Chinese or in English."), field="name_zh", code="no-name"
        )
    clash = School.objects.filter(tournament=tournament, code=values["code"])
    if exclude_pk is not None:
        clash = clash.exclude(pk=exclude_pk)
    if clash.exists():
        raise ServiceError(_("Another school already uses this code."), field="code", code="duplicate")
    return values


@transaction.atomic
def school_create(
    *, actor: permissions.AnyUser, tournament: Tournament, name_zh: str, name_en: str, code: str
) -> School:
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    values = _clean_school(tournament, name_zh=name_zh, name_en=name_en, code=code, exclude_pk=None)
    school = School.objects.create(tournament=tournament, **values)
    audit_record(
        actor=actor, tournament=tournament, action="school.create", after=model_fields(school, SCHOOL_FIELDS)
    )
    return school


@transaction.atomic
def school_update(
    *, actor: permissions.AnyUser, school: School, name_zh: str, name_en: str, code: str
) -> School:
    permissions.require_organiser(actor, school.tournament)
    tournament = lock_tournament(school.tournament)
    school = School.objects.select_for_update().get(pk=school.pk)
    values = _clean_school(tournament, name_zh=name_zh, name_en=name_en, code=code, exclude_pk=school.pk)
    audited_update(
        actor=actor,
        tournament=tournament,
        instance=school,
        values=values,
        action="school.update",
        fields=SCHOOL_FIELDS,
    )
    return school


@transaction.atomic
def school_delete(*, actor: permissions.AnyUser, school: School) -> None:
    """Only a school without players: a typo is fixed by deleting, a real school keeps its history."""
    permissions.require_organiser(actor, school.tournament)
    tournament = lock_tournament(school.tournament)
    if school.players.exists():
        raise ServiceError(_("Remove this school's players first."), code="in-use")
    before = model_fields(school, SCHOOL_FIELDS)
    school.delete()
    audit_record(actor=actor, tournament=tournament, action="school.delete", before=before)


def _clean_player(
    tournament: Tournament,
    *,
    school: School | None,
    name_zh: str,
    name_en: str,
    class_name: str,
    number: int | None,
    exclude_pk: int | None,
    school_number_typed: str = "",
) -> dict[str, Any]:
    if school is None or school.tournament_id != tournament.pk:
        raise ServiceError(_("Choose a school of this tournament."), field="school", code="wrong-school")
    values: dict[str, Any] = {
        "school": school,
        "name_zh": clean_text(name_zh, field="name_zh", max_length=80),
        "name_en": clean_text(name_en, field="name_en", max_length=120),
        "class_name": normal_class_name(clean_text(class_name, field="class_name", max_length=20)),
        "number": require_positive(number, field="number"),
        "school_number": school_number(clean_text(school_number_typed, field="school_number", max_length=20)),
    }
    if not values["name_zh"] and not values["name_en"]:
        raise ServiceError(
            _("Give the player's name in Chinese or in English."), field="name_zh", code="no-name"
        )
    clash = Player.objects.filter(tournament=tournament, number=values["number"])
    if exclude_pk is not None:
        clash = clash.exclude(pk=exclude_pk)
    if clash.exists():
        raise ServiceError(_("Another player already has this number."), field="number", code="duplicate")
    return values


def next_player_number(tournament: Tournament) -> int:
    """A suggestion for the form: one more than the highest number so far."""
    highest = tournament.players.order_by("-number").values_list("number", flat=True).first()
    return (highest or 0) + 1


@transaction.atomic
def player_create(
    *,
    actor: permissions.AnyUser,
    tournament: Tournament,
    school: School | None,
    name_zh: str = "",
    name_en: str = "",
    class_name: str = "",
    number: int | None = None,
    school_number: str = "",
) -> Player:
    """A blank number takes the next free one. Classes and 學號 are stored plain (`services.checks`)."""
    permissions.require_organiser(actor, tournament)
    tournament = lock_tournament(tournament)
    if number is None:
        number = next_player_number(tournament)
    values = _clean_player(
        tournament,
        school=school,
        name_zh=name_zh,
        name_en=name_en,
        class_name=class_name,
        number=number,
        exclude_pk=None,
        school_number_typed=school_number,
    )
    player = Player.objects.create(tournament=tournament, **values)
    audit_record(
        actor=actor, tournament=tournament, action="player.create", after=model_fields(player, PLAYER_FIELDS)
    )
    return player


@transaction.atomic
def player_update(
    *,
    actor: permissions.AnyUser,
    player: Player,
    school: School | None,
    name_zh: str,
    name_en: str,
    class_name: str,
    number: int | None,
    school_number: str | None = None,
) -> Player:
    """`school_number` None keeps the player's 學號."""
    permissions.require_organiser(actor, player.tournament)
    tournament = lock_tournament(player.tournament)
    player = Player.objects.select_for_update().get(pk=player.pk)
    values = _clean_player(
        tournament,
        school=school,
        name_zh=name_zh,
        name_en=name_en,
        class_name=class_name,
        number=number,
        exclude_pk=player.pk,
        school_number_typed=player.school_number if school_number is None else school_number,
    )
    audited_update(
        actor=actor,
        tournament=tournament,
        instance=player,
        values=values,
        action="player.update",
        fields=PLAYER_FIELDS,
    )
    return player


@transaction.atomic
def player_delete(*, actor: permissions.AnyUser, player: Player) -> None:
    permissions.require_organiser(actor, player.tournament)
    tournament = lock_tournament(player.tournament)
    if Seat.objects.filter(player=player).exists():
        raise ServiceError(_("This player is seated at a table; remove the seat first."), code="in-use")
    before = model_fields(player, PLAYER_FIELDS)
    player.delete()
    audit_record(actor=actor, tournament=tournament, action="player.delete", before=before)
