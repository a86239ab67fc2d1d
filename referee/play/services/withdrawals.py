"""Changes to a drawn round before play, all through the seating engine's repair (the fewest moves that keep
the rules): a player who drops out (withdrawn by the organiser, or marked absent at the door) is re-seated
around in every drawn round not begun; a late arrival is seated into them. A round where a game has been
saved keeps its seats: results already played stand. Each repair is kept with the draw (its input, so anyone
can rerun it, and who moved) and audited."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_record
from core.errors import ServiceError
from referee import permissions
from referee.checks import require_choice
from referee.draws.selectors.draws import draw_history, round_seated_draw, seating_id
from referee.draws.services.draws import run_seating
from referee.locks import lock_tournament
from referee.models import NOT_DRAWN, Attendance, DrawStatus, Game, Player, Round, RoundDraw, Seat, Table
from referee.models.schedule import SEAT_LETTERS
from referee.people.services.attendance_changes import attendance_change
from referee.permissions import AnyUser


@dataclass(frozen=True)
class SeatMove:
    """A player who changes table: from (table number, seat letter) to (table number, seat letter)."""

    player: str
    origin: tuple[int, str] | None
    target: tuple[int, str]


@dataclass(frozen=True)
class RoundRepair:
    round: Round
    moves: list[SeatMove]
    moves_minimal: bool
    tables_out_of_use: list[int]


def _current(
    round_: Round,
) -> tuple[list[Table], list[list[str]], dict[str, Player], dict[int, dict[int, int | None]]]:
    """The round's tables in number order, each table's seating ids in seat order, the seated players by id,
    and each table's drawn numbers: two queries, whatever the round's size."""
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    seats_by_table: dict[int, list[Seat]] = {table.pk: [] for table in tables}
    for seat in Seat.objects.filter(round=round_).select_related("player__school").order_by("letter"):
        seats_by_table[seat.table_id].append(seat)
    players: dict[str, Player] = {}
    current: list[list[str]] = []
    drawn_numbers: dict[int, dict[int, int | None]] = {}
    for table in tables:
        seats = seats_by_table[table.pk]
        current.append([seating_id(seat.player) for seat in seats])
        drawn_numbers[table.pk] = {seat.player_id: seat.drawn_number for seat in seats}
        players.update({seating_id(seat.player): seat.player for seat in seats})
    return tables, current, players, drawn_numbers


def _repair_document(
    draw: RoundDraw,
    round_: Round,
    current: list[list[str]],
    players: dict[str, Player],
    gone: list[str],
    added: list[str],
) -> dict[str, Any]:
    """The input of `python3 -m seating repair`: everyone seated now and the arrivals (numbers and school
    codes only), the rounds before, the tables as they stand, who leaves and who comes."""
    points = {entry["id"]: entry.get("points", 0) for entry in draw.request["players"]}
    listed = list(players.values())
    return {
        "players": [
            {"id": seat_id, "school": player.school.code, "points": points.get(seat_id, 0)}
            for seat_id, player in players.items()
        ],
        "history": draw_history(round_, listed),
        "current": current,
        "table_size": draw.request["table_size"],
        "withdrawn": gone,
        "added": added,
        "seed": draw.seed,
    }


def round_report(round_: Round, draw: RoundDraw) -> dict[str, Any]:
    """The engine's report on the round as seated now (after a change by hand, such as a substitute)."""
    _tables, current, players, _numbers = _current(round_)
    document = _repair_document(draw, round_, current, players, [], [])
    report_input = {key: document[key] for key in ("players", "history", "table_size")}
    table_size = draw.request["table_size"]
    report: dict[str, Any] = run_seating("report", {**report_input, "rounds": [current]}, table_size)[
        "report"
    ]
    return report


def _apply(
    round_: Round,
    tables: list[Table],
    answer: dict[str, Any],
    players: dict[str, Player],
    drawn_numbers: dict[int, dict[int, int | None]],
) -> list[int]:
    """Seat the repaired round: tables keep their numbers, an empty one goes, new ones take the next."""
    numbers = [table.number for table in tables]
    next_number = max(numbers, default=0) + 1
    Seat.objects.filter(round=round_).delete()
    seats = []
    for index, ids in enumerate(answer["tables"]):
        if index < len(tables):
            table = tables[index]
            if not ids:
                table.delete()
                continue
        else:
            table = Table.objects.create(round=round_, number=next_number)
            numbers.append(next_number)
            next_number += 1
        kept = drawn_numbers.get(table.pk, {})
        for letter, seat_id in zip(SEAT_LETTERS, ids, strict=False):
            player = players[seat_id]
            seats.append(
                Seat(
                    table=table, round=round_, letter=letter, player=player, drawn_number=kept.get(player.pk)
                )
            )
    Seat.objects.bulk_create(seats)
    return numbers


def _repair_round(
    actor: AnyUser,
    round_: Round,
    draw: RoundDraw,
    *,
    gone: Sequence[Player] = (),
    arrival: Player | None = None,
    kind: str = "withdrawal",
) -> RoundRepair:
    tables, current, players, drawn_numbers = _current(round_)
    withdrawn = [seating_id(player) for player in gone]
    added = [seating_id(arrival)] if arrival is not None else []
    if arrival is not None:
        players[added[0]] = arrival
    document = _repair_document(draw, round_, current, players, withdrawn, added)
    answer = run_seating("repair", document, draw.request["table_size"])
    numbers = _apply(round_, tables, answer, players, drawn_numbers)
    moves = [
        SeatMove(
            move["player"],
            (numbers[move["from"][0]], SEAT_LETTERS[move["from"][1]]) if move["from"] else None,
            (numbers[move["to"][0]], SEAT_LETTERS[move["to"][1]]),
        )
        for move in answer["moves"]
    ]
    out_of_use = [numbers[index] for index, ids in enumerate(answer["tables"]) if not ids]
    moved = [[m.player, m.origin, m.target] for m in moves]
    draw.tables = answer["tables"]
    draw.report = answer["report"]
    if arrival is not None:
        draw.player_ids = {**draw.player_ids, added[0]: arrival.pk}
    entry = {
        "kind": "late" if arrival is not None else kind,
        "request": document,
        "moves": answer["moves"],
        "moves_minimal": answer["moves_minimal"],
        "moved": moved,
        "tables_out_of_use": out_of_use,
        "at": timezone.now().isoformat(),
    }
    draw.repairs = [*draw.repairs, entry]
    draw.save(update_fields=["tables", "report", "repairs", "player_ids"])
    who = (
        {"withdrawn": withdrawn[0] if len(withdrawn) == 1 else withdrawn}
        if withdrawn
        else {"added": added[0]}
    )
    audit_record(
        actor=actor,
        tournament=round_.tournament,
        action="round.repair",
        after={
            "round": round_.pk,
            **who,
            "seed": draw.seed,
            "moves": moved,
            "tables_out_of_use": out_of_use,
        },
    )
    return RoundRepair(round_, moves, answer["moves_minimal"], out_of_use)


def rounds_reseat_without(actor: AnyUser, player: Player) -> list[RoundRepair]:
    """Re-seat each drawn round not yet begun where the player sits, around them: the one path for a
    withdrawal and for an absence marked at the door after the draw. Callers check the role and hold the
    tournament's lock. A round seated by hand (without a draw) keeps the seat for the organiser to change."""
    repairs = []
    rounds = Round.objects.filter(pk__in=Seat.objects.filter(player=player).values("round")).order_by("order")
    for round_ in rounds.select_for_update():
        if Game.objects.filter(table__round=round_).exists():
            continue
        draw = round_seated_draw(round_)
        if draw is not None:
            repairs.append(_repair_round(actor, round_, draw, gone=[player]))
    return repairs


def open_drawn_rounds(player: Player) -> list[Round]:
    """The drawn rounds of the player's tournament where no game is saved yet and the player has no seat:
    where a late arrival can still be seated by the engine."""
    return list(
        Round.objects.filter(tournament_id=player.tournament_id, draws__status=DrawStatus.COMMITTED)
        .exclude(tables__games__isnull=False)
        .exclude(pk__in=Seat.objects.filter(player=player).values("round"))
        .distinct()
        .order_by("order")
    )


def _seat_late_in(actor: AnyUser, round_: Round, player: Player) -> RoundRepair:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.tournament_id != player.tournament_id:
        raise ServiceError(_("Choose a round of this tournament."), field="round", code="wrong-round")
    if Game.objects.filter(table__round=round_).exists():
        raise ServiceError(
            _("A game has been saved in this round: a late player waits for the next round."),
            field="player",
            code="in-play",
        )
    draw = round_seated_draw(round_)
    if draw is None:
        raise ServiceError(
            _("This round was not drawn: seat the player by hand on the round's page."),
            field="player",
            code="not-drawn",
        )
    if Seat.objects.filter(round=round_, player=player).exists():
        raise ServiceError(
            _("This player already has a seat in this round."), field="player", code="already-seated"
        )
    return _repair_round(actor, round_, draw, arrival=player)


@transaction.atomic
def player_seat_late(*, actor: AnyUser, player: Player, round_: Round | None = None) -> list[RoundRepair]:
    """A player who arrives after the draw and before play is seated into the drawn round (or, without one
    named, every drawn round not yet begun where they have no seat) with the fewest moves that keep the
    rules. A player marked absent is marked late: the organiser has seen them arrive."""
    tournament = player.tournament
    organiser = permissions.require_organiser(actor, tournament)
    lock_tournament(tournament)
    player = Player.objects.select_for_update().select_related("school").get(pk=player.pk)
    if player.attendance == Attendance.WITHDRAWN:
        raise ServiceError(_("This player has withdrawn."), field="player", code="withdrawn")
    rounds = [round_] if round_ is not None else open_drawn_rounds(player)
    if not rounds:
        raise ServiceError(
            _("No drawn round waits to be played without this player: seat them by hand."),
            field="player",
            code="no-round",
        )
    repairs = [_seat_late_in(actor, chosen, player) for chosen in rounds]
    if player.attendance == Attendance.ABSENT:
        attendance_change(organiser, tournament, player, Attendance.LATE)
    elif player.attendance == Attendance.EXPECTED:  # seated by the organiser (a substitute): here
        attendance_change(organiser, tournament, player, Attendance.PRESENT)
    return repairs


def absent_in(round_: Round) -> list[Player]:
    """The players seated in a round who are marked absent or withdrawn (one query)."""
    return list(
        Player.objects.filter(seats__round=round_, attendance__in=NOT_DRAWN)
        .select_related("school")
        .order_by("number")
    )


@transaction.atomic
def round_reseat_absent(*, actor: AnyUser, round_: Round) -> RoundRepair:
    """A drawn round not yet begun, seated again without every child marked absent (or withdrawn) since the
    draw: one repair with the fewest moves that keep the rules, when the organiser asks, rather than one at
    each tap at the door. The moves are kept with the draw and returned to be shown."""
    tournament = round_.tournament
    permissions.require_organiser(actor, tournament)
    lock_tournament(tournament)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if Game.objects.filter(table__round=round_).exists():
        raise ServiceError(
            _("A game has been saved in this round: its seats stand."), field="round", code="in-play"
        )
    draw = round_seated_draw(round_)
    if draw is None:
        raise ServiceError(
            _("This round was not drawn: change its seats by hand on the tables' pages."),
            field="round",
            code="not-drawn",
        )
    gone = absent_in(round_)
    if not gone:
        raise ServiceError(
            _("Nobody seated in this round is marked absent."), field="round", code="nobody-absent"
        )
    return _repair_round(actor, round_, draw, gone=gone, kind="absent")


@transaction.atomic
def player_withdraw(
    *, actor: AnyUser, player: Player, attendance: str = Attendance.WITHDRAWN
) -> list[RoundRepair]:
    """Mark the player absent or withdrawn and re-seat each drawn round not yet begun around them; the
    repairs (who moved where) are returned for the organiser and kept with the draw. A round seated by hand
    (without a draw) keeps the seat for the organiser to change."""
    tournament = player.tournament
    permissions.require_organiser(actor, tournament)
    lock_tournament(tournament)
    require_choice(attendance, NOT_DRAWN, field="attendance")
    player = Player.objects.select_for_update().get(pk=player.pk)
    before = player.attendance
    player.attendance = attendance
    player.save(update_fields=["attendance"])
    audit_record(
        actor=actor,
        tournament=tournament,
        action="player.attendance",
        before={"player": player.pk, "attendance": before},
        after={"player": player.pk, "attendance": attendance},
    )
    return rounds_reseat_without(actor, player)


@transaction.atomic
def player_reinstate(*, actor: AnyUser, player: Player) -> Player:
    """A player who withdrew, or left during a table, is marked back: here again, and drawn from the next
    draw on (RULES.md). Seats already given up stay given up; a drawn round not yet begun takes them in as a
    late arrival, on its draw page."""
    tournament = player.tournament
    organiser = permissions.require_organiser(actor, tournament)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.attendance != Attendance.WITHDRAWN:
        raise ServiceError(_("This player has not withdrawn."), field="player", code="not-withdrawn")
    attendance_change(organiser, tournament, player, Attendance.PRESENT)
    return player
