"""A player who leaves during a table (RULES.md): sick, or picked up early, after some games were played.

The games already played stand as recorded. Later games at that table are played and scored by those still
there: the player takes no part in them, wins none and scores nothing, and cannot be recorded as going out.
The table is decided among all its players on what each recorded. The player is withdrawn from the
tournament (the standings place them by the tournament's setting) and left out of later draws, and of the
drawn rounds not yet begun, until marked back.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import clean_text
from referee.locks import lock_table, lock_tournament
from referee.models import Attendance, Player, Seat
from referee.permissions import AnyUser
from referee.play.services.corrections import REASON_MAX_LENGTH
from referee.play.services.results import next_game_number
from referee.play.services.withdrawals import RoundRepair, rounds_reseat_without


def _check_leaving(seat: Seat, seats: list[Seat], from_game: int, played: int) -> None:
    if isinstance(from_game, bool) or not isinstance(from_game, int) or from_game < 1:
        raise ServiceError(_("Enter a whole number of 1 or more."), field="from_game", code="not-positive")
    if seat.left_after is not None:
        raise ServiceError(_("This player has already left the table."), field="seat", code="left")
    if from_game == 1 or played == 0:
        raise ServiceError(
            _(
                "Before the first game a player who cannot play is withdrawn by an organiser (on the draw "
                "page, or marked absent at the door): the table is seated again without them."
            ),
            field="from_game",
            code="before-play",
        )
    if from_game <= played:
        raise ServiceError(
            _("Game %(number)d is saved with this player: correct it (or void it) first.")
            % {"number": from_game},
            field="from_game",
            code="played",
        )
    if from_game > played + 1:
        raise ServiceError(
            _("The next game at this table is game %(number)d.") % {"number": played + 1},
            field="from_game",
            code="out-of-order",
        )
    ruleset = scoring.get_ruleset(seat.table.round.tournament.ruleset)
    staying = sum(1 for other in seats if other.left_after is None and other.pk != seat.pk)
    if staying < ruleset.min_players:
        raise ServiceError(
            _(
                "Only %(count)d players would be left: a game needs at least %(least)d. Ask an organiser how "
                "the table ends."
            )
            % {"count": staying, "least": ruleset.min_players},
            field="seat",
            code="too-few-left",
        )


@transaction.atomic
def seat_leave(*, actor: AnyUser, seat: Seat, from_game: int, reason: str = "") -> list[RoundRepair]:
    """The player of `seat` is gone from game `from_game` on (the table's next game): marked at the table by
    its referee or an organiser. The player is withdrawn, and the drawn rounds not yet begun where they sit
    are seated again without them (returned, with who moved)."""
    tournament = seat.table.round.tournament
    permissions.require_result_entry(actor, seat.table)
    reason = clean_text(reason, field="reason", max_length=REASON_MAX_LENGTH, multiline=True)
    lock_tournament(tournament)  # the repair of later rounds takes it; taken first, as a withdrawal does
    table = lock_table(seat.table_id)
    if table.signed_off_at is not None:
        raise ServiceError(_("This table has been signed off."), code="signed-off")
    seats = list(table.seats.select_related("player").order_by("letter"))
    found = next((candidate for candidate in seats if candidate.pk == seat.pk), None)
    if found is None:
        raise ServiceError(_("Choose a player at this table."), field="seat", code="wrong-seat")
    seat = found
    seat.table = table
    played = table.games.count()
    next_game_number(table, len(seats), played=played)  # refused once the table has played all its games
    _check_leaving(seat, seats, from_game, played)
    seat.left_after = from_game - 1
    seat.save(update_fields=["left_after"])
    player = Player.objects.select_for_update().get(pk=seat.player_id)
    before = player.attendance
    _attend(player, Attendance.WITHDRAWN)
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="seat.leave",
        before={"seat": seat.letter, "player": player.pk, "attendance": before},
        after={
            "seat": seat.letter,
            "player": player.pk,
            "from_game": from_game,
            "attendance": player.attendance,
        },
        reason=reason,
    )
    return rounds_reseat_without(actor, player)


def _attend(player: Player, attendance: str) -> None:
    """The (locked) player's attendance, stored; the table's audit entry records it with the seat."""
    Player.objects.filter(pk=player.pk).update(attendance=attendance)
    player.attendance = attendance


@transaction.atomic
def seat_return(*, actor: AnyUser, seat: Seat) -> Seat:
    """Undo a leaving marked by mistake, while no game has been saved without the player: they play on, and
    are present again."""
    tournament = seat.table.round.tournament
    permissions.require_result_entry(actor, seat.table)
    table = lock_table(seat.table_id)
    seat = Seat.objects.select_related("player").get(pk=seat.pk, table=table)
    if seat.left_after is None:
        raise ServiceError(_("This player has not left the table."), field="seat", code="not-left")
    if table.games.filter(number__gt=seat.left_after).exists():
        raise ServiceError(
            _("A game has been saved without this player since: they cannot come back to this table."),
            field="seat",
            code="played-without",
        )
    left_after = seat.left_after
    seat.left_after = None
    seat.save(update_fields=["left_after"])
    player = Player.objects.select_for_update().get(pk=seat.player_id)
    before = player.attendance
    if player.attendance == Attendance.WITHDRAWN:
        _attend(player, Attendance.PRESENT)
    audit_record(
        actor=actor,
        tournament=tournament,
        table=table,
        action="seat.return",
        before={"seat": seat.letter, "player": player.pk, "from_game": left_after + 1, "attendance": before},
        after={"seat": seat.letter, "player": player.pk, "attendance": player.attendance},
    )
    return seat
