"""What the hall's screen shows, as one small JSON document kept under the tournament's public version.

The screen (and every referee's console) asks for it every few seconds with its ETag, so an unchanged
tournament costs one query and a 304. It says which round is on the screen and in which phase (its draw
before the clock starts, the clock and the tables during play, the released results after; the prize-giving
when an organiser turns to it), the clock as moments the browser counts down from, each table's state and
extra time, the announcement, and a stamp of the phase's larger panel (the draw, the results, the prizes
revealed), which the screen fetches only when the stamp moves.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from referee.hall_screen.services.announcements import current_announcement
from referee.models import Game, Prize, Round, Seat, Table, Tournament
from referee.play.selectors.progress import round_progress
from referee.results.round_time import clock_reading
from referee.results.table_rules import TableStatus, games_required, table_status
from referee.standings.selectors.held_results import held_round_ids

IDLE, DRAW, PLAY, RESULTS, PRIZES = "idle", "draw", "play", "results", "prizes"
FINISHED = {TableStatus.FINISHED, TableStatus.SIGNED_OFF, TableStatus.CONFIRMED}
FINAL = {TableStatus.SIGNED_OFF, TableStatus.CONFIRMED}


def display_round(tournament: Tournament) -> Round | None:
    """The round on the screen: the latest one with a seated table (one query, its clock with it)."""
    seated = Round.objects.filter(tournament=tournament, tables__seats__isnull=False)
    return seated.select_related("clock").order_by("-order").first()


def _iso(moment: Any) -> str | None:
    return None if moment is None else moment.isoformat()


def _clock(round_: Round) -> dict[str, Any]:
    reading = clock_reading(getattr(round_, "clock", None))
    return {
        "state": reading.state,
        "minutes": reading.minutes,
        "ends_at": _iso(reading.ends_at),
        "left": reading.left,
    }


def draw_stamp(round_: Round) -> str:
    """Moves when anyone's seat in the round moves (one query)."""
    seats = Seat.objects.filter(round=round_).order_by("table__number", "letter")
    rows = seats.values_list("table__number", "letter", "player__number")
    text = f"{round_.pk}:" + ";".join(f"{table}{letter}{number}" for table, letter, number in rows)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _counted(model: type[Game | Seat]) -> Coalesce:
    counted = (
        model.objects.filter(table=OuterRef("pk"))
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def table_states(tournament: Tournament, round_: Round) -> list[tuple[Table, TableStatus]]:
    """Each table of the round and where it stands, in one query (games and seats counted in SQL): the
    screen needs no names. A match played to a target (UNO) is read the long way (`round_progress`)."""
    tables = list(
        Table.objects.filter(round=round_)
        .annotate(games_played=_counted(Game), seat_count=_counted(Seat))
        .only("number", "signed_off_at", "confirmed_at", "extra_minutes", "extra_reason", "last_game")
        .order_by("number")
    )
    found: list[tuple[Table, TableStatus]] = []
    for table in tables:
        required = games_required(tournament, table.seat_count, table.last_game)
        if required is None:
            return [(row.table, row.status) for row in round_progress(round_).tables]
        status = table_status(
            games_played=table.games_played,
            finished=0 < required <= table.games_played,
            signed_off=table.signed_off_at is not None,
            confirmed=table.confirmed_at is not None,
        )
        found.append((table, status))
    return found


def table_line(table: Table, status: TableStatus) -> list[int | str | None]:
    """A table on the screen, short: [number, 1 when finished]; extra time, its reason and the last game
    when time was up follow only when there are any."""
    line: list[int | str | None] = [table.number, int(status in FINISHED)]
    if table.extra_minutes or table.last_game:
        line += [table.extra_minutes, table.extra_reason, table.last_game]
    return line


def _mode(tournament: Tournament, round_: Round, statuses: list[TableStatus], held: frozenset[int]) -> str:
    if not clock_reading(getattr(round_, "clock", None)).started:
        return DRAW
    everything_final = bool(statuses) and all(status in FINAL for status in statuses)
    public = tournament.standings_released and round_.pk not in held
    if public and (everything_final or round_.results_released_at is not None):
        return RESULTS
    return PLAY


def hall_state(tournament: Tournament, version: int) -> dict[str, Any]:
    """The screen's document (about six queries, once per version for every screen)."""
    announcement = current_announcement(tournament)
    state: dict[str, Any] = {
        "mode": IDLE,
        "tournament": tournament.name,
        "announcement": (
            {"zh": announcement.text_zh, "en": announcement.text_en} if announcement is not None else None
        ),
        "round": None,
        "clock": None,
        "tables": [],
        "held": False,
        "panel": "",
        "rule": tournament.time_up_rule,
    }
    if tournament.prize_giving_on:
        revealed = Prize.objects.filter(tournament=tournament, revealed_at__isnull=False)
        shown = ",".join(str(pk) for pk in revealed.order_by("position").values_list("pk", flat=True))
        state.update(mode=PRIZES, panel=f"prizes:{version}:{shown}")
        return state
    round_ = display_round(tournament)
    if round_ is None:
        return state
    held = held_round_ids(tournament)
    tables = table_states(tournament, round_)
    statuses = [status for _table, status in tables]
    mode = _mode(tournament, round_, statuses, held)
    state.update(
        mode=mode,
        round={"id": round_.pk, "name": round_.name},
        clock=_clock(round_),
        held=round_.pk in held,
        tables=[table_line(table, status) for table, status in tables],
    )
    if mode == DRAW:
        state["panel"] = f"draw:{draw_stamp(round_)}"
    elif mode == RESULTS:
        state["panel"] = f"results:{version}"
    return state
