"""Putting a table right after play: the wrong child in a seat, and a game that cannot be put right.

RULES.md: a game recorded with the wrong child in a seat is corrected by the organiser, with a reason: the
seat's results move to the child who really sat there. A game that cannot be put right is voided and played
again. Both are the organiser's, need a reason, and leave an audit entry on every table they touch; the
standings follow at once, since they sum the hands of each seat's player.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_games, lock_table, lock_tournament
from referee.models import Game, Incident, Player, Seat, Table
from referee.permissions import AnyUser
from referee.play.services.corrections import REASON_MAX_LENGTH
from referee.play.services.results import game_snapshot
from referee.play.services.signoff import withdraw_confirmation
from referee.results.outcome import table_match, table_outcome
from referee.results.ranking import TIE_BREAK


def _reason(reason: str) -> str:
    return clean_text(reason, field="reason", max_length=REASON_MAX_LENGTH, required=True, multiline=True)


def _exchange(first: Seat, second: Seat) -> None:
    """Two seats exchange their players. The database checks one seat per player in a round (and at a table)
    row by row, so the first seat holds a stand-in player, made and deleted in this transaction, meanwhile."""
    tournament_id = first.table.round.tournament_id
    highest = Player.objects.filter(tournament_id=tournament_id).aggregate(Max("number"))["number__max"]
    stand_in = Player.objects.create(
        tournament_id=tournament_id, school_id=first.player.school_id, name_en="-", number=(highest or 0) + 1
    )
    first_player, second_player = first.player_id, second.player_id
    Seat.objects.filter(pk=first.pk).update(player=stand_in)
    Seat.objects.filter(pk=second.pk).update(player=first_player)
    Seat.objects.filter(pk=first.pk).update(player=second_player)
    stand_in.delete()


def _snapshot(seat: Seat, player: Player) -> dict[str, Any]:
    return {"seat": seat.letter, "player": player.pk, "number": player.number}


@transaction.atomic
def seat_player_correct(*, actor: AnyUser, seat: Seat, player: Player, reason: str) -> list[Table]:
    """`player` is the child who really sat in `seat` for the games recorded: the seat's results, drawn number
    and incidents become theirs. If that child holds another seat of the round, the two seats exchange
    children (the other table follows). Returns the tables changed; each one's history says why."""
    tournament = seat.table.round.tournament
    permissions.require_organiser(actor, tournament)
    reason = _reason(reason)
    lock_tournament(tournament)  # a seat change of two tables at once, and the stand-in's number
    seat = Seat.objects.select_related("table__round__tournament", "player").get(pk=seat.pk)
    if player is None or player.tournament_id != tournament.pk:
        raise ServiceError(_("Choose a player of this tournament."), field="player", code="wrong-player")
    if player.pk == seat.player_id:
        raise ServiceError(_("This player already sits in this seat."), field="player", code="same-player")
    other = Seat.objects.filter(round_id=seat.round_id, player=player).select_related("table__round").first()
    tables = [lock_table(seat.table_id)]
    wrong = seat.player
    if other is not None:
        if other.table_id != seat.table_id:
            tables.append(lock_table(other.table_id))
        _exchange(seat, other)
    else:
        Seat.objects.filter(pk=seat.pk).update(player=player)
    changes = [(seat, wrong, player)] + ([(other, player, wrong)] if other is not None else [])
    for changed, before, after in changes:
        table = next(table for table in tables if table.pk == changed.table_id)
        audit_record(
            actor=actor,
            tournament=tournament,
            table=table,
            action="seat.correct",
            before=_snapshot(changed, before),
            after=_snapshot(changed, after),
            reason=reason,
        )
    for table in tables:
        withdraw_confirmation(table, actor)
    return tables


def _renumber_after(table: Table, games: list[Game], number: int) -> None:
    """Later games (and incidents, those of a game in play too) move down one number, in order."""
    for game in games:
        if game.number > number:
            Game.objects.filter(pk=game.pk).update(number=game.number - 1)
    for incident in Incident.objects.filter(table=table, game_number__gt=number).order_by("game_number"):
        Incident.objects.filter(pk=incident.pk).update(game_number=incident.game_number - 1)


def _reopen(table: Table) -> dict[str, Any]:
    """A voided game is played again: the table is no longer signed off (nor confirmed), and a tie-break that
    no longer applies is dropped. What was undone, for the audit."""
    undone: dict[str, Any] = {}
    if table.signed_off_at is not None:
        undone["signed_off_at"] = table.signed_off_at
        table.signed_off_at, table.signed_off_by = None, None
    if table.confirmed_at is not None:
        undone["confirmed_at"] = table.confirmed_at
        table.confirmed_at, table.confirmed_by = None, None
    if table.tie_winner:
        match = table_match(table, table.seats.count())
        if table_outcome(match, table.tie_winner, table.tie_break).decided_by != TIE_BREAK:
            undone["tie_winner"] = table.tie_winner
            table.tie_winner, table.tie_break = "", ""
    table.save(
        update_fields=[
            "signed_off_at",
            "signed_off_by",
            "confirmed_at",
            "confirmed_by",
            "tie_winner",
            "tie_break",
        ]
    )
    return undone


@transaction.atomic
def game_void(*, actor: AnyUser, game: Game, reason: str) -> Table:
    """A game that cannot be put right is voided and played again (RULES.md): it is removed with its hands and
    incidents, the later games move down one number, and the table plays on (a signed-off table is opened
    again). The history keeps the game as it was, with the reason."""
    table = lock_table(game.table_id)
    tournament = table.round.tournament
    permissions.require_organiser(actor, tournament)
    reason = _reason(reason)
    games = lock_games(table)
    found = next((stored for stored in games if stored.pk == game.pk), None)
    if found is None:
        raise ServiceError(_("This game is no longer there. Reload the page."), code="stale")
    game = found
    before = game_snapshot(game)
    number = game.number
    game.delete()
    _renumber_after(table, games, number)
    undone = _reopen(table)
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="game.void",
        before={**before, **undone},
        after={"number": number},
        reason=reason,
    )
    return table
