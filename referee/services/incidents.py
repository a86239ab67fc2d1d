"""Recording an in-game penalty: the engine says how many tiles or cards the player draws."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from referee import permissions
from referee.engine import translate_scoring_error
from referee.errors import ServiceError
from referee.models import Game, Incident, Seat, Table
from referee.services.audit import audit_record
from referee.services.checks import clean_text


@transaction.atomic
def incident_record(
    *,
    actor: AbstractBaseUser,
    game: Game,
    seat: Seat | None,
    kind: str,
    tiles_left_over: int | None = None,
    note: str = "",
) -> Incident:
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=game.table_id)
    permissions.require_result_entry(actor, table)
    tournament = table.round.tournament
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off."), code="signed-off")
    if seat is None or seat.table_id != table.pk:
        raise ServiceError(_("Choose a player at this table."), field="seat", code="wrong-seat")
    kinds = {kind_.code: kind_ for kind_ in scoring.get_ruleset(tournament.ruleset).incidents}
    if kind not in kinds:
        raise ServiceError(_("Choose one of the offered incidents."), field="kind", code="unknown-incident")
    if tiles_left_over is not None and (isinstance(tiles_left_over, bool) or tiles_left_over < 0):
        raise ServiceError(_("Enter a whole number of 0 or more."), field="tiles_left_over", code="negative")
    if kinds[kind].needs_tiles_left_over and tiles_left_over is None:
        raise ServiceError(_("Give the number of tiles left over."), field="tiles_left_over", code="required")
    try:
        tiles_drawn = scoring.incident_draw(tournament.ruleset, kind, tiles_left_over)
    except scoring.ScoringError as error:
        raise translate_scoring_error(error) from None
    incident = Incident.objects.create(
        game=game,
        seat=seat,
        kind=kind,
        tiles_drawn=tiles_drawn,
        tiles_left_over=tiles_left_over if kinds[kind].needs_tiles_left_over else None,
        note=clean_text(note, field="note", max_length=1000),
        created_by=actor,
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        game=game,
        action="incident.record",
        after={
            "seat": seat.letter,
            "kind": kind,
            "tiles_drawn": tiles_drawn,
            "tiles_left_over": incident.tiles_left_over,
        },
    )
    return incident
