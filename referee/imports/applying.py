"""The import itself: one file, one transaction, one audit entry; nothing saved while any row is refused.

The file is read and checked before the transaction opens, and the transaction covers only the planning under
the tournament's lock and the writes: on SQLite a transaction takes the database's one write lock as it begins
(BEGIN IMMEDIATE), and every referee's save in the hall waits for it.
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.imports.columns import PLAYERS, REFEREES, SCHOOLS
from referee.imports.planning import ADD, UNCHANGED, UPDATE, Change, ImportPlan, plan_import
from referee.imports.reading import ReadFile, check_size, read_people_file
from referee.models import PeopleUpload, Player, School, Table, Tournament
from referee.services.locks import lock_tournament

UPLOAD_LIFETIME = datetime.timedelta(days=1)


class ImportRefused(ServiceError):
    """Some rows are refused: the plan says which, and nothing was saved."""

    def __init__(self, plan: ImportPlan) -> None:
        super().__init__(
            _("Nothing was imported: %(count)d rows need fixing first.") % {"count": len(plan.refusals)},
            code="rows-refused",
        )
        self.plan = plan


def people_import_preview(*, actor: AbstractBaseUser, tournament: Tournament, content: bytes) -> ImportPlan:
    """What the file would change, saving nothing."""
    permissions.require_organiser(actor, tournament)
    return plan_import(tournament, read_people_file(content))


def people_import(
    *, actor: AbstractBaseUser, tournament: Tournament, content: bytes, filename: str = ""
) -> ImportPlan:
    """Apply the file, all or nothing."""
    read = _read_for_import(actor, tournament, content)
    with transaction.atomic():
        return _apply_read(actor=actor, tournament=tournament, read=read, content=content, filename=filename)


def _read_for_import(actor: AbstractBaseUser, tournament: Tournament, content: bytes) -> ReadFile:
    """The file read and checked outside any transaction (see the module's docstring), for an organiser only:
    nobody else makes the server read a file."""
    permissions.require_organiser(actor, tournament)
    return read_people_file(content)


def _apply_read(
    *, actor: AbstractBaseUser, tournament: Tournament, read: ReadFile, content: bytes, filename: str
) -> ImportPlan:
    """Within the caller's transaction. Planned again under the tournament's lock, so two imports at once
    cannot both add the same school or number."""
    tournament = lock_tournament(tournament)
    plan = plan_import(tournament, read)
    if not plan.ok:
        raise ImportRefused(plan)
    if not plan.has_changes:
        return plan
    try:
        schools = _apply_schools(tournament, plan)
        _apply_players(tournament, plan, schools)
        _apply_referees(tournament, plan)
    except (
        IntegrityError
    ):  # a login name of this tournament made meanwhile outside its lock (an administrator)
        raise ServiceError(
            _("Someone changed the same people while this file was imported; upload it again."),
            code="conflict",
        ) from None
    audit_record(
        actor=actor,
        tournament=tournament,
        action="people.import",
        after={
            "file": filename[:200],
            "bytes": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
            "counts": plan.summary(),
            "changes": [_audit_line(change) for change in plan.changes if change.action != UNCHANGED],
        },
    )
    return plan


def _audit_line(change: Change) -> dict[str, Any]:
    line: dict[str, Any] = {
        "kind": change.kind,
        "row": change.row,
        "action": change.action,
        "key": change.label,
    }
    if change.action == UPDATE:
        line["before"] = {name: change.before.get(name) for name in change.changed_fields}
    line["after"] = {name: change.values[name] for name in (change.changed_fields or change.values)}
    return line


def _apply_schools(tournament: Tournament, plan: ImportPlan) -> dict[str, School]:
    for change in plan.of(SCHOOLS, ADD):
        School.objects.create(tournament=tournament, **change.values)
    for change in plan.of(SCHOOLS, UPDATE):
        School.objects.filter(pk=change.pk).update(**change.values)
    return {school.code: school for school in School.objects.filter(tournament=tournament)}


def _player_values(change: Change, schools: dict[str, School]) -> dict[str, Any]:
    values = dict(change.values)
    values["school"] = schools[values["school"]]
    return values


def _apply_players(tournament: Tournament, plan: ImportPlan, schools: dict[str, School]) -> None:
    Player.objects.bulk_create(
        [Player(tournament=tournament, **_player_values(change, schools)) for change in plan.of(PLAYERS, ADD)]
    )
    for change in plan.of(PLAYERS, UPDATE):
        Player.objects.filter(pk=change.pk).update(**_player_values(change, schools))


def _apply_referees(tournament: Tournament, plan: ImportPlan) -> None:
    """New accounts get no usable password: the organiser prints their login cards, which set one."""
    user_model = get_user_model()
    for change in plan.of(REFEREES, ADD) + plan.of(REFEREES, UPDATE):
        if change.action == ADD:
            user = user_model(username=change.values["username"], first_name=change.values["display_name"])
            user.set_unusable_password()
            user.save()
        else:
            user = user_model.objects.get(pk=change.pk)
            if user.first_name != change.values["display_name"]:
                user.first_name = change.values["display_name"]
                user.save(update_fields=["first_name"])
        tournament.referees.add(user)
        if change.values["table"] is not None:
            Table.objects.filter(
                round__tournament=tournament, number=change.values["table"], signed_off_at__isnull=True
            ).update(referee=user)


@transaction.atomic
def people_upload_store(
    *, actor: AbstractBaseUser, tournament: Tournament, filename: str, content: bytes
) -> PeopleUpload:
    """Keep a file for its preview (see `referee/models/imports.py` for why and for how long)."""
    permissions.require_organiser(actor, tournament)
    check_size(len(content))
    PeopleUpload.objects.filter(created_at__lt=timezone.now() - UPLOAD_LIFETIME).delete()
    PeopleUpload.objects.filter(tournament=tournament, uploaded_by=actor).delete()
    return PeopleUpload.objects.create(
        tournament=tournament,
        uploaded_by=actor,
        filename=filename[:200],
        sha256=hashlib.sha256(content).hexdigest(),
        content=content,
    )


def people_upload_import(*, actor: AbstractBaseUser, upload: PeopleUpload) -> ImportPlan:
    """Import a kept file and forget it, in one transaction."""
    content = bytes(upload.content)
    read = _read_for_import(actor, upload.tournament, content)
    with transaction.atomic():
        plan = _apply_read(
            actor=actor, tournament=upload.tournament, read=read, content=content, filename=upload.filename
        )
        PeopleUpload.objects.filter(pk=upload.pk).delete()
    return plan
