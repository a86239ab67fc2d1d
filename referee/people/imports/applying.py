"""The import itself: one file, one transaction, one audit entry; nothing saved while any row is refused.

The file is read and checked before any transaction opens (on the page, once, when it is uploaded: the
preview and the import plan from what was read), and the import's transaction covers only the planning under
the tournament's lock and the writes: on SQLite a transaction takes the database's one write lock as it begins
(BEGIN IMMEDIATE), and every referee's save in the hall waits for it.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.locks import lock_tournament
from referee.models import PeopleUpload, Player, School, Table, Tournament
from referee.people.imports.columns import FIELD_BY_KEY, PLAYERS, REFEREES, SCHOOLS
from referee.people.imports.layout import Choices, read_sheets
from referee.people.imports.planning import ADD, UNCHANGED, UPDATE, Change, ImportPlan, plan_import
from referee.people.imports.reading import ReadFile, read_people_file

UPLOAD_LIFETIME = datetime.timedelta(days=1)


class ImportRefused(ServiceError):
    """Some rows are refused: the plan says which, and nothing was saved."""

    def __init__(self, plan: ImportPlan) -> None:
        super().__init__(
            _("Nothing was imported: %(count)d rows need fixing first.") % {"count": len(plan.refusals)},
            code="rows-refused",
        )
        self.plan = plan


def people_import_preview(
    *, actor: permissions.AnyUser, tournament: Tournament, content: bytes, choices: Choices | None = None
) -> ImportPlan:
    """What the file would change, saving nothing."""
    permissions.require_organiser(actor, tournament)
    return plan_import(tournament, read_sheets(read_people_file(content), choices))


def people_import(
    *,
    actor: permissions.AnyUser,
    tournament: Tournament,
    content: bytes,
    filename: str = "",
    choices: Choices | None = None,
) -> ImportPlan:
    """Apply the file, all or nothing."""
    read = _read_for_import(actor, tournament, content)
    source = _Source(filename, len(content), hashlib.sha256(content).hexdigest())
    with transaction.atomic():
        return _apply_read(actor=actor, tournament=tournament, read=read, choices=choices, source=source)


@dataclass(frozen=True)
class _Source:
    """What the audit entry keeps of the file."""

    filename: str
    size: int
    sha256: str


def _read_for_import(actor: permissions.AnyUser, tournament: Tournament, content: bytes) -> ReadFile:
    """The file read and checked outside any transaction (see the module's docstring), for an organiser only:
    nobody else makes the server read a file."""
    permissions.require_organiser(actor, tournament)
    return read_people_file(content)


def _apply_read(
    *,
    actor: permissions.AnyUser,
    tournament: Tournament,
    read: ReadFile,
    choices: Choices | None,
    source: _Source,
) -> ImportPlan:
    """Within the caller's transaction. Planned again under the tournament's lock, so two imports at once
    cannot both add the same school or number."""
    tournament = lock_tournament(tournament)
    plan = plan_import(tournament, read_sheets(read, choices))
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
            "file": source.filename[:200],
            "bytes": source.size,
            "sha256": source.sha256,
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


def _row_pk(change: Change) -> int:
    """The row an update changes: the plan gives every update its row's key."""
    assert change.pk is not None, change.label
    return change.pk


def _apply_schools(tournament: Tournament, plan: ImportPlan) -> dict[str, School]:
    for change in plan.of(SCHOOLS, ADD):
        School.objects.create(tournament=tournament, **change.values)
    for change in plan.of(SCHOOLS, UPDATE):
        School.objects.filter(pk=_row_pk(change)).update(**change.values)
    return {school.code: school for school in School.objects.filter(tournament=tournament)}


def _player_values(change: Change, schools: dict[str, School]) -> dict[str, Any]:
    """The change's values as the model's fields: only those the file's sheet has, for an update."""
    values = dict(change.values)
    values["school"] = schools[values["school"]]
    return values


def _apply_players(tournament: Tournament, plan: ImportPlan, schools: dict[str, School]) -> None:
    Player.objects.bulk_create(
        [Player(tournament=tournament, **_player_values(change, schools)) for change in plan.of(PLAYERS, ADD)]
    )
    for change in plan.of(PLAYERS, UPDATE):
        Player.objects.filter(pk=_row_pk(change)).update(**_player_values(change, schools))


def _apply_referees(tournament: Tournament, plan: ImportPlan) -> None:
    """New accounts get no usable password: the organiser prints their login cards, which set one."""
    user_model = get_user_model()
    for change in plan.of(REFEREES, ADD) + plan.of(REFEREES, UPDATE):
        if change.action == ADD:
            user = user_model(username=change.values["username"], first_name=change.values["display_name"])
            user.set_unusable_password()
            user.save()
        else:
            user = user_model.objects.get(pk=_row_pk(change))
            if user.first_name != change.values["display_name"]:
                user.first_name = change.values["display_name"]
                user.save(update_fields=["first_name"])
        tournament.referees.add(user)
        if change.values["table"] is not None:
            Table.objects.filter(
                round__tournament=tournament, number=change.values["table"], signed_off_at__isnull=True
            ).update(referee=user)


def people_upload_store(
    *, actor: permissions.AnyUser, tournament: Tournament, filename: str, content: bytes
) -> PeopleUpload:
    """Read a file once and keep what was read for its preview (`referee/models/imports.py`). The file is
    read before the transaction that stores it opens; a file refused as a whole is not kept."""
    uploader = permissions.require_organiser(actor, tournament)  # nobody else makes the server read a file
    read = read_people_file(content)
    with transaction.atomic():
        PeopleUpload.objects.filter(created_at__lt=timezone.now() - UPLOAD_LIFETIME).delete()
        PeopleUpload.objects.filter(tournament=tournament, uploaded_by=uploader).delete()
        return PeopleUpload.objects.create(
            tournament=tournament,
            uploaded_by=uploader,
            filename=filename[:200],
            sha256=hashlib.sha256(content).hexdigest(),
            size=len(content),
            reading=read.stored(),
        )


def people_upload_plan(*, actor: permissions.AnyUser, upload: PeopleUpload) -> ImportPlan:
    """What a kept file would change, with the columns as chosen: planned from what was read at the upload."""
    permissions.require_organiser(actor, upload.tournament)
    read = ReadFile.from_stored(upload.reading)
    return plan_import(upload.tournament, read_sheets(read, upload.choices))


@transaction.atomic
def people_upload_choose_columns(
    *, actor: permissions.AnyUser, upload: PeopleUpload, chosen: dict[str, dict[str, str]]
) -> PeopleUpload:
    """Keep the organiser's meaning for the columns they changed (sheet index -> column -> field key, "" for
    a column not imported); a column left as it was read is not a choice, so it follows the header."""
    permissions.require_organiser(actor, upload.tournament)
    upload = PeopleUpload.objects.select_for_update().get(pk=upload.pk)
    read = ReadFile.from_stored(upload.reading)
    automatic = read_sheets(read)
    kept: dict[str, dict[str, str]] = {}
    for sheet in automatic:
        given = chosen.get(str(sheet.index), {})
        for column in sheet.columns:
            value = given.get(str(column.position))
            if value is None or (value and value not in FIELD_BY_KEY):
                continue
            if value != (column.field or ""):
                kept.setdefault(str(sheet.index), {})[str(column.position)] = value
    upload.choices = kept
    upload.save(update_fields=["choices"])
    return upload


def people_upload_import(*, actor: permissions.AnyUser, upload: PeopleUpload) -> ImportPlan:
    """Import a kept file, with its columns as chosen, and forget it, in one transaction."""
    permissions.require_organiser(actor, upload.tournament)
    read = ReadFile.from_stored(upload.reading)
    source = _Source(upload.filename, upload.size, upload.sha256)
    with transaction.atomic():
        plan = _apply_read(
            actor=actor, tournament=upload.tournament, read=read, choices=upload.choices, source=source
        )
        PeopleUpload.objects.filter(pk=upload.pk).delete()
    return plan
