"""Removing children's personal data: a whole tournament's at the end of its retention period (or sooner, by
its organiser), or one child's at once on request.

Each child becomes their pseudonym in their player row (class and 學號 emptied) and in every record that
names them (`scrubbing.py`); stored export files and kept people files are deleted and the cache cleared.
Results, standings and the audit's entries stay; each school affected gets a `DataRemoval` row. On SQLite
the file is rebuilt (`VACUUM`) once the change commits, so that no copy of it keeps the old names in freed
pages; PostgreSQL's old row versions are left to its vacuum, which `pg_dump` never copies.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from core.models import AuditEntry
from core.permissions import AnyUser
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_tournament
from referee.models import (
    DataRemoval,
    ExportJob,
    PeopleUpload,
    Player,
    PrivacySettings,
    RemovalKind,
    School,
    Tournament,
)
from referee.privacy.pseudonyms import stored_names
from referee.privacy.retention import retention_of, today
from referee.privacy.scrubbing import Child, NameScrubber, scrub_rows, snapshot_children, tournament_lookups

# Rows that are not a child's, or are replaced whole: the tournament's and its schools' own names, its privacy
# notice, the removal records (numbers only); players are rewritten as a whole, files deleted.
NOT_SCRUBBED = (Player, School, PrivacySettings, DataRemoval, ExportJob, PeopleUpload)
REASON_LENGTH = 500


@dataclass
class Forgotten:
    """What one removal did, for the command's report and the organiser's message."""

    tournament: Tournament
    players: int = 0
    schools: list[str] = field(default_factory=list)
    files: int = 0
    uploads: int = 0
    rows: int = 0


def tournament_forget(
    *, actor: AnyUser, tournament: Tournament, on: datetime.date | None = None
) -> Forgotten:
    """Every child of the tournament. Without an actor it is the schedule, which only forgets a tournament
    past its date (`on`, today by default); an organiser may forget their tournament at any time."""
    if actor is None:
        on = on or today()
        if not retention_of(tournament).due(on):
            raise ServiceError(
                _("This tournament's children are not due to be forgotten yet."), code="not-due"
            )
        kind = RemovalKind.SCHEDULE
    else:
        permissions.require_organiser(actor, tournament)
        kind = RemovalKind.NOW
    with transaction.atomic():
        locked = lock_tournament(tournament)
        players = list(Player.objects.filter(tournament=locked, forgotten_at__isnull=True))
        done = _forget(locked, players, actor=actor, kind=kind, reason="", whole=True)
        PrivacySettings.objects.update_or_create(tournament=locked, defaults={"forgotten_at": timezone.now()})
        audit_record(
            actor=actor,
            tournament=locked,
            action="privacy.forget",
            after={"kind": kind.value, "players": done.players, "schools": done.schools},
        )
        transaction.on_commit(_after_commit)
    return done


def player_erase(*, actor: AnyUser, player: Player, reason: str) -> Player:
    """One child's personal data at once, on request (the child's parents or school), with the reason in the
    audit."""
    tournament = player.tournament
    permissions.require_organiser(actor, tournament)
    reason = clean_text(reason, field="reason", max_length=REASON_LENGTH, required=True, multiline=True)
    with transaction.atomic():
        locked = lock_tournament(tournament)
        child = Player.objects.select_for_update().get(pk=player.pk)
        if child.forgotten_at is not None:
            raise ServiceError(_("This child's personal data has already been removed."), code="already")
        _forget(locked, [child], actor=actor, kind=RemovalKind.REQUEST, reason=reason, whole=False)
        audit_record(
            actor=actor,
            tournament=locked,
            action="privacy.erase",
            after={"number": child.number, "school": child.school.code},
            reason=reason,
        )
        transaction.on_commit(_after_commit)
    return Player.objects.get(pk=child.pk)


def _forget(
    tournament: Tournament,
    players: list[Player],
    *,
    actor: AnyUser,
    kind: RemovalKind,
    reason: str,
    whole: bool,
) -> Forgotten:
    now = timezone.now()
    done = Forgotten(tournament=tournament, players=len(players))
    numbers = {player.number for player in players}
    children = [_child(player) for player in players]
    snapshots = AuditEntry.objects.filter(tournament=tournament).values_list("changes", flat=True)
    children += [
        child for child in snapshot_children(snapshots.iterator()) if whole or child.number in numbers
    ]
    scrubber = NameScrubber(children)
    for player in players:
        player.name_zh, player.name_en = stored_names(player.number)
        player.class_name = player.school_number = ""
        player.forgotten_at = now
    Player.objects.bulk_update(
        players, ["name_zh", "name_en", "class_name", "school_number", "forgotten_at"], batch_size=500
    )
    done.files, _kinds = ExportJob.objects.filter(tournament=tournament).delete()
    done.uploads, _kinds = PeopleUpload.objects.filter(tournament=tournament).delete()
    for model, lookup in tournament_lookups().items():
        if not issubclass(model, NOT_SCRUBBED):
            done.rows += scrub_rows(model._default_manager.filter(**{lookup: tournament}), scrubber)
    done.rows += scrub_rows(LogEntry.objects.all(), scrubber)
    done.schools = _record_removals(tournament, players, actor=actor, kind=kind, reason=reason, at=now)
    return done


def _child(player: Player) -> Child:
    return Child(
        number=player.number, name_zh=player.name_zh, name_en=player.name_en, class_name=player.class_name
    )


def _record_removals(
    tournament: Tournament,
    players: Iterable[Player],
    *,
    actor: AnyUser,
    kind: RemovalKind,
    reason: str,
    at: datetime.datetime,
) -> list[str]:
    by_school: dict[int, list[int]] = {}
    for player in players:
        by_school.setdefault(player.school_id, []).append(player.number)
    schools = School.objects.filter(pk__in=by_school).order_by("code")
    DataRemoval.objects.bulk_create(
        DataRemoval(
            tournament=tournament,
            school=school,
            kind=kind,
            removed_at=at,
            player_numbers=sorted(by_school[school.pk]),
            reason=reason,
            removed_by=actor if actor is not None and actor.is_authenticated else None,
        )
        for school in schools
    )
    return [school.code for school in schools]


def _after_commit() -> None:
    """The cached pages go; on SQLite the database is rebuilt without its freed pages, and the write-ahead
    log, which holds the old pages too, is emptied into it and truncated (when no reader holds it at that
    moment; otherwise at SQLite's next checkpoint)."""
    cache.clear()
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM")
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
