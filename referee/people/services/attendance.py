"""The door on the morning: who is here, who is not, and who takes an absent player's seat.

Several helpers tap at once on their phones. Each tap changes one player's attendance in one UPDATE of that
row (under its row lock, so the history's "before" is true) and writes its audit entry: nothing else, so a tap
holds the database's write lock for a few milliseconds and twenty helpers at once never keep a referee's save
waiting. Attendance shows on no public page, so a tap leaves the public pages' version alone.

After the draw, a child marked absent keeps their seat: the organiser re-seats the drawn round once, without
every child then marked away (`withdrawals.round_reseat_absent`, with the moves shown), or seats a substitute.
Marking them present again does not put them back: the organiser seats a late arrival on the draw page
(`withdrawals.player_seat_late`), which moves as few players as that needs.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import require_choice
from referee.draws.selectors.draws import round_seated_draw, seating_id
from referee.locks import lock_tournament
from referee.models import NOT_DRAWN, Attendance, Player, Round, School, Seat, Tournament
from referee.people.services.attendance_changes import attendance_change
from referee.play.services.withdrawals import round_report

DOOR_STATES = (Attendance.PRESENT, Attendance.LATE, Attendance.ABSENT, Attendance.EXPECTED)


def can_check_in(user: permissions.AnyUser, tournament: Tournament) -> bool:
    """The organisers, and the tournament's referees, whom organisers send to the door before play."""
    return permissions.is_organiser(user, tournament) or permissions.is_tournament_referee(user, tournament)


@transaction.atomic
def player_attendance_set(*, actor: permissions.AnyUser, player: Player, attendance: str) -> Player:
    """Present, late, absent, or back to expected (an undo): the player's row and its audit entry, nothing
    more. A withdrawn player stays withdrawn here: that is the organisers' decision, made with the draw."""
    tournament = player.tournament
    permissions.require(can_check_in(actor, tournament))
    attendance = require_choice(attendance, DOOR_STATES, field="attendance")
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.attendance == Attendance.WITHDRAWN:
        raise ServiceError(_("This player has withdrawn."), field="attendance", code="withdrawn")
    if player.attendance != attendance:
        attendance_change(actor, tournament, player, attendance, public=False)
    return player


@transaction.atomic
def school_attendance_rest_present(*, actor: permissions.AnyUser, school: School) -> list[int]:
    """Everyone of the school not yet marked is present: one tap once the absent are marked. Returns the
    keys of the players it marked."""
    tournament = school.tournament
    permissions.require(can_check_in(actor, tournament))
    rest = Player.objects.select_for_update().filter(school=school, attendance=Attendance.EXPECTED)
    marked = list(rest.order_by("number").values_list("pk", "number"))
    numbers = [number for _pk, number in marked]
    if not numbers:
        return []
    Player.objects.filter(school=school, number__in=numbers, attendance=Attendance.EXPECTED).update(
        attendance=Attendance.PRESENT
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="school.attendance_present",
        before={"school": school.code, "numbers": numbers, "attendance": Attendance.EXPECTED},
        after={"school": school.code, "numbers": numbers, "attendance": Attendance.PRESENT},
    )
    return [pk for pk, _number in marked]


def _record_on_draw(seat: Seat, absent: Player, substitute: Player) -> None:
    """A drawn round keeps its draw true: the substitute's number in the absent player's place, the report
    made again, and the change listed with the repairs (a substitute moves nobody else)."""
    round_ = Round.objects.select_for_update().get(pk=seat.round_id)
    draw = round_seated_draw(round_)
    if draw is None:
        return
    gone, coming = seating_id(absent), seating_id(substitute)
    draw.tables = [[coming if seat_id == gone else seat_id for seat_id in ids] for ids in draw.tables]
    draw.player_ids = {**draw.player_ids, coming: substitute.pk}
    draw.report = round_report(round_, draw)
    entry = {
        "kind": "substitute",
        "withdrawn": [gone],
        "added": [coming],
        "moved": [[coming, None, [seat.table.number, seat.letter]]],
        "tables_out_of_use": [],
    }
    draw.repairs = [*draw.repairs, entry]
    draw.save(update_fields=["tables", "player_ids", "report", "repairs"])


def unplayed_seats(player: Player) -> list[Seat]:
    """The player's seats at tables where no game is recorded and that are not signed off."""
    return list(
        Seat.objects.filter(player=player, table__games__isnull=True, table__signed_off_at__isnull=True)
        .select_related("table__round")
        .order_by("round__order", "table__number")
    )


@transaction.atomic
def player_substitute(*, actor: permissions.AnyUser, absent: Player, substitute: Player) -> list[Seat]:
    """A player of the same school takes the absent player's seat at every table not yet played. Tables
    already played keep the absent player and their results. Each table's history records the change. A
    substitute not yet marked at the door is marked here: the organiser has them at hand."""
    tournament = absent.tournament
    permissions.require_organiser(actor, tournament)
    lock_tournament(tournament)  # as a repair does: a substitute and a repair never act at once
    absent = Player.objects.select_for_update().get(pk=absent.pk)
    substitute = Player.objects.select_for_update().get(pk=substitute.pk)
    if substitute.tournament_id != tournament.pk or substitute.school_id != absent.school_id:
        raise ServiceError(
            _("A substitute comes from the same school."), field="substitute", code="wrong-school"
        )
    if substitute.pk == absent.pk:
        raise ServiceError(_("Choose another player."), field="substitute", code="same-player")
    if substitute.attendance in NOT_DRAWN:
        raise ServiceError(
            _("The substitute is marked absent or withdrawn."), field="substitute", code="not-here"
        )
    seats = unplayed_seats(absent)
    if not seats:
        raise ServiceError(
            _("This player has no seat at a table not yet played."), field="substitute", code="no-seat"
        )
    busy = Seat.objects.filter(player=substitute, round__in=[seat.round_id for seat in seats])
    if busy.exists():
        raise ServiceError(
            _("The substitute already has a seat in one of these rounds."), field="substitute", code="seated"
        )
    arrived = substitute.attendance
    if arrived == Attendance.EXPECTED:  # a substitute the organiser seats is here, not "not yet here"
        Player.objects.filter(pk=substitute.pk).update(attendance=Attendance.PRESENT)
        substitute.attendance = Attendance.PRESENT
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(player=substitute, drawn_number=None)
        _record_on_draw(seat, absent, substitute)
        audit_record(
            actor=actor,
            tournament=tournament,
            table=seat.table,
            action="seat.substitute",
            before={"seat": seat.letter, "player": absent.pk, "number": absent.number, "attendance": arrived},
            after={
                "seat": seat.letter,
                "player": substitute.pk,
                "number": substitute.number,
                "attendance": substitute.attendance,
            },
        )
    if absent.attendance not in NOT_DRAWN:
        attendance_change(actor, tournament, absent, Attendance.ABSENT)
    return seats
