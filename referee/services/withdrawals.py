"""A player who drops out after the draw: marked absent or withdrawn, and every round drawn for them that has
not begun is re-seated around them by the seating engine's repair (the fewest moves that keep the rules).
A round where a game has been saved keeps its seats: results already played stand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from core.audit import audit_record
from referee import permissions
from referee.models import NOT_DRAWN, Attendance, Game, Player, Round, RoundDraw, Seat, Table
from referee.models.schedule import SEAT_LETTERS
from referee.selectors.draws import draw_history, round_seated_draw, seating_id
from referee.services.checks import require_choice
from referee.services.draws import run_seating
from referee.services.locks import lock_tournament


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


def _current(round_: Round) -> tuple[list[Table], list[list[str]], dict[str, Player], dict[int, dict]]:
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    players: dict[str, Player] = {}
    current: list[list[str]] = []
    drawn_numbers: dict[int, dict[int, int | None]] = {}
    for table in tables:
        seats = list(table.seats.select_related("player__school").order_by("letter"))
        current.append([seating_id(seat.player) for seat in seats])
        drawn_numbers[table.pk] = {seat.player_id: seat.drawn_number for seat in seats}
        players.update({seating_id(seat.player): seat.player for seat in seats})
    return tables, current, players, drawn_numbers


def _repair_document(
    draw: RoundDraw, round_: Round, current: list[list[str]], players: dict, gone: str
) -> dict:
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
        "withdrawn": [gone],
        "added": [],
        "seed": draw.seed,
    }


def _apply(round_: Round, tables: list[Table], answer: dict[str, Any], players: dict, drawn_numbers: dict):
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


def _repair_round(actor: AbstractBaseUser, round_: Round, draw: RoundDraw, gone: str) -> RoundRepair:
    tables, current, players, drawn_numbers = _current(round_)
    document = _repair_document(draw, round_, current, players, gone)
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
    draw.tables = answer["tables"]
    draw.report = answer["report"]
    entry = {
        "request": document,
        "moves": answer["moves"],
        "moves_minimal": answer["moves_minimal"],
        "moved": [[m.player, m.origin, m.target] for m in moves],
        "tables_out_of_use": out_of_use,
        "at": timezone.now().isoformat(),
    }
    draw.repairs = [*draw.repairs, entry]
    draw.save(update_fields=["tables", "report", "repairs"])
    audit_record(
        actor=actor,
        tournament=round_.tournament,
        action="round.repair",
        after={
            "round": round_.pk,
            "withdrawn": gone,
            "seed": draw.seed,
            "moves": [[m.player, m.origin, m.target] for m in moves],
            "tables_out_of_use": out_of_use,
        },
    )
    return RoundRepair(round_, moves, answer["moves_minimal"], out_of_use)


@transaction.atomic
def player_withdraw(
    *, actor: AbstractBaseUser, player: Player, attendance: str = Attendance.WITHDRAWN
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
    repairs = []
    rounds = Round.objects.filter(pk__in=Seat.objects.filter(player=player).values("round")).order_by("order")
    for round_ in rounds.select_for_update():
        if Game.objects.filter(table__round=round_).exists():
            continue
        draw = round_seated_draw(round_)
        if draw is not None:
            repairs.append(_repair_round(actor, round_, draw, seating_id(player)))
    return repairs
