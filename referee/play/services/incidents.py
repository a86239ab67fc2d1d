"""Recording an in-game penalty: the engine says how many tiles or cards the player draws.

For a table that cannot be restored (`overtime-unrestorable`) the referee may type the tiles on the table: the
engine lays as many as it can in valid sets, and the tiles it cannot place are the N of "draw 3 + N".
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_table
from referee.models import Game, Incident, Seat, Table
from referee.permissions import AnyUser
from referee.play.services.corrections import require_result_write
from referee.play.services.results import next_game_number
from referee.play.services.signoff import withdraw_confirmation
from referee.results.engine import counted_by_restore, table_arrangement, translate_scoring_error
from referee.results.table_rules import table_ruleset


def _left_over(
    kind: scoring.IncidentKind, ruleset: scoring.Ruleset, tiles_left_over: int | None, table_tiles: str
) -> tuple[int | None, dict[str, Any]]:
    """The tiles left over (typed, or found by the engine from the table tiles), and the arrangement."""
    if tiles_left_over is not None and (isinstance(tiles_left_over, bool) or tiles_left_over < 0):
        raise ServiceError(_("Enter a whole number of 0 or more."), field="tiles_left_over", code="negative")
    if table_tiles and not counted_by_restore(kind):
        raise ServiceError(
            _("Table tiles are only asked for a table that cannot be restored."),
            field="table_tiles",
            code="no-table-tiles",
        )
    if not kind.needs_tiles_left_over:
        return None, {}
    arrangement = table_arrangement(ruleset, table_tiles) if table_tiles else {}
    if arrangement:
        found = arrangement["unplaced_count"]
        if tiles_left_over is not None and tiles_left_over != found:
            raise ServiceError(
                _("The engine places all but %(count)d of these tiles; the number given differs.")
                % {"count": found},
                field="tiles_left_over",
                code="left-over-mismatch",
            )
        return found, arrangement
    if tiles_left_over is None:
        if counted_by_restore(kind):
            raise ServiceError(
                _("Give the tiles on the table, or the number of tiles that cannot be placed."),
                field="table_tiles",
                code="required",
            )
        raise ServiceError(_("Give the number of tiles left over."), field="tiles_left_over", code="required")
    return tiles_left_over, {}


def _locked_table(pk: int) -> Table:
    return lock_table(pk)


def _replayed(table: Table, submission: str) -> Incident | None:
    """A resent incident (a retry after a lost answer) carries the same key: the incident it recorded."""
    if not submission:
        return None
    return table.incidents.filter(submission_key=submission).first()


def _record(
    writer: User,
    table: Table,
    game_number: int,
    game: Game | None,
    seat: Seat | None,
    kind: str,
    fields: dict[str, Any],
    reason: str,
    submission: str,
) -> Incident:
    """Record an incident of game `game_number` (saved as `game`, or None while in play); audited."""
    tournament = table.round.tournament
    if seat is None or seat.table_id != table.pk:
        raise ServiceError(_("Choose a player at this table."), field="seat", code="wrong-seat")
    played = table_ruleset(tournament, table.seats.count())
    kinds = {kind_.code: kind_ for kind_ in played.incidents}
    if kind not in kinds:
        raise ServiceError(_("Choose one of the offered incidents."), field="kind", code="unknown-incident")
    table_tiles = scoring.plain_text(fields.get("table_tiles") or "")
    left_over, arrangement = _left_over(kinds[kind], played, fields.get("tiles_left_over"), table_tiles)
    try:
        tiles_drawn = scoring.incident_draw(played, kind, left_over)
    except scoring.ScoringError as error:
        raise translate_scoring_error(error) from None
    incident = Incident.objects.create(
        table=table,
        game_number=game_number,
        game=game,
        seat=seat,
        kind=kind,
        tiles_drawn=tiles_drawn,
        tiles_left_over=left_over,
        table_tiles=table_tiles if arrangement else "",
        arrangement=arrangement,
        note=clean_text(fields.get("note") or "", field="note", max_length=1000, multiline=True),
        submission_key=(submission or "")[:64],
        created_by=writer,
    )
    audit_record(
        actor=writer,
        tournament=tournament,
        table=table,
        game=game,
        action="incident.record",
        after=_incident_snapshot(incident, seat),
        reason=reason,
    )
    if game is not None:
        withdraw_confirmation(table, writer)
    if game is not None:
        withdraw_confirmation(table, writer)
    return incident


@transaction.atomic
def incident_record(
    *,
    actor: AnyUser,
    game: Game,
    seat: Seat | None,
    kind: str,
    tiles_left_over: int | None = None,
    table_tiles: str = "",
    note: str = "",
    reason: str = "",
    submission: str = "",
) -> Incident:
    """An incident of a saved game (the same `submission` key twice records it once)."""
    table = _locked_table(game.table_id)
    replayed = _replayed(table, submission)
    if replayed is not None:
        permissions.require_result_entry(actor, table)
        return replayed
    writer, reason = require_result_write(actor, table, reason=reason)
    fields = {"tiles_left_over": tiles_left_over, "table_tiles": table_tiles, "note": note}
    return _record(writer, table, game.number, game, seat, kind, fields, reason, submission)


@transaction.atomic
def incident_record_in_play(
    *,
    actor: AnyUser,
    table: Table,
    seat: Seat | None,
    kind: str,
    tiles_left_over: int | None = None,
    table_tiles: str = "",
    note: str = "",
    submission: str = "",
) -> Incident:
    """An incident of the game being played now (an overtime as it happens): it belongs to the table's next
    game and joins that game when its result is saved. Refused once the match is over or signed off."""
    table = _locked_table(table.pk)
    replayed = _replayed(table, submission)
    if replayed is not None:
        permissions.require_result_entry(actor, table)
        return replayed
    writer, _reason = require_result_write(actor, table, reason="")
    seats = table.seats.count()
    minimum = scoring.get_ruleset(table.round.tournament.ruleset).min_players
    if seats < minimum:
        raise ServiceError(
            _("Seat at least %(count)d players at this table first.") % {"count": minimum},
            code="too-few-seats",
        )
    number = next_game_number(table, seats)
    fields = {"tiles_left_over": tiles_left_over, "table_tiles": table_tiles, "note": note}
    return _record(writer, table, number, None, seat, kind, fields, "", submission)


def _incident_snapshot(incident: Incident, seat: Seat) -> dict[str, Any]:
    return {
        "game_number": incident.game_number,
        "in_play": incident.game_id is None,
        "seat": seat.letter,
        "kind": incident.kind,
        "tiles_drawn": incident.tiles_drawn,
        "tiles_left_over": incident.tiles_left_over,
    }


@transaction.atomic
def incident_remove(*, actor: AnyUser, incident: Incident, reason: str = "") -> None:
    """An incident recorded by mistake; after sign-off only an organiser removes it, with a reason."""
    table = _locked_table(incident.table_id)
    _writer, reason = require_result_write(actor, table, reason=reason)
    incident = Incident.objects.select_related("seat", "game").get(pk=incident.pk)
    before = _incident_snapshot(incident, incident.seat)
    game = incident.game
    incident.delete()
    audit_record(
        actor=actor,
        tournament=table.round.tournament,
        table=table,
        game=game,
        action="incident.remove",
        before=before,
        reason=reason,
    )
    if game is not None:
        withdraw_confirmation(table, actor)
