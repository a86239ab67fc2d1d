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

from referee.models import Prize, Round, Seat, Tournament
from referee.results.round_time import clock_reading
from referee.results.table_rules import TableStatus
from referee.selectors.held_results import held_round_ids
from referee.selectors.progress import round_progress
from referee.services.announcements import current_announcement

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
    tables = round_progress(round_).tables
    statuses = [row.status for row in tables]
    mode = _mode(tournament, round_, statuses, held)
    state.update(
        mode=mode,
        round={"id": round_.pk, "name": round_.name},
        clock=_clock(round_),
        held=round_.pk in held,
        tables=[
            [
                row.number,
                "finished" if row.status in FINISHED else "playing",
                row.table.extra_minutes,
                row.table.extra_reason,
                row.table.last_game,
            ]
            for row in tables
        ],
    )
    if mode == DRAW:
        state["panel"] = f"draw:{draw_stamp(round_)}"
    elif mode == RESULTS:
        state["panel"] = f"results:{version}"
    return state
